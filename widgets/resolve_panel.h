#pragma once
// ResolvePanel: solves a recorded problem (A, b, joint flags) again with any registered
// solver (lcp_solver.h), another NextContactPolicy, the reference mode, another tolerance
// or another seed, and shows the recorded and the new f, a and statistics side by side.
#include <QString>
#include <QWidget>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/solver/replay_solve.h"
#include "engine/trace/step_trace.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace cl::widgets {

// What to change for a re-solve; the defaults are those of ComputeForcesOptions.
// The options of a re-solve are those of the engine's replaySolve.
using ResolveOptions = ReplayOptions;

struct ResolveResult {
  ResolveOptions options;
  LcpResult result;          // f, a = A f + b, error, pivots, deferrals, residuals
  int decisions = 0;         // traced decisions (rows of a pivot table)
  double wallSeconds = 0;    // as the solver measured it, with a trace attached
  double worstResidual = 0;  // computeResiduals(problem, f, a).worst()
  std::string inputError;    // LcpProblem::validate() when the problem does not fit together
};

// Solves `recorded`'s A f + b again with `options`. Never throws: a problem that does not
// fit together (sizes, non-finite numbers) comes back as LcpError::kBadInput.
ResolveResult resolveProblem(const SolverSolve& recorded, const ResolveOptions& options);

// Residual of a solution of `recorded`'s problem as LcpResiduals::worst(); NaN when f or a
// does not have the problem's size.
double worstResidual(const SolverSolve& recorded, const Eigen::VectorXd& f,
                     const Eigen::VectorXd& a);

class ResolvePanel : public QWidget {
  Q_OBJECT

 public:
  explicit ResolvePanel(QWidget* parent = nullptr);
  ~ResolvePanel() override;

  // The solve to compare against (a copy is kept: the session may drop its trace), or
  // none. A new solve clears the previous re-solve.
  void setRecorded(const SolveTrace* trace);
  bool hasRecorded() const { return mHasRecorded; }

  // The options set in the panel's controls, and setting them.
  ResolveOptions options() const;
  void setOptions(const ResolveOptions& options);

  // Re-solves the recorded problem with `options` and shows the result; the result is
  // empty-handed (error kBadInput, no f) when nothing is recorded.
  ResolveResult resolve(const ResolveOptions& options);
  // The latest re-solve shown, if any.
  bool hasResult() const { return mHasResult; }
  const ResolveResult& lastResult() const { return mResult; }

  // Columns of the per-contact table; rows and columns of the summary table.
  enum ContactColumn {
    kContact,
    kFRecorded,
    kFResolved,
    kFDelta,  // f new - f recorded
    kARecorded,
    kAResolved,
    kADelta,  // a new - a recorded
    kContactColumns
  };
  enum SummaryRow { kRecordedRow, kResolvedRow, kSummaryRows };
  enum SummaryColumn { kError, kPivots, kDeferrals, kResidual, kWall, kSummaryColumns };

  // What the panel shows, for tests: the status line, and cells of the comparison tables.
  QString statusText() const;
  // How the re-solve differs from the record: the largest |delta f| and |delta a| and the
  // contacts whose set changed (f > 0 is C, else NC, at 1e-9 of the largest |f|); empty
  // before a re-solve.
  QString differenceText() const;
  int contactRowCount() const;
  QString contactCellText(int row, int column) const;
  QString summaryCellText(SummaryRow row, SummaryColumn column) const;

 private:
  void showTables();

  QComboBox* mSolver = nullptr;
  QComboBox* mPolicy = nullptr;
  QCheckBox* mReference = nullptr;
  QLineEdit* mTolerance = nullptr;
  QSpinBox* mSeed = nullptr;
  QPushButton* mResolveButton = nullptr;
  QLabel* mStatus = nullptr;
  QLabel* mDifference = nullptr;
  QTableWidget* mSummary = nullptr;
  QTableWidget* mContacts = nullptr;

  bool mHasRecorded = false;
  SolverSolve mRecorded;
  std::vector<QString> mLabels;  // per contact, "number label" (contact_numbers.h)
  bool mHasResult = false;
  ResolveResult mResult;
};

}  // namespace cl::widgets
