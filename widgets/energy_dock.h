#pragma once
// EnergyDock: kinetic, potential and total energy against time (Qt Charts),
// appended as the session steps and cleared when a scene is (re)loaded.
#include <QDockWidget>
#include <QList>
#include <QPointF>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace cl::widgets {

class Session;
struct EnergySample;

class EnergyDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit EnergyDock(Session* session, QWidget* parent = nullptr);
  ~EnergyDock() override;

  // Points per curve before the history is thinned to every other point.
  static constexpr int kMaxPoints = 4000;

  // What the chart holds, for tests.
  int pointCount() const;
  QList<QPointF> kineticPoints() const;
  QList<QPointF> potentialPoints() const;
  QList<QPointF> totalPoints() const;
  double xMin() const;
  double xMax() const;
  double yMin() const;
  double yMax() const;

 private:
  void clear();
  void append(const std::vector<EnergySample>& samples);
  void rescale();

  Session* mSession;
  QChart* mChart = nullptr;
  QChartView* mView = nullptr;
  QLineSeries* mKinetic = nullptr;
  QLineSeries* mPotential = nullptr;
  QLineSeries* mTotal = nullptr;
  QValueAxis* mTimeAxis = nullptr;
  QValueAxis* mEnergyAxis = nullptr;
  double mLow = 0.0;   // smallest energy seen since the last clear
  double mHigh = 0.0;  // largest
  double mLatestTime = 0.0;
  bool mEmpty = true;
};

}  // namespace cl::widgets
