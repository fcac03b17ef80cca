// SolveListModel (widgets/solve_list_model.h): the A matrix dock's solve picker rows, on a
// hand-made trace of five solves of three kinds.
#include <catch2/catch.hpp>
#include <memory>

#include "engine/trace/step_trace.h"
#include "tests/widgets/qt_string_makers.h"
#include "widgets/decision_text.h"
#include "widgets/solve_list_model.h"

using cl::SolvePurpose;
using cl::widgets::SolveListModel;

namespace {

std::shared_ptr<cl::StepTrace> fiveSolves() {
  auto trace = std::make_shared<cl::StepTrace>();
  const SolvePurpose kinds[] = {SolvePurpose::kContactForces, SolvePurpose::kImpulse,
                                SolvePurpose::kImpulse, SolvePurpose::kContactForces,
                                SolvePurpose::kTimeStep};
  int rows = 1;
  for (SolvePurpose kind : kinds) {
    cl::SolveTrace s;
    s.context.purpose = kind;
    s.context.time = 0.25;
    s.context.subset = 2;
    s.solve.b = Eigen::VectorXd::Zero(rows++);
    trace->solves.push_back(s);
  }
  return trace;
}

}  // namespace

TEST_CASE("SolveListModel lists all solves or one kind's, counted from 1, and keeps its trace",
          "[widgets][matrix]") {
  SolveListModel model;
  std::shared_ptr<cl::StepTrace> trace = fiveSolves();
  model.setSolves(trace, -1);
  REQUIRE(model.rowCount() == 5);
  CHECK(model.data(model.index(0)).toString() ==
        QStringLiteral("solve 1 of 5, t = 0.2500: contact forces, subset 3, 1 contact"));
  CHECK(model.data(model.index(4)).toString() ==
        QStringLiteral("solve 5 of 5, t = 0.2500: time-step LCP, 5 contacts"));
  CHECK(model.data(model.index(2), Qt::UserRole).toInt() == 2);

  // One kind: the impulses are solves 2 and 3 (indices 1 and 2).
  model.setSolves(trace, SolveListModel::kindOf(trace->solves[1].context.purpose));
  REQUIRE(model.rowCount() == 2);
  CHECK(model.solveAt(0) == 1);
  CHECK(model.solveAt(1) == 2);
  CHECK(model.rowOf(2) == 1);
  CHECK(model.rowOf(3) == -1);  // a contact-force solve is not listed
  CHECK(model.data(model.index(1)).toString() ==
        QStringLiteral("solve 3 of 5, t = 0.2500: impulse, 3 contacts"));

  // The model holds the trace: the history may drop it meanwhile.
  const std::weak_ptr<cl::StepTrace> held = trace;
  trace.reset();
  CHECK_FALSE(held.expired());
  CHECK(model.data(model.index(0)).toString().startsWith(QStringLiteral("solve 2 of 5")));
  model.setSolves(nullptr, -1);
  CHECK(held.expired());
  CHECK(model.rowCount() == 0);
}

TEST_CASE("A solve that took no decision says so rather than 'before decision 1 of 0'",
          "[widgets]") {
  CHECK(cl::widgets::decisionText(-1, 0) == QStringLiteral("before solving"));
  CHECK(cl::widgets::decisionText(0, 0) == QStringLiteral("result (no decisions)"));
  CHECK(cl::widgets::decisionText(-1, 3) == QStringLiteral("before decision 1 of 3"));
  CHECK(cl::widgets::decisionText(2, 3) == QStringLiteral("decision 3 of 3"));
  CHECK(cl::widgets::decisionText(3, 3) == QStringLiteral("result"));
}
