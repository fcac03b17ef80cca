#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <catch2/catch.hpp>
#include <cmath>

#include "engine/body/body_state.h"
#include "engine/collision/contact_detection.h"
#include "engine/contact/contact_sim.h"
#include "engine/contact/expand_trace.h"
#include "engine/forces/gravity_law.h"
#include "engine/parallel/worker_pool.h"
#include "engine/scene/scene_doc.h"
#include "engine/settings/sim_settings.h"
#include "engine/trace/step_trace.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/controls_dock.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

using cl::widgets::ControlsDock;
using cl::widgets::Session;

using cl::testing::scenePath;
using cl::testing::waitFor;

namespace {

template <typename W>
W* child(const ControlsDock& dock, const char* name) {
  W* w = dock.findChild<W*>(QString::fromLatin1(name));
  REQUIRE(w);
  return w;
}

// Vertical velocity of the one body of free_fall.json ("ball", index 0) at the newest record.
double ballVy(const Session& session) {
  return cl::BodyState::fromVars(session.history().back().state.vars, 0).vy;
}

}  // namespace

TEST_CASE("ControlsDock lists the scene folder and loads the scene chosen", "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  CHECK(dock.objectName() == QStringLiteral("controlsDock"));

  // Every *.json of the folder, sorted by file name.
  const QStringList files = QDir(cl::widgets::scenesDirectory())
                                .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  REQUIRE(dock.scenes().size() == files.size());
  // Every file, in the order people read titles: numbers by value, so the piles run
  // 10, 10 with friction, 20, 50, 100, 200.
  QStringList listed;
  int stackRow = -1;
  for (int i = 0; i < files.size(); ++i) {
    listed << dock.scenes()[i].fileName;
    CHECK(dock.scenes()[i].valid());
    if (dock.scenes()[i].fileName == QStringLiteral("stack_of_three.json")) stackRow = i;
  }
  QStringList sortedListed = listed;
  sortedListed.sort();
  CHECK(sortedListed == files);
  const QStringList piles{QStringLiteral("pile_10.json"),  QStringLiteral("pile_10_friction.json"),
                          QStringLiteral("pile_20.json"),  QStringLiteral("pile_50.json"),
                          QStringLiteral("pile_100.json"), QStringLiteral("pile_200.json")};
  for (int k = 1; k < piles.size(); ++k) {
    INFO(piles[k - 1].toStdString() << " before " << piles[k].toStdString());
    CHECK(listed.indexOf(piles[k - 1]) < listed.indexOf(piles[k]));
  }
  REQUIRE(stackRow >= 0);
  CHECK(dock.scenes()[stackRow].title == QStringLiteral("Stack of three blocks"));

  auto* list = child<QListWidget>(dock, "sceneList");
  REQUIRE(list->count() == files.size());
  CHECK(list->item(stackRow)->text() == QStringLiteral("Stack of three blocks"));
  list->setCurrentRow(stackRow);
  CHECK(child<QLabel>(dock, "sceneDescription")->text().size() > 20);
  child<QPushButton>(dock, "loadScene")->click();
  CHECK(session.title() == QStringLiteral("Stack of three blocks"));
  CHECK(QFileInfo(session.scenePath()).fileName() == QStringLiteral("stack_of_three.json"));

  // Loading another scene elsewhere moves the highlight to it.
  REQUIRE(session.loadScene(scenePath("free_fall.json")));
  CHECK(list->currentItem()->text() == QStringLiteral("Free fall"));

  CHECK_FALSE(dock.loadSceneAt(-1));
  CHECK_FALSE(dock.loadSceneAt(files.size()));
}

TEST_CASE("ControlsDock's block count loads the ContactApp scene with that many blocks",
          "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("contact_app_3.json")));
  auto* blocks = child<QSpinBox>(dock, "blocks");
  CHECK(blocks->value() == 3);
  blocks->setValue(2);
  CHECK(session.title() == QStringLiteral("ContactApp with two blocks"));
  CHECK(QFileInfo(session.scenePath()).fileName() == QStringLiteral("contact_app_2.json"));
  CHECK(session.bodies().size() == 4 + 2);  // four walls and two blocks
}

