#include "widgets/matrix_dock.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMouseEvent>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/contact/expand_trace.h"
#include "engine/solver/solve_state.h"
#include "widgets/contact_numbers.h"
#include "widgets/contact_set_style.h"
#include "widgets/count_text.h"
#include "widgets/decision_text.h"
#include "widgets/dock_message.h"
#include "widgets/dock_on_screen.h"
#include "widgets/plot_refresh.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"
#include "widgets/solve_list_model.h"

namespace cl::widgets {

namespace {

// RdBu diverging scale: blue negative, white zero, red positive.
const QColor kNegative(0x21, 0x66, 0xac);
const QColor kNegativeLight(0x92, 0xc5, 0xde);
const QColor kZero(0xff, 0xff, 0xff);
const QColor kPositiveLight(0xf4, 0xa5, 0x82);
const QColor kPositive(0xb2, 0x18, 0x2b);
const QColor kAccOutline(0x20, 0x20, 0x20);
const QColor kDriven(0xff, 0x8c, 0x00);
const QColor kSelected(0x1b, 0x9e, 0x77);

// Cells outside Acc fade to this alpha once C has members, so the sub-matrix the solver
// factors stands out.
constexpr unsigned char kOutsideAccAlpha = 80;
// Outlining every block run_a x run_b of Acc costs runs^2 items; past this many runs the
// fading alone shows Acc.
constexpr int kMaxOutlinedRuns = 6;
// Eigenvalues (for the condition number and rank) cost O(n^3): skipped for big matrices
// so a large pile still redraws at frame rate.
constexpr int kMaxEigenSize = 150;
// Eigenvalues below this share of the largest count as zero (rank deficiency).
constexpr double kRankTolerance = 1e-10;
constexpr int kRowLabelPixels = 120;  // longest row label before it is elided

QString number(double v) {
  return QString::number(v, 'g', 4);
}

// Contiguous runs [first, last] of an ascending list.
std::vector<std::pair<int, int>> runsOf(const std::vector<int>& sorted) {
  std::vector<std::pair<int, int>> runs;
  for (int i : sorted) {
    if (!runs.empty() && runs.back().second + 1 == i)
      runs.back().second = i;
    else
      runs.push_back({i, i});
  }
  return runs;
}

}  // namespace

MatrixDock::MatrixDock(Session* session, QWidget* parent)
    : QDockWidget(tr("A matrix"), parent), mSession(session) {
  setObjectName(QStringLiteral("matrixDock"));

  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->setSpacing(2);
  layout->addLayout(buildPickers());
  mHeader = new QLabel;
  mHeader->setTextFormat(Qt::PlainText);
  layout->addWidget(mHeader);
  layout->addWidget(buildStack(), 1);
  // Scrolls when the dock is shorter than its body: the window fits a 1000-pixel screen.
  setWidget(scrolled(body));

  // One tick font, a notch smaller than the plot's, for the axes and the colour scale alike;
  // taken once the plot sits in the dock, whose font it inherits.
  QFont small = mPlot->font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  setUpAxes(small);
  buildColorMap(small);
  setUpNavigation();
  connectPickers();
  connectSession();
  showMessage(tr("No scene loaded."));
}

MatrixDock::~MatrixDock() = default;

QHBoxLayout* MatrixDock::buildPickers() {
  mSolvePicker = new QComboBox;
  mSolvePicker->setPlaceholderText(tr("no solve"));
  mSolves = new SolveListModel(this);
  mSolvePicker->setModel(mSolves);
  // Thousands of rows in a pile step: the popup lays them out as rows of one height.
  if (auto* list = qobject_cast<QListView*>(mSolvePicker->view())) list->setUniformItemSizes(true);
  mSolvePicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mSolvePicker->setMinimumContentsLength(16);
  mSolvePicker->setToolTip(
      tr("The solves of the step shown: one per independent subset of contacts at each "
         "evaluate, and one per collision impulse"));
  mSolveKind = new QComboBox;
  mSolveKind->setObjectName(QStringLiteral("solveKind"));
  mSolveKind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  mSolveKind->setToolTip(
      tr("Which solves the picker lists: contact forces (one per subset and "
         "evaluate), collision impulses, or all"));
  mOrder = new QComboBox;
  mOrder->setObjectName(QStringLiteral("rowOrder"));
  mOrder->addItem(tr("rows as solved"), static_cast<int>(RowOrder::kAsSolved));
  mOrder->addItem(tr("rows by set"), static_cast<int>(RowOrder::kBySet));
  mOrder->addItem(tr("Acc only"), static_cast<int>(RowOrder::kAccOnly));
  mOrder->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  mOrder->setToolTip(
      tr("Order of the rows and columns: as the solve numbered its contacts; by their set at "
         "the decision shown (C, NC, C_F, NC+, NC-, R, reRejects, untreated), so that Acc is "
         "the top-left block; or Acc = A[C, C] alone"));
  auto* pickerRow = new QHBoxLayout;
  pickerRow->setSpacing(4);
  pickerRow->addWidget(mSolveKind);
  pickerRow->addWidget(mSolvePicker, 1);
  pickerRow->addWidget(mOrder);
  return pickerRow;
}

QStackedWidget* MatrixDock::buildStack() {
  mStack = new QStackedWidget;
  mMessage = makeDockMessage();
  mStack->addWidget(mMessage);

  mPlot = new QCustomPlot;
  mPlot->setMinimumSize(200, 140);
  deferRepaint(mPlot);
  mPlot->setMouseTracking(true);
  mPlot->installEventFilter(this);
  mStack->addWidget(mPlot);
  return mStack;
}

void MatrixDock::setUpAxes(const QFont& tickFont) {
  // Columns along the top axis and rows down the left one, row 0 at the top, like a
  // printed matrix; the bottom and right axes carry only the joint marks.
  mPlot->axisRect()->setupFullAxesBox(false);
  mPlot->xAxis2->setVisible(true);
  for (QCPAxis* axis : {mPlot->xAxis, mPlot->xAxis2, mPlot->yAxis2}) axis->setTickLabels(true);
  mPlot->yAxis->setRangeReversed(true);
  mPlot->yAxis2->setRangeReversed(true);
  for (QCPAxis* axis : {mPlot->xAxis, mPlot->xAxis2, mPlot->yAxis, mPlot->yAxis2}) {
    axis->grid()->setVisible(false);
    axis->setSubTicks(false);
    axis->setTickLength(0, 3);
    axis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
  }
  for (QCPAxis* axis : {mPlot->xAxis, mPlot->yAxis2}) {
    axis->setTickLabelColor(jointColor());
    axis->setTickPen(QPen(jointColor(), 2));
  }
  for (QCPAxis* axis : {mPlot->xAxis, mPlot->xAxis2, mPlot->yAxis, mPlot->yAxis2})
    axis->setTickLabelFont(tickFont);
}

void MatrixDock::buildColorMap(const QFont& tickFont) {
  mMap = new QCPColorMap(mPlot->xAxis2, mPlot->yAxis);
  mMap->setInterpolate(false);
  mMap->setTightBoundary(false);
  QCPColorGradient gradient;
  gradient.clearColorStops();
  gradient.setColorStopAt(0.0, kNegative);
  gradient.setColorStopAt(0.25, kNegativeLight);
  gradient.setColorStopAt(0.5, kZero);
  gradient.setColorStopAt(0.75, kPositiveLight);
  gradient.setColorStopAt(1.0, kPositive);
  gradient.setColorInterpolation(QCPColorGradient::ciRGB);

  mScale = new QCPColorScale(mPlot);
  mScale->setType(QCPAxis::atRight);
  mScale->setBarWidth(8);
  mScale->axis()->setTickLabelFont(tickFont);
  mScale->axis()->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  mScale->axis()->ticker()->setTickCount(4);
  mPlot->plotLayout()->addElement(0, 1, mScale);
  // The map takes the scale's gradient and range from here on: set them after.
  mMap->setColorScale(mScale);
  mMap->setGradient(gradient);
  // The bar spans exactly the matrix's height.
  auto* margins = new QCPMarginGroup(mPlot);
  mPlot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
  mScale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
  mPlot->plotLayout()->setColumnSpacing(4);
}

void MatrixDock::setUpNavigation() {
  // Zoom with the wheel, pan by dragging (the matrix axes; the joint axes follow), and a
  // double click shows the whole matrix again. Cells stay square.
  mPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  QCPAxisRect* rect = mPlot->axisRect();
  rect->setRangeDragAxes(mPlot->xAxis2, mPlot->yAxis);
  rect->setRangeZoomAxes(mPlot->xAxis2, mPlot->yAxis);
  connect(mPlot->xAxis2, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), mPlot->xAxis,
          qOverload<const QCPRange&>(&QCPAxis::setRange));
  connect(mPlot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), mPlot->yAxis2,
          qOverload<const QCPRange&>(&QCPAxis::setRange));
  // Labels for the rows in view: zoomed in, every row has room for its label.
  connect(mPlot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
    if (shownSize() > 0) updateTicks();
  });
  connect(mPlot, &QCustomPlot::mouseDoubleClick, this, [this] { showWhole(); });
  connect(mPlot, &QCustomPlot::mouseMove, this, &MatrixDock::onMouseMove);
  connect(mPlot, &QCustomPlot::mousePress, this, &MatrixDock::onMousePress);
}

