#include "widgets/resolve_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleValidator>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/math/random_lcg.h"
#include "widgets/contact_numbers.h"
#include "widgets/wall_text.h"

namespace cl::widgets {

namespace {

QString number(double x) {
  return QString::number(x, 'g', 6);
}
// Residuals and accelerations near zero are rounding noise: three digits say enough.
QString brief(double x) {
  return QString::number(x, 'g', 3);
}
// Full precision for tooltips: two solutions that agree to 6 digits may still differ.
QString exact(double x) {
  return QString::number(x, 'g', 17);
}

QString errorText(LcpError error) {
  return QString::fromLatin1(errorName(error));
}

QTableWidgetItem* cell(const QString& text, const QString& tip = {}) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  if (!tip.isEmpty()) item->setToolTip(tip);
  return item;
}

QTableWidget* makeTable(int columns) {
  auto* table = new QTableWidget(0, columns);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setAlternatingRowColors(true);
  table->setWordWrap(false);
  table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 4);
  table->horizontalHeader()->setHighlightSections(false);
  return table;
}

// How a re-solve's f and a differ from the record's: the largest |delta f| and |delta a|
// with their contacts, and the contacts whose set changed. A contact is in C when its f
// exceeds 1e-9 of the largest |f| of either solve, else in NC; joints are always held and
// not listed.
QString differenceSummary(const SolverSolve& recorded, const Eigen::VectorXd& f,
                          const Eigen::VectorXd& a, const std::vector<QString>& labels) {
  const auto tr = [](const char* text) {
    return QCoreApplication::translate("ResolvePanel", text);
  };
  const Eigen::Index n = f.size();
  if (n == 0) return {};
  const auto name = [&](Eigen::Index i) {
    return QStringLiteral("#") + labels[static_cast<std::size_t>(i)];
  };
  Eigen::Index iF = 0, iA = 0;
  const double maxF = (f - recorded.f).cwiseAbs().maxCoeff(&iF);
  const double maxA = (a - recorded.a).cwiseAbs().maxCoeff(&iA);
  const double scale = std::max(f.cwiseAbs().maxCoeff(), recorded.f.cwiseAbs().maxCoeff());
  QStringList changed;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (static_cast<std::size_t>(i) < recorded.joint.size() &&
        recorded.joint[static_cast<std::size_t>(i)])
      continue;
    const bool wasC = recorded.f(i) > 1e-9 * scale, isC = f(i) > 1e-9 * scale;
    if (wasC != isC)
      changed << name(i) + (wasC ? QStringLiteral(" C→NC") : QStringLiteral(" NC→C"));
  }
  QString text =
      tr("max |Δf| %1 (%2), max |Δa| %3 (%4); ").arg(brief(maxF), name(iF), brief(maxA), name(iA));
  text += changed.isEmpty() ? tr("no contact changed set")
                            : tr("%1 contact(s) changed set: %2")
                                  .arg(changed.size())
                                  .arg(changed.join(QStringLiteral(", ")));
  return text;
}

}  // namespace

double worstResidual(const SolverSolve& recorded, const Eigen::VectorXd& f,
                     const Eigen::VectorXd& a) {
  const Eigen::Index n = recorded.b.size();
  if (f.size() != n || a.size() != n || static_cast<Eigen::Index>(recorded.joint.size()) != n)
    return std::numeric_limits<double>::quiet_NaN();
  LcpProblem p{recorded.A, recorded.b, recorded.joint, {}};
  return computeResiduals(p, f, a).worst();
}

ResolveResult resolveProblem(const SolverSolve& recorded, const ResolveOptions& options) {
  ResolveResult out;
  out.options = options;
  const ReplayResult replay = replaySolve({recorded.A, recorded.b, recorded.joint, {}}, options);
  out.result = replay.result;
  out.inputError = replay.inputError;
  out.decisions = static_cast<int>(replay.pivots.size() + replay.iterations.size());
  out.wallSeconds = replay.wallSeconds;
  out.worstResidual = out.result.error == LcpError::kBadInput
                          ? std::numeric_limits<double>::quiet_NaN()
                          : worstResidual(recorded, out.result.f, out.result.a);
  return out;
}

