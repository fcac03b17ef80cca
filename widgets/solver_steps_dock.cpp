#include "widgets/solver_steps_dock.h"

#include <QAbstractTableModel>
#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "engine/solver/lcp_solver.h"
#include "engine/solver/solve_state.h"
#include "widgets/contact_numbers.h"
#include "widgets/count_text.h"
#include "widgets/decision_text.h"
#include "widgets/dock_on_screen.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"
#include "widgets/wall_text.h"

namespace cl::widgets {

namespace {

// Pixels a column adds to its widest text (the cell's margins), so the text shows whole.
constexpr int kCellPadding = 10;

// Transitions that move a contact to R: what ComputeForces counts as a deferral.
bool isDeferral(PivotTransition t) {
  return t == PivotTransition::kDeferSingular || t == PivotTransition::kNcToRSingular ||
         t == PivotTransition::kCToRFlipFlop;
}

}  // namespace

std::vector<int> runningDeferrals(const std::vector<SolverPivot>& pivots) {
  std::vector<int> out;
  out.reserve(pivots.size());
  int count = 0;
  for (const SolverPivot& p : pivots) out.push_back(count += isDeferral(p.transition) ? 1 : 0);
  return out;
}

// The pivots of one solve, one row per decision. Rows are copied out of the trace (a few
// numbers each), so the table never points into a trace the session may drop, and
// thousands of rows cost one pass.
class PivotTableModel : public QAbstractTableModel {
 public:
  using QAbstractTableModel::QAbstractTableModel;

  void setSolve(const SolveTrace* trace) {
    beginResetModel();
    mRows.clear();
    mLabels.clear();
    if (trace) {
      mLabels = contactLabels(*trace);
      mRows.reserve(trace->pivots.size());
      const std::vector<int> deferrals = runningDeferrals(trace->pivots);
      for (std::size_t k = 0; k < trace->pivots.size(); ++k) {
        const SolverPivot& p = trace->pivots[k];
        const auto size = [](const std::vector<int>& v) { return static_cast<int>(v.size()); };
        mRows.push_back({p.index, p.d, p.j, p.step, p.stepTaken, p.zeroStep, p.transition,
                         deferrals[k], size(p.C), size(p.NC), size(p.R), size(p.reRejects),
                         trace->solve.friction(), size(p.CF), size(p.NCplus), size(p.NCminus)});
      }
    }
    endResetModel();
  }

  int rowCount(const QModelIndex& parent = {}) const override {
    return parent.isValid() ? 0 : static_cast<int>(mRows.size());
  }
  int columnCount(const QModelIndex& parent = {}) const override {
    return parent.isValid() ? 0 : SolverStepsDock::kColumns;
  }

  QVariant data(const QModelIndex& index, int role) const override {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& r = mRows[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole) return text(r, index.column());
    if (role == Qt::ToolTipRole) {
      switch (index.column()) {
        case SolverStepsDock::kTransition:
          return QString::fromUtf8(transitionDescription(r.transition));
        case SolverStepsDock::kStep:
          return r.stepTaken ? QString::number(r.step, 'g', 17) : tr("no step taken");
        case SolverStepsDock::kSets:
          if (r.friction)
            return tr("normals |C| = %1, |NC| = %2; frictions |C_F| = %3, |NC+| = %4, "
                      "|NC-| = %5")
                .arg(r.c)
                .arg(r.nc)
                .arg(r.cf)
                .arg(r.ncPlus)
                .arg(r.ncMinus);
          return tr("|C| = %1, |NC| = %2, |R| = %3, |reRejects| = %4")
              .arg(r.c)
              .arg(r.nc)
              .arg(r.r)
              .arg(r.reRejects);
        case SolverStepsDock::kJ:
          return label(r.j);
        default:
          return text(r, index.column());
      }
    }
    if (role == Qt::TextAlignmentRole) {
      const int c = index.column();
      const bool left =
          c == SolverStepsDock::kD || c == SolverStepsDock::kJ || c == SolverStepsDock::kTransition;
      return QVariant::fromValue(Qt::AlignVCenter | (left ? Qt::AlignLeft : Qt::AlignRight));
    }
    // Deferrals are the decisions worth a second look: mark them.
    if (role == Qt::ForegroundRole && index.column() == SolverStepsDock::kTransition &&
        (isDeferral(r.transition) || r.transition == PivotTransition::kReReject))
      return QColor(0xc0, 0x50, 0x00);
    return {};
  }

  QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
    if (orientation != Qt::Horizontal) return {};
    static const char* const kShort[] = {"#", "d", "j", "s", "transition", "C/NC/R", "def", "zero"};
    static const char* const kLong[] = {
        "Pivot: decision k of the solve",
        "d: the contact being driven to a = 0 (row of A and its label)",
        "j: the contact that limited the step (\"= d\" when d limited its own step, none when "
        "nothing did)",
        "s: step size in f += s delta_f (blank when no step was taken)",
        "Transition: the change of membership this decision made",
        "|C| / |NC| / |R| after the decision (C: a = 0, f > 0; NC: f = 0, a > 0; R: deferred; "
        "+k: k reRejects); with friction |C| / |NC| then |C_F| / |NC+| / |NC-| (C_F: sticking, "
        "a_F = 0; NC+-: at the cone's edge, f_F = +-mu f_N)",
        "Deferrals so far: moves to R (singular Acc or flip-flop) up to this decision",
        "Zero step: the step's change of acceleration was negligible"};
    if (section < 0 || section >= SolverStepsDock::kColumns) return {};
    if (role == Qt::DisplayRole) return QString::fromLatin1(kShort[section]);
    if (role == Qt::ToolTipRole) return tr(kLong[section]);
    return {};
  }

  QString text(int row, int column) const {
    if (row < 0 || row >= rowCount()) return {};
    return text(mRows[static_cast<std::size_t>(row)], column);
  }

 private:
  struct Row {
    int index, d, j;
    double step;
    bool stepTaken, zeroStep;
    PivotTransition transition;
    int deferrals, c, nc, r, reRejects;
    bool friction;  // a friction solve: the five sets C, NC and C_F, NC+, NC-
    int cf, ncPlus, ncMinus;
  };

  QString label(int contact) const {
    if (contact < 0) return tr("none");
    return contact < static_cast<int>(mLabels.size()) ? mLabels[static_cast<std::size_t>(contact)]
                                                      : contactNumber(contact);
  }

  QString text(const Row& r, int column) const {
    switch (column) {
      case SolverStepsDock::kPivot:
        return QString::number(r.index + 1);  // decisions count from 1
      case SolverStepsDock::kD:
        return label(r.d);
      case SolverStepsDock::kJ:
        return r.j >= 0 && r.j == r.d ? QStringLiteral("= d") : label(r.j);
      case SolverStepsDock::kStep:
        return r.stepTaken ? QString::number(r.step, 'g', 3) : QString();
      case SolverStepsDock::kTransition:
        return QString::fromLatin1(transitionName(r.transition));
      case SolverStepsDock::kSets: {
        if (r.friction)
          return QStringLiteral("%1/%2 %3/%4/%5")
              .arg(r.c)
              .arg(r.nc)
              .arg(r.cf)
              .arg(r.ncPlus)
              .arg(r.ncMinus);
        QString sets = QStringLiteral("%1/%2/%3").arg(r.c).arg(r.nc).arg(r.r);
        if (r.reRejects > 0) sets += QStringLiteral("+%1").arg(r.reRejects);
        return sets;
      }
      case SolverStepsDock::kDeferrals:
        return QString::number(r.deferrals);
      case SolverStepsDock::kZero:
        return r.zeroStep ? tr("yes") : QString();
      default:
        return {};
    }
  }

  std::vector<Row> mRows;
  std::vector<QString> mLabels;
};

