#pragma once
// ControlsDock: Scene chooser, ContactApp parameters and simulation settings.
// (Being written: this skeleton only gives the dock its place in the window.)
#include <QDockWidget>

namespace cl::widgets {

class Session;

class ControlsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit ControlsDock(Session* session, QWidget* parent = nullptr);
  ~ControlsDock() override;

 private:
  Session* mSession;
};

}  // namespace cl::widgets