ResolvePanel::ResolvePanel(QWidget* parent) : QWidget(parent) {
  mSolver = new QComboBox;
  mSolver->setObjectName(QStringLiteral("resolveSolver"));
  for (const auto& [kind, name] : kLcpSolverNames) {
    mSolver->addItem(QString::fromLatin1(name), static_cast<int>(kind));
    mSolver->setItemData(mSolver->count() - 1, QString::fromLatin1(solverTitle(kind)),
                         Qt::ToolTipRole);
  }
  mSolver->setToolTip(
      tr("The LCP solver of the re-solve (the policy, reference and seed are "
         "ComputeForces')"));
  mPolicy = new QComboBox;
  for (const auto& [p, name] : kNextContactPolicyNames)
    mPolicy->addItem(QString::fromLatin1(name), static_cast<int>(p));
  mPolicy->setToolTip(tr("NextContactPolicy: the order in which contacts are treated"));
  mReference = new QCheckBox(tr("reference"));
  mReference->setToolTip(
      tr("Reference solver: re-solve Acc from scratch at every pivot (O(n^4)) instead of "
         "updating a factor of it"));
  mTolerance = new QLineEdit(QStringLiteral("1e-10"));
  auto* validator = new QDoubleValidator(0.0, 1.0, 17, mTolerance);
  validator->setNotation(QDoubleValidator::ScientificNotation);
  validator->setLocale(QLocale::c());
  mTolerance->setValidator(validator);
  // Wide enough for "1e-10" whatever the font; the combos take the rest of the row.
  mTolerance->setFixedWidth(mTolerance->fontMetrics().horizontalAdvance(QStringLiteral("1e-10__")) +
                            12);
  mTolerance->setToolTip(
      tr("Tolerance: acceptable |unwanted acceleration| relative to max |b_i| (deferred "
         "contacts at 100x)"));
  mSeed = new QSpinBox;
  mSeed->setRange(0, std::numeric_limits<int>::max());
  mSeed->setToolTip(tr("Seed of the RandomLCG that the hybrid and random policies draw from"));
  // Room for five digits and the arrows (a longer seed scrolls inside the box).
  mSeed->setMaximumWidth(mSeed->fontMetrics().horizontalAdvance(QStringLiteral("00000")) + 30);
  mResolveButton = new QPushButton(tr("Re-solve here"));
  mResolveButton->setToolTip(
      tr("Solve the selected solve's A, b and joint flags again with these settings"));

  // The policy combo may shrink below its longest item (the list still shows it whole), so
  // the row fits a narrow dock; the solver's names, the default compute_forces first, stay
  // whole.
  mPolicy->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mPolicy->setMinimumContentsLength(6);
  mSolver->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mSolver->setMinimumContentsLength(static_cast<int>(std::strlen("compute_forces")));
  auto* row1 = new QHBoxLayout;
  row1->addWidget(mSolver, 1);
  row1->addWidget(mPolicy, 1);
  row1->addWidget(mReference);
  row1->addWidget(new QLabel(tr("tol")));
  row1->addWidget(mTolerance);
  row1->addWidget(new QLabel(tr("seed")));
  row1->addWidget(mSeed);

  mStatus = new QLabel;
  mStatus->setWordWrap(true);
  mStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* row2 = new QHBoxLayout;
  row2->addWidget(mResolveButton);
  row2->addWidget(mStatus, 1);

  // Recorded and re-solved statistics as two rows, so the dock's width holds them.
  mSummary = makeTable(kSummaryColumns);
  const QStringList summaryHeads = {tr("status"), tr("its"), tr("def"), tr("residual"), tr("wall")};
  const QStringList summaryTips = {
      tr("Status of the solve (ok, or why it failed)"),
      tr("Iterations: pivots (ComputeForces: steps f += s delta_f; Lemke), sweeps (PGS), Newton "
         "steps"),
      tr("Deferrals: moves to R (singular Acc or flip-flop)"),
      tr("Worst residual: max(-min a, -min f, max |f a| over contacts, max |a| over joints)"),
      tr("Wall time of the solve, with a trace attached")};
  for (int c = 0; c < kSummaryColumns; ++c) {
    auto* h = new QTableWidgetItem(summaryHeads[c]);
    h->setToolTip(summaryTips[c]);
    mSummary->setHorizontalHeaderItem(c, h);
  }
  mSummary->setRowCount(kSummaryRows);
  mSummary->setVerticalHeaderLabels({tr("recorded"), tr("re-solve")});
  mSummary->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  mSummary->horizontalHeader()->setSectionResizeMode(kError, QHeaderView::ResizeToContents);
  mSummary->setSelectionMode(QAbstractItemView::NoSelection);
  mSummary->setAlternatingRowColors(false);
  mSummary->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  mSummary->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  mSummary->setFixedHeight(mSummary->horizontalHeader()->sizeHint().height() +
                           kSummaryRows * mSummary->verticalHeader()->defaultSectionSize() + 4);

  mContacts = makeTable(kContactColumns);
  const QStringList heads = {tr("contact"), tr("f rec"), tr("f new"),         QStringLiteral("Δf"),
                             tr("a rec"),   tr("a new"), QStringLiteral("Δa")};
  const QStringList tips = {tr("Row of A: contact number and its label"),
                            tr("f, recorded"),
                            tr("f, re-solved (red where it differs from the recorded f by more "
                               "than 1e-9 of the largest |f|)"),
                            tr("f re-solved - f recorded"),
                            tr("a = A f + b, recorded"),
                            tr("a = A f + b, re-solved"),
                            tr("a re-solved - a recorded")};
  for (int c = 0; c < kContactColumns; ++c) {
    auto* h = new QTableWidgetItem(heads[c]);
    h->setToolTip(tips[c]);
    mContacts->setHorizontalHeaderItem(c, h);
  }
  mContacts->verticalHeader()->hide();
  // At least six contacts in view: a short dock scrolls to them rather than squeeze them out.
  mContacts->setMinimumHeight(mContacts->horizontalHeader()->sizeHint().height() +
                              6 * mContacts->verticalHeader()->defaultSectionSize() + 4);

  mContacts->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  mContacts->horizontalHeader()->setSectionResizeMode(kContact, QHeaderView::Interactive);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(3);
  layout->addLayout(row1);
  layout->addLayout(row2);
  layout->addWidget(mSummary);
  mDifference = new QLabel;
  mDifference->setObjectName(QStringLiteral("resolveDifference"));
  mDifference->setWordWrap(true);
  mDifference->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(mDifference);
  layout->addWidget(mContacts, 1);

  connect(mResolveButton, &QPushButton::clicked, this, [this] {
    bool ok = false;
    const double tol = QLocale::c().toDouble(mTolerance->text().trimmed(), &ok);
    if (!ok || !(tol >= 0) || !std::isfinite(tol)) {
      mStatus->setText(tr("The tolerance must be a number >= 0, e.g. 1e-10."));
      return;
    }
    resolve(options());
  });
  setRecorded(nullptr);
}