void MatrixDock::connectPickers() {
  connect(mSolvePicker, &QComboBox::activated, this, [this](int index) {
    if (const QVariant solve = mSolvePicker->itemData(index); solve.isValid())
      mSession->selectSolve(solve.toInt());
  });
  connect(mSolveKind, &QComboBox::activated, this, &MatrixDock::pickSolveKind);
  connect(mOrder, &QComboBox::activated, this, [this] { refresh(); });
}

void MatrixDock::connectSession() {
  // The Session emits selectionChanged after sceneLoaded and currentChanged as well, so
  // that one signal covers a new scene, a new step and a scrub.
  connect(mSession, &Session::selectionChanged, this, &MatrixDock::refresh);
  connect(mSession, &Session::historyTruncated, this, &MatrixDock::refresh);
}

bool MatrixDock::eventFilter(QObject* watched, QEvent* event) {
  // How many tick labels fit depends on the plot's height, square cells on its shape.
  if (watched == mPlot && event->type() == QEvent::Resize && shownSize() > 0) {
    // After the layout has taken the new size: the whole matrix again, square.
    QTimer::singleShot(0, this, [this] {
      if (shownSize() == 0) return;
      showWhole();
      updateTicks();
    });
  }
  return QDockWidget::eventFilter(watched, event);
}

