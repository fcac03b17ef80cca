// The workbench records compact traces (engine/trace/compact_solve.h) and shows them
// opened (openTrace: the ContactSim solves expanded, the one-contact solves expanded one at
// a time as they are selected): a step of few ContactSim rows at once, a pile's step on the
// trace thread with an "expanding" reason meanwhile; what is shown is the record's own
// trace opened (the history keeps the compact one, and counts its bytes).
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <string>

#include "engine/contact/expand_trace.h"
#include "engine/solver/solve_state.h"
#include "tests/widgets/test_scenes.h"
#include "widgets/history_cursor.h"
#include "widgets/session.h"

using cl::testing::scenePath;
using cl::testing::waitFor;
using cl::widgets::HistoryCursor;
using cl::widgets::Session;

namespace {

// Index of the first record whose compact trace has more than `least` rows to open
// (HistoryCursor::openingRows), or -1.
int firstCompactRecord(const Session& s, std::size_t least) {
  for (int i = 0; i < s.history().size(); ++i) {
    const cl::StepTrace* t = s.history().at(i).trace.get();
    if (t && t->compact() && !t->compactSolves.empty() && HistoryCursor::openingRows(*t) > least)
      return i;
  }
  return -1;
}

}  // namespace

TEST_CASE("Session: a run records compact traces and shows a step's solves expanded",
          "[compact_traces]") {
  Session session;
  REQUIRE(session.loadScene(scenePath("pile_100.json")));
  // pile_100's blocks fall into the pit: its collisions make thousands of serial
  // one-contact impulse solves in a step, and from about step 90 contact-force and impulse
  // solves of over 2000 rows in all.
  int big = -1;
  for (int k = 0; k < 40 && big < 0; ++k) {
    REQUIRE(session.stepNow(4));
    big = firstCompactRecord(session, HistoryCursor::kExpandAtOnce);
  }
  REQUIRE(big > 0);
  const int small = firstCompactRecord(session, 0);
  REQUIRE(small > 0);

  // The history's byte count is its records' own, the compact traces' counts included.
  std::size_t sum = 0;
  for (int i = 0; i < session.history().size(); ++i) sum += session.history().at(i).bytes();
  CHECK(session.history().bytes() == sum);

  // A large one: the reason says it is being expanded, then the expansion is shown.
  QSignalSpy changed(&session, &Session::currentChanged);
  session.showStep(big);
  const cl::StepRecord& r = session.history().at(big);
  if (!session.currentTrace()) {
    CHECK(session.expandingTrace());
    CHECK(session.noTraceReason().contains(QStringLiteral("Expanding")));
  }
  REQUIRE(waitFor([&] { return session.currentTrace() != nullptr; }));
  const cl::StepTrace* shown = session.currentTrace();
  CHECK(shown != r.trace.get());
  // Opened: the ContactSim solves stored, the one-contact ones still compact.
  CHECK(shown->compactLcpSolves.empty());
  CHECK(shown->solves.size() == r.trace->solves.size() + r.trace->compactLcpSolves.size());
  CHECK(shown->compactSolves.size() == r.trace->compactSolves.size());
  CHECK(shown->solveCount() == r.trace->solveCount());
  // Opening it keeps less than expanding it whole would (the one-contact solves' records).
  CHECK(shown->bytes() < cl::expandTrace(*r.trace).bytes());
  CHECK(session.noTraceReason().isEmpty());
  CHECK(changed.count() >= 1);
  // Selecting one of its compact solves shows that solve's pivots, and another's, another's.
  for (const cl::CompactSolve& c :
       {r.trace->compactSolves.front(), r.trace->compactSolves.back()}) {
    session.selectSolve(c.position);
    REQUIRE(session.selectedSolve() == c.position);
    REQUIRE(session.selectedSolveTrace());
    CHECK(session.selectedSolveTrace()->context.purpose == cl::SolvePurpose::kImpulse);
    CHECK(session.selectedSolveTrace()->context.contacts.size() == 1);
    const cl::SolveTrace expanded = cl::expandCompactSolve(*r.trace, c);
    CHECK(session.selectedSolveTrace()->pivots.size() == expanded.pivots.size());
    CHECK(session.selectedSolveTrace()->solve.f(0) == expanded.solve.f(0));
    CHECK(session.selectedPivot() == cl::resultPosition(expanded));
  }
  // And one of its contact-force solves (ComputeForces on a subset of the pile) its own.
  REQUIRE_FALSE(r.trace->compactLcpSolves.empty());
  const cl::CompactLcpSolve& forces = r.trace->compactLcpSolves.back();
  session.selectSolve(forces.position);
  REQUIRE(session.selectedSolveTrace());
  CHECK(session.selectedSolveTrace()->context.contacts.size() ==
        static_cast<std::size_t>(forces.size()));
  const cl::SolveTrace resolved = cl::expandCompactLcpSolve(forces);
  CHECK(session.selectedSolveTrace()->pivots.size() == resolved.pivots.size());
  CHECK(session.selectedSolveTrace()->solve.f == resolved.solve.f);
  // The history still holds the compact trace.
  CHECK(session.history().at(big).trace->compact());

  // A small one is opened as it is shown.
  REQUIRE(HistoryCursor::openingRows(*session.history().at(small).trace) <=
          HistoryCursor::kExpandAtOnce);
  session.showStep(small);
  REQUIRE(session.currentTrace());
  CHECK(session.currentTrace()->solveCount() == session.history().at(small).trace->solveCount());
}