ResolvePanel::~ResolvePanel() = default;

ResolveOptions ResolvePanel::options() const {
  ResolveOptions o;
  o.solver = static_cast<LcpSolverKind>(mSolver->currentData().toInt());
  o.policy = static_cast<NextContactPolicy>(mPolicy->currentData().toInt());
  o.reference = mReference->isChecked();
  bool ok = false;
  const double tol = QLocale::c().toDouble(mTolerance->text().trimmed(), &ok);
  if (ok && tol >= 0 && std::isfinite(tol)) o.tolerance = tol;
  o.seed = static_cast<std::uint32_t>(mSeed->value());
  return o;
}

void ResolvePanel::setOptions(const ResolveOptions& o) {
  mSolver->setCurrentIndex(mSolver->findData(static_cast<int>(o.solver)));
  mPolicy->setCurrentIndex(mPolicy->findData(static_cast<int>(o.policy)));
  mReference->setChecked(o.reference);
  mTolerance->setText(QString::number(o.tolerance, 'g', 6));
  mSeed->setValue(
      static_cast<int>(std::min<std::uint32_t>(o.seed, std::numeric_limits<int>::max())));
}

void ResolvePanel::setRecorded(const SolveTrace* trace) {
  mHasResult = false;
  mResult = ResolveResult{};
  // Re-solving takes the frictionless LCP solvers: a friction solve's 2n rows are not one.
  const bool friction = trace != nullptr && trace->solve.friction();
  mHasRecorded = trace != nullptr && trace->solve.b.size() > 0 && !friction;
  mLabels.clear();
  if (mHasRecorded) {
    mRecorded = trace->solve;
    for (const QString& label : contactLabels(*trace)) mLabels.push_back(label);
  } else {
    mRecorded = SolverSolve{};
  }
  mResolveButton->setEnabled(mHasRecorded);
  mStatus->setText(mHasRecorded ? tr("n = %1. Choose a solver, a policy, the reference mode, a "
                                     "tolerance or a seed, then Re-solve.")
                                      .arg(mRecorded.b.size())
                   : friction
                       ? tr("This solve has friction (2n = %1 rows, normals then frictions): "
                            "the re-solve's LCP solvers are frictionless. `contactlab-cli run "
                            "--lcp-dir` writes it for `solve-lcp`, which solves it again.")
                             .arg(trace->solve.b.size())
                       : tr("Nothing to re-solve: no solve is selected (or it has no contacts)."));
  showTables();
}

