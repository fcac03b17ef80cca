#include "widgets/vectors_dock.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QMouseEvent>
#include <QScrollArea>
#include <QStackedWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/math/named_enum.h"
#include "widgets/contact_numbers.h"
#include "widgets/contact_set_style.h"
#include "widgets/decision_text.h"
#include "widgets/dock_message.h"
#include "widgets/dock_on_screen.h"
#include "widgets/plot_refresh.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

const QColor kDrivenBand(0xff, 0x8c, 0x00, 70);  // as the matrix dock's driven outline
const QColor kLimitingBand(0x17, 0xbe, 0xcf, 70);
const QColor kSelected(0x1b, 0x9e, 0x77);  // as the matrix dock's selection
const QColor kViolation(0x80, 0x00, 0x20);
constexpr double kBarWidth = 0.75;    // in contacts
constexpr int kTickLabelPixels = 26;  // room per contact number on the bottom axis

// The smallest and largest finite value of a and b, with 0 always inside.
std::pair<double, double> extentWithZero(const std::vector<double>& a,
                                         const std::vector<double>& b) {
  double lo = 0.0, hi = 0.0;
  for (const auto* v : {&a, &b})
    for (double x : *v)
      if (std::isfinite(x)) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
      }
  return {lo, hi};
}

// A value range holding 0 and every value, with a little room so a bar does not touch
// the frame; a flat range opens to a unit around 0.
QCPRange valueRange(const std::vector<double>& a, const std::vector<double>& b = {}) {
  const auto [lo, hi] = extentWithZero(a, b);
  if (hi - lo <= 0.0) return QCPRange(-0.1, 1.0);
  const double room = 0.08 * (hi - lo);
  return QCPRange(lo < 0 ? lo - room : 0.0, hi > 0 ? hi + room : 0.0);
}

QString number(double v) {
  return QString::number(v, 'g', 4);
}

// A translucent colour as it looks over the white plot background.
QColor onWhite(const QColor& c) {
  const double a = c.alphaF();
  const auto mix = [a](int v) { return static_cast<int>(std::lround(a * v + (1 - a) * 255)); };
  return QColor(mix(c.red()), mix(c.green()), mix(c.blue()));
}

// Ticks at 0 and at the smallest and largest of the values.
QSharedPointer<QCPAxisTickerText> extremeTicks(const std::vector<double>& a,
                                               const std::vector<double>& b = {}) {
  const auto [lo, hi] = extentWithZero(a, b);
  auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  ticker->addTick(0.0, QStringLiteral("0"));
  // An extreme next to 0 (round-off, 1e-16) would print over the 0.
  const double near = 0.2 * (hi - lo);
  if (lo < -near) ticker->addTick(lo, QString::number(lo, 'g', 3));
  if (hi > near) ticker->addTick(hi, QString::number(hi, 'g', 3));
  return ticker;
}

}  // namespace

namespace {
QColor seriesColor(int series) {
  return series == VectorsDock::kJointSeries ? jointColor()
                                             : contactSetColor(static_cast<ContactSet>(series));
}
QString seriesName(int series) {
  return series == VectorsDock::kJointSeries
             ? VectorsDock::tr("joint")
             : QString::fromUtf8(nameOf(static_cast<ContactSet>(series)));
}

// Which colour is which set, and the marks.
QLabel* makeLegend() {
  QString legend;
  for (int k = 0; k < VectorsDock::kBarSeries; ++k)
    legend += QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2 &nbsp;")
                  .arg(seriesColor(k).name(), seriesName(k).toHtmlEscaped());
  legend += QStringLiteral(
                "<span style='background:%1'>&nbsp;d&nbsp;</span> driven &nbsp;"
                "<span style='background:%2'>&nbsp;j&nbsp;</span> limiting &nbsp;"
                "<span style='color:%3'>&#9482;</span> selected")
                .arg(onWhite(kDrivenBand).name(), onWhite(kLimitingBand).name(), kSelected.name());
  auto* legendLabel = new QLabel(legend);
  legendLabel->setTextFormat(Qt::RichText);
  legendLabel->setWordWrap(true);
  QFont legendFont = legendLabel->font();
  legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
  legendLabel->setFont(legendFont);
  return legendLabel;
}
}  // namespace

