#include "widgets/time_series_dock.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "widgets/dock_on_screen.h"
#include "widgets/nice_axis.h"
#include "widgets/plot_refresh.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

using Series = TimeSeriesDock::Series;
using Plot = TimeSeriesDock::Plot;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Below this a plot's labels overlap: past it the plots scroll instead of shrinking.
constexpr int kMinPlotHeight = 56;
// Room the time axis' tick labels take under the lowest plot.
constexpr int kTimeAxisHeight = 22;

struct SeriesInfo {
  Series series;
  Plot plot;
  const char* name;
  QColor color;
};

// Colours follow the energy dock (kinetic red, potential blue, total near-black).
const SeriesInfo kSeries[TimeSeriesDock::kSeriesCount] = {
    {Series::kKinetic, Plot::kEnergy, QT_TRANSLATE_NOOP("TimeSeriesDock", "kinetic"),
     QColor(0xd6, 0x27, 0x28)},
    {Series::kPotential, Plot::kEnergy, QT_TRANSLATE_NOOP("TimeSeriesDock", "potential"),
     QColor(0x1f, 0x77, 0xb4)},
    {Series::kTotal, Plot::kEnergy, QT_TRANSLATE_NOOP("TimeSeriesDock", "total"),
     QColor(0x20, 0x20, 0x20)},
    {Series::kFrictionLoss, Plot::kEnergy, QT_TRANSLATE_NOOP("TimeSeriesDock", "lost to friction"),
     QColor(0x8c, 0x6d, 0x31)},
    {Series::kContacts, Plot::kContacts, QT_TRANSLATE_NOOP("TimeSeriesDock", "contacts"),
     QColor(0x2c, 0xa0, 0x2c)},
    {Series::kPivotsPerSolve, Plot::kPivots,
     QT_TRANSLATE_NOOP("TimeSeriesDock", "pivots per solve"), QColor(0x94, 0x67, 0xbd)},
    {Series::kMaxViolation, Plot::kViolation,
     QT_TRANSLATE_NOOP("TimeSeriesDock", "max complementarity violation"),
     QColor(0xff, 0x7f, 0x0e)},
    {Series::kMinDistance, Plot::kMinDistance,
     QT_TRANSLATE_NOOP("TimeSeriesDock", "min contact distance"), QColor(0x17, 0xbe, 0xcf)},
    {Series::kBackups, Plot::kBackups, QT_TRANSLATE_NOOP("TimeSeriesDock", "back-ups / step"),
     QColor(0x8c, 0x56, 0x4b)},
    {Series::kCollisions, Plot::kBackups, QT_TRANSLATE_NOOP("TimeSeriesDock", "collisions / step"),
     QColor(0xe3, 0x77, 0xc2)},
};

struct PlotInfo {
  const char* toggle;  // the show/hide check box
  bool shownByDefault;
  bool logScale;
  bool fromZero;          // counts: the axis starts at 0 so a change reads as a change of height
  const char* emptyNote;  // shown when the plot has no finite point
};

const PlotInfo kPlots[TimeSeriesDock::kPlotCount] = {
    {QT_TRANSLATE_NOOP("TimeSeriesDock", "Energy"), true, false, false, ""},
    {QT_TRANSLATE_NOOP("TimeSeriesDock", "Contacts"), true, false, true, ""},
    {QT_TRANSLATE_NOOP("TimeSeriesDock", "Pivots / solve"), false, false, true, ""},
    {QT_TRANSLATE_NOOP("TimeSeriesDock", "Violation"), true, true, false,
     QT_TRANSLATE_NOOP("TimeSeriesDock",
                       "no violation in the frictionless solves (friction solves are judged by "
                       "their fallbacks: Find > poor solve says why a step is poor)")},
    {QT_TRANSLATE_NOOP("TimeSeriesDock", "Min distance"), false, false, false,
     QT_TRANSLATE_NOOP("TimeSeriesDock", "no contacts: no distance to show")},
    {QT_TRANSLATE_NOOP("TimeSeriesDock", "Back-ups"), true, false, true, ""},
};

int idx(Series s) {
  return static_cast<int>(s);
}
int idx(Plot p) {
  return static_cast<int>(p);
}