TEST_CASE("ControlsDock's time step applies to the next step", "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("free_fall.json")));
  auto* timeStep = child<QDoubleSpinBox>(dock, "timeStep");
  CHECK(timeStep->value() == 0.025);

  REQUIRE(session.stepNow(2));
  CHECK(session.history().back().stats.time == Approx(0.05));
  timeStep->setValue(0.01);
  CHECK(session.timeStep() == 0.01);
  REQUIRE(waitFor([&] { return session.history().back().state.timeStep == 0.01; }));
  REQUIRE(session.stepNow(1));
  CHECK(session.history().back().stats.time == Approx(0.06).epsilon(1e-12));
  CHECK(dock.status().contains(QStringLiteral("applied now")));
}

TEST_CASE("ControlsDock shows a time step beyond its usual range as it is", "[controls_dock]") {
  // The control's range is 1e-5 to 1 s; a scene may hold 6 s. It showed 1 (clamped) while
  // the simulation stepped by 6.
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("free_fall.json")));
  cl::SimSettings settings = session.settings();
  settings.timeStep = 6;
  REQUIRE(session.restartWithSettings(settings));
  auto* timeStep = child<QDoubleSpinBox>(dock, "timeStep");
  CHECK(timeStep->value() == 6);
  CHECK(timeStep->text() == QStringLiteral("6"));
  REQUIRE(session.stepNow(1));
  CHECK(session.history().back().stats.time == Approx(6));
}

TEST_CASE("ControlsDock's gravity changes the acceleration of a falling body at once",
          "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("free_fall.json")));  // one ball, g = 9.8
  auto* gravity = child<QDoubleSpinBox>(dock, "gravity");
  CHECK(gravity->value() == 9.8);
  const double dt = session.timeStep();

  double before = ballVy(session);
  REQUIRE(session.stepNow(1));
  CHECK(ballVy(session) - before == Approx(-9.8 * dt).epsilon(1e-12));

  const auto structure = session.history().back().state.structure;
  gravity->setValue(3.0);
  REQUIRE(waitFor([&] { return session.history().back().state.structure != structure; }));
  CHECK(dock.status().contains(QStringLiteral("applied now")));
  before = ballVy(session);
  REQUIRE(session.stepNow(1));
  CHECK(ballVy(session) - before == Approx(-3.0 * dt).epsilon(1e-12));

  SECTION("a restart with the settings keeps the gravity chosen") {
    child<QPushButton>(dock, "restartWithSettings")->click();
    CHECK(session.history().size() == 1);
    CHECK(gravity->value() == 3.0);
    before = ballVy(session);
    REQUIRE(session.stepNow(1));
    CHECK(ballVy(session) - before == Approx(-3.0 * dt).epsilon(1e-12));
  }
  SECTION("loading a scene reads its own gravity") {
    REQUIRE(session.loadScene(scenePath("free_fall.json")));
    CHECK(gravity->value() == 9.8);
  }
}

TEST_CASE("ControlsDock's contact settings reach the ContactSim on the fly", "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  auto* distanceTol = child<QDoubleSpinBox>(dock, "distanceTol");
  auto* policy = child<QComboBox>(dock, "contactPolicy");
  REQUIRE(distanceTol->isEnabled());

  const auto structure = session.history().back().state.structure;
  distanceTol->setValue(0.02);
  REQUIRE(waitFor([&] { return session.history().back().state.structure != structure; }));
  const auto* cs =
      dynamic_cast<const cl::ContactSim*>(session.history().back().state.structure.get());
  REQUIRE(cs);
  CHECK(cs->distanceTol() == 0.02);

  const auto structure2 = session.history().back().state.structure;
  const int random = policy->findData(static_cast<int>(cl::NextContactPolicy::RANDOM));
  REQUIRE(random >= 0);
  policy->setCurrentIndex(random);
  emit policy->activated(random);
  REQUIRE(waitFor([&] { return session.history().back().state.structure != structure2; }));
  cs = dynamic_cast<const cl::ContactSim*>(session.history().back().state.structure.get());
  REQUIRE(cs);
  CHECK(cs->contactPolicy() == cl::NextContactPolicy::RANDOM);
  CHECK(cs->distanceTol() == 0.02);  // the earlier edit stays
  REQUIRE(session.stepNow(3));
}

