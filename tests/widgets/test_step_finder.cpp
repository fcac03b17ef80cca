// StepFinder: Find the next and previous step with a mark, over the whole history, and say so
// when there is none.
#include <QAction>
#include <QSignalSpy>
#include <catch2/catch.hpp>

#include "tests/widgets/test_scenes.h"
#include "widgets/session.h"
#include "widgets/step_finder.h"

using cl::StepMark;
using cl::testing::scenePath;
using cl::widgets::Session;
using cl::widgets::StepFinder;

TEST_CASE("StepFinder walks the collisions of a pile's history and says when none is left",
          "[step_finder]") {
  Session session;
  StepFinder finder(&session);
  REQUIRE(session.loadScene(scenePath("pile_10.json")));
  REQUIRE(session.stepNow(80));  // 2 s: the blocks land at 1.2 s
  session.showStep(0);
  finder.setMark(StepMark::kCollision);
  QSignalSpy notices(&session, &Session::noticeOccurred);

  finder.nextAction()->trigger();
  const int first = session.currentIndex();
  REQUIRE(first > 0);
  CHECK(session.current()->stats.collisions > 0);
  for (int i = 1; i < first; ++i) CHECK(session.history().at(i).stats.collisions == 0);
  finder.nextAction()->trigger();
  const int second = session.currentIndex();
  CHECK(second > first);
  CHECK(session.current()->stats.collisions > 0);
  finder.previousAction()->trigger();
  CHECK(session.currentIndex() == first);
  CHECK(notices.isEmpty());

  // None before the first: the record shown stays, and the status bar says why.
  finder.previousAction()->trigger();
  CHECK(session.currentIndex() == first);
  REQUIRE(notices.count() == 1);
  CHECK(notices.at(0).at(0).toString() ==
        QStringLiteral("no 'collision' step before step %1 (the history holds steps 0 to 80)")
            .arg(session.current()->step));
  CHECK(finder.nextAction()->shortcut() == QKeySequence(Qt::Key_F3));
  CHECK(finder.previousAction()->shortcut() == QKeySequence(Qt::SHIFT | Qt::Key_F3));
}
