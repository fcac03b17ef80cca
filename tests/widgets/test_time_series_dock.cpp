#include <qcustomplot.h>

#include <QDir>
#include <QStackedWidget>
#include <QTest>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>
#include <vector>

#include "engine/scene/scene.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/nice_axis.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"
#include "widgets/time_series_dock.h"

using cl::widgets::Session;
using cl::widgets::TimeSeriesDock;
using Series = TimeSeriesDock::Series;
using Plot = TimeSeriesDock::Plot;

using cl::testing::scenePath;

namespace {

// One block of mass 2 let go at rest under gravity 9.8, nothing to hit: its kinetic
// energy is (1/2) m (g t)^2 exactly (Runge-Kutta integrates a constant acceleration
// without error).
constexpr double kMass = 2.0;
constexpr double kG = 9.8;
constexpr double kDt = 0.025;
const char* const kFallingBlock = R"({
  "format": "contactlab-scene", "version": 3, "title": "falling block",
  "settings": {"time_step": 0.025, "integrator": "runge-kutta"},
  "bodies": [{"name": "block", "shape": "block", "width": 1, "height": 1, "mass": 2,
              "position": [0, 100]}],
  "forces": [{"kind": "gravity", "g": 9.8}]
})";

cl::Scene fallingBlock() {
  return cl::loadScene(kFallingBlock, "falling block");
}

}  // namespace

TEST_CASE("TimeSeriesDock with no scene shows that there is nothing to plot",
          "[time_series_dock]") {
  Session session;
  TimeSeriesDock dock(&session);
  CHECK(dock.objectName() == QStringLiteral("timeSeriesDock"));
  CHECK(dock.pointCount(Series::kKinetic) == 0);
  CHECK(std::isnan(dock.cursorTime()));
  CHECK(dock.recordNearest(1.0) == -1);
  auto* stack = dock.findChild<QStackedWidget*>();
  REQUIRE(stack);
  CHECK(stack->currentIndex() == 0);  // the "No scene loaded" page
  dock.resize(800, 220);
  dock.show();
  QTest::qWait(20);  // a replot with no data must not crash
}

TEST_CASE("TimeSeriesDock plots the kinetic energy of a falling block as (1/2) m (g t)^2",
          "[time_series_dock]") {
  Session session;
  TimeSeriesDock dock(&session);
  session.setScene(fallingBlock());
  REQUIRE(dock.pointCount(Series::kKinetic) == 1);

  constexpr int n = 40;
  REQUIRE(session.stepNow(n));
  REQUIRE(dock.pointCount(Series::kKinetic) == n + 1);
  for (Series s :
       {Series::kPotential, Series::kTotal, Series::kContacts, Series::kMinDistance,
        Series::kBackups, Series::kCollisions, Series::kPivotsPerSolve, Series::kMaxViolation})
    CHECK(dock.pointCount(s) == n + 1);

  const QVector<double> t = dock.times(Series::kKinetic);
  const QVector<double> kinetic = dock.values(Series::kKinetic);
  const QVector<double> potential = dock.values(Series::kPotential);
  const QVector<double> total = dock.values(Series::kTotal);
  const QVector<double> contacts = dock.values(Series::kContacts);
  const QVector<double> distance = dock.values(Series::kMinDistance);
  const QVector<double> pivots = dock.values(Series::kPivotsPerSolve);
  CHECK(kinetic[0] == 0.0);
  for (int i = 1; i <= n; ++i) {
    INFO("point " << i);
    CHECK(t[i] == Approx(i * kDt).epsilon(1e-12));
    const double v = kG * t[i];
    const double expected = 0.5 * kMass * v * v;
    CHECK(std::abs(kinetic[i] - expected) <= 1e-9 * expected);
    // Energy is conserved: the total stays at its value at rest.
    CHECK(total[i] == Approx(total[0]).epsilon(1e-9));
    CHECK(total[i] == Approx(kinetic[i] + potential[i]).epsilon(1e-12));
    // Nothing touches: no contacts, no distance, no solve.
    CHECK(contacts[i] == 0.0);
    CHECK(std::isnan(distance[i]));
    CHECK(pivots[i] == 0.0);
  }
  // No friction: its loss is not drawn.
  CHECK_FALSE(dock.isCurveShown(Series::kFrictionLoss));
  CHECK(dock.isCurveShown(Series::kTotal));
  // The plot's time axis spans the run.
  CHECK(dock.timeMin() == 0.0);
  CHECK(dock.timeMax() >= n * kDt);

  SECTION("only the new steps are appended, a restart starts over") {
    REQUIRE(session.stepNow(5));
    CHECK(dock.pointCount(Series::kKinetic) == n + 6);
    CHECK(dock.times(Series::kKinetic).last() == Approx((n + 5) * kDt));
    REQUIRE(session.restart());
    CHECK(dock.pointCount(Series::kKinetic) == 1);
  }
  SECTION("going on from a past record drops the future from the plot too") {
    session.showStep(10);
    REQUIRE(session.stepNow(3));  // discards records 11..n first
    CHECK(dock.pointCount(Series::kKinetic) == 14);
    CHECK(dock.times(Series::kKinetic).last() == Approx(13 * kDt));
  }
}