// The value plotted for series `s` of a step.
double valueOf(Series s, const StepStats& st) {
  switch (s) {
    case Series::kKinetic:
      return st.energy.kinetic();
    case Series::kPotential:
      return st.energy.potential;
    case Series::kTotal:
      return st.energy.total();
    case Series::kFrictionLoss:
      return st.energy.frictionLoss;
    case Series::kContacts:
      return st.contacts;
    case Series::kPivotsPerSolve:
      return st.solves.pivotsPerSolve();
    case Series::kMaxViolation:
      // A log axis cannot show 0 (an exact solve): it is a gap in the curve.
      return st.solves.maxViolation > 0.0 ? st.solves.maxViolation : kNaN;
    case Series::kMinDistance:
      return st.minDistance;
    case Series::kBackups:
      return static_cast<double>(st.backups);
    case Series::kCollisions:
      return static_cast<double>(st.collisions);
  }
  return kNaN;
}

}  // namespace

TimeSeriesDock::TimeSeriesDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Time series"), parent), mSession(session) {
  setObjectName(QStringLiteral("timeSeriesDock"));

  // Ticks, legends, notes and the hint share one font, a little smaller than the dock's.
  QFont tickFont = font();
  tickFont.setPointSizeF(std::max(6.0, tickFont.pointSizeF() - 1.5));
  buildPlots(tickFont);
  buildGraphs();
  buildPages(buildToggles(tickFont));
  connectScrubbing();
  connectSession();

  layoutPlots();
  rebuild();
}

void TimeSeriesDock::buildPlots(const QFont& tickFont) {
  mPlot = new QCustomPlot;
  mPlot->plotLayout()->clear();  // drops the default axis rect; ours are stacked below
  mPlot->plotLayout()->setRowSpacing(0);
  mPlot->setAutoAddPlottableToLegend(false);
  mPlot->setNoAntialiasingOnDrag(true);
  deferRepaint(mPlot);
  mMargins = new QCPMarginGroup(mPlot);

  const QFont legendFont = tickFont;
  for (int p = 0; p < kPlotCount; ++p) {
    QCPAxisRect* rect = addAxisRect(p, tickFont);
    addLegend(rect, legendFont);
    addCursor(p);
    addEmptyNote(p, legendFont);
    mShown[static_cast<std::size_t>(p)] = kPlots[p].shownByDefault;
  }
}

QCPAxisRect* TimeSeriesDock::addAxisRect(int p, const QFont& tickFont) {
  auto* rect = new QCPAxisRect(mPlot);
  rect->axis(QCPAxis::atTop)->setVisible(false);
  rect->axis(QCPAxis::atRight)->setVisible(false);
  rect->setMinimumMargins(QMargins(0, 3, 0, 0));
  QCPAxis* timeAxis = rect->axis(QCPAxis::atBottom);
  QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
  for (QCPAxis* a : {timeAxis, valueAxis}) {
    a->setTickLabelFont(tickFont);
    a->setLabelFont(tickFont);
    a->ticker()->setTickCount(4);
  }
  valueAxis->ticker()->setTickCount(3);
  if (kPlots[p].fromZero && p != idx(Plot::kPivots)) {
    // Counts: whole-number ticks only.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    ticker->setTickCount(3);
    valueAxis->setTicker(ticker);
  }
  if (kPlots[p].logScale) {
    valueAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(10);
    ticker->setSubTickCount(0);
    valueAxis->setTicker(ticker);
    valueAxis->setNumberFormat(QStringLiteral("eb"));
    valueAxis->setNumberPrecision(0);
  } else {
    valueAxis->setNumberFormat(QStringLiteral("g"));
    valueAxis->setNumberPrecision(4);
  }
  mRects[static_cast<std::size_t>(p)] = rect;
  // In the layout before its items are made: QCustomPlot gives a new item the plot's
  // first axis rect and warns when there is none. layoutPlots() arranges them after.
  mPlot->plotLayout()->addElement(p, 0, rect);
  return rect;
}

