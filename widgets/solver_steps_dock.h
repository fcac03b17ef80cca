#pragma once
// SolverStepsDock: the decisions (pivots) of the selected solve as a table, a slider over
// them, the sets C, NC, R and reRejects at the selected pivot, the solve's summary, and a
// re-solve of the same problem with other settings (ResolvePanel).
#include <QDockWidget>
#include <QString>
#include <vector>

#include "widgets/resolve_panel.h"

class QLabel;
class QPlainTextEdit;
class QCheckBox;
class QHBoxLayout;
class QSlider;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace cl::widgets {

class Session;
class PivotTableModel;

// Deferrals up to and including each pivot: the transitions that move a contact to R
// (kDeferSingular, kNcToRSingular, kCToRFlipFlop), as ComputeForces counts them.
std::vector<int> runningDeferrals(const std::vector<SolverPivot>& pivots);

class SolverStepsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit SolverStepsDock(Session* session, QWidget* parent = nullptr);
  ~SolverStepsDock() override;

  // Columns of the pivot table.
  // kSets reads "|C|/|NC|/|R|" (with "+k" reRejects when there are any).
  enum Column { kPivot, kD, kJ, kStep, kTransition, kSets, kDeferrals, kZero, kColumns };

  // What the dock shows, for tests. It follows the session while visible, and catches up
  // when shown.
  int rowCount() const;
  QString cellText(int row, int column) const;
  // Whether the cell's text shows whole in its column's width (not elided).
  bool cellFits(int row, int column) const;
  int currentRow() const;  // the table's current row, -1 when none
  int sliderValue() const;
  int sliderMinimum() const;
  int sliderMaximum() const;
  void setSliderValue(int value);  // as a user dragging it
  void setCurrentRow(int row);     // as a user clicking a row
  QString setsText() const;
  QString summaryText() const;
  ResolvePanel* resolvePanel() const { return mResolve; }
  // Re-solves the selected solve's problem with `options` (see ResolvePanel::resolve).
  ResolveResult resolve(const ResolveOptions& options);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  // The constructor's steps and the parts they build.
  void buildSummary();
  QWidget* buildPivotsTab();
  QHBoxLayout* buildSliderRow();
  void buildColdStartBox();
  void buildTable();
  void sizeTableColumns();
  // The decision number and sets columns as wide as the solve shown needs: a friction solve
  // of a pile has thousands of decisions and sets of a hundred.
  void sizeSolveColumns();
  void buildSets();
  void buildTabs(QWidget* pivotsTab);
  QWidget* buildBody();
  void connectPivotControls();
  void connectTabs();
  void connectSession();

  // Catches up with the session: a new solve rebuilds the table, summary and re-solve
  // panel; otherwise only the pivot (slider, row, sets) moves.
  // Hidden, it only notes that it is behind (unless forced).
  void refresh(bool force = false);
  void rebuildSolve(const SolveTrace* trace);
  void showPivot(const SolveTrace* trace, int pivot);
  void updateResolvePanel(bool force);
  bool shown() const;

  Session* mSession;
  PivotTableModel* mModel = nullptr;
  QTableView* mTable = nullptr;
  QLabel* mNoPivots = nullptr;  // instead of the table when there are no pivots
  QStackedWidget* mTableStack = nullptr;
  QSlider* mSlider = nullptr;
  QCheckBox* mColdStart = nullptr;  // the warm_start setting, off: every pivot of every solve
  QLabel* mPivotLabel = nullptr;
  QLabel* mSummary = nullptr;
  QPlainTextEdit* mSets = nullptr;
  QTabWidget* mTabs = nullptr;
  ResolvePanel* mResolve = nullptr;

  // Which solve is shown: the record, the solve's index in its trace and its address (a
  // re-derived trace has a new one). A step, a scrub or a new scene invalidates it.
  bool mSolveStale = true;
  int mShownRecord = -1;
  int mShownSolve = -1;
  const SolveTrace* mShownTrace = nullptr;
  bool mResolveStale = true;  // the re-solve panel waits until its tab is looked at
  bool mSyncing = false;      // while the dock itself moves the table's current row
};

}  // namespace cl::widgets