TEST_CASE("TimeSeriesDock follows the record shown and scrubs on a click", "[time_series_dock]") {
  Session session;
  TimeSeriesDock dock(&session);
  session.setScene(fallingBlock());
  REQUIRE(session.stepNow(40));
  CHECK(dock.cursorTime() == Approx(40 * kDt));

  session.showStep(7);
  CHECK(dock.cursorTime() == session.history().at(7).stats.time);
  CHECK(dock.cursorTime() == Approx(7 * kDt));
  session.showStep(0);
  CHECK(dock.cursorTime() == 0.0);

  CHECK(dock.recordNearest(3.4 * kDt) == 3);
  CHECK(dock.recordNearest(3.6 * kDt) == 4);
  CHECK(dock.recordNearest(-5.0) == 0);
  CHECK(dock.recordNearest(100.0) == 40);

  // A click at the pixel of t = 23.2 dt shows record 23.
  dock.resize(800, 260);
  dock.show();
  auto* plot = dock.findChild<QCustomPlot*>();
  REQUIRE(plot);
  plot->replot();
  REQUIRE(!plot->axisRects().isEmpty());
  QCPAxisRect* rect = plot->axisRects().first();
  const double x = rect->axis(QCPAxis::atBottom)->coordToPixel(23.2 * kDt);
  QTest::mouseClick(plot, Qt::LeftButton, {},
                    QPoint(static_cast<int>(std::lround(x)), rect->center().y()));
  CHECK(session.currentIndex() == 23);
  CHECK(dock.cursorTime() == Approx(23 * kDt));
}

TEST_CASE("TimeSeriesDock shows contacts, solves and distances of a resting stack",
          "[time_series_dock]") {
  Session session;
  TimeSeriesDock dock(&session);
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  // Cold solves (no warm start): each takes at least one pivot.
  cl::SimSettings cold = session.settings();
  cold.warmStart = false;
  REQUIRE(session.restartWithSettings(cold));
  REQUIRE(session.stepNow(20));
  REQUIRE(dock.pointCount(Series::kContacts) == 21);
  const QVector<double> contacts = dock.values(Series::kContacts);
  const QVector<double> pivots = dock.values(Series::kPivotsPerSolve);
  const QVector<double> violation = dock.values(Series::kMaxViolation);
  const QVector<double> distance = dock.values(Series::kMinDistance);
  // Three blocks on a floor touch at (at least) two corners per interface.
  CHECK(*std::max_element(contacts.begin() + 1, contacts.end()) >= 6);
  bool anyDistance = false;
  for (int i = 0; i <= 20; ++i) {
    INFO("record " << i);
    const cl::StepStats& st = session.history().at(i).stats;
    CHECK(contacts[i] == st.contacts);
    if (st.solves.solves > 0) {
      CHECK(pivots[i] == Approx(double(st.solves.pivots) / double(st.solves.solves)));
      CHECK(pivots[i] >= 1.0);  // every solve with a contact takes at least one pivot
    }
    // The log axis shows a violation > 0; an exact solve is a gap.
    CHECK((std::isnan(violation[i]) || violation[i] > 0.0));
    if (std::isfinite(distance[i])) {
      anyDistance = true;
      // A resting contact sits within the distance tolerance.
      CHECK(std::abs(distance[i]) < 0.05);
    }
  }
  CHECK(anyDistance);
  dock.resize(800, 220);
  dock.show();
  for (int p = 0; p < TimeSeriesDock::kPlotCount; ++p) dock.setPlotShown(Plot(p), true);
  QTest::qWait(20);
}