SolverStepsDock::SolverStepsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Solver steps"), parent), mSession(session) {
  setObjectName(QStringLiteral("solverStepsDock"));
  buildSummary();
  QWidget* pivotsTab = buildPivotsTab();
  buildTabs(pivotsTab);
  // Scrolls when the dock is shorter than its body: the window fits a 1000-pixel screen.
  setWidget(scrolled(buildBody()));
  connectPivotControls();
  connectTabs();
  connectSession();
  refresh(true);
}

void SolverStepsDock::buildSummary() {
  mSummary = new QLabel;
  mSummary->setWordWrap(true);
  mSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

// The Pivots tab: the slider row over the pivot table (or its "no pivots" text), and the
// sets at the selected pivot below.
QWidget* SolverStepsDock::buildPivotsTab() {
  QHBoxLayout* sliderRow = buildSliderRow();
  buildTable();

  mNoPivots = new QLabel;
  mNoPivots->setAlignment(Qt::AlignCenter);
  mNoPivots->setWordWrap(true);
  mTableStack = new QStackedWidget;
  mTableStack->addWidget(mTable);
  mTableStack->addWidget(mNoPivots);

  buildSets();

  auto* pivotsSplit = new QSplitter(Qt::Vertical);
  pivotsSplit->addWidget(mTableStack);
  pivotsSplit->addWidget(mSets);
  pivotsSplit->setChildrenCollapsible(false);
  // The table gets most of the height; the sets need a few lines.
  pivotsSplit->setSizes({3 * 100, 2 * 40});
  auto* pivotsTab = new QWidget;
  auto* pivotsLayout = new QVBoxLayout(pivotsTab);
  pivotsLayout->setContentsMargins(0, 2, 0, 0);
  pivotsLayout->setSpacing(2);
  pivotsLayout->addLayout(sliderRow);
  pivotsLayout->addWidget(pivotsSplit, 1);
  return pivotsTab;
}

QHBoxLayout* SolverStepsDock::buildSliderRow() {
  mSlider = new QSlider(Qt::Horizontal);
  mSlider->setToolTip(
      tr("The state shown: at the left end the start (f = 0, a = b), then after each "
         "decision"));
  mPivotLabel = new QLabel;
  mPivotLabel->setMinimumWidth(
      mPivotLabel->fontMetrics().horizontalAdvance(decisionText(-1, 9999)));
  buildColdStartBox();
  auto* sliderRow = new QHBoxLayout;
  sliderRow->addWidget(mSlider, 1);
  sliderRow->addWidget(mPivotLabel);
  sliderRow->addWidget(mColdStart);
  return sliderRow;
}

void SolverStepsDock::buildColdStartBox() {
  // With a warm start on, a resting scene's solves are mostly one "warm start" decision:
  // the cold start, where a person steps through a solve, shows every pivot from the next
  // step on. Cold means both warm starts off (warm_start for the frictionless solves,
  // friction_warm_start for the friction solves; live settings, which the Controls dock
  // shows too). Unticked, the frictionless warm start comes back on; the friction warm start
  // (off by default) stays off.
  mColdStart = new QCheckBox(tr("Cold start (every pivot)"));
  mColdStart->setObjectName(QStringLiteral("coldStartBox"));
  mColdStart->setToolTip(
      tr("Solve every contact-force and friction problem from scratch (warm_start and "
         "friction_warm_start off), so that each solve shows all its pivots; applies from the "
         "next step on"));
  const auto isCold = [](const SimSettings& s) { return !s.warmStart && !s.frictionWarmStart; };
  connect(mColdStart, &QCheckBox::toggled, this, [this, isCold](bool cold) {
    if (!mSession->hasScene() || isCold(mSession->liveSettings()) == cold) return;
    SettingsDoc changes;
    changes.warmStart = !cold;
    if (cold) changes.frictionWarmStart = false;
    mSession->apply(SetSettings{changes});
  });
  const auto showWarmStart = [this, isCold] {
    const QSignalBlocker block(mColdStart);
    mColdStart->setEnabled(mSession->hasScene());
    mColdStart->setChecked(mSession->hasScene() && isCold(mSession->liveSettings()));
  };
  connect(mSession, &Session::sceneLoaded, this, showWarmStart);
  connect(mSession, &Session::notesChanged, this, showWarmStart);
  connect(mSession, &Session::historyTruncated, this, showWarmStart);
  showWarmStart();
}

void SolverStepsDock::buildTable() {
  mModel = new PivotTableModel(this);
  mTable = new QTableView;
  mTable->setModel(mModel);
  mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
  mTable->setSelectionMode(QAbstractItemView::SingleSelection);
  mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
  mTable->setAlternatingRowColors(true);
  mTable->setWordWrap(false);
  mTable->verticalHeader()->hide();
  // Fixed row heights and no resize-to-contents keep thousands of rows cheap.
  mTable->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  // A point smaller than the dock's text: ten columns share about 450 px, and the labels
  // "primary/normal" in d and j then fit without eliding for the usual body names.
  QFont tableFont = mTable->font();
  tableFont.setPointSizeF(std::max(6.0, tableFont.pointSizeF() - 1));
  mTable->setFont(tableFont);
  mTable->horizontalHeader()->setFont(tableFont);
  mTable->verticalHeader()->setDefaultSectionSize(mTable->fontMetrics().height() + 4);
  sizeTableColumns();
  mTable->setTextElideMode(Qt::ElideRight);

  mTable->viewport()->installEventFilter(this);
}

// Column widths from sample texts in the table's font.
void SolverStepsDock::sizeTableColumns() {
  QHeaderView* header = mTable->horizontalHeader();
  header->setHighlightSections(false);
  header->setMinimumSectionSize(20);
  const QFontMetrics fm = mTable->fontMetrics();
  const auto width = [&](const char* sample) {
    return fm.horizontalAdvance(QString::fromLatin1(sample)) + kCellPadding;
  };
  header->resizeSection(kStep, width("1.2e-05"));
  header->resizeSection(kTransition, width("C->R flip-flop"));
  sizeSolveColumns();
  header->resizeSection(kDeferrals, width("def"));
  header->resizeSection(kZero, width("zero"));
  header->setStretchLastSection(false);
  // d takes what the other columns leave, so the table fits the dock's width without a
  // horizontal scroll bar; j (often "none" or "= d") gets a little less. Long labels
  // "primary/normal" are elided, in full in the tooltip.
  header->resizeSection(kJ, width("20 block8/bl"));
  header->setSectionResizeMode(kD, QHeaderView::Stretch);
}

void SolverStepsDock::sizeSolveColumns() {
  // The widest decision number and sets text of the solve shown (at least "999" and
  // "10/4 10/2/2", so that an empty table keeps its columns), measured row by row: a
  // friction solve of a pile has thousands of decisions, and d takes what is left.
  const QFontMetrics fm = mTable->fontMetrics();
  int pivot = fm.horizontalAdvance(QStringLiteral("999"));
  int sets = fm.horizontalAdvance(QStringLiteral("10/4 10/2/2"));
  const int rows = mModel->rowCount();
  if (rows > 0) pivot = std::max(pivot, fm.horizontalAdvance(mModel->text(rows - 1, kPivot)));
  for (int r = 0; r < rows; ++r)
    sets = std::max(sets, fm.horizontalAdvance(mModel->text(r, kSets)));
  QHeaderView* header = mTable->horizontalHeader();
  header->resizeSection(kPivot, pivot + kCellPadding);
  header->resizeSection(kSets, sets + kCellPadding);
}

void SolverStepsDock::buildSets() {
  mSets = new QPlainTextEdit;
  mSets->setReadOnly(true);
  mSets->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  mSets->setToolTip(
      tr("C: a = 0, f > 0. NC: f = 0, a > 0. R: deferred. reRejects: deferred "
         "contacts that could not be driven again. With friction, rows n.. are the "
         "frictions (F): C_F sticking (a_F = 0, |f_F| <= mu f_N), NC+ and NC- at the cone's "
         "edge (f_F = +-mu f_N, against a_F); a friction in no set has f_F = 0"));
}

void SolverStepsDock::buildTabs(QWidget* pivotsTab) {
  mResolve = new ResolvePanel;

  mTabs = new QTabWidget;
  mTabs->setDocumentMode(true);
  mTabs->addTab(pivotsTab, tr("Pivots"));
  mTabs->addTab(mResolve, tr("Re-solve"));
  mTabs->setTabToolTip(1, tr("Solve the same A, b and joints again with other settings"));
}

// The summary above the tabs.
QWidget* SolverStepsDock::buildBody() {
  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->setSpacing(2);
  layout->addWidget(mSummary);
  layout->addWidget(mTabs, 1);
  return body;
}

// The slider and the table's current row select the pivot in the session; the dock's own
// moves of them (mSyncing) do not.
void SolverStepsDock::connectPivotControls() {
  connect(mSlider, &QSlider::valueChanged, this, [this](int value) {
    if (!mSyncing) mSession->selectPivot(value);
  });
  connect(mTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (!mSyncing && current.isValid()) mSession->selectPivot(current.row());
          });
}

