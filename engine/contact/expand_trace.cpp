#include "engine/contact/expand_trace.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "engine/contact/detail/solve_context.h"
#include "engine/solver/compute_forces.h"
#include "engine/solver/friction_forces.h"

namespace cl {

CompactSolverOptions compactOptions(LcpSolverKind solver, const ComputeForcesOptions& options) {
  return {.solver = solver,
          .policy = options.policy,
          .tolerance = options.tolerance,
          .reference = options.reference,
          .singularPivot = options.singularPivot};
}

ComputeForcesOptions computeForcesOptions(const CompactSolverOptions& options) {
  return {.policy = options.policy,
          .tolerance = options.tolerance,
          .reference = options.reference,
          .singularPivot = options.singularPivot};
}

namespace {

// A's entries into c: those of `nonzeros` when the solver was told them, else every one but
// +0 (a -0 is kept: it can decide the sign of a zero sum).
void keepMatrix(const Eigen::MatrixXd& A, const ColumnNonzeros& nonzeros, CompactLcpSolve& c) {
  c.nonzerosKnown = nonzeros.known();
  if (c.nonzerosKnown) {
    c.start = nonzeros.start;
    c.row = nonzeros.row;
    c.value.reserve(c.row.size());
    for (Eigen::Index j = 0; j + 1 < static_cast<Eigen::Index>(c.start.size()); ++j)
      for (int k = c.start[j]; k < c.start[j + 1]; ++k) c.value.push_back(A(c.row[k], j));
    return;
  }
  c.start.reserve(A.cols() + 1);
  c.start.push_back(0);
  for (Eigen::Index j = 0; j < A.cols(); ++j) {
    for (Eigen::Index i = 0; i < A.rows(); ++i)
      if (A(i, j) != 0 || std::signbit(A(i, j))) {
        c.row.push_back(static_cast<int>(i));
        c.value.push_back(A(i, j));
      }
    c.start.push_back(static_cast<int>(c.row.size()));
  }
}

Eigen::MatrixXd matrixOf(const CompactLcpSolve& c) {
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(c.b.size(), c.b.size());
  for (Eigen::Index j = 0; j + 1 < static_cast<Eigen::Index>(c.start.size()); ++j)
    for (int k = c.start[j]; k < c.start[j + 1]; ++k) A(c.row[k], j) = c.value[k];
  return A;
}

}  // namespace

CompactLcpSolve compactLcpSolve(const LcpProblem& problem, std::span<const int> guess,
                                const CompactSolverOptions& options, std::uint32_t seed) {
  CompactLcpSolve c;
  keepMatrix(problem.A, problem.nonzeros, c);
  c.b = problem.b;
  c.joint = problem.joint;
  c.preOrder = problem.preOrder;
  c.guess.assign(guess.begin(), guess.end());
  c.options = options;
  c.seed = seed;
  return c;
}

CompactLcpSolve compactFrictionSolve(const FrictionProblem& problem, const FrictionOptions& options,
                                     const FrictionResult& result) {
  CompactLcpSolve c;
  // The outcome as the traced solve records it (computeFrictionForces' SolverSolve).
  c.error = result.error;
  if (result.f.size() == problem.b.size())
    c.maxComplementarityViolation = frictionViolation(problem, result.f, result.a);
  c.byLemke = result.byLemke;
  c.regularization = result.regularization;
  c.compliant = result.compliant;
  keepMatrix(problem.A, {}, c);
  c.b = problem.b;
  c.joint = problem.joint;
  c.mu = problem.mu;
  c.slide = problem.slide;
  c.friction = {.tolerance = options.tolerance,
                .touchingHeld = options.touchingHeld,
                .lemkeFallback = options.lemkeFallback,
                .lemkeExact = options.lemkeExact,
                .lemkeFromGuess = options.lemkeFromGuess,
                .lemkeSparseBasis = options.lemkeSparseBasis,
                .regularizedFallback = options.regularizedFallback,
                .regularizeOnce = options.regularizeOnce,
                .compliantFallback = options.compliantFallback,
                .compliantFirst = options.compliantFirst,
                .updatedInverse = options.updatedInverse,
                .pivotsPerRow = options.pivotsPerRow,
                .guess = options.guess};
  return c;
}

LcpProblem compactProblem(const CompactLcpSolve& c) {
  LcpProblem p;
  p.A = matrixOf(c);
  p.b = c.b;
  p.joint = c.joint;
  p.preOrder = c.preOrder;
  if (c.nonzerosKnown) p.nonzeros = {c.start, c.row};
  return p;
}

FrictionProblem compactFrictionProblem(const CompactLcpSolve& c) {
  return {.A = matrixOf(c), .b = c.b, .mu = c.mu, .slide = c.slide, .joint = c.joint};
}

SolveTrace expandCompactLcpSolve(const CompactLcpSolve& c) {
  StepTraceRecorder recorder;
  recorder.onSolveContext(c.context);
  if (c.isFriction()) {
    const CompactFrictionOptions& k = c.friction;
    computeFrictionForces(compactFrictionProblem(c), {.tolerance = k.tolerance,
                                                      .touchingHeld = k.touchingHeld,
                                                      .lemkeFallback = k.lemkeFallback,
                                                      .lemkeExact = k.lemkeExact,
                                                      .lemkeFromGuess = k.lemkeFromGuess,
                                                      .lemkeSparseBasis = k.lemkeSparseBasis,
                                                      .regularizedFallback = k.regularizedFallback,
                                                      .regularizeOnce = k.regularizeOnce,
                                                      .compliantFallback = k.compliantFallback,
                                                      .compliantFirst = k.compliantFirst,
                                                      .updatedInverse = k.updatedInverse,
                                                      .pivotsPerRow = k.pivotsPerRow,
                                                      .guess = k.guess,
                                                      .sink = &recorder});
  } else {
    RandomLCG rng(c.seed);
    solveContactLcp(compactProblem(c), c.guess, c.options.solver, computeForcesOptions(c.options),
                    &rng, &recorder);
  }
  StepTrace one = recorder.take();
  return one.solves.empty() ? SolveTrace{} : std::move(one.solves.back());
}

SolveTrace expandCompactSolve(const StepTrace& trace, const CompactSolve& c) {
  const CompactRows& rows = trace.compactRows[static_cast<std::size_t>(c.rows)];
  SolveContext context{.purpose = SolvePurpose::kImpulse,
                       .time = rows.time,
                       .subset = 0,
                       .contacts = {rows.contacts.front()}};
  // A full recorder, told what the serial loop tells it: the context, then the solve.
  StepTraceRecorder recorder;
  if (c.friction >= 0) {
    const CompactFrictionBlock& f =
        trace.compactFrictionBlocks[static_cast<std::size_t>(c.friction)];
    recorder.onSolveContext(withFrictionRows(std::move(context)));
    FrictionProblem p;
    p.A.resize(2, 2);
    p.A << c.A, f.A01, f.A10, f.A11;
    p.b.resize(2);
    p.b << c.b, f.b1;
    p.mu = {f.mu};
    p.joint = {false};
    // The serial loop's options: what the settings change there (ContactSim::solveFriction)
    // are the held rows' arithmetic, and fallbacks, which a one-contact problem (A 2x2
    // positive definite) never reaches.
    FrictionOptions options;
    options.updatedInverse = rows.frictionUpdatedInverse;
    options.sink = &recorder;
    computeFrictionForces(p, options);
  } else {
    recorder.onSolveContext(std::move(context));
    LcpProblem p;
    p.A = Eigen::MatrixXd::Constant(1, 1, c.A);
    p.b = Eigen::VectorXd::Constant(1, c.b);
    p.joint = {false};
    ComputeForces solver;  // its own generator: one contact draws nothing
    solver.setOptions(computeForcesOptions(rows.options));
    solver.setTraceSink(&recorder);
    solver.solve(p, {});
  }
  StepTrace one = recorder.take();
  return one.solves.empty() ? SolveTrace{} : std::move(one.solves.back());
}

namespace {

// The expansion of `trace`: every solve (`opening` false), or its ContactSim solves only,
// the one-contact solves (and with kKeepCompact the friction solves) kept compact in their
// places.
StepTrace expand(const StepTrace& trace, bool opening, FrictionSolves friction) {
  StepTrace out;
  if (!trace.compact()) {
    out = trace;
    out.countedBytes = out.countBytes();  // the copy's capacities are its own
    return out;
  }
  if (opening) {
    out.compactRows = trace.compactRows;
    out.compactSolves = trace.compactSolves;
    out.compactFrictionBlocks = trace.compactFrictionBlocks;
  }
  std::size_t full = 0, one = 0, lcp = 0;
  for (std::size_t k = 0; k < trace.solveCount(); ++k) {
    if (placedAt(trace.compactSolves, one, k)) {
      if (!opening) out.solves.push_back(expandCompactSolve(trace, trace.compactSolves[one]));
      ++one;
    } else if (placedAt(trace.compactLcpSolves, lcp, k)) {
      const CompactLcpSolve& c = trace.compactLcpSolves[lcp++];
      if (opening && c.isFriction() && friction == FrictionSolves::kKeepCompact)
        out.compactLcpSolves.push_back(c);
      else
        out.solves.push_back(expandCompactLcpSolve(c));
    } else if (full < trace.solves.size()) {
      out.solves.push_back(trace.solves[full++]);
    }
  }
  out.waypoints = trace.waypoints;
  out.timeStepIterations = trace.timeStepIterations;
  out.timeStep = trace.timeStep;
  out.countedBytes = out.countBytes();
  return out;
}

// Where solve `position` is: compact one-contact, compact ContactSim, or stored (its index in
// `solves`); both compact lists are in order of position, and the stored solves fill the
// places between them.
struct Place {
  const CompactSolve* one = nullptr;
  const CompactLcpSolve* lcp = nullptr;
  const SolveTrace* stored = nullptr;
};

template <class List>
std::pair<std::size_t, bool> before(const List& list, std::size_t position) {
  const auto it = std::lower_bound(
      list.begin(), list.end(), position,
      [](const auto& c, std::size_t k) { return static_cast<std::size_t>(c.position) < k; });
  const bool here = it != list.end() && static_cast<std::size_t>(it->position) == position;
  return {static_cast<std::size_t>(it - list.begin()), here};
}

Place placeOf(const StepTrace& trace, std::size_t position) {
  Place p;
  if (position >= trace.solveCount()) return p;
  const auto [ones, isOne] = before(trace.compactSolves, position);
  if (isOne) {
    p.one = &trace.compactSolves[ones];
    return p;
  }
  const auto [lcps, isLcp] = before(trace.compactLcpSolves, position);
  if (isLcp) {
    p.lcp = &trace.compactLcpSolves[lcps];
    return p;
  }
  p.stored = &trace.solves[position - ones - lcps];
  return p;
}

}  // namespace

StepTrace expandTrace(const StepTrace& trace) {
  return expand(trace, false, FrictionSolves::kExpand);
}

StepTrace openTrace(const StepTrace& trace, FrictionSolves friction) {
  return expand(trace, true, friction);
}

const SolveTrace* storedSolve(const StepTrace& trace, std::size_t position) {
  return placeOf(trace, position).stored;
}

const CompactSolve* compactSolveAt(const StepTrace& trace, std::size_t position) {
  return placeOf(trace, position).one;
}

const CompactLcpSolve* compactLcpSolveAt(const StepTrace& trace, std::size_t position) {
  return placeOf(trace, position).lcp;
}

SolveHeader solveHeader(const StepTrace& trace, std::size_t position) {
  const Place p = placeOf(trace, position);
  if (p.stored)
    return {.purpose = p.stored->context.purpose,
            .time = p.stored->context.time,
            .subset = p.stored->context.subset,
            .rows = static_cast<int>(p.stored->solve.b.size())};
  if (p.lcp)
    return {.purpose = p.lcp->context.purpose,
            .time = p.lcp->context.time,
            .subset = p.lcp->context.subset,
            .rows = p.lcp->size()};
  if (p.one)
    return {.purpose = SolvePurpose::kImpulse,
            .time = trace.compactRows[static_cast<std::size_t>(p.one->rows)].time,
            .subset = 0,
            .rows = p.one->friction >= 0 ? 2 : 1};
  return {};
}

std::vector<SolvePurpose> solvePurposes(const StepTrace& trace) {
  std::vector<SolvePurpose> out(trace.solveCount(), SolvePurpose::kImpulse);
  std::size_t full = 0, one = 0, lcp = 0;
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (placedAt(trace.compactSolves, one, k))
      ++one;  // a one-contact solve: an impulse
    else if (placedAt(trace.compactLcpSolves, lcp, k))
      out[k] = trace.compactLcpSolves[lcp++].context.purpose;
    else if (full < trace.solves.size())
      out[k] = trace.solves[full++].context.purpose;
  }
  return out;
}

}  // namespace cl