// Solves of records first.. (to the newest) whose trace shows the warm start's guess solving
// them outright (a kWarmStart decision).
int warmStartedSolves(const Session& session, int first) {
  int n = 0;
  for (int i = first; i < session.history().size(); ++i) {
    const auto& trace = session.history().at(i).trace;
    REQUIRE(trace);
    for (const cl::SolveTrace& solve : cl::expandTrace(*trace).solves)
      for (const cl::SolverPivot& pivot : solve.pivots)
        if (pivot.transition == cl::PivotTransition::kWarmStart) ++n;
  }
  return n;
}

const cl::ContactSim* liveContactSim(const Session& session) {
  return dynamic_cast<const cl::ContactSim*>(session.history().back().state.structure.get());
}

TEST_CASE("ControlsDock's warm start reaches the ContactSim on the fly", "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.tracing());
  auto* warmStart = child<QCheckBox>(dock, "warmStart");
  REQUIRE(warmStart->isEnabled());
  CHECK(warmStart->isChecked());  // the scene leaves it out: ContactSim's default, on
  CHECK(warmStart->toolTip().contains(QStringLiteral("applied now"), Qt::CaseInsensitive));
  REQUIRE(liveContactSim(session));
  CHECK(liveContactSim(session)->warmStart());

  // A resting stack: every evaluate after the first is solved by the guess.
  REQUIRE(session.stepNow(3));
  CHECK(warmStartedSolves(session, 1) > 0);

  const auto structure = session.history().back().state.structure;
  warmStart->setChecked(false);
  REQUIRE(waitFor([&] { return session.history().back().state.structure != structure; }));
  REQUIRE(liveContactSim(session));
  CHECK_FALSE(liveContactSim(session)->warmStart());
  CHECK(dock.status().contains(QStringLiteral("Warm start off: applied now")));
  int first = session.history().size();
  REQUIRE(session.stepNow(3));
  CHECK(session.history().size() == first + 3);
  CHECK(warmStartedSolves(session, first) == 0);

  const auto structure2 = session.history().back().state.structure;
  warmStart->setChecked(true);
  REQUIRE(waitFor([&] { return session.history().back().state.structure != structure2; }));
  CHECK(liveContactSim(session)->warmStart());
  first = session.history().size();
  REQUIRE(session.stepNow(3));
  CHECK(warmStartedSolves(session, first) > 0);

  SECTION("a restart keeps the warm start chosen") {
    warmStart->setChecked(false);
    child<QPushButton>(dock, "restartWithSettings")->click();
    CHECK(session.history().size() == 1);
    CHECK_FALSE(warmStart->isChecked());
    REQUIRE(liveContactSim(session));
    CHECK_FALSE(liveContactSim(session)->warmStart());
    REQUIRE(session.sceneDoc().settings);
    CHECK(session.sceneDoc().settings->warmStart == false);
  }
  SECTION("loading the scene again reads its own setting") {
    warmStart->setChecked(false);
    REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
    CHECK(warmStart->isChecked());
  }
}

TEST_CASE("ControlsDock has a control for every setting of the engine's table", "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("pile_10.json")));
  // pile_10 gives these (engine2D's PileTest): the controls show the scene's values.
  const cl::SimSettings live = session.liveSettings();
  CHECK(live.integrator == cl::IntegratorKind::kModifiedEuler);
  CHECK(live.collisionHandling == cl::CollisionHandling::SERIAL_GROUPED_LASTPASS);
  CHECK(live.seed == 13);
  for (const cl::SettingInfo& info : cl::kSettingInfos) {
    const QString name = QString::fromLatin1(info.name.data(), info.name.size());
    INFO(name.toStdString());
    auto* control = dock.findChild<QWidget*>(name);
    REQUIRE(control);
    CHECK(control->isEnabled());
    CHECK(control->toolTip().contains(info.apply == cl::SettingApply::kLive
                                          ? QStringLiteral("Applied now")
                                          : QStringLiteral("Applies on restart")));
    // A restart-only setting says whether a change is pending.
    CHECK((dock.findChild<QLabel*>(name + QStringLiteral("Note")) != nullptr) ==
          (info.apply == cl::SettingApply::kRestart));
  }
  CHECK(child<QComboBox>(dock, "integrator")->currentData().toInt() ==
        static_cast<int>(cl::IntegratorKind::kModifiedEuler));
  CHECK(child<QComboBox>(dock, "collisionHandling")->currentText() ==
        QStringLiteral("serial grouped lastpass"));
  CHECK(child<QSpinBox>(dock, "seed")->value() == 13);

  // A combo box applies what is chosen: the integrator reaches the advance strategy.
  auto* integrator = child<QComboBox>(dock, "integrator");
  const int euler = integrator->findData(static_cast<int>(cl::IntegratorKind::kEuler));
  REQUIRE(euler >= 0);
  integrator->setCurrentIndex(euler);
  emit integrator->activated(euler);
  REQUIRE(waitFor(
      [&] { return session.history().back().state.integrator == cl::IntegratorKind::kEuler; }));
  CHECK(dock.status().contains(QStringLiteral("Integrator euler: applied now")));
  CHECK(session.liveSettings().integrator == cl::IntegratorKind::kEuler);
  // ... and the other settings stay as they were.
  cl::SimSettings expected = live;
  expected.integrator = cl::IntegratorKind::kEuler;
  CHECK(session.liveSettings() == expected);
}