void SolverStepsDock::connectTabs() {
  // Only the page shown sets the least size: the re-solve's tables need a few rows (in a
  // short dock the dock scrolls to them) and its controls a row's width, while the pivot
  // table shrinks to any size (no scroll bars on the Pivots page of a narrow dock).
  const auto sizeByPageShown = [this] {
    for (int i = 0; i < mTabs->count(); ++i) {
      QWidget* page = mTabs->widget(i);
      const QSizePolicy::Policy p =
          i == mTabs->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
      page->setSizePolicy(p, p);
      page->updateGeometry();
    }
  };
  sizeByPageShown();
  connect(mTabs, &QTabWidget::currentChanged, this, sizeByPageShown);
  connect(mTabs, &QTabWidget::currentChanged, this, [this] { updateResolvePanel(false); });
}

void SolverStepsDock::connectSession() {
  // A new record (step, scrub, scene) may bring a new solve at the same index.
  const auto stale = [this] {
    mSolveStale = true;
    refresh();
  };
  connect(mSession, &Session::sceneLoaded, this, stale);
  // The re-solve starts from the scene's own policy and seed, as the controls show them.
  connect(mSession, &Session::sceneLoaded, this, [this] {
    ResolveOptions o = mResolve->options();
    const SimSettings live = mSession->liveSettings();
    o.policy = live.contactPolicy;
    o.seed = live.seed;
    mResolve->setOptions(o);
  });
  connect(mSession, &Session::currentChanged, this, stale);
  connect(mSession, &Session::historyTruncated, this, stale);
  connect(mSession, &Session::selectionChanged, this, [this] { refresh(); });
  whenDockComesIntoView(this, [this] { refresh(); });
}

