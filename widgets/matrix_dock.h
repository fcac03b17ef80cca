#pragma once
// MatrixDock: The A matrix of the selected solve as a colour map (QCustomPlot).
// (Being written: this skeleton only gives the dock its place in the window.)
#include <QDockWidget>

namespace cl::widgets {

class Session;

class MatrixDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit MatrixDock(Session* session, QWidget* parent = nullptr);
  ~MatrixDock() override;

 private:
  Session* mSession;
};

}  // namespace cl::widgets