ResolveResult ResolvePanel::resolve(const ResolveOptions& options) {
  if (!mHasRecorded) {
    ResolveResult none;
    none.options = options;
    none.result.error = LcpError::kBadInput;
    return none;
  }
  setOptions(options);  // the controls say what was solved
  mResult = resolveProblem(mRecorded, options);
  mHasResult = true;
  const LcpResult& r = mResult.result;
  QString status = tr("%1, %2%3, tol %4, seed %5: %6")
                       .arg(QString::fromLatin1(nameOf(options.solver)),
                            QString::fromLatin1(nameOf(options.policy)),
                            options.reference ? tr(" (reference)") : QString(),
                            QString::number(options.tolerance, 'g', 3))
                       .arg(options.seed)
                       .arg(r.ok() ? tr("ok") : tr("FAILED, %1").arg(errorText(r.error)));
  if (!r.ok() && !r.reason.empty())
    status += QStringLiteral(": %1").arg(QString::fromStdString(r.reason));
  if (!mResult.inputError.empty())
    status += QStringLiteral(" (%1)").arg(QString::fromStdString(mResult.inputError));
  mStatus->setText(status);
  showTables();
  return mResult;
}

void ResolvePanel::showTables() {
  // Summary: recorded and re-solved, one row each.
  const auto put = [this](int row, int column, const QString& text, const QString& tip = {}) {
    mSummary->setItem(row, column, cell(text, tip));
  };
  for (int row = 0; row < kSummaryRows; ++row)
    for (int column = 0; column < kSummaryColumns; ++column) put(row, column, QString());
  if (mHasRecorded) {
    const double rec = worstResidual(mRecorded, mRecorded.f, mRecorded.a);
    put(kRecordedRow, kError, errorText(mRecorded.error), QString::fromStdString(mRecorded.reason));
    put(kRecordedRow, kPivots, QString::number(mRecorded.iterations));
    put(kRecordedRow, kDeferrals, QString::number(mRecorded.deferrals));
    put(kRecordedRow, kResidual, std::isnan(rec) ? tr("n/a") : brief(rec), exact(rec));
    put(kRecordedRow, kWall, wallText(mRecorded.wallSeconds));
  }
  if (mHasResult) {
    const LcpResult& r = mResult.result;
    put(kResolvedRow, kError, errorText(r.error), QString::fromStdString(r.reason));
    if (!r.ok()) mSummary->item(kResolvedRow, kError)->setForeground(QColor(0xc0, 0x10, 0x10));
    put(kResolvedRow, kPivots, QString::number(r.iterations),
        tr("%1 decisions traced").arg(mResult.decisions));
    put(kResolvedRow, kDeferrals, QString::number(r.deferrals));
    const double w = mResult.worstResidual;
    put(kResolvedRow, kResidual, std::isnan(w) ? tr("n/a") : brief(w), exact(w));
    put(kResolvedRow, kWall, wallText(mResult.wallSeconds));
  }

  // Per contact. The tables are rebuilt only on a new solve or a re-solve, never per pivot.
  const int n = mHasRecorded ? static_cast<int>(mRecorded.b.size()) : 0;
  mContacts->setUpdatesEnabled(false);
  mContacts->clearContents();
  mContacts->setRowCount(n);
  const Eigen::VectorXd& fNew = mResult.result.f;
  const Eigen::VectorXd& aNew = mResult.result.a;
  const bool haveNew = mHasResult && fNew.size() == n && aNew.size() == n;
  const bool haveRec = mRecorded.f.size() == n && mRecorded.a.size() == n;
  const double fScale = haveRec && n > 0 ? std::max(1.0, mRecorded.f.cwiseAbs().maxCoeff()) : 1.0;
  for (int i = 0; i < n; ++i) {
    const bool joint = static_cast<std::size_t>(i) < mRecorded.joint.size() &&
                       mRecorded.joint[static_cast<std::size_t>(i)];
    mContacts->setItem(i, kContact,
                       cell(mLabels[static_cast<std::size_t>(i)] + (joint ? tr(" (joint)") : ""),
                            mLabels[static_cast<std::size_t>(i)]));
    if (haveRec) {
      mContacts->setItem(i, kFRecorded, cell(number(mRecorded.f(i)), exact(mRecorded.f(i))));
      mContacts->setItem(i, kARecorded, cell(brief(mRecorded.a(i)), exact(mRecorded.a(i))));
    }
    if (haveNew) {
      auto* f = cell(number(fNew(i)), exact(fNew(i)));
      if (haveRec && std::abs(fNew(i) - mRecorded.f(i)) > 1e-9 * fScale)
        f->setForeground(QColor(0xc0, 0x10, 0x10));
      mContacts->setItem(i, kFResolved, f);
      mContacts->setItem(i, kAResolved, cell(brief(aNew(i)), exact(aNew(i))));
      if (haveRec) {
        const double df = fNew(i) - mRecorded.f(i), da = aNew(i) - mRecorded.a(i);
        mContacts->setItem(i, kFDelta, cell(brief(df), exact(df)));
        mContacts->setItem(i, kADelta, cell(brief(da), exact(da)));
      }
    }
  }
  mContacts->setUpdatesEnabled(true);
  mDifference->setText(haveNew && haveRec ? differenceSummary(mRecorded, fNew, aNew, mLabels)
                                          : QString());
  mDifference->setVisible(!mDifference->text().isEmpty());
  if (n > 0 && n <= 200) mContacts->resizeColumnToContents(kContact);
}

QString ResolvePanel::statusText() const {
  return mStatus->text();
}

QString ResolvePanel::differenceText() const {
  return mDifference->text();
}

int ResolvePanel::contactRowCount() const {
  return mContacts->rowCount();
}

QString ResolvePanel::contactCellText(int row, int column) const {
  const QTableWidgetItem* item = mContacts->item(row, column);
  return item ? item->text() : QString();
}

QString ResolvePanel::summaryCellText(SummaryRow row, SummaryColumn column) const {
  const QTableWidgetItem* item = mSummary->item(row, column);
  return item ? item->text() : QString();
}

}  // namespace cl::widgets