TEST_CASE("TimeSeriesDock thins a long run and follows a history that drops its front",
          "[time_series_dock]") {
  Session session;
  TimeSeriesDock dock(&session);
  session.setTracing(false);  // the run is long; the statistics do not need traces
  session.setScene(fallingBlock());

  SECTION("past kMaxPoints every other step is kept, and the newest") {
    REQUIRE(session.stepNow(TimeSeriesDock::kMaxPoints + 101));
    CHECK(dock.stride() == 2);
    CHECK(dock.pointCount(Series::kKinetic) <= TimeSeriesDock::kMaxPoints);
    CHECK(dock.pointCount(Series::kKinetic) > TimeSeriesDock::kMaxPoints / 2);
    const QVector<double> t = dock.times(Series::kKinetic);
    CHECK(t.first() == 0.0);
    CHECK(t[1] == Approx(2 * kDt));
    CHECK(t.last() == session.history().back().stats.time);  // odd step, off the stride
    REQUIRE(session.stepNow(1));
    const QVector<double> after = dock.times(Series::kKinetic);
    CHECK(after.last() == session.history().back().stats.time);
    // The odd step plotted off the stride is replaced, not kept.
    CHECK(after[after.size() - 2] == Approx(after.last() - 2 * kDt));
  }
  SECTION("10^5 steps taken in batches, as a run does, stay within kMaxPoints") {
    for (int batch = 0; batch < 100; ++batch) REQUIRE(session.stepNow(1000));
    REQUIRE(session.history().size() == 100001);
    // 100001 records: every 8th step keeps 12501 points; every 4th would be 25001.
    CHECK(dock.stride() == 8);
    CHECK(dock.pointCount(Series::kKinetic) == 12501);
    const QVector<double> t = dock.times(Series::kKinetic);
    CHECK(t.last() == Approx(100000 * kDt));
    const QVector<double> kinetic = dock.values(Series::kKinetic);
    const double v = kG * t.last();
    CHECK(kinetic.last() == Approx(0.5 * kMass * v * v).epsilon(1e-9));
  }
  SECTION("records dropped by the memory budget leave the plot") {
    REQUIRE(session.stepNow(200));
    const std::size_t perRecord = session.history().bytes() / 201;
    session.setHistoryBudget(50 * perRecord);
    REQUIRE(session.stepNow(10));
    REQUIRE(session.history().droppedRecords() > 0);
    CHECK(dock.pointCount(Series::kKinetic) == session.history().size());
    CHECK(dock.times(Series::kKinetic).first() == session.history().at(0).stats.time);
    CHECK(dock.timeMin() == session.history().at(0).stats.time);
  }
}

TEST_CASE("TimeSeriesDock shows and hides plots", "[time_series_dock]") {
  Session session;
  TimeSeriesDock dock(&session);
  session.setScene(fallingBlock());
  REQUIRE(session.stepNow(5));
  dock.resize(800, 220);
  dock.show();
  auto* plot = dock.findChild<QCustomPlot*>();
  REQUIRE(plot);
  int shown = 0;
  for (int p = 0; p < TimeSeriesDock::kPlotCount; ++p) shown += dock.isPlotShown(Plot(p));
  CHECK(plot->axisRectCount() == shown);
  // Back-ups are shown from the start (where CollisionAdvance backed up is what one looks
  // for first); the pivots are not.
  CHECK(dock.isPlotShown(Plot::kBackups));
  CHECK_FALSE(dock.isPlotShown(Plot::kPivots));
  dock.setPlotShown(Plot::kPivots, true);
  CHECK(dock.isPlotShown(Plot::kPivots));
  CHECK(plot->axisRectCount() == shown + 1);
  for (int p = 0; p < TimeSeriesDock::kPlotCount; ++p) dock.setPlotShown(Plot(p), false);
  CHECK(plot->axisRectCount() == 0);
  QTest::qWait(20);
  // The data stays while hidden: switching a plot back on shows the run so far.
  dock.setPlotShown(Plot::kEnergy, true);
  CHECK(plot->axisRectCount() == 1);
  CHECK(dock.pointCount(Series::kTotal) == 6);
}