SolverStepsDock::~SolverStepsDock() = default;

bool SolverStepsDock::shown() const {
  return dockOnScreen(*this);
}

bool SolverStepsDock::eventFilter(QObject* watched, QEvent* event) {
  // The row scrolled to before the first layout (or a resize) may have left the view.
  if (watched == mTable->viewport() && event->type() == QEvent::Resize) {
    const QModelIndex current = mTable->selectionModel()->currentIndex();
    if (current.isValid()) mTable->scrollTo(current);
  }
  return QDockWidget::eventFilter(watched, event);
}

void SolverStepsDock::refresh(bool force) {
  if (!force && !shown()) return;  // caught up on show
  // The selected solve is looked up only when one is selected: asking for it re-derives a
  // dropped trace by re-running the step, which is work only an inspection should cause.
  const SolveTrace* trace =
      mSession->selectedSolve() >= 0 ? mSession->selectedSolveTrace() : nullptr;
  if (mSolveStale || trace != mShownTrace || mSession->selectedSolve() != mShownSolve ||
      mSession->currentIndex() != mShownRecord) {
    rebuildSolve(trace);
    mSolveStale = false;
    mShownTrace = trace;
    mShownSolve = mSession->selectedSolve();
    mShownRecord = mSession->currentIndex();
  }
  showPivot(trace, mSession->selectedPivot());
}