VectorsDock::VectorsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Vectors"), parent), mSession(session) {
  setObjectName(QStringLiteral("vectorsDock"));
  // Scrolls when the dock is shorter than its body: the window fits a 1000-pixel screen.
  setWidget(scrolled(buildBody()));
  buildPlots();

  connect(mPlot, &QCustomPlot::mouseMove, this, &VectorsDock::onMouseMove);
  connect(mPlot, &QCustomPlot::mousePress, this, &VectorsDock::onMousePress);
  // The Session emits selectionChanged after sceneLoaded and currentChanged too.
  connect(mSession, &Session::selectionChanged, this, &VectorsDock::refresh);
  connect(mSession, &Session::historyTruncated, this, &VectorsDock::refresh);
  showMessage(tr("No scene loaded."));
}

// The status line and the legend above the plots (or the message that stands in for them).
QWidget* VectorsDock::buildBody() {
  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->setSpacing(2);
  mStatus = new QLabel;
  mStatus->setTextFormat(Qt::PlainText);
  mStatus->setWordWrap(true);
  layout->addWidget(mStatus);
  layout->addWidget(makeLegend());
  layout->addWidget(buildStack(), 1);
  return body;
}

QStackedWidget* VectorsDock::buildStack() {
  mStack = new QStackedWidget;
  mMessage = makeDockMessage();
  mStack->addWidget(mMessage);
  mPlot = new QCustomPlot;
  mPlot->setMinimumSize(200, 160);
  deferRepaint(mPlot);
  mPlot->setMouseTracking(true);
  mStack->addWidget(mPlot);
  return mStack;
}

void VectorsDock::buildPlots() {
  QFont small = mPlot->font();
  small.setPointSizeF(small.pointSizeF() * 0.85);

  // One column: b, f, a and the violation sharing the contact axis. The legend is a
  // line of text above it, so the short plots keep all their height.
  QCPLayoutGrid* grid = mPlot->plotLayout();
  grid->clear();
  grid->setRowSpacing(0);
  auto* margins = new QCPMarginGroup(mPlot);
  for (int p = 0; p < kPlots; ++p) {
    buildAxisRect(p, margins, small);
    buildBands(p);
    buildBars(p);
  }
  buildPivotMarks(small);
  // Clicks fall through to the plot instead of selecting parts of it.
  mPlot->setInteractions(QCP::Interactions());
}

// Plot p's axis rect, in row p of the column.
void VectorsDock::buildAxisRect(int p, QCPMarginGroup* margins, const QFont& small) {
  const QString titles[kPlots] = {QStringLiteral("b"), QStringLiteral("f"), QStringLiteral("a"),
                                  tr("viol.")};
  const double stretch[kPlots] = {1.0, 1.0, 1.0, 0.7};
  QCPLayoutGrid* grid = mPlot->plotLayout();
  auto* rect = new QCPAxisRect(mPlot);
  grid->addElement(p, 0, rect);
  grid->setRowStretchFactor(p, stretch[p]);
  rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
  // Only the bottom plot carries the contact numbers: the others need no room below.
  const bool bottom = p == kPlots - 1;
  rect->setAutoMargins(bottom ? QCP::msLeft | QCP::msRight | QCP::msBottom
                              : QCP::msLeft | QCP::msRight);
  rect->setMargins(QMargins(0, 3, 0, 3));
  QCPAxis* x = rect->axis(QCPAxis::atBottom);
  QCPAxis* y = rect->axis(QCPAxis::atLeft);
  x->grid()->setVisible(false);
  x->setSubTicks(false);
  x->setTickLength(0, 2);
  x->setTickLabels(p == kPlots - 1);
  x->setTickLabelFont(small);
  x->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
  y->setLabel(titles[p]);
  y->setLabelFont(small);
  y->setLabelPadding(2);
  y->setTickLabelFont(small);
  y->setSubTicks(false);
  // Ticks at 0 and the extremes of the values (updateBars): a plot a few lines high
  // has room for no more, and the extremes are the numbers worth reading.
  y->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
  y->grid()->setZeroLinePen(QPen(QColor(0x60, 0x60, 0x60), 1.0));
  mRects[static_cast<std::size_t>(p)] = rect;
}

