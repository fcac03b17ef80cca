#pragma once
// SolverComparisonDock: every registered LCP solver (engine/solver/lcp_solver.h) on the
// selected solve, side by side, and on the run's recorded solves as a performance profile
// (PerformanceProfileView), drawn with Qt Charts. For the selected solve: a table of status,
// iterations, both residuals and time per solver, and bar charts of time, iterations and accuracy
// (digits, -log10 of the relative residual). For the run: the Dolan-Moré profile. Below the charts,
// f and a per contact for every solver side by side, and the iterations of one solver (Lemke's
// pivots, PGS sweeps, Newton steps; ComputeForces' pivots) to step through, with f at the iteration
// chosen beside the final ones. The same for an LCP opened from a file (ContactLab JSON or CSV,
// Siconos numerics .dat; lcp_file.h): the dock then shows that file until one goes back to the
// selected solve, whatever the run selects meanwhile.
#include <QDockWidget>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "engine/solver/solver_comparison.h"
#include "engine/trace/solver_trace.h"
#include "widgets/dock_on_screen.h"

class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSlider;
class QTableWidget;
class QThreadPool;

class QChartView;

namespace cl::widgets {

class PerformanceProfileView;
class Session;

class SolverComparisonDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit SolverComparisonDock(Session* session, QWidget* parent = nullptr);
  ~SolverComparisonDock() override;

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
  // The solvers run on a thread of their own: whether a comparison or a replay of one
  // solver's iterations is under way (the tables show it when `computed` comes).
  bool busy() const { return mJob != nullptr; }
  // The line above the table: the selected solve, or what is being computed for it; a file
  // that could not be shown, in red, above it.
  QString statusText() const;
  // Every solver on the LCP in `path` (readLcpFile: JSON, CSV or Siconos .dat), off the UI
  // thread as for a selected solve; the dock keeps showing it until backToSelection(). False,
  // with the reason in the label and the dock as it was, for a file that cannot be read, holds
  // a friction problem or no rows.
  bool openLcpFile(const QString& path);
  // Asks for a file, then openLcpFile; the dock's button and File > Open LCP Problem.
  void openLcpFileDialog();
  // Follows the run's selection again, after a file.
  void backToSelection();
  // Whether a file is shown (pinned) rather than the selected solve.
  bool showsFile() const { return mFile.has_value(); }

 signals:
  void computed();

 private:
  // A solve the solvers run on: its problem, its contacts' labels, and how the dock names it.
  struct Selection {
    LcpProblem problem;
    std::vector<QString> labels;  // per contact
    QString what;                 // "solve 2 of step 40"
    QString text;                 // the line above the table
  };
  struct Job;
  struct JobResult {
    std::optional<ComparedProblem> compared;
    std::vector<SolverIteration> iterations;
  };
  // The constructor's steps, in the order it takes them.
  QHBoxLayout* buildFileRow();          // open an LCP file; back to the selected solve
  void buildTable();                    // one row per solver: status, its, residuals, time
  QHBoxLayout* buildCharts();           // the time, iterations and digits bars, in one row
  void buildContactsTable();            // f and a per contact, solver by solver
  QHBoxLayout* buildIterationPicker();  // the solver traced, and the slider over its iterations
  void buildIterationTable();           // one row per iteration
  void connectSession();
  // A solver picked has its iterations traced; the slider and the table follow each other.
  void connectIterations();

  void refresh();
  // Every solver on `next`, after the comparison under way if there is one.
  void compare(Selection next);
  // The problem being compared, else the one shown (nullptr when none is).
  const Selection* compared() const;
  // The file's problem: its rows' labels and how the dock names it.
  static Selection fileSelection(LcpProblem problem, const QString& path);
  // A file not shown: why, in red in the label, the dock otherwise as it was.
  bool showFileError(const QString& message);
  // Solves off the UI thread: every solver on mWanted when there is one (else on the solve
  // shown), and the iterations of the solver chosen; a job under way is cancelled.
  void startJob();
  void cancelJob();
  void onJobDone(const Job* job, JobResult result);
  // The iterations of `solver` on `problem` (its SolverIteration trace; ComputeForces'
  // pivots as iterations, with their residuals): on the worker.
  static std::vector<SolverIteration> iterationsOf(const LcpProblem& problem, LcpSolverKind solver);
  // The label: the solve shown, and what is being computed.
  void showStatus();
  void showSelected();
  void showIterations();
  void showContacts();

  Session* mSession;
  WorkWhenSeen mWhenSeen{this, [this] { refresh(); }, true};
  QPushButton* mBackButton = nullptr;  // shown while a file is
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
  ComparedProblem mSelected;         // every solver on mShown
  Selection mShown;                  // the solve the tables show
  std::optional<Selection> mWanted;  // the selected solve, after the comparison under way
  // The file shown instead of the selected solve: refresh() compares it, not the selection.
  std::optional<Selection> mFile;
  QString mFilePath;             // the last file asked for: the dialog starts in its folder
  QString mFileError;            // why the last file asked for is not shown; empty when it is
  QThreadPool* mPool = nullptr;  // one thread
  std::shared_ptr<Job> mJob;     // the work under way, if any
  std::vector<SolverIteration> mIterations;
  int mIteration = -1;
};

}  // namespace cl::widgets
