#pragma once
// TimeSeriesDock: Energies and per-step statistics against time, with a cursor at the record shown.
// (Being written: this skeleton only gives the dock its place in the window.)
#include <QDockWidget>

namespace cl::widgets {

class Session;

class TimeSeriesDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit TimeSeriesDock(Session* session, QWidget* parent = nullptr);
  ~TimeSeriesDock() override;

 private:
  Session* mSession;
};

}  // namespace cl::widgets