TEST_CASE("Session: a large step's friction solve is solved again when selected",
          "[compact_traces]") {
  // pile_50 with friction 0.5 on every body and the friction warm start (written here under
  // the build tree): from about step 87 a step's ContactSim solves have over 2000 rows, so
  // it is opened on the trace thread with its friction solves compact. The one selected is
  // solved again there, and shown when it comes: the record's own solve, bit for bit.
  QFile in(scenePath("pile_50.json"));
  REQUIRE(in.open(QIODevice::ReadOnly));
  QJsonObject scene = QJsonDocument::fromJson(in.readAll()).object();
  QJsonArray bodies = scene[QStringLiteral("bodies")].toArray();
  for (QJsonValueRef b : bodies) {
    QJsonObject body = b.toObject();
    body[QStringLiteral("friction")] = 0.5;
    b = body;
  }
  scene[QStringLiteral("bodies")] = bodies;
  QJsonObject settings = scene[QStringLiteral("settings")].toObject();
  settings[QStringLiteral("friction_warm_start")] = true;
  scene[QStringLiteral("settings")] = settings;
  scene[QStringLiteral("version")] = 5;
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("pile_50_friction.json"));
  QFile out(path);
  REQUIRE(out.open(QIODevice::WriteOnly));
  out.write(QJsonDocument(scene).toJson());
  out.close();

  Session session;
  REQUIRE(session.loadScene(path));
  int big = -1;
  for (int k = 0; k < 40 && big < 0; ++k) {
    REQUIRE(session.stepNow(4));
    for (int i = 0; i < session.history().size() && big < 0; ++i) {
      const cl::StepTrace* t = session.history().at(i).trace.get();
      if (!t || HistoryCursor::openingRows(*t) <= HistoryCursor::kExpandAtOnce) continue;
      for (const cl::CompactLcpSolve& c : t->compactLcpSolves)
        if (c.isFriction() && c.context.purpose == cl::SolvePurpose::kContactForces) big = i;
    }
  }
  REQUIRE(big > 0);
  session.showStep(big);
  REQUIRE(waitFor([&] { return session.currentTrace() != nullptr; }));
  const cl::StepTrace& opened = *session.currentTrace();
  REQUIRE_FALSE(opened.compactLcpSolves.empty());
  // Each of two friction solves, selected: pending (the docks say so) until solved again;
  // the answer comes through the event loop, so a solve not solved again before is pending
  // right after it is selected.
  int pending = 0;
  for (const cl::CompactLcpSolve* c :
       {&opened.compactLcpSolves.front(), &opened.compactLcpSolves.back()}) {
    INFO("solve " << c->position + 1);
    REQUIRE(c->isFriction());
    session.selectSolve(c->position);
    if (!session.selectedSolveTrace()) {
      ++pending;
      CHECK(session.noSolveReason().contains(QStringLiteral("again to show its decisions")));
    }
    REQUIRE(waitFor([&] { return session.selectedSolveTrace() != nullptr; }));
    const cl::SolveTrace want = cl::expandCompactLcpSolve(*c);
    const cl::SolveTrace& shown = *session.selectedSolveTrace();
    CHECK(shown.solve.f == want.solve.f);
    CHECK(shown.pivots.size() == want.pivots.size());
    CHECK(shown.solve.error == c->error);
    CHECK(session.selectedPivot() == cl::resultPosition(want));
    CHECK(session.noSolveReason().isEmpty());
  }
  CHECK(pending >= 1);
}
