#include "widgets/energy_dock.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/nice_step.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

QLineSeries* makeSeries(const QString& name, const QColor& color, double width) {
  auto* series = new QLineSeries;
  series->setName(name);
  // Qt Charts draws a solid curve segment by segment: flat caps keep the
  // antialiased ends from overlapping into a dark notch at every sample.
  QPen pen(color, width, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin);
  series->setPen(pen);
  return series;
}

// Every other point, keeping the last so the curve still ends at "now".
QList<QPointF> halved(const QList<QPointF>& points) {
  QList<QPointF> out;
  out.reserve(points.size() / 2 + 1);
  for (qsizetype i = 0; i < points.size(); i += 2) out.append(points[i]);
  if (!points.isEmpty() && out.last() != points.last()) out.append(points.last());
  return out;
}

}  // namespace

EnergyDock::EnergyDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Energy"), parent), mSession(session) {
  setObjectName(QStringLiteral("energyDock"));

  mKinetic = makeSeries(tr("kinetic"), QColor(0xd6, 0x27, 0x28), 1.6);
  mPotential = makeSeries(tr("potential"), QColor(0x1f, 0x77, 0xb4), 1.6);
  mTotal = makeSeries(tr("total"), QColor(0x20, 0x20, 0x20), 2.0);

  mChart = new QChart;
  // Animations would show a stale curve in a grab and cost time every frame.
  mChart->setAnimationOptions(QChart::NoAnimation);
  mChart->setMargins(QMargins(4, 4, 4, 4));
  mChart->legend()->setAlignment(Qt::AlignTop);
  for (QLineSeries* s : {mKinetic, mPotential, mTotal}) mChart->addSeries(s);

  mTimeAxis = new QValueAxis;
  mTimeAxis->setTitleText(tr("time (s)"));
  mTimeAxis->setLabelFormat(QStringLiteral("%.4g"));
  mTimeAxis->setTickType(QValueAxis::TicksDynamic);
  mEnergyAxis = new QValueAxis;
  mEnergyAxis->setTitleText(tr("energy"));
  mEnergyAxis->setLabelFormat(QStringLiteral("%.4g"));
  mEnergyAxis->setTickType(QValueAxis::TicksDynamic);
  mChart->addAxis(mTimeAxis, Qt::AlignBottom);
  mChart->addAxis(mEnergyAxis, Qt::AlignLeft);
  for (QLineSeries* s : {mKinetic, mPotential, mTotal}) {
    s->attachAxis(mTimeAxis);
    s->attachAxis(mEnergyAxis);
  }

  mView = new QChartView(mChart);
  mView->setRenderHint(QPainter::Antialiasing);
  mView->setMinimumSize(280, 200);
  setWidget(mView);

  connect(mSession, &Session::sceneLoaded, this, [this] {
    clear();
    append(mSession->snapshot().samples);
  });
  connect(mSession, &Session::stepped, this, [this] { append(mSession->snapshot().samples); });
  clear();
}

EnergyDock::~EnergyDock() = default;

void EnergyDock::clear() {
  for (QLineSeries* s : {mKinetic, mPotential, mTotal}) s->clear();
  mEmpty = true;
  mLow = mHigh = mLatestTime = 0.0;
  rescale();
}

void EnergyDock::append(const std::vector<EnergySample>& samples) {
  if (samples.empty()) return;
  QList<QPointF> kinetic, potential, total;
  for (const EnergySample& s : samples) {
    const double values[] = {s.energy.kinetic(), s.energy.potential, s.energy.total()};
    for (double v : values) {
      mLow = mEmpty ? v : std::min(mLow, v);
      mHigh = mEmpty ? v : std::max(mHigh, v);
      mEmpty = false;
    }
    kinetic.append({s.time, values[0]});
    potential.append({s.time, values[1]});
    total.append({s.time, values[2]});
    mLatestTime = s.time;
  }
  mKinetic->append(kinetic);
  mPotential->append(potential);
  mTotal->append(total);
  // A long run keeps its whole history at a coarser resolution instead of
  // growing without bound (QLineSeries redraws every point each frame).
  if (mTotal->count() > kMaxPoints) {
    for (QLineSeries* s : {mKinetic, mPotential, mTotal}) s->replace(halved(s->points()));
  }
  rescale();
}

void EnergyDock::rescale() {
  const double t0 = mTotal->count() > 0 ? mTotal->at(0).x() : 0.0;
  const double t1 = std::max(mLatestTime, t0 + 1.0);
  mTimeAxis->setTickAnchor(0.0);
  mTimeAxis->setTickInterval(niceStep((t1 - t0) / 5));
  mTimeAxis->setRange(t0, t1);
  if (mEmpty) {
    mEnergyAxis->setTickInterval(0.2);
    mEnergyAxis->setRange(0.0, 1.0);
    return;
  }
  // About five ticks at a round spacing, the range snapped outwards to them;
  // a curve just on a tick gets one more so it does not run along the frame.
  const double span =
      std::max(mHigh - mLow, 1e-3 * std::max({1.0, std::abs(mLow), std::abs(mHigh)}));
  const double step = niceStep(span / 5);
  const double room = 0.01 * step;
  double low = std::floor(mLow / step) * step;
  if (mLow - low < room) low -= step;
  double high = std::ceil(mHigh / step) * step;
  if (high - mHigh < room) high += step;
  mEnergyAxis->setTickAnchor(0.0);
  mEnergyAxis->setTickInterval(step);
  mEnergyAxis->setRange(low, high);
}

int EnergyDock::pointCount() const {
  return static_cast<int>(mTotal->count());
}
QList<QPointF> EnergyDock::kineticPoints() const {
  return mKinetic->points();
}
QList<QPointF> EnergyDock::potentialPoints() const {
  return mPotential->points();
}
QList<QPointF> EnergyDock::totalPoints() const {
  return mTotal->points();
}
double EnergyDock::xMin() const {
  return mTimeAxis->min();
}
double EnergyDock::xMax() const {
  return mTimeAxis->max();
}
double EnergyDock::yMin() const {
  return mEnergyAxis->min();
}
double EnergyDock::yMax() const {
  return mEnergyAxis->max();
}

}  // namespace cl::widgets