TEST_CASE("TimeSeriesDock plots the energy friction takes from a block launched on a floor",
          "[time_series_dock][friction]") {
  // A block of mass 2 launched at 3 m/s on a floor with mu 0.5 stops after 3 / (0.5 g) =
  // 0.61 s; friction has then taken all of its kinetic energy, m v^2 / 2 = 9.
  Session session;
  TimeSeriesDock dock(&session);
  session.setScene(cl::loadScene(R"({
    "format": "contactlab-scene", "version": 3, "title": "launched block",
    "settings": {"time_step": 0.025, "integrator": "runge-kutta"},
    "bodies": [
      {"name": "floor", "shape": "wall", "width": 40, "height": 1, "position": [0, -0.5],
       "friction": 0.5},
      {"name": "block", "shape": "block", "width": 1, "height": 1, "mass": 2,
       "position": [0, 0.505], "velocity": [3, 0], "friction": 0.5}],
    "forces": [{"kind": "gravity", "g": 9.8}]
  })",
                                 "launched block"));
  CHECK_FALSE(dock.isCurveShown(Series::kFrictionLoss));  // nothing lost yet
  REQUIRE(session.stepNow(40));
  CHECK(dock.isCurveShown(Series::kFrictionLoss));
  const QVector<double> lost = dock.values(Series::kFrictionLoss);
  const QVector<double> kinetic = dock.values(Series::kKinetic);
  REQUIRE(lost.size() == 41);
  CHECK(lost[0] == 0.0);
  for (int i = 1; i <= 40; ++i) CHECK(lost[i] >= lost[i - 1]);  // friction only takes
  // Off by the two steps in which it stops (0.575 to 0.625 s: 1.1e-4 and 4.5e-3 J), whose
  // Runge-Kutta stages straddle the change from sliding to sticking, and by 9e-6 J in the
  // steps after them while the held contact creeps to rest; while it slides, each step
  // balances to 1e-9 J.
  CHECK(lost[40] == Approx(9.0).epsilon(1e-3));
  CHECK(kinetic[40] < 1e-6);
  for (int i = 0; i <= 40; ++i) CHECK(lost[i] == session.history().at(i).stats.energy.frictionLoss);
}

TEST_CASE("TimeSeriesDock labels a log axis with a few ticks at any span", "[time_series_dock]") {
  // The violation plot is a few tens of pixels high: a label per decade over six or more
  // decades would overlap. Its empty range is 1e-16 to 1e-8; a run's range is whole
  // decades around its values (setNiceLogRange).
  Session session;
  TimeSeriesDock dock(&session);
  dock.resize(800, 220);
  dock.show();
  for (int p = 0; p < TimeSeriesDock::kPlotCount; ++p) dock.setPlotShown(Plot(p), true);
  auto* plot = dock.findChild<QCustomPlot*>();
  REQUIRE(plot);
  plot->replot();
  // The labels drawn: the ticks within the range (the vector may hold one beyond each end).
  const auto labels = [](const QCPAxis* axis) {
    const QVector<double> ticks = axis->tickVector();
    const QCPRange r = axis->range();
    return std::count_if(ticks.begin(), ticks.end(), [&](double t) {
      return t >= r.lower * (1 - 1e-9) && t <= r.upper * (1 + 1e-9);
    });
  };
  int logAxes = 0;
  for (QCPAxisRect* rect : plot->axisRects()) {
    QCPAxis* axis = rect->axis(QCPAxis::atLeft);
    if (axis->scaleType() != QCPAxis::stLogarithmic) continue;
    ++logAxes;
    CHECK(axis->range().lower == Approx(1e-16));
    CHECK(axis->range().upper == Approx(1e-8));
    CHECK(labels(axis) == 5);  // every second decade
    // Values from 3e-18 up to 7e-18 .. 7e+81 (spans of 1 to 100 decades, not aligned to
    // any step), a value too small for a logarithm, and the widest range allowed.
    std::vector<std::pair<double, double>> spans{{0.0, 1e-3}, {1e-320, 1.0}, {1e-300, 1e300}};
    for (int decades = 0; decades <= 100; ++decades)
      spans.emplace_back(3e-18, 7.0 * std::pow(10.0, decades - 18));
    for (const auto& [low, high] : spans) {
      INFO("values " << low << " to " << high);
      cl::widgets::setNiceLogRange(axis, low, high);
      plot->replot();
      CHECK(labels(axis) >= 2);
      CHECK(labels(axis) <= 5);
      CHECK(axis->range().lower <= std::max(low, 1e-100));
      CHECK(axis->range().upper >= std::min(high, 1e100));
    }
  }
  CHECK(logAxes >= 1);
}