// Plot p's bands behind the bars of d, j and the selected contact, hidden until
// updateMarkers places them.
void VectorsDock::buildBands(int p) {
  QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
  QCPAxis* x = rect->axis(QCPAxis::atBottom);
  QCPAxis* y = rect->axis(QCPAxis::atLeft);
  auto& bands = mBands[static_cast<std::size_t>(p)];
  for (int k = 0; k < 3; ++k) {
    auto* band = new QCPItemRect(mPlot);
    band->setClipAxisRect(rect);
    band->setLayer(QStringLiteral("grid"));  // behind the bars
    for (QCPItemPosition* pos : {band->topLeft, band->bottomRight}) {
      pos->setAxisRect(rect);
      pos->setAxes(x, y);
      pos->setTypeX(QCPItemPosition::ptPlotCoords);
      pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    band->setSelectable(false);
    band->setVisible(false);
    bands[static_cast<std::size_t>(k)] = band;
  }
  bands[0]->setPen(Qt::NoPen);
  bands[0]->setBrush(kDrivenBand);
  bands[1]->setPen(Qt::NoPen);
  bands[1]->setBrush(kLimitingBand);
  bands[2]->setPen(QPen(kSelected, 1.5, Qt::DashLine));
  bands[2]->setBrush(Qt::NoBrush);
}

// Plot p's bars: one series per set and one for joints in b, f and a; one series in the
// violation plot.
void VectorsDock::buildBars(int p) {
  QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
  QCPAxis* x = rect->axis(QCPAxis::atBottom);
  QCPAxis* y = rect->axis(QCPAxis::atLeft);
  if (p == kPlots - 1) {
    mViolationBars = new QCPBars(x, y);
    mViolationBars->setWidth(kBarWidth);
    mViolationBars->setPen(Qt::NoPen);
    mViolationBars->setBrush(kViolation);
    mViolationBars->setName(tr("violation"));
    return;
  }
  for (int k = 0; k < kBarSeries; ++k) {
    auto* bars = new QCPBars(x, y);
    const QColor color = seriesColor(k);
    bars->setWidth(kBarWidth);
    bars->setPen(QPen(color.darker(130), 0.8));
    bars->setBrush(color);
    bars->setName(seriesName(k));
    mBars[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)] = bars;
  }
}

void VectorsDock::buildPivotMarks(const QFont& small) {
  // "d" and "j" over their bands at the top of the b plot.
  for (QCPItemText** text : {&mDrivenText, &mLimitingText}) {
    *text = new QCPItemText(mPlot);
    (*text)->setClipAxisRect(mRects[0]);
    (*text)->position->setAxisRect(mRects[0]);
    (*text)->position->setAxes(mRects[0]->axis(QCPAxis::atBottom),
                               mRects[0]->axis(QCPAxis::atLeft));
    (*text)->position->setTypeX(QCPItemPosition::ptPlotCoords);
    (*text)->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    (*text)->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    (*text)->setFont(small);
    (*text)->setSelectable(false);
    (*text)->setVisible(false);
  }
  mDrivenText->setText(QStringLiteral("d"));
  mDrivenText->setColor(QColor(kDrivenBand.rgb()).darker(140));  // opaque
  mLimitingText->setText(QStringLiteral("j"));
  mLimitingText->setColor(QColor(kLimitingBand.rgb()).darker(140));
}

VectorsDock::~VectorsDock() = default;

void VectorsDock::refresh() {
  if (!mWhenSeen.seenNow()) return;
  if (const SolveTrace* trace = mSession->selectedSolveTrace())
    showSolve(trace, mSession->selectedPivot(), mSession->selectedContact());
  else
    showMessage(mSession->noSolveReason());
}

void VectorsDock::showMessage(const QString& text) {
  mB.clear();
  mF.clear();
  mA.clear();
  mViolation.clear();
  mSets.clear();
  mJoint.clear();
  mLabels.clear();
  mPivot = mDriven = mLimiting = mHighlighted = -1;
  mStatus->setText(text);
  mMessage->setText(text);
  mStack->setCurrentWidget(mMessage);
}