void SolverStepsDock::rebuildSolve(const SolveTrace* trace) {
  mModel->setSolve(trace);
  sizeSolveColumns();
  mResolveStale = true;
  updateResolvePanel(false);

  const int pivots = trace ? static_cast<int>(trace->pivots.size()) : 0;
  {
    const QSignalBlocker block(mSlider);
    // -1 the start, k after decision k + 1, `pivots` the result (engine/solver/solve_state.h).
    mSlider->setRange(-1, pivots);
    mSlider->setEnabled(trace != nullptr);
    mSlider->setPageStep(std::max(1, pivots / 10));
  }

  if (!mSession->hasScene()) {
    mSummary->setText(tr("Nothing to show: no scene is loaded."));
  } else if (!trace) {
    mSummary->setText(
        tr("Nothing to show: no solve is selected. Take a step with tracing on, "
           "or pick a solve (a step without contacts has none)."));
  } else {
    const SolverSolve& s = trace->solve;
    int joints = 0;
    for (bool j : s.joint) joints += j ? 1 : 0;
    const QString purpose = trace->context.purpose == SolvePurpose::kImpulse ? tr("Impulse")
                            : trace->context.purpose == SolvePurpose::kTimeStep
                                ? tr("Time-step LCP (a round of lcp_fixpoint, or the start of a "
                                     "fischer_burmeister step)")
                                : tr("Contact forces");
    const bool ok = s.error == LcpError::kOk;
    const QString error = QString::fromLatin1(errorName(s.error));
    // What every solve has, then what its solver adds: ComputeForces' pivots, decisions,
    // deferrals and policy, or another solver's name and iterations.
    // Subsets count from 1, as everything the workbench numbers for people.
    const QString head = tr("<b>%1</b> at t = %2 s, subset %3: n = %4, %5")
                             .arg(purpose)
                             .arg(trace->context.time, 0, 'g', 6)
                             .arg(trace->context.subset + 1)
                             .arg(s.b.size())
                             .arg(countText(joints, tr("joint")));
    // A failure says why, in the solver's words (LcpResult::reason).
    const QString status =
        ok ? error
           : QStringLiteral("<span style='color:#c01010'>%1</span>%2")
                 .arg(error, s.reason.empty()
                                 ? QString()
                                 : QStringLiteral(" (%1)").arg(
                                       QString::fromStdString(s.reason).toHtmlEscaped()));
    const QString tail = tr("residual %1, %2")
                             .arg(s.maxComplementarityViolation, 0, 'g', 3)
                             .arg(wallText(s.wallSeconds));
    const LcpSolverKind solver = s.solver;
    if (s.friction()) {
      int sliding = 0;
      for (int v : s.slide) sliding += v != 0;
      mSummary->setText(
          tr("<b>%1 with Coulomb friction</b> (Baraff 94 sections 5 and 6) at t = %2 s, subset "
             "%3: %4 contacts (%5 sliding), 2n = %6 rows: normals, then frictions. <b>%7</b>, "
             "%8 pivots%9, %10.")
              .arg(purpose)
              .arg(trace->context.time, 0, 'g', 6)
              .arg(trace->context.subset + 1)
              .arg(s.mu.size())
              .arg(sliding)
              .arg(s.b.size())
              .arg(status)
              .arg(s.pivots)
              .arg(s.compliantFirst
                       ? tr(", <b>compliant first</b>: the same contacts' last solve was held "
                            "static and compliant, so A + %1 max(diag A) I was solved from the "
                            "remembered forces before any exact pivoting (friction_compliance); "
                            "its violation is the compliance's error")
                             .arg(s.regularization)
                   : s.compliant
                       ? tr(", no exact solve solved it: <b>compliant</b>, solved with A + %1 "
                            "max(diag A) I (friction_compliance); its violation is the "
                            "compliance's error")
                             .arg(s.regularization)
                   : s.regularization > 0
                       ? tr(", pivoting and Lemke failed: solved by the pivoting on A + %1 "
                            "max(diag A) I")
                             .arg(s.regularization)
                   : s.byLemke ? tr(", pivoting found no step: solved by the Lemke fallback")
                               : QString(),
                   tail));
    } else if (!tracesPivots(solver))
      mSummary->setText(tr("%1, solved by <b>%2</b>. <b>%3</b>, %4 iterations, %5.")
                            .arg(head, QString::fromLatin1(nameOf(solver)), status)
                            .arg(s.iterations)
                            .arg(tail));
    else
      mSummary->setText(tr("%1. <b>%2</b> by %3; %4, %5, %6, %7%8.")
                            .arg(head, status, QString::fromStdString(howSolved(*trace)),
                                 countText(s.pivots, tr("pivot")),
                                 countText(s.deferrals, tr("deferral")), tail,
                                 QString::fromLatin1(nameOf(s.policy)),
                                 s.reference ? tr(", reference solver") : QString()));
    mSummary->setToolTip(
        tr("pivots: steps f += s delta_f taken; decisions: rows of the table (steps and "
           "membership changes); deferrals: moves to R; residual: max(-min a, -min f, "
           "max |f a|, max |a| at joints); wall time of the traced solve; NextContactPolicy"));
  }
  if (!trace) {
    mNoPivots->setText(tr("Nothing to show: no solve is selected."));
  } else if (pivots == 0 && !trace->iterations.empty()) {
    mNoPivots->setText(
        tr("This solve was made by %1, which does not pivot like ComputeForces: its %2 "
           "iterations step in the Solver comparison dock (Iterations of %1).")
            .arg(QString::fromLatin1(nameOf(trace->solve.solver)))
            .arg(trace->iterations.size()));
  } else if (pivots == 0) {
    const auto n = trace->solve.b.size();
    mNoPivots->setText(n == 1 ? tr("No pivots to show: a single contact is solved directly "
                                   "(f = -b / A, or f = 0 when b >= 0).")
                              : tr("No pivots to show: this solve made no traced decision "
                                   "(n = %1).")
                                    .arg(n));
  }
  mTableStack->setCurrentIndex(pivots > 0 ? 0 : 1);
}