void TimeSeriesDock::addLegend(QCPAxisRect* rect, const QFont& legendFont) {
  // A legend in the top-right corner names the curves: at this height an axis title
  // would not fit beside the tick labels.
  auto* legend = new QCPLegend;
  rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
  legend->setLayer(QStringLiteral("legend"));
  legend->setFont(legendFont);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  legend->setBrush(QColor(255, 255, 255, 200));
  legend->setBorderPen(Qt::NoPen);
  legend->setMargins(QMargins(3, 0, 3, 0));
  legend->setIconSize(14, 8);
  legend->setRowSpacing(0);
  legend->setColumnSpacing(6);
}

void TimeSeriesDock::addCursor(int p) {
  QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
  // The record shown: a vertical line at its time, the height of the plot.
  auto* cursor = new QCPItemStraightLine(mPlot);
  cursor->setClipAxisRect(rect);
  for (QCPItemPosition* pos : {cursor->point1, cursor->point2}) {
    pos->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    pos->setAxisRect(rect);
    pos->setTypeX(QCPItemPosition::ptPlotCoords);
    pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
  }
  cursor->setPen(QPen(QColor(0xe0, 0x40, 0x40), 1.0, Qt::DashLine));
  mCursors[static_cast<std::size_t>(p)] = cursor;
}

void TimeSeriesDock::addEmptyNote(int p, const QFont& noteFont) {
  QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
  auto* note = new QCPItemText(mPlot);
  note->setClipAxisRect(rect);
  note->position->setAxisRect(rect);
  note->position->setType(QCPItemPosition::ptAxisRectRatio);
  note->position->setCoords(0.5, 0.5);
  note->setFont(noteFont);
  note->setColor(QColor(0x70, 0x70, 0x70));
  note->setText(tr(kPlots[p].emptyNote));
  note->setVisible(false);
  mEmptyNotes[static_cast<std::size_t>(p)] = note;
}

void TimeSeriesDock::buildGraphs() {
  for (const SeriesInfo& info : kSeries) {
    QCPAxisRect* rect = mRects[static_cast<std::size_t>(idx(info.plot))];
    QCPGraph* graph = mPlot->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    graph->setName(tr(info.name));
    // Back-ups come with collisions: drawn wider, underneath, they stay visible.
    const double width = info.series == Series::kBackups ? 3.0
                         : info.series == Series::kTotal ? 1.8
                                                         : 1.3;
    graph->setPen(QPen(info.color, width));
    // Counts change by whole steps: draw them as steps, not as slopes between records.
    if (info.plot == Plot::kContacts || info.plot == Plot::kBackups)
      graph->setLineStyle(QCPGraph::lsStepLeft);
    graph->addToLegend(legendOf(info.plot));
    mGraphs[static_cast<std::size_t>(idx(info.series))] = graph;
  }
  mFrictionSeen = true;  // so that the call below hides the curve
  showFrictionLoss(false);
}

QWidget* TimeSeriesDock::buildToggles(const QFont& hintFont) {
  // Show/hide check boxes in a narrow column at the left: the dock is short and wide.
  auto* toggles = new QWidget;
  auto* toggleLayout = new QVBoxLayout(toggles);
  toggleLayout->setContentsMargins(4, 2, 2, 2);
  toggleLayout->setSpacing(0);
  for (int p = 0; p < kPlotCount; ++p) {
    auto* box = new QCheckBox(tr(kPlots[p].toggle));
    box->setChecked(mShown[static_cast<std::size_t>(p)]);
    box->setToolTip(tr("Show or hide the %1 plot").arg(tr(kPlots[p].toggle).toLower()));
    connect(box, &QCheckBox::toggled, this,
            [this, p](bool on) { setPlotShown(static_cast<Plot>(p), on); });
    toggleLayout->addWidget(box);
    mToggles[static_cast<std::size_t>(p)] = box;
  }
  toggleLayout->addStretch(1);
  auto* hint = new QLabel(tr("Click a plot to show that step."));
  hint->setWordWrap(true);
  hint->setStyleSheet(QStringLiteral("color: #707070"));
  hint->setFont(hintFont);
  toggleLayout->addWidget(hint);
  toggles->setMaximumWidth(120);
  return toggles;
}