void VectorsDock::showSolve(const SolveTrace* trace, int pivot, int selectedContact) {
  if (!trace) {
    showMessage(tr("No solve selected."));
    return;
  }
  const int n = static_cast<int>(trace->solve.b.size());
  if (n == 0) {
    showMessage(tr("This solve has no contacts."));
    return;
  }
  const SolveState state = solveStateAt(*trace, pivot);
  const auto toStd = [](const Eigen::VectorXd& v) {
    return std::vector<double>(v.data(), v.data() + v.size());
  };
  mB = toStd(trace->solve.b);
  mF = toStd(state.f);
  mA = toStd(state.a);
  mViolation = toStd(state.violation);
  mSets = state.set;
  mJoint.assign(static_cast<std::size_t>(n), false);
  for (int i = 0; i < n && i < static_cast<int>(trace->solve.joint.size()); ++i)
    mJoint[static_cast<std::size_t>(i)] = trace->solve.joint[static_cast<std::size_t>(i)];
  mLabels.assign(static_cast<std::size_t>(n), QString());
  for (int i = 0; i < n && i < static_cast<int>(trace->context.contacts.size()); ++i)
    mLabels[static_cast<std::size_t>(i)] =
        QString::fromStdString(trace->context.contacts[static_cast<std::size_t>(i)].label);
  mPivot = state.pivot;
  mDriven = state.d;
  mLimiting = state.j;
  mHighlighted = selectedContact >= 0 && selectedContact < n ? selectedContact : -1;

  const int pivots = static_cast<int>(trace->pivots.size());
  const double maxViolation = state.violation.size() > 0 ? state.violation.maxCoeff() : 0.0;
  QString status;
  if (state.result) {
    // What the simulation used, and how the solver reached it.
    status = decisionText(mPivot, pivots) + QStringLiteral(" (") +
             QString::fromLatin1(errorName(trace->solve.error)) + QStringLiteral("): ") +
             QString::fromStdString(howSolved(*trace));
  } else if (mPivot < 0) {
    status = decisionText(mPivot, pivots) + tr(" (f = 0, a = b)");
  } else {
    const SolverPivot& p = trace->pivots[static_cast<std::size_t>(mPivot)];
    status = decisionText(mPivot, pivots) + QStringLiteral(": ") +
             QString::fromUtf8(transitionName(p.transition));
    if (p.d >= 0) status += tr(", d = %1").arg(contactNumber(p.d));  // a warm start drives none
    if (p.j >= 0) status += tr(", j = %1").arg(contactNumber(p.j));
    status += p.stepTaken ? tr(", step %1").arg(number(p.step)) : tr(", no step");
  }
  status += tr("; max violation %1").arg(number(maxViolation));
  mStatus->setText(status);

  updateBars();
  updateMarkers();
  mStack->setCurrentWidget(mPlot);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

int VectorsDock::barSeries(int i) const {
  if (i < 0 || i >= static_cast<int>(mSets.size())) return static_cast<int>(ContactSet::kUntreated);
  const ContactSet s = mSets[static_cast<std::size_t>(i)];
  return mJoint[static_cast<std::size_t>(i)] && s != ContactSet::kUntreated ? kJointSeries
                                                                            : static_cast<int>(s);
}

QColor VectorsDock::barColor(int i) const {
  if (i < 0 || i >= static_cast<int>(mSets.size())) return {};
  return seriesColor(barSeries(i));
}

void VectorsDock::updateBars() {
  const int n = static_cast<int>(mSets.size());
  const std::vector<double>* values[3] = {&mB, &mF, &mA};
  for (int p = 0; p < 3; ++p)
    for (int k = 0; k < kBarSeries; ++k) {
      QVector<double> keys, heights;
      for (int i = 0; i < n; ++i)
        if (barSeries(i) == k) {
          keys << i;
          heights << (*values[p])[static_cast<std::size_t>(i)];
        }
      mBars[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)]->setData(keys, heights, true);
    }
  QVector<double> keys, heights;
  for (int i = 0; i < n; ++i) {
    keys << i;
    heights << mViolation[static_cast<std::size_t>(i)];
  }
  mViolationBars->setData(keys, heights, true);

  // b and a are both accelerations (a = A f + b): one scale shows how far f moved each.
  const QCPRange accel = valueRange(mB, mA);
  const QCPRange ranges[kPlots] = {accel, valueRange(mF), accel, valueRange(mViolation)};
  // Contact numbers thinned to what fits along the axis.
  const int fit = std::max(2, (mPlot->width() - 60) / kTickLabelPixels);
  const int every = std::max(1, (n + fit - 1) / fit);
  auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  for (int i = 0; i < n; i += every)
    ticker->addTick(i, contactNumber(i) + (mJoint[static_cast<std::size_t>(i)] ? "J" : ""));
  for (int p = 0; p < kPlots; ++p) {
    QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
    rect->axis(QCPAxis::atBottom)->setRange(-0.6, n - 0.4);
    rect->axis(QCPAxis::atBottom)->setTicker(ticker);
    rect->axis(QCPAxis::atLeft)->setRange(ranges[p]);
  }
  mRects[0]->axis(QCPAxis::atLeft)->setTicker(extremeTicks(mB, mA));
  mRects[1]->axis(QCPAxis::atLeft)->setTicker(extremeTicks(mF));
  mRects[2]->axis(QCPAxis::atLeft)->setTicker(extremeTicks(mB, mA));
  mRects[3]->axis(QCPAxis::atLeft)->setTicker(extremeTicks(mViolation));
}