void SolverStepsDock::showPivot(const SolveTrace* trace, int pivot) {
  const int pivots = trace ? static_cast<int>(trace->pivots.size()) : 0;
  pivot = std::clamp(pivot, -1, pivots);
  {
    const QSignalBlocker block(mSlider);
    mSlider->setValue(pivot);
  }
  // A guard rather than a QSignalBlocker on the selection model: the view repaints from the
  // model's signals, which a blocker would silence.
  mSyncing = true;
  if (pivot >= 0 && pivot < pivots) {
    const QModelIndex index = mModel->index(pivot, 0);
    mTable->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    mTable->scrollTo(index);
  } else {
    mTable->selectionModel()->clearSelection();
    mTable->selectionModel()->setCurrentIndex({}, QItemSelectionModel::NoUpdate);
  }
  mSyncing = false;

  if (!trace) {
    mPivotLabel->setText(tr("no solve"));
    mSets->setPlainText(tr("Nothing to show: no solve is selected."));
    return;
  }
  mPivotLabel->setText(decisionText(pivot, pivots));

  const std::vector<QString> labels = contactLabels(*trace);
  const int n = static_cast<int>(labels.size());
  const SolveState state = solveStateAt(*trace, pivot);
  const auto list = [&](const char* name, ContactSet set) {
    QStringList items;
    for (int i = 0; i < n && i < static_cast<int>(state.set.size()); ++i)
      if (state.set[static_cast<std::size_t>(i)] == set)
        // A non-breaking space keeps "#3 middle/bottom" on one line when the text wraps.
        items << QStringLiteral("#") + QString(labels[static_cast<std::size_t>(i)])
                                           .replace(QLatin1Char(' '), QChar(0xA0));
    return QStringLiteral("%1 (%2): %3")
        .arg(QString::fromLatin1(name))
        .arg(items.size())
        .arg(items.isEmpty() ? tr("none") : items.join(QStringLiteral(", ")));
  };
  QStringList lines;
  if (state.result) {
    lines << tr("Result (%1), what the simulation used: %2.")
                 .arg(QString::fromLatin1(errorName(trace->solve.error)),
                      QString::fromStdString(howSolved(*trace)));
  } else if (pivot < 0) {
    lines << tr("Start: f = 0, a = b; no contact treated yet.");
  } else {
    const SolverPivot& p = trace->pivots[static_cast<std::size_t>(pivot)];
    const auto name = [&](int i) {
      return i >= 0 && i < n ? QStringLiteral("#") + labels[static_cast<std::size_t>(i)]
                             : tr("none");
    };
    lines << tr("After decision %1: %2, d = %3, j = %4")
                 .arg(pivot + 1)
                 .arg(QString::fromLatin1(transitionName(p.transition)), name(p.d), name(p.j));
  }
  if (trace->solve.friction())
    lines << list("C", ContactSet::kC) << list("NC", ContactSet::kNC)
          << list("C_F", ContactSet::kCF) << list("NC+", ContactSet::kNCPlus)
          << list("NC-", ContactSet::kNCMinus);
  else
    lines << list("C", ContactSet::kC) << list("NC", ContactSet::kNC) << list("R", ContactSet::kR)
          << list("reRejects", ContactSet::kReReject);
  QStringList untreated;
  for (int i = 0; i < n && i < static_cast<int>(state.set.size()); ++i)
    if (state.set[static_cast<std::size_t>(i)] == ContactSet::kUntreated)
      untreated << QStringLiteral("#") + contactNumber(i);
  lines << tr("untreated (%1): %2")
               .arg(untreated.size())
               .arg(untreated.isEmpty() ? tr("none") : untreated.join(QStringLiteral(", ")));
  mSets->setPlainText(lines.join(QLatin1Char('\n')));
}

