#pragma once
// SolverStepsDock: The pivots of the selected solve as a table, with a slider and a re-solve.
// (Being written: this skeleton only gives the dock its place in the window.)
#include <QDockWidget>

namespace cl::widgets {

class Session;

class SolverStepsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit SolverStepsDock(Session* session, QWidget* parent = nullptr);
  ~SolverStepsDock() override;

 private:
  Session* mSession;
};

}  // namespace cl::widgets