void VectorsDock::updateMarkers() {
  // When d limits itself (it reached a = 0) its one band says it.
  const int marked[3] = {mDriven, mLimiting != mDriven ? mLimiting : -1, mHighlighted};
  for (int p = 0; p < kPlots; ++p)
    for (int k = 0; k < 3; ++k) {
      QCPItemRect* band = mBands[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)];
      const int i = marked[k];
      band->setVisible(i >= 0);
      if (i < 0) continue;
      band->topLeft->setCoords(i - 0.5, 0.0);
      band->bottomRight->setCoords(i + 0.5, 1.0);
    }
  mDrivenText->setVisible(mDriven >= 0);
  mDrivenText->position->setCoords(mDriven, 0.0);
  mLimitingText->setVisible(mLimiting >= 0 && mLimiting != mDriven);
  mLimitingText->position->setCoords(mLimiting, 0.0);
}

std::vector<double> VectorsDock::plottedValues(int plot) const {
  std::vector<double> out(mSets.size(), std::nan(""));
  const auto read = [&](const QCPBars* bars) {
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
      const int i = static_cast<int>(std::lround(it->key));
      if (i >= 0 && i < static_cast<int>(out.size())) out[static_cast<std::size_t>(i)] = it->value;
    }
  };
  if (plot == kPlots - 1) {
    read(mViolationBars);
  } else if (plot >= 0 && plot < 3) {
    for (const QCPBars* bars : mBars[static_cast<std::size_t>(plot)]) read(bars);
  }
  return out;
}

QString VectorsDock::statusText() const {
  return mStatus->text();
}

bool VectorsDock::showsBars() const {
  return mStack->currentWidget() == mPlot;
}

QString VectorsDock::tooltipFor(int i) const {
  if (i < 0 || i >= static_cast<int>(mSets.size())) return {};
  const std::size_t k = static_cast<std::size_t>(i);
  QString name = contactNumber(i) + (mJoint[k] ? QStringLiteral("J") : QString());
  if (!mLabels[k].isEmpty()) name += QLatin1Char(' ') + mLabels[k];
  return tr("%1: %2\nb = %3\nf = %4\na = %5\nviolation = %6")
      .arg(name, QString::fromUtf8(nameOf(mSets[k])), number(mB[k]), number(mF[k]), number(mA[k]),
           number(mViolation[k]));
}

int VectorsDock::contactAt(const QPoint& pos) const {
  const int n = static_cast<int>(mSets.size());
  if (n == 0 || !showsBars()) return -1;
  for (QCPAxisRect* rect : mRects)
    if (rect->rect().contains(pos)) {
      const int i =
          static_cast<int>(std::lround(rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x())));
      return i >= 0 && i < n ? i : -1;
    }
  return -1;
}

void VectorsDock::onMouseMove(QMouseEvent* event) {
  const int i = contactAt(event->pos());
  if (i >= 0)
    QToolTip::showText(event->globalPosition().toPoint(), tooltipFor(i), mPlot);
  else
    QToolTip::hideText();
}

void VectorsDock::onMousePress(QMouseEvent* event) {
  const int i = contactAt(event->pos());
  if (event->button() == Qt::LeftButton && i >= 0) mSession->selectContact(i);
}

}  // namespace cl::widgets
