#pragma once
// SolverComparisonDock: every registered LCP solver (engine/solver/lcp_solver.h) on the
// selected solve, side by side, and on the run's recorded solves as a performance profile
// (PerformanceProfileView), drawn with Qt Charts. For the selected solve: a table of status,
// iterations, both residuals and time per solver, and bar charts of time, iterations and accuracy
// (digits, -log10 of the relative residual). For the run: the Dolan-Moré profile. Below the charts,
// f and a per contact for every solver side by side, and the iterations of one solver (Lemke's
// pivots, PGS sweeps, Newton steps; ComputeForces' pivots) to step through, with f at the iteration
// chosen beside the final ones.
#include <QDockWidget>
#include <vector>

#include "engine/solver/solver_comparison.h"
#include "engine/trace/solver_trace.h"

class QComboBox;
class QLabel;
class QSlider;
class QTableWidget;

class QChartView;

namespace cl::widgets {

class PerformanceProfileView;
class Session;

class SolverComparisonDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit SolverComparisonDock(Session* session, QWidget* parent = nullptr);

  // The solvers compared, in the registry's order.
  static std::vector<LcpSolverKind> solvers();
  // What the dock shows, for tests: the selected solve's comparison (empty runs when none)
  // and the run's profile.
  const ComparedProblem& selected() const { return mSelected; }
  PerformanceProfileView* profileView() const { return mProfileView; }
  QString tableText(int row, int column) const;
  // The per-contact table: row per contact; column 0 the contact, then f and a per solver,
  // then f at the iteration chosen.
  QString contactText(int row, int column) const;
  // The iterations of the solver chosen (its SolverIteration trace; ComputeForces' pivots as
  // iterations), and the one shown.
  const std::vector<SolverIteration>& iterations() const { return mIterations; }
  void showIterationsOf(LcpSolverKind solver);
  void showIteration(int index);

 private:
  void refresh();
  void showSelected();
  void showContacts();
  void traceIterations();

  Session* mSession;
  bool mStale = true;
  QLabel* mSelectedLabel = nullptr;
  QTableWidget* mTable = nullptr;
  QChartView* mTime = nullptr;
  QChartView* mIterationsChart = nullptr;
  QChartView* mDigits = nullptr;
  QTableWidget* mContacts = nullptr;
  QComboBox* mIterationSolver = nullptr;
  QSlider* mIterationSlider = nullptr;
  QLabel* mIterationLabel = nullptr;
  QTableWidget* mIterationTable = nullptr;
  PerformanceProfileView* mProfileView = nullptr;
  ComparedProblem mSelected;
  LcpProblem mProblem;
  std::vector<QString> mLabels;  // per contact
  std::vector<SolverIteration> mIterations;
  int mIteration = -1;
};

}  // namespace cl::widgets