void TimeSeriesDock::buildPages(QWidget* toggles) {
  mScroll = new QScrollArea;
  mScroll->setWidgetResizable(true);
  mScroll->setFrameShape(QFrame::NoFrame);
  mScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  mScroll->setWidget(mPlot);

  auto* plots = new QWidget;
  auto* row = new QHBoxLayout(plots);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(0);
  row->addWidget(toggles);
  row->addWidget(mScroll, 1);
  mNoPlot = new QLabel(tr("Every plot is switched off: tick one at the left."));
  mNoPlot->setAlignment(Qt::AlignCenter);
  row->addWidget(mNoPlot, 1);

  mNothing = new QLabel(tr("No scene loaded: nothing to plot."));
  mNothing->setAlignment(Qt::AlignCenter);
  mStack = new QStackedWidget;
  mStack->addWidget(mNothing);
  mStack->addWidget(plots);
  mStack->setMinimumSize(300, 120);
  setWidget(mStack);
}

void TimeSeriesDock::connectScrubbing() {
  // A click (or a drag) in a plot shows the record nearest to the time under the mouse.
  connect(mPlot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) scrubTo(e);
  });
  connect(mPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    if (e->buttons() & Qt::LeftButton) scrubTo(e);
  });
}

void TimeSeriesDock::connectSession() {
  connect(mSession, &Session::sceneLoaded, this, &TimeSeriesDock::rebuild);
  connect(mSession, &Session::historyTruncated, this, &TimeSeriesDock::rebuild);
  connect(mSession, &Session::stepped, this, &TimeSeriesDock::appendNew);
  connect(mSession, &Session::currentChanged, this, [this] {
    updateCursor();
    requestReplot();
  });
}

TimeSeriesDock::~TimeSeriesDock() = default;

// ---- Data

void TimeSeriesDock::rebuild() {
  const RunHistory& history = mSession->history();
  for (QCPGraph* g : mGraphs) g->data()->clear();
  mLow.fill(kNaN);
  mHigh.fill(kNaN);
  mLastStep = -1;
  mTailExtra = false;
  showFrictionLoss(false);
  mDropped = history.droppedRecords();
  // The smallest power of two that keeps every curve within kMaxPoints: n consecutive
  // steps hold at most ceil(n / stride) multiples of it, plus the newest off the stride.
  mStride = 1;
  while ((history.size() + mStride - 1) / mStride + 1 > kMaxPoints) mStride *= 2;
  mFirstTime = history.empty() ? 0.0 : history.at(0).stats.time;
  mLastTime = mFirstTime;
  mStack->setCurrentIndex(mSession->hasScene() && !history.empty() ? 1 : 0);
  mRebuilding = true;  // the stride above fits: appendNew must not thin again
  appendNew();
  mRebuilding = false;
  updateCursor();
}

void TimeSeriesDock::appendNew() {
  const RunHistory& history = mSession->history();
  if (history.droppedRecords() != mDropped) {
    rebuild();  // the front of the run is gone: the curves start later now
    return;
  }
  if (history.empty()) {
    updateRanges();
    requestReplot();
    return;
  }
  int from = 0;
  if (mLastStep >= 0) {
    const int last = history.indexOfStep(mLastStep);
    // The record last plotted is gone or no longer the one before the new ones.
    if (last < 0 || history.at(last).stats.time != mLastTime) {
      rebuild();
      return;
    }
    from = last + 1;
  }
  if (from >= history.size()) return;
  if (mTailExtra) {
    // The newest step was plotted off the stride to keep the curve up to "now"; it is
    // replaced by what follows.
    for (QCPGraph* g : mGraphs) g->data()->remove(mLastTime);
    mTailExtra = false;
  }
  for (int i = from; i < history.size(); ++i) {
    const StepRecord& r = history.at(i);
    if (r.step % mStride == 0 || i == history.size() - 1) {
      appendRecord(r);
      mTailExtra = r.step % mStride != 0;
    }
    mLastStep = r.step;
    mLastTime = r.stats.time;
  }
  if (mGraphs[0]->data()->size() > kMaxPoints && !mRebuilding) {
    // A long run keeps its whole span at half the resolution rather than growing
    // without bound (each replot walks every point).
    rebuild();
    return;
  }
  updateRanges();
  updateEmptyNotes();
  requestReplot();
}

