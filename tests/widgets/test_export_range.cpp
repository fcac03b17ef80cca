// Export All over a range of steps (widgets/export_range_dialog.h, run_export.h): the
// per-step tables hold exactly the steps chosen.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/export_range_dialog.h"
#include "widgets/run_export.h"
#include "widgets/session.h"

using cl::testing::scenePath;
using cl::widgets::ExportRangeDialog;
using cl::widgets::Session;

namespace {

// The first column of every data row of a CSV file: its step numbers.
std::multiset<long long> stepsIn(const QString& path) {
  QFile f(path);
  REQUIRE(f.open(QIODevice::ReadOnly | QIODevice::Text));
  std::multiset<long long> steps;
  f.readLine();  // header
  while (!f.atEnd()) {
    const QByteArray line = f.readLine();
    if (!line.trimmed().isEmpty()) steps.insert(line.split(',').front().toLongLong());
  }
  return steps;
}

}  // namespace

TEST_CASE("Export All writes the per-step tables for the steps chosen only", "[widgets][export]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(12));
  session.showStep(7);

  ExportRangeDialog dialog(session.history(), session.currentIndex());
  CHECK(dialog.first() == 0);  // every held step by default: 0 to 12
  CHECK(dialog.last() == 12);
  dialog.chooseShown();
  CHECK(dialog.first() == 7);
  CHECK(dialog.last() == 7);
  dialog.chooseSteps(3, 5);
  CHECK(dialog.first() == 3);
  CHECK(dialog.last() == 5);
  dialog.chooseSteps(9, 2);  // a reversed range is put in order by the second bound
  CHECK(dialog.first() <= dialog.last());

  QTemporaryDir dir;
  const QString out = dir.filePath(QStringLiteral("range"));
  REQUIRE(cl::widgets::exportAll(session, out, QImage(), {}, 3, 5).isEmpty());
  const std::multiset<long long> three{3, 4, 5};
  CHECK(stepsIn(QDir(out).filePath(QStringLiteral("body_states.csv"))) == three);
  CHECK(stepsIn(QDir(out).filePath(QStringLiteral("time_series.csv"))) == three);
  const std::multiset<long long> waypoints =
      stepsIn(QDir(out).filePath(QStringLiteral("waypoints.csv")));
  REQUIRE_FALSE(waypoints.empty());
  CHECK(*waypoints.begin() >= 3);
  CHECK(*waypoints.rbegin() <= 5);
  // The state is still the step shown's, whatever the range.
  QFile state(QDir(out).filePath(QStringLiteral("state.json")));
  REQUIRE(state.open(QIODevice::ReadOnly));
  CHECK(state.readAll().contains("\"steps\": 7"));
}