void SolverStepsDock::updateResolvePanel(bool force) {
  if (!mResolveStale) return;
  // The panel keeps a copy of A: made only when its tab is looked at (or a re-solve asked).
  if (!force && !(shown() && mTabs->currentWidget() == mResolve)) return;
  mResolve->setRecorded(mShownTrace);
  mResolveStale = false;
}

bool SolverStepsDock::cellFits(int row, int column) const {
  return mTable->fontMetrics().horizontalAdvance(cellText(row, column)) + kCellPadding <=
         mTable->horizontalHeader()->sectionSize(column);
}

ResolveResult SolverStepsDock::resolve(const ResolveOptions& options) {
  refresh(true);
  updateResolvePanel(true);
  return mResolve->resolve(options);
}

int SolverStepsDock::rowCount() const {
  return mModel->rowCount();
}

QString SolverStepsDock::cellText(int row, int column) const {
  return mModel->text(row, column);
}

int SolverStepsDock::currentRow() const {
  const QModelIndex index = mTable->selectionModel()->currentIndex();
  return index.isValid() ? index.row() : -1;
}

int SolverStepsDock::sliderValue() const {
  return mSlider->value();
}
int SolverStepsDock::sliderMinimum() const {
  return mSlider->minimum();
}
int SolverStepsDock::sliderMaximum() const {
  return mSlider->maximum();
}

void SolverStepsDock::setSliderValue(int value) {
  mSlider->setValue(value);
}

void SolverStepsDock::setCurrentRow(int row) {
  mTable->selectionModel()->setCurrentIndex(
      mModel->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

QString SolverStepsDock::setsText() const {
  return mSets->toPlainText();
}

QString SolverStepsDock::summaryText() const {
  return QTextDocumentFragment::fromHtml(mSummary->text()).toPlainText();
}

}  // namespace cl::widgets