TEST_CASE("ControlsDock's seed applies on restart and says so", "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  REQUIRE(session.loadScene(scenePath("pile_10.json")));  // seed 13
  auto* seed = child<QSpinBox>(dock, "seed");
  auto* note = child<QLabel>(dock, "seedNote");
  CHECK(seed->value() == 13);
  CHECK(note->text() == QStringLiteral("applies on restart"));
  CHECK_FALSE(dock.restartPending());

  seed->setValue(14);
  CHECK(dock.restartPending());
  CHECK(note->text().startsWith(QStringLiteral("applies on restart")));
  CHECK(note->text().contains(QStringLiteral("pending")));
  CHECK(dock.status().contains(QStringLiteral("applies on restart")));
  CHECK(session.settings().seed == 13);  // not yet

  REQUIRE(session.stepNow(2));
  child<QPushButton>(dock, "restartWithSettings")->click();
  CHECK(session.settings().seed == 14);
  CHECK(session.history().size() == 1);
  CHECK(session.title() == QStringLiteral("Pile of 10 blocks"));
  CHECK_FALSE(dock.restartPending());
  CHECK(note->text() == QStringLiteral("applies on restart"));
}

TEST_CASE("ControlsDock without a scene or with a scene built in code does not crash",
          "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  auto* gravity = child<QDoubleSpinBox>(dock, "gravity");
  CHECK_FALSE(gravity->isEnabled());
  gravity->setValue(5.0);  // no scene: nothing to apply it to, said in the status
  CHECK(dock.status().contains(QStringLiteral("no scene")));

  // A plain RigidBodySim has no contact settings and no document to rebuild from.
  session.setScene(cl::testing::boxScene());
  CHECK(gravity->isEnabled());
  CHECK(gravity->value() == 3.0);
  CHECK_FALSE(child<QDoubleSpinBox>(dock, "distanceTol")->isEnabled());
  child<QPushButton>(dock, "restartWithSettings")->click();
  CHECK(dock.status().contains(QStringLiteral("no document")));
  CHECK(session.title() == QStringLiteral("test box"));
  dock.resize(260, 900);
  dock.show();
  QTest::qWait(20);
}

TEST_CASE("ControlsDock's threads set the engine's worker pool at once, same results",
          "[controls_dock]") {
  Session session;
  ControlsDock dock(&session);
  auto* threads = child<QSpinBox>(dock, "threads");
  cl::WorkerPool& pool = cl::WorkerPool::shared();
  CHECK(threads->value() == pool.threads());
  CHECK(threads->minimum() == 1);
  if (threads->maximum() < 2) return;  // a one-core machine offers one thread only
  // Every contact search split (not only those of 256 pairs or more), so two threads work;
  // the process's settings put back however the test ends.
  struct Restore {
    std::size_t splitFrom = cl::parallelPairs();
    int threads = cl::WorkerPool::shared().threads();
    ~Restore() {
      cl::setParallelPairs(splitFrom);
      cl::WorkerPool::shared().setThreads(threads);
    }
  } restore;
  cl::setParallelPairs(1);
  const auto run = [&](int count) {
    threads->setValue(count);
    CHECK(pool.threads() == count);
    Session s;
    REQUIRE(s.loadScene(scenePath("pile_20.json")));
    REQUIRE(s.stepNow(40));
    return s.history().back().state.vars;
  };
  const auto one = run(1);
  const auto two = run(2);
  CHECK(two == one);
}
