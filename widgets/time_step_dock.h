#pragma once
// TimeStepDock: inside a step taken by a time stepper of Hotz et al. (engine/time_stepping):
// the scheme, how its iteration ended, and each iteration as the solver-steps panel shows
// pivots: its residual (plotted per iteration, log scale), Newton step length or the
// fixpoint's |f' - f|, the contacts held, and f and the gap of every record at the iteration
// chosen. Choosing a fixpoint round selects its Lemke LCP, so the A matrix, vectors and
// solver-steps docks show that LCP and its pivots.
#include <QDockWidget>

#include "engine/trace/time_step_trace.h"

class QChartView;
class QLabel;
class QSlider;
class QStackedWidget;
class QTableWidget;

namespace cl::widgets {

class Session;

class TimeStepDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit TimeStepDock(Session* session, QWidget* parent = nullptr);

  // What is shown, for tests: the header, the iteration chosen (-1 none), a cell of the
  // iterations table and of the records table.
  QString headerText() const;
  int iteration() const { return mIteration; }
  void showIteration(int index);
  QString iterationText(int row, int column) const;
  QString recordText(int row, int column) const;

 private:
  void refresh();
  void showRecords();

  Session* mSession;
  QStackedWidget* mPages = nullptr;
  QLabel* mMessage = nullptr;
  QLabel* mHeader = nullptr;
  QChartView* mResiduals = nullptr;
  QTableWidget* mIterations = nullptr;
  QSlider* mSlider = nullptr;
  QTableWidget* mRecords = nullptr;
  std::vector<TimeStepIteration> mShown;
  TimeStepSummary mSummary;
  int mIteration = -1;
};

}  // namespace cl::widgets