void TimeSeriesDock::appendRecord(const StepRecord& r) {
  const double t = r.stats.time;
  for (const SeriesInfo& info : kSeries) {
    const double v = valueOf(info.series, r.stats);
    mGraphs[static_cast<std::size_t>(idx(info.series))]->addData(t, v);
    if (!std::isfinite(v)) continue;
    if (info.series == Series::kFrictionLoss) {
      if (v == 0.0 && !mFrictionSeen) continue;
      showFrictionLoss(true);
    }
    const auto p = static_cast<std::size_t>(idx(info.plot));
    if (kPlots[p].logScale && v <= 0.0) continue;
    mLow[p] = std::isnan(mLow[p]) ? v : std::min(mLow[p], v);
    mHigh[p] = std::isnan(mHigh[p]) ? v : std::max(mHigh[p], v);
  }
}

QCPLegend* TimeSeriesDock::legendOf(Plot p) const {
  return qobject_cast<QCPLegend*>(
      mRects[static_cast<std::size_t>(idx(p))]->insetLayout()->elementAt(0));
}

void TimeSeriesDock::showFrictionLoss(bool shown) {
  if (shown == mFrictionSeen) return;
  mFrictionSeen = shown;
  QCPGraph* graph = mGraphs[static_cast<std::size_t>(idx(Series::kFrictionLoss))];
  graph->setVisible(shown);
  if (shown)
    graph->addToLegend(legendOf(Plot::kEnergy));
  else
    graph->removeFromLegend(legendOf(Plot::kEnergy));
}

// ---- Axes and cursor

void TimeSeriesDock::updateRanges() {
  // The whole run held, with at least a few time steps of width so one point shows.
  const double minSpan = std::max(10.0 * mSession->timeStep(), 1e-6);
  const double t1 = std::max(mLastTime, mFirstTime + minSpan);
  for (int p = 0; p < kPlotCount; ++p) {
    QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
    rect->axis(QCPAxis::atBottom)->setRange(mFirstTime, t1);
    QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
    double low = mLow[static_cast<std::size_t>(p)];
    double high = mHigh[static_cast<std::size_t>(p)];
    if (kPlots[p].logScale) {
      if (std::isnan(low)) {
        setNiceLogRange(valueAxis, 1e-16, 1e-8);
        continue;
      }
      setNiceLogRange(valueAxis, low, high);
      continue;
    }
    if (std::isnan(low)) {
      valueAxis->setRange(0.0, 1.0);
      continue;
    }
    if (kPlots[p].fromZero) low = std::min(low, 0.0);
    double span = high - low;
    if (span <= 0.0) span = std::max(1.0, std::abs(high)) * 0.2;
    const double pad = 0.08 * span;
    valueAxis->setRange(kPlots[p].fromZero && low >= 0.0 ? low : low - pad, high + pad);
  }
}

void TimeSeriesDock::updateCursor() {
  const StepRecord* r = mSession->current();
  mCursorTime = r ? r->stats.time : kNaN;
  for (int p = 0; p < kPlotCount; ++p) {
    QCPItemStraightLine* line = mCursors[static_cast<std::size_t>(p)];
    line->setVisible(r && mShown[static_cast<std::size_t>(p)]);
    if (!r) continue;
    line->point1->setCoords(mCursorTime, 0.0);
    line->point2->setCoords(mCursorTime, 1.0);
  }
}

void TimeSeriesDock::updateEmptyNotes() {
  for (int p = 0; p < kPlotCount; ++p) {
    const bool empty = std::isnan(mLow[static_cast<std::size_t>(p)]);
    mEmptyNotes[static_cast<std::size_t>(p)]->setVisible(empty && *kPlots[p].emptyNote &&
                                                         mShown[static_cast<std::size_t>(p)] &&
                                                         mSession->hasScene());
  }
}

// ---- Which plots are shown

bool TimeSeriesDock::isPlotShown(Plot p) const {
  return mShown[static_cast<std::size_t>(idx(p))];
}

void TimeSeriesDock::setPlotShown(Plot p, bool shown) {
  if (mShown[static_cast<std::size_t>(idx(p))] == shown) return;
  mShown[static_cast<std::size_t>(idx(p))] = shown;
  mToggles[static_cast<std::size_t>(idx(p))]->setChecked(shown);
  layoutPlots();
  updateCursor();
  updateEmptyNotes();
  requestReplot();
}

