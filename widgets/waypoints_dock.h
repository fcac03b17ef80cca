#pragma once
// WaypointsDock: The CollisionAdvance waypoints of the record shown, with their collisions.
// (Being written: this skeleton only gives the dock its place in the window.)
#include <QDockWidget>

namespace cl::widgets {

class Session;

class WaypointsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit WaypointsDock(Session* session, QWidget* parent = nullptr);
  ~WaypointsDock() override;

 private:
  Session* mSession;
};

}  // namespace cl::widgets
