#pragma once
// SolverComparisonDock: every registered LCP solver (engine/solver/lcp_solver.h) on the
// selected solve, side by side, and on the run's recorded solves as a performance profile,
// drawn with Qt Charts. For the selected solve: a table of status, iterations, both
// residuals and time per solver, and bar charts of time, iterations and accuracy (digits,
// -log10 of the relative residual). For the run: the Dolan-Moré profile over the
// contact-force solves held in the history's traces (engine/solver/solver_comparison.h),
// the fraction of them each solver solves within a factor tau of the fastest.
#include <QDockWidget>
#include <vector>

#include "engine/solver/solver_comparison.h"

class QLabel;
class QPushButton;
class QTableWidget;

class QChartView;

namespace cl::widgets {

class Session;

class SolverComparisonDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit SolverComparisonDock(Session* session, QWidget* parent = nullptr);

  // The solvers compared, in the registry's order.
  static std::vector<LcpSolverKind> solvers();
  // What the dock shows, for tests: the selected solve's comparison (empty runs when none)
  // and the run's profile (empty until asked for).
  const ComparedProblem& selected() const { return mSelected; }
  const std::vector<ProfilePoint>& profile() const { return mProfile; }
  int profiledSolves() const { return mProfiledSolves; }
  QString tableText(int row, int column) const;
  // Solves the run's held contact-force solves (the most recent kMaxProfileSolves) with
  // every solver and draws the profile.
  void profileRun();

  static constexpr int kMaxProfileSolves = 400;

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void refresh();
  void showSelected();

  Session* mSession;
  bool mStale = true;
  QLabel* mSelectedLabel = nullptr;
  QTableWidget* mTable = nullptr;
  QChartView* mTime = nullptr;
  QChartView* mIterations = nullptr;
  QChartView* mDigits = nullptr;
  QPushButton* mProfileButton = nullptr;
  QLabel* mProfileLabel = nullptr;
  QChartView* mProfileView = nullptr;
  ComparedProblem mSelected;
  std::vector<ProfilePoint> mProfile;
  int mProfiledSolves = 0;
};

}  // namespace cl::widgets