void TimeSeriesDock::layoutPlots() {
  QCPLayoutGrid* grid = mPlot->plotLayout();
  for (QCPAxisRect* rect : mRects)
    if (rect->layout()) grid->take(rect);
  grid->simplify();
  int row = 0;
  int lowest = -1;
  for (int p = 0; p < kPlotCount; ++p)
    if (mShown[static_cast<std::size_t>(p)]) lowest = p;
  for (int p = 0; p < kPlotCount; ++p) {
    QCPAxisRect* rect = mRects[static_cast<std::size_t>(p)];
    const bool shown = mShown[static_cast<std::size_t>(p)];
    // A rect out of the layout keeps its old geometry: hiding it keeps its axes,
    // graphs and legend (its children) from being drawn there.
    rect->setVisible(shown);
    // Hidden plots leave the margin group so their labels do not widen the others'.
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, shown ? mMargins : nullptr);
    if (!shown) continue;
    // One time axis with labels, under the lowest plot; the others only tick it.
    QCPAxis* timeAxis = rect->axis(QCPAxis::atBottom);
    timeAxis->setTickLabels(p == lowest);
    timeAxis->setLabel(p == lowest ? tr("time (s)") : QString());
    grid->addElement(row++, 0, rect);
  }
  // Nothing chosen: say so rather than leave a blank area.
  mScroll->setVisible(row > 0);
  mNoPlot->setVisible(row == 0);
  mPlot->setMinimumHeight(row * kMinPlotHeight + kTimeAxisHeight);
  for (int p = 0; p < kPlotCount; ++p)
    if (!mShown[static_cast<std::size_t>(p)])
      mEmptyNotes[static_cast<std::size_t>(p)]->setVisible(false);
}

void TimeSeriesDock::requestReplot() {
  // A hidden dock keeps its data current (cheap) but draws only when shown.
  if (!mWhenSeen.seenNow()) return;
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

// ---- Scrubbing

int TimeSeriesDock::recordNearest(double t) const {
  const RunHistory& history = mSession->history();
  if (history.empty() || !std::isfinite(t)) return -1;
  // Times grow with the index: binary search for the first record at or after t.
  int lo = 0;
  int hi = history.size() - 1;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (history.at(mid).stats.time < t)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo > 0 && t - history.at(lo - 1).stats.time <= history.at(lo).stats.time - t) return lo - 1;
  return lo;
}

void TimeSeriesDock::scrubTo(const QMouseEvent* event) {
  if (!mSession->hasScene()) return;
  // Every plot shares the time axis and, through the margin group, its pixel span.
  QCPAxisRect* rect = mPlot->axisRectAt(event->position());
  if (!rect) return;
  const double t = rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x());
  const int index = recordNearest(t);
  if (index >= 0 && index != mSession->currentIndex()) mSession->showStep(index);
}

// ---- For tests

bool TimeSeriesDock::isCurveShown(Series s) const {
  return mGraphs[static_cast<std::size_t>(idx(s))]->visible();
}

int TimeSeriesDock::pointCount(Series s) const {
  return mGraphs[static_cast<std::size_t>(idx(s))]->data()->size();
}

QVector<double> TimeSeriesDock::times(Series s) const {
  QVector<double> out;
  const auto data = mGraphs[static_cast<std::size_t>(idx(s))]->data();
  out.reserve(data->size());
  for (auto it = data->constBegin(); it != data->constEnd(); ++it) out.append(it->key);
  return out;
}

QVector<double> TimeSeriesDock::values(Series s) const {
  QVector<double> out;
  const auto data = mGraphs[static_cast<std::size_t>(idx(s))]->data();
  out.reserve(data->size());
  for (auto it = data->constBegin(); it != data->constEnd(); ++it) out.append(it->value);
  return out;
}

double TimeSeriesDock::timeMin() const {
  return mRects[0]->axis(QCPAxis::atBottom)->range().lower;
}

double TimeSeriesDock::timeMax() const {
  return mRects[0]->axis(QCPAxis::atBottom)->range().upper;
}

}  // namespace cl::widgets
