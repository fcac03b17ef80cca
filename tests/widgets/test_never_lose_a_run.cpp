// The window never loses a run: going on from a past step sets the steps after it aside (Bring
// Back, Ctrl+Z, puts them back, bit for bit), moving inside the held steps sets nothing aside,
// quitting with unsaved steps asks (paused first), and a layout saved squashed is not restored.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <catch2/catch.hpp>

#include "app/workbench/main_window.h"
#include "tests/widgets/qt_string_makers.h"
#include "tests/widgets/quiet_window.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"

using cl::testing::sameBits;
using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::workbench::MainWindow;

namespace {

MainWindow::Options options(bool questions) {
  MainWindow::Options o = cl::testing::quietOptions();
  o.errorDialogs = questions;
  return o;
}

QAction* action(MainWindow& window, const char* name) {
  QAction* a = window.findChild<QAction*>(QString::fromLatin1(name));
  REQUIRE(a);
  return a;
}

// Each held record's state, by step.
std::vector<std::vector<double>> states(const cl::widgets::Session& session) {
  std::vector<std::vector<double>> out;
  for (int i = 0; i < session.history().size(); ++i)
    out.push_back(session.history().at(i).state.vars);
  return out;
}

// Answers the next "Discard the run?" question with `button`, keeping its text in `asked`.
void answerDiscardQuestion(QMessageBox::StandardButton button, QString* asked) {
  QTimer::singleShot(0, [button, asked] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    REQUIRE(box);
    REQUIRE(box->objectName() == QStringLiteral("discardRunBox"));
    *asked = box->text();
    box->button(button)->click();
  });
}

}  // namespace

TEST_CASE("Going on from a past step sets the steps after it aside, and Bring Back puts them back",
          "[widgets][never_lose]") {
  MainWindow window(options(false));
  cl::widgets::Session& session = *window.session();
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(20));
  const auto run = states(session);
  QAction* bringBack = action(window, "bringBackAction");
  CHECK_FALSE(bringBack->isEnabled());

  // N at step 5: one new step from it, the 15 after it set aside (not asked, not lost).
  session.showStep(5);
  action(window, "stepAction")->trigger();
  REQUIRE(waitFor([&] { return session.history().size() == 7 && session.atLatest(); }));
  CHECK(session.setAsideSteps() == 15);
  CHECK(session.setAsideFrom() == 5);
  CHECK(bringBack->isEnabled());
  CHECK(bringBack->text().contains(QStringLiteral("15 Steps")));
  CHECK(bringBack->shortcut() == QKeySequence(QKeySequence::Undo));
  const auto branch = states(session);

  // Bring Back: the 20 steps as they were, bit for bit, shown from step 5; the new step 6 is
  // set aside in turn, and a second Bring Back returns to it.
  bringBack->trigger();
  REQUIRE(session.history().size() == 21);
  CHECK(session.current()->step == 5);
  for (int i = 0; i <= 20; ++i) CHECK(sameBits(session.history().at(i).state.vars, run[i]));
  CHECK(session.setAsideSteps() == 1);
  bringBack->trigger();
  REQUIRE(session.history().size() == 7);
  for (int i = 0; i <= 6; ++i) CHECK(sameBits(session.history().at(i).state.vars, branch[i]));
  bringBack->trigger();
  REQUIRE(session.history().size() == 21);

  // The run goes on from the newest step of what came back: step 21 follows step 20.
  session.showStep(session.history().size() - 1);
  REQUIRE(session.stepNow(1));
  CHECK(session.history().back().step == 21);

  // An edit at a past step sets the future aside too, and Bring Back undoes the edit with it.
  session.showStep(10);
  session.apply(cl::SimEdit{cl::SetGravity{-2.0}});
  REQUIRE(waitFor([&] { return session.editLog().size() == 1; }));
  CHECK(session.history().size() == 11);
  bringBack->trigger();
  CHECK(session.history().size() == 22);
  CHECK(session.editLog().empty());
  CHECK(sameBits(session.history().at(10).state.vars, run[10]));
}

TEST_CASE("P and W at a past step move inside the held steps and set nothing aside",
          "[widgets][never_lose]") {
  MainWindow window(options(true));  // questions are asked: none may come
  cl::widgets::Session& session = *window.session();
  // A question that comes anyway is noted and closed, so the test fails rather than waits.
  bool asked = false;
  QTimer watch;
  QObject::connect(&watch, &QTimer::timeout, [&] {
    if (QWidget* modal = QApplication::activeModalWidget()) {
      asked = true;
      modal->close();
    }
  });
  watch.start(20);
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(6));
  session.showStep(2);
  for (int k = 0; k < 200 && session.current()->step < 4; ++k)
    action(window, "stepPivotAction")->trigger();
  CHECK(session.current()->step == 4);
  session.showStep(2);
  for (int k = 0; k < 200 && session.current()->step < 4; ++k)
    action(window, "stepWaypointAction")->trigger();
  CHECK(session.current()->step == 4);
  CHECK(session.history().size() == 7);
  CHECK(session.setAsideSteps() == 0);
  CHECK_FALSE(asked);
}

TEST_CASE("Quitting with unsaved steps asks, paused first: Cancel keeps the window",
          "[widgets][never_lose]") {
  MainWindow window(options(true));
  window.show();
  cl::widgets::Session& session = *window.session();
  REQUIRE(session.loadScene(scenePath("stack_of_three.json")));
  REQUIRE(session.stepNow(12));
  REQUIRE(session.hasUnsavedSteps());
  session.setRunning(true);

  QString asked;
  answerDiscardQuestion(QMessageBox::Cancel, &asked);
  CHECK_FALSE(window.close());
  CHECK(asked.contains(QStringLiteral("Quitting discards this run's 12 steps")));
  CHECK_FALSE(session.isRunning());
  CHECK(window.isVisible());
  CHECK(session.history().size() == 13);

  answerDiscardQuestion(QMessageBox::Discard, &asked);
  CHECK(window.close());
}

TEST_CASE("A layout saved squashed is not restored: the default layout comes back",
          "[widgets][never_lose]") {
  QTemporaryDir settingsDir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
  {
    MainWindow squashed(options(false));
    squashed.show();
    squashed.resize(squashed.minimumSizeHint());
    QApplication::processEvents();
    CHECK_FALSE(squashed.layoutUsable());
    squashed.saveLayout();
  }
  MainWindow::Options o = options(false);
  o.persistLayout = true;
  MainWindow again(o);
  again.show();
  REQUIRE(waitFor([&] { return again.layoutUsable(); }));
  CHECK(again.width() >= 640);
  CHECK(again.sceneView()->width() >= 160);
}