void MatrixDock::showWhole() {
  const int m = shownSize();
  mRangeRows = m;
  if (m == 0) return;
  // A little beyond the last row and column, so that outlines along them are not clipped.
  const double pad = 0.02 * m + 0.05;
  mPlot->xAxis2->setRange(-0.5, m - 0.5 + pad);
  mPlot->yAxis->setRange(-0.5, m - 0.5 + pad);
  // Square cells: the longer side of the plot gets the room, after the last row or column
  // (the first stay next to their labels). The layout must be known first.
  mPlot->plotLayout()->update(QCPLayoutElement::upLayout);
  QCPAxis* longer =
      mPlot->axisRect()->width() < mPlot->axisRect()->height() ? mPlot->yAxis : mPlot->xAxis2;
  longer->setScaleRatio(longer == mPlot->yAxis ? mPlot->xAxis2 : mPlot->yAxis, 1.0);
  longer->setRange(-0.5, -0.5 + longer->range().size());
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixDock::refresh() {
  if (!mWhenSeen.seenNow()) return;
  refillSolvePicker();
  if (const SolveTrace* trace = mSession->selectedSolveTrace())
    showSolve(trace, mSession->selectedPivot(), mSession->selectedContact());
  else
    showMessage(mSession->noSolveReason());
}

void MatrixDock::refillSolvePicker() {
  const StepTrace* trace = mSession->hasScene() ? mSession->currentTrace() : nullptr;
  const std::vector<SolvePurpose> purposes =
      trace ? solvePurposes(*trace) : std::vector<SolvePurpose>{};
  const int n = static_cast<int>(purposes.size());
  const int selected = mSession->selectedSolve();
  // The kinds present, with their counts; "all" first. (An array, not a map: a step of
  // pile_200 can hold 100 000 impulse solves, and this runs at every step shown.)
  constexpr int kKinds = static_cast<int>(SolvePurpose::kTimeStep) + 1;  // the last purpose
  std::array<int, kKinds> counts{};
  for (const SolvePurpose p : purposes)
    ++counts[static_cast<std::size_t>(SolveListModel::kindOf(p))];
  int kind = mSolveKind->currentData().isValid() ? mSolveKind->currentData().toInt() : -1;
  // The selected solve is always listed: the kind widens to all when it is of another.
  if (selected >= 0 && selected < n &&
      SolveListModel::kindOf(purposes[static_cast<std::size_t>(selected)]) != kind)
    kind = -1;
  if (kind < 0 || kind >= kKinds || counts[static_cast<std::size_t>(kind)] == 0) kind = -1;
  {
    const QSignalBlocker blockKinds(mSolveKind);
    mSolveKind->clear();
    mSolveKind->addItem(tr("all solves (%1)").arg(n), -1);
    for (int k = 0; k < kKinds; ++k) {
      const int count = counts[static_cast<std::size_t>(k)];
      if (count == 0) continue;
      const auto purpose = static_cast<SolvePurpose>(k);
      const QString name = purpose == SolvePurpose::kContactForces ? tr("contact forces (%1)")
                           : purpose == SolvePurpose::kTimeStep    ? tr("time-step LCPs (%1)")
                                                                   : tr("impulses (%1)");
      mSolveKind->addItem(name.arg(count), k);
    }
    mSolveKind->setCurrentIndex(std::max(0, mSolveKind->findData(kind)));
    mSolveKind->setEnabled(n > 0);
  }
  const QSignalBlocker block(mSolvePicker);
  mSolves->setSolves(trace ? mSession->currentTraceShared() : nullptr, kind);
  mSolvePicker->setEnabled(mSolves->rowCount() > 0);
  mSolvePicker->setCurrentIndex(selected >= 0 ? mSolves->rowOf(selected) : -1);
}

QStringList MatrixDock::solveKinds() const {
  QStringList out;
  for (int i = 0; i < mSolveKind->count(); ++i) out << mSolveKind->itemText(i);
  return out;
}

void MatrixDock::pickSolveKind(int index) {
  if (index < 0 || index >= mSolveKind->count()) return;
  mSolveKind->setCurrentIndex(index);
  const int kind = mSolveKind->itemData(index).toInt();
  const StepTrace* trace = mSession->hasScene() ? mSession->currentTrace() : nullptr;
  if (!trace) return;
  // Keep the selected solve when it is of the kind, else select the kind's first.
  const int selected = mSession->selectedSolve();
  // One pass over the step's solves (a pile_200 step holds 200 000), not a lookup per solve.
  const std::vector<SolvePurpose> purposes = solvePurposes(*trace);
  const int n = static_cast<int>(purposes.size());
  const auto ofKind = [&](int k) {
    return kind == -1 || SolveListModel::kindOf(purposes[static_cast<std::size_t>(k)]) == kind;
  };
  if (selected >= 0 && selected < n && ofKind(selected)) {
    refillSolvePicker();
    return;
  }
  for (int k = 0; k < n; ++k)
    if (ofKind(k)) {
      mSession->selectSolve(k);  // refreshes through selectionChanged
      return;
    }
}

QStringList MatrixDock::solveChoices() const {
  QStringList out;
  for (int i = 0; i < mSolvePicker->count(); ++i) out << mSolvePicker->itemText(i);
  return out;
}

int MatrixDock::pickedSolve() const {
  const QVariant solve = mSolvePicker->currentData();
  return solve.isValid() ? solve.toInt() : -1;
}

MatrixDock::RowOrder MatrixDock::rowOrder() const {
  return static_cast<RowOrder>(mOrder->currentData().toInt());
}

void MatrixDock::setRowOrder(RowOrder order) {
  mOrder->setCurrentIndex(mOrder->findData(static_cast<int>(order)));
  refresh();
}

void MatrixDock::showMessage(const QString& text) {
  mShown.clear();
  mRangeRows = -1;
  mA.resize(0, 0);
  mJoint.clear();
  mLabels.clear();
  mTickLabels.clear();
  mOutlined.clear();
  mDriven = mHighlighted = -1;
  mPivot = -1;
  mPivotCount = 0;
  mMaxAbs = mRcond = 0.0;
  mRank = 0;
  mMessage->setText(text);
  mHeader->setText(text);
  mStack->setCurrentWidget(mMessage);
}

void MatrixDock::showSolve(const SolveTrace* trace, int pivot, int selectedContact) {
  const int n = trace ? static_cast<int>(trace->solve.A.rows()) : 0;
  if (!trace) {
    showMessage(tr("No solve selected."));
    return;
  }
  if (n == 0 || trace->solve.A.cols() != n) {
    showMessage(
        n == 0 ? tr("This solve has no contacts.")
               : tr("This solve's A is not square (%1 x %2).").arg(n).arg(trace->solve.A.cols()));
    return;
  }
  const SolverSolve& s = trace->solve;
  const bool newMatrix = mA.rows() != n || mA != s.A;
  if (newMatrix) {
    mA = s.A;
    mMaxAbs = mA.cwiseAbs().maxCoeff();
    mRcond = -1.0;  // not estimated
    if (n <= kMaxEigenSize && std::isfinite(mMaxAbs)) {
      // A = J M^-1 J^T is symmetric positive semi-definite: its eigenvalues give the
      // condition number and show redundant contacts as zero eigenvalues.
      const Eigen::MatrixXd sym = 0.5 * (mA + mA.transpose());
      const Eigen::VectorXd ev =
          Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(sym, Eigen::EigenvaluesOnly)
              .eigenvalues()
              .cwiseAbs();
      const double top = ev.maxCoeff();
      mRcond = top > 0 ? ev.minCoeff() / top : 0.0;
      mRank = static_cast<int>((ev.array() > kRankTolerance * top).count());
    }
  }
  const SolveState state = solveStateAt(*trace, pivot);
  const auto setOf = [&](int row) { return state.set[static_cast<std::size_t>(row)]; };
  mShown.clear();
  if (rowOrder() == RowOrder::kAsSolved) {
    for (int i = 0; i < n; ++i) mShown.push_back(i);
  } else {
    // Each set's members in the solve's order, the sets in the order the pivoting meets them.
    static constexpr ContactSet kOrder[] = {
        ContactSet::kC,       ContactSet::kNC, ContactSet::kCF,       ContactSet::kNCPlus,
        ContactSet::kNCMinus, ContactSet::kR,  ContactSet::kReReject, ContactSet::kUntreated};
    for (ContactSet set : kOrder) {
      if (rowOrder() == RowOrder::kAccOnly && set != ContactSet::kC) break;
      for (int i = 0; i < n; ++i)
        if (setOf(i) == set) mShown.push_back(i);
    }
  }
  const int m = shownSize();
  if (m == 0) {
    showMessage(tr("Acc is empty at %1: no contact is in C yet. Step on, or show the rows as "
                   "solved.")
                    .arg(decisionText(state.pivot, static_cast<int>(trace->pivots.size()))));
    return;
  }
  const auto positionOf = [&](int row) {
    const auto it = std::find(mShown.begin(), mShown.end(), row);
    return it == mShown.end() ? -1 : static_cast<int>(it - mShown.begin());
  };
  mJoint.assign(static_cast<std::size_t>(m), false);
  mLabels.assign(static_cast<std::size_t>(m), QString());
  for (int p = 0; p < m; ++p) {
    const auto row = static_cast<std::size_t>(mShown[static_cast<std::size_t>(p)]);
    mJoint[static_cast<std::size_t>(p)] = row < s.joint.size() && s.joint[row];
    if (row < trace->context.contacts.size())
      mLabels[static_cast<std::size_t>(p)] =
          QString::fromStdString(trace->context.contacts[row].label);
  }

  mPivot = state.pivot;
  mPivotCount = static_cast<int>(trace->pivots.size());
  mDriven = state.d >= 0 ? positionOf(state.d) : -1;
  mHighlighted = selectedContact >= 0 && selectedContact < n ? positionOf(selectedContact) : -1;
  mOutlined.clear();
  std::vector<bool> inC(static_cast<std::size_t>(m), false);
  for (int p = 0; p < m; ++p)
    if (setOf(mShown[static_cast<std::size_t>(p)]) == ContactSet::kC) {
      mOutlined.push_back(p);
      inC[static_cast<std::size_t>(p)] = true;
    }

  // Cell (i, j) sits at key j (column, top axis), value i (row, left axis), for the rows
  // and columns at positions i and j. A 1 x 1 matrix is stored as 2 x 2 over a half-width
  // range: QCPColorMap needs two cells per axis to know a cell's size.
  QCPColorMapData* data = mMap->data();
  const int cells = std::max(m, 2);
  const double half = m == 1 ? 0.25 : 0.0;
  const auto rowOfCell = [&](int c) {
    return mShown[static_cast<std::size_t>(std::min(c, m - 1))];
  };
  data->setSize(cells, cells);
  data->setRange(QCPRange(-half, m == 1 ? half : m - 1), QCPRange(-half, m == 1 ? half : m - 1));
  for (int i = 0; i < cells; ++i)
    for (int j = 0; j < cells; ++j) data->setCell(j, i, mA(rowOfCell(i), rowOfCell(j)));
  if (mOutlined.empty() || rowOrder() == RowOrder::kAccOnly) {
    data->clearAlpha();
  } else {
    for (int i = 0; i < cells; ++i)
      for (int j = 0; j < cells; ++j) {
        const bool acc = inC[static_cast<std::size_t>(std::min(i, m - 1))] &&
                         inC[static_cast<std::size_t>(std::min(j, m - 1))];
        data->setAlpha(j, i, acc ? 255 : kOutsideAccAlpha);
      }
  }
  const double range = mMaxAbs > 0 && std::isfinite(mMaxAbs) ? mMaxAbs : 1.0;
  mMap->setDataRange(QCPRange(-range, range));
  // A zoom stays while the pivots of a solve are stepped through, as long as the number of
  // rows shown stays the same.
  if (m != mRangeRows) showWhole();

  int joints = 0;
  for (bool j : mJoint) joints += j ? 1 : 0;
  QString header = tr("n = %1").arg(n);
  if (joints > 0) header += QStringLiteral(" (%1)").arg(countText(joints, tr("joint")));
  header += tr(", max |A| = %1").arg(number(mMaxAbs));
  if (mRcond > 0 && 1.0 / mRcond < 1.0 / kRankTolerance)
    header += tr(", cond %1").arg(number(1.0 / mRcond));
  else if (mRcond >= 0)
    header += tr(", singular (rank %1)").arg(mRank);
  if (rowOrder() == RowOrder::kBySet) header += tr(", rows by set");
  if (rowOrder() == RowOrder::kAccOnly) header += tr(", Acc only (%1 x %1)").arg(m);
  header += QStringLiteral("; ") + decisionText(mPivot, mPivotCount);
  if (mPivot >= 0) header += tr(", |C| = %1").arg(mOutlined.size());
  // A decision drives a contact, or is the warm start's (none); the result drives nothing.
  if (mPivot >= 0 && !state.result)
    header += state.d >= 0 ? tr(", d = %1").arg(contactNumber(state.d)) : tr(", warm start");
  mHeader->setText(header);
  // The line can be wider than the dock: the tooltip holds it whole, with the key.
  mHeader->setToolTip(
      header + QLatin1Char('\n') +
      tr("Faded cells lie outside Acc (rows and columns of set C at the pivot); orange: the "
         "contact being driven; dashed green: the selected contact; purple J: joints"));

  updateTicks();
  updateOverlays();
  mStack->setCurrentWidget(mPlot);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

QString MatrixDock::rowLabel(int i) const {
  if (i < 0 || i >= shownSize()) return {};
  const bool joint = mJoint[static_cast<std::size_t>(i)];
  const QString& label = mLabels[static_cast<std::size_t>(i)];
  QString out = contactNumber(rowAt(i)) + (joint ? QStringLiteral("J") : QString());
  if (!label.isEmpty()) out += QLatin1Char(' ') + label;
  return out;
}

QString MatrixDock::shownTickLabel(int i) const {
  return i >= 0 && i < static_cast<int>(mTickLabels.size())
             ? mTickLabels[static_cast<std::size_t>(i)]
             : QString();
}

void MatrixDock::updateTicks() {
  const int n = shownSize();
  // As many labels as lines of text fit along the axis, at most kMaxTickLabels; the
  // rest are thinned to every k-th.
  const QFontMetrics metrics(mPlot->yAxis->tickLabelFont());
  const int pixels = std::max(40, mPlot->height() - 40);
  const int fit = std::clamp(pixels / (metrics.height() + 1), 2, kMaxTickLabels);
  const int inView = std::clamp(static_cast<int>(std::ceil(mPlot->yAxis->range().size())), 1, n);
  const int every = std::max(1, (inView + fit - 1) / fit);
  // Columns thinned on their own: square cells in a short dock are narrower than a number.
  int everyColumn = every;
  if (const int w = mPlot->axisRect()->width(); w > 0 && mPlot->xAxis2->range().size() > 0) {
    const double perColumn = w / mPlot->xAxis2->range().size();
    const int needed = metrics.horizontalAdvance(QString::number(n) + QStringLiteral("J")) + 4;
    everyColumn = std::max(every, static_cast<int>(std::ceil(needed / perColumn)));
  }
  auto rows = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  auto columns = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  auto jointRows = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  auto jointColumns = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  mTickLabels.assign(static_cast<std::size_t>(n), QString());
  bool anyJoint = false;
  for (int i = 0; i < n; ++i) {
    if (mJoint[static_cast<std::size_t>(i)]) {
      jointRows->addTick(i, QStringLiteral("J"));
      jointColumns->addTick(i, QStringLiteral("J"));
      anyJoint = true;
    }
    if (i % everyColumn == 0)
      columns->addTick(i,
                       contactNumber(rowAt(i)) + (mJoint[static_cast<std::size_t>(i)] ? "J" : ""));
    if (i % every != 0) continue;
    const QString label = metrics.elidedText(rowLabel(i), Qt::ElideRight, kRowLabelPixels);
    mTickLabels[static_cast<std::size_t>(i)] = label;
    rows->addTick(i, label);
  }
  mPlot->yAxis->setTicker(rows);
  mPlot->xAxis2->setTicker(columns);
  mPlot->yAxis2->setTicker(jointRows);
  mPlot->xAxis->setTicker(jointColumns);
  // The joint axes take room only when there are joints to mark.
  mPlot->xAxis->setVisible(anyJoint);
  mPlot->yAxis2->setVisible(anyJoint);
  if (mStack->currentWidget() == mPlot) mPlot->replot(QCustomPlot::rpQueuedReplot);
}

QCPItemRect* MatrixDock::outline(int index) {
  while (static_cast<int>(mOutlines.size()) <= index) {
    auto* r = new QCPItemRect(mPlot);
    r->topLeft->setAxes(mPlot->xAxis2, mPlot->yAxis);
    r->bottomRight->setAxes(mPlot->xAxis2, mPlot->yAxis);
    r->setBrush(Qt::NoBrush);
    r->setSelectable(false);
    mOutlines.push_back(r);
  }
  QCPItemRect* r = mOutlines[static_cast<std::size_t>(index)];
  r->setVisible(true);
  return r;
}

void MatrixDock::updateOverlays() {
  const int n = shownSize();
  int used = 0;
  const auto place = [&](int row0, int row1, int col0, int col1, const QPen& pen) {
    QCPItemRect* r = outline(used++);
    r->topLeft->setCoords(col0 - 0.5, row0 - 0.5);
    r->bottomRight->setCoords(col1 + 0.5, row1 + 0.5);
    r->setPen(pen);
  };
  // Acc = A[C, C]: one outline per block run_a x run_b of contiguous members.
  const auto runs = runsOf(mOutlined);
  if (static_cast<int>(runs.size()) <= kMaxOutlinedRuns) {
    const QPen pen(kAccOutline, 1.2);
    for (const auto& r : runs)
      for (const auto& c : runs) place(r.first, r.second, c.first, c.second, pen);
  }
  if (mDriven >= 0 && mDriven < n) {
    const QPen pen(kDriven, 2.0);
    place(mDriven, mDriven, 0, n - 1, pen);
    place(0, n - 1, mDriven, mDriven, pen);
  }
  if (mHighlighted >= 0) {
    const QPen pen(kSelected, 2.0, Qt::DashLine);
    place(mHighlighted, mHighlighted, 0, n - 1, pen);
    place(0, n - 1, mHighlighted, mHighlighted, pen);
  }
  for (std::size_t k = static_cast<std::size_t>(used); k < mOutlines.size(); ++k)
    mOutlines[k]->setVisible(false);
}

double MatrixDock::cellValue(int i, int j) const {
  const int n = shownSize();
  if (i < 0 || j < 0 || i >= n || j >= n) return std::numeric_limits<double>::quiet_NaN();
  return mMap->data()->cell(j, i);
}

QString MatrixDock::tooltipAt(int i, int j) const {
  const int n = shownSize();
  if (i < 0 || j < 0 || i >= n || j >= n) return {};
  return tr("A[%1, %2] = %3\nrow %4\ncolumn %5")
      .arg(contactNumber(rowAt(i)), contactNumber(rowAt(j)))
      .arg(QString::number(mA(rowAt(i), rowAt(j)), 'g', 6))
      .arg(rowLabel(i))
      .arg(rowLabel(j));
}

QString MatrixDock::headerText() const {
  return mHeader->text();
}

bool MatrixDock::showsMatrix() const {
  return mStack->currentWidget() == mPlot;
}

bool MatrixDock::cellAt(const QPoint& pos, int* row, int* column) const {
  const int n = shownSize();
  if (n == 0 || !mPlot->axisRect()->rect().contains(pos)) return false;
  const int j = static_cast<int>(std::lround(mPlot->xAxis2->pixelToCoord(pos.x())));
  const int i = static_cast<int>(std::lround(mPlot->yAxis->pixelToCoord(pos.y())));
  if (i < 0 || j < 0 || i >= n || j >= n) return false;
  *row = i;
  *column = j;
  return true;
}

void MatrixDock::onMouseMove(QMouseEvent* event) {
  int i = 0, j = 0;
  if (cellAt(event->pos(), &i, &j))
    QToolTip::showText(event->globalPosition().toPoint(), tooltipAt(i, j), mPlot);
  else
    QToolTip::hideText();
}

void MatrixDock::onMousePress(QMouseEvent* event) {
  int i = 0, j = 0;
  if (event->button() == Qt::LeftButton && cellAt(event->pos(), &i, &j))
    mSession->selectContact(rowAt(i));
}

}  // namespace cl::widgets
