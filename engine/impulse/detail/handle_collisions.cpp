#include "engine/impulse/detail/handle_collisions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "engine/contact/contact_sim.h"
#include "engine/contact/detail/contact_matrix.h"
#include "engine/contact/detail/engine2d_lcp.h"
#include "engine/contact/detail/friction_problem.h"
#include "engine/contact/detail/impulse_lcp.h"
#include "engine/contact/detail/solve_context.h"
#include "engine/dynamics/advance_strategy.h"
#include "engine/solver/detail/sparse_product.h"

namespace cl {

namespace {

// A solve whose error code is set is still accepted when its result satisfies the LCP to
// this tolerance (engine2D checks impulses at 1e-4).
constexpr double kImpulseCheckTolerance = 1e-4;
// Serial loop: the velocity below which a record is still approaching, and how often
// it doubles (every kPanicFactor * n iterations).
constexpr double kSmallVelocity = 1e-5;
constexpr int kPanicFactor = 20;

std::string describeRecords(const ContactSim& sim, const std::vector<RigidBodyCollision>& rs) {
  std::string out;
  const auto name = [&](int b) { return sim.bodyName(b); };
  for (const RigidBodyCollision& c : rs)
    out += fmt::format(
        "\n  {} '{}' on '{}' at ({:.6g}, {:.6g}) distance {:.3g} normal velocity {:.6g}",
        collisionKindName(c.kind), name(c.primaryBody), name(c.normalBody), c.impact1.x,
        c.impact1.y, c.distance, c.normalVelocity);
  return out;
}

// records[set[0]], records[set[1]], ... (every record when `set` is empty).
std::vector<RigidBodyCollision> recordsOf(const std::vector<RigidBodyCollision>& all,
                                          std::span<const int> set) {
  if (set.empty()) return all;
  std::vector<RigidBodyCollision> rows;
  rows.reserve(set.size());
  for (const int i : set) rows.push_back(all[static_cast<std::size_t>(i)]);
  return rows;
}

// Solves the impulse LCP p, whose rows are records[set[0]], records[set[1]], ... (every
// record when `set` is empty). The rows' records are copied out only for a trace or an error.
Eigen::VectorXd solveOrThrow(ContactSim& sim, const LcpProblem& p,
                             const std::vector<RigidBodyCollision>& all, std::span<const int> set) {
  const auto rowsOf = [&] { return recordsOf(all, set); };
  if (SolverTraceSink* sink = sim.traceSink()) {
    const std::vector<RigidBodyCollision> records = rowsOf();
    sink->onSolveContext(makeSolveContext(sim, records, SolvePurpose::kImpulse, sim.time()));
  }
  if (const std::string problem = p.validate(); !problem.empty())
    throw SimulationError(fmt::format("collision impulses at time {}: {}:{}", sim.time(), problem,
                                      describeRecords(sim, rowsOf())));
  const LcpResult r = sim.solveLcp(p, {});
  if (!r.ok() &&
      (r.a.size() != r.f.size() || !checkForceAccel(kImpulseCheckTolerance, r.f, r.a, p.joint)))
    throw SimulationError(
        fmt::format("collision impulses failed ({}) at time {} with {} records:{}",
                    errorName(r.error), sim.time(), p.size(), describeRecords(sim, rowsOf())));
  return r.f;
}

// The same for an impulse problem with friction (records[set[r]] as above): the 2m impulses,
// normals first.
// `traceIt` false: not told to the trace sink (a compact trace's one-contact solve).
Eigen::VectorXd solveOrThrow(ContactSim& sim, const FrictionProblem& p,
                             const std::vector<RigidBodyCollision>& all, std::span<const int> set,
                             const FrictionOptions& options = {}, bool traceIt = true) {
  const auto rowsOf = [&] { return recordsOf(all, set); };
  if (const std::string problem = p.validate(); !problem.empty())
    throw SimulationError(fmt::format("collision impulses with friction at time {}: {}:{}",
                                      sim.time(), problem, describeRecords(sim, rowsOf())));
  FrictionOptions traced = options;
  if ((traced.sink = traceIt ? sim.traceSink() : nullptr))
    traced.sink->onSolveContext(
        makeFrictionSolveContext(sim, rowsOf(), SolvePurpose::kImpulse, sim.time()));
  const FrictionResult r = sim.solveFriction(p, traced);
  const double scale = std::max(1.0, p.b.size() > 0 ? p.b.cwiseAbs().maxCoeff() : 0.0);
  if (!r.ok() &&
      (r.f.size() != p.b.size() || frictionViolation(p, r.f, r.a) > kImpulseCheckTolerance * scale))
    throw SimulationError(
        fmt::format("collision impulses with friction failed ({}) at time {} with {} records:{}",
                    errorName(r.error), sim.time(), p.contacts(), describeRecords(sim, rowsOf())));
  return r.f;
}

// Applies the accumulated impulses and stores them on the records: n normal impulses, then
// (with friction) n tangential ones.
bool applyAll(ContactSim& sim, std::vector<RigidBodyCollision>& records, const Eigen::VectorXd& j) {
  const auto n = static_cast<Eigen::Index>(records.size());
  // A negative impulse within the solve's acceptance (relative to the largest impulse) is
  // rounding and taken as zero; a larger one is refused before anything is applied.
  const double scale = std::max(1.0, n > 0 ? j.head(n).cwiseAbs().maxCoeff() : 0.0);
  for (std::size_t i = 0; i < records.size(); ++i)
    if (!records[i].joint && j(static_cast<Eigen::Index>(i)) < -kImpulseCheckTolerance * scale)
      throw SimulationError(fmt::format("negative impulse {} at time {}:{}",
                                        j(static_cast<Eigen::Index>(i)), sim.time(),
                                        describeRecords(sim, {records[i]})));
  const bool friction = j.size() == 2 * n;
  // The energy the friction impulses take: with v' = v + A j the kinetic energy changes by
  // j . (v + v') / 2, row by row, so the tangential rows' share is -j_F . (v_t + v_t') / 2.
  std::vector<double> slipBefore;
  if (friction)
    for (const RigidBodyCollision& c : records)
      slipBefore.push_back(tangentialSlip(c, sim.bodies(), sim.vars()));
  bool any = false;
  for (std::size_t i = 0; i < records.size(); ++i) {
    double ji = j(static_cast<Eigen::Index>(i));
    RigidBodyCollision& c = records[i];
    if (!c.joint && ji < 0) ji = 0;
    c.impulse = ji;
    applyImpulse(c, ji, sim.bodies(), sim.vars(), sim.tolerances().engine2dArithmetic);
    any = any || ji > kTinyImpulse;
    if (friction) {
      c.frictionImpulse = j(n + static_cast<Eigen::Index>(i));
      applyFrictionImpulse(c, c.frictionImpulse, sim.bodies(), sim.vars());
    }
  }
  for (std::size_t i = 0; i < slipBefore.size(); ++i)
    sim.addFrictionLoss(-records[i].frictionImpulse *
                        (slipBefore[i] + tangentialSlip(records[i], sim.bodies(), sim.vars())) /
                        2.0);
  return any;
}

bool anyFriction(const std::vector<double>& mu) {
  return std::any_of(mu.begin(), mu.end(), [](double m) { return m > 0; });
}

bool handleSimultaneous(ContactSim& sim, std::vector<RigidBodyCollision>& records,
                        ImpulseTotals* totals) {
  std::vector<double> e(records.size());
  for (std::size_t i = 0; i < records.size(); ++i)
    e[i] = records[i].contact() ? 0.0 : pairElasticity(records[i], sim.bodies());
  std::vector<double> mu = contactFriction(records, sim.bodies());
  const Eigen::VectorXd j =
      anyFriction(mu)
          ? solveOrThrow(
                sim, frictionImpulseProblem(records, e, std::move(mu), sim.bodies(), sim.vars()),
                records, {})
          : solveOrThrow(sim,
                         impulseProblem(records, e, sim.bodies(), sim.vars(),
                                        sim.tolerances().engine2dArithmetic),
                         records, {});
  if (totals) ++totals->solves;
  return applyAll(sim, records, j);
}

bool shareBody(const RigidBodyCollision& a, const RigidBodyCollision& b) {
  return a.primaryBody == b.primaryBody || a.primaryBody == b.normalBody ||
         a.normalBody == b.primaryBody || a.normalBody == b.normalBody;
}

// The records solved together with `focus`: the focus; with `hybrid` every other record
// still approaching that shares a body with it; then, repeatedly, every joint touching a
// movable body of the set (engine2D's subsetCollisions2).
// `joint` is rs[i].joint by index (a compact copy: this runs at every serial iteration).
std::vector<int> focusSet(const ContactSim& sim, const std::vector<RigidBodyCollision>& rs,
                          const std::vector<bool>& joint, int focus, bool hybrid,
                          const Eigen::VectorXd& v, double smallVelocity) {
  std::vector<int> set{focus};
  std::vector<bool> inSet(rs.size(), false);
  inSet[static_cast<std::size_t>(focus)] = true;
  std::vector<int> bodies;
  const auto addBody = [&](int b, bool onlyMovable) {
    if (onlyMovable && !isMovableBody(sim.bodies(), b)) return;
    if (std::find(bodies.begin(), bodies.end(), b) == bodies.end()) bodies.push_back(b);
  };
  addBody(rs[focus].primaryBody, true);
  addBody(rs[focus].normalBody, true);
  const int n = static_cast<int>(rs.size());
  const auto in = [&](int i) { return inSet[static_cast<std::size_t>(i)]; };
  const auto add = [&](int i) {
    set.push_back(i);
    inSet[static_cast<std::size_t>(i)] = true;
  };
  if (hybrid)
    for (int i = 0; i < n; ++i)
      if (!in(i) && !joint[i] && v(i) < -smallVelocity && shareBody(rs[i], rs[focus])) {
        add(i);
        addBody(rs[i].primaryBody, false);
        addBody(rs[i].normalBody, false);
      }
  const auto has = [&](int b) {
    return std::find(bodies.begin(), bodies.end(), b) != bodies.end();
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < n; ++i)
      if (joint[i] && !in(i) && (has(rs[i].primaryBody) || has(rs[i].normalBody))) {
        add(i);
        addBody(rs[i].primaryBody, true);
        addBody(rs[i].normalBody, true);
        grew = true;
      }
  }
  return set;
}

bool handleSerial(ContactSim& sim, std::vector<RigidBodyCollision>& records, bool hybrid,
                  bool grouped, bool lastPass, ImpulseTotals* totals) {
  const int n = static_cast<int>(records.size());
  const bool engine2d = sim.tolerances().engine2dArithmetic;
  std::vector<bool> joint(static_cast<std::size_t>(n));
  std::vector<double> e(static_cast<std::size_t>(n));
  Eigen::VectorXd v(n);  // working normal velocities
  for (int i = 0; i < n; ++i) {
    joint[i] = records[i].joint;
    const double pair = pairElasticity(records[i], sim.bodies());
    // Grouped handling lets joints hold (elasticity 0); separate lets them bounce.
    e[i] = grouped && joint[i] ? 0.0 : pair;
    v(i) = normalVelocityAt(records[i], sim.bodies(), sim.vars());
  }
  // With friction the working problem is 2n (normal rows, then tangential ones; n + i is
  // record i's tangent): the serial loop still decides on the normal velocities alone.
  std::vector<double> mu = contactFriction(records, sim.bodies());
  const bool friction = anyFriction(mu);
  // A's nonzeros, for the columns below and the last pass's problem (without friction)
  ColumnNonzeros nonzeros;
  Eigen::MatrixXd A = contactMatrix(records, sim.bodies(), friction ? nullptr : &nonzeros);
  // engine2D's impulse matrix has the same nonzeros, summed its own way.
  if (engine2d && !friction) A = impulseMatrixEngine2D(records, sim.bodies());
  if (friction) A = frictionMatrix(records, sim.bodies(), A);
  if (friction) {
    v.conservativeResize(2 * n);
    for (int i = 0; i < n; ++i) v(n + i) = tangentialSlip(records[i], sim.bodies(), sim.vars());
  }
  Eigen::VectorXd total = Eigen::VectorXd::Zero(A.rows());
  // v += A[:, i] j over the column's nonzeros: a record moves only the velocities of records
  // sharing one of its bodies, a handful of the hundreds a pile's collision has, and this
  // runs at every iteration. Skipped terms are exact zeros (v + 0 j = v), so v keeps its bits.
  // The columns come from contactMatrix's list (friction's rows are applied densely below).
  std::vector<int> colStart{0}, nzRow;
  std::vector<double> nzVal;
  for (int c = 0; c < n && !friction; ++c) {
    appendNonzeros(A, c, &nonzeros, nzRow, nzVal);
    colStart.push_back(static_cast<int>(nzRow.size()));
  }
  const auto addColumn = [&](int i, double j) {
    for (int e = colStart[i]; e < colStart[i + 1]; ++e) v(nzRow[e]) += nzVal[e] * j;
  };
  // Without joints a grouped focus set is the focus alone (focusSet adds only joints).
  const bool anyJoint = std::find(joint.begin(), joint.end(), true) != joint.end();
  // One contact solved alone (nearly every iteration of a pile) takes ComputeForces' short
  // cut, the same bits as its solve; a trace wants the full solve, another contact solver
  // its own, and anything unusual goes through it for the diagnostics.
  ComputeForces single;
  single.setOptions(sim.solverOptions());
  // A sink that keeps one-contact solves compact is sent their problems (compact_solve.h)
  // rather than the solves: they take the short cut (frictionless) or are solved untraced
  // (friction), the same bits either way.
  SolverTraceSink* const sink = sim.traceSink();
  const bool compact = sink != nullptr && sink->keepsSolvesCompact();
  const bool shortCut =
      (sink == nullptr || compact) && sim.contactSolver() == LcpSolverKind::kComputeForces;
  // The index the sink gave each record's row, sent the first time the record is solved
  // alone (a step of a few such solves keeps only their records).
  std::vector<int> compactRows;
  // Record `row` solved alone: a = A f + b, or the 2x2 friction problem with `friction`.
  const auto sendCompact = [&](int row, double A, double b,
                               const CompactFrictionBlock* friction = nullptr) {
    if (compactRows.empty()) compactRows.assign(static_cast<std::size_t>(n), -1);
    int& rows = compactRows[static_cast<std::size_t>(row)];
    if (rows < 0) {
      CompactRows kept = makeCompactRows(sim, records[static_cast<std::size_t>(row)], sim.time(),
                                         sim.solverOptions());
      // The held rows' arithmetic solveFriction gives a one-contact problem (the settings'):
      // expanding the solve again needs it to make the same pivots.
      kept.frictionUpdatedInverse = sim.frictionOptions(FrictionProblem{}, {}).updatedInverse;
      rows = sink->onCompactRows(std::move(kept));
    }
    sink->onCompactSolve({.rows = rows, .A = A, .b = b}, friction);
  };
  std::vector<int> set;
  RandomLCG::OrderScratch order;
  double smallVelocity = kSmallVelocity;
  int panicAt = kPanicFactor * n;
  // A contact is still to do while !(v > -smallVelocity) (NaN included); a joint while
  // |v| > smallVelocity.
  const auto approaching = [&](int i) { return !(v(i) > -smallVelocity); };
  const auto notDone = [&](int i) {
    return joint[i] ? !(std::abs(v(i)) <= smallVelocity) : approaching(i);
  };
  for (int iteration = 1;; ++iteration) {
    if (iteration > kMaxSerialIterations)
      throw SimulationError(
          fmt::format("serial collision handling did not finish after {} iterations at time {}:{}",
                      kMaxSerialIterations, sim.time(), describeRecords(sim, records)));
    if (iteration > panicAt) {
      smallVelocity *= 2;
      panicAt += kPanicFactor * n;
    }
    // Without joints the joint lookup is left out of this, the loop's hottest test.
    const int focus = anyJoint ? sim.random().firstInRandomOrder(n, notDone, order)
                               : sim.random().firstInRandomOrder(n, approaching, order);
    if (focus < 0 && !lastPass) break;
    set.clear();
    if (focus < 0) {
      for (int i = 0; i < n; ++i) set.push_back(i);
    } else if (hybrid || (grouped && anyJoint)) {
      set = focusSet(sim, records, joint, focus, hybrid, v, smallVelocity);
      // engine2D's hcs_handle solves the set in the list's order (which decides the
      // pivoting's rounding, and the order of the velocities' sums).
      if (engine2d) std::sort(set.begin(), set.end());
    } else {
      set.push_back(focus);
    }
    const int m = static_cast<int>(set.size());
    if (friction) {
      FrictionProblem p;
      p.A.resize(2 * m, 2 * m);
      p.b.resize(2 * m);
      for (int r = 0; r < 2 * m; ++r) {
        const int row = r < m ? set[r] : n + set[r - m];
        for (int c = 0; c < 2 * m; ++c) p.A(r, c) = A(row, c < m ? set[c] : n + set[c - m]);
        const bool bounce = focus >= 0 && r < m;
        p.b(r) = bounce ? (1.0 + e[set[r]]) * v(row) : v(row);
      }
      for (int r = 0; r < m; ++r) {
        p.mu.push_back(mu[set[r]]);
        p.joint.push_back(joint[set[r]]);
      }
      const bool alone = compact && m == 1 && !joint[set[0]];
      const Eigen::VectorXd j = solveOrThrow(sim, p, records, set, {}, !alone);
      if (alone) {
        const CompactFrictionBlock block{
            .A10 = p.A(1, 0), .A01 = p.A(0, 1), .A11 = p.A(1, 1), .b1 = p.b(1), .mu = p.mu[0]};
        sendCompact(set[0], p.A(0, 0), p.b(0), &block);
      }
      if (totals) ++totals->solves;
      for (int r = 0; r < m; ++r) {
        total(set[r]) += j(r);
        total(n + set[r]) += j(m + r);
        v += A.col(set[r]) * j(r) + A.col(n + set[r]) * j(m + r);
      }
      if (focus < 0) break;
      continue;
    }
    if (m == 1 && shortCut && !joint[set[0]]) {
      const int i = set[0];
      const double b = focus < 0 ? v(i) : (1.0 + e[i]) * v(i);
      if (const auto j = single.solveSingleContact(A(i, i), b)) {
        if (compact) sendCompact(i, A(i, i), b);
        if (totals) ++totals->solves;
        total(i) += *j;
        addColumn(i, *j);
        if (focus < 0) break;
        continue;
      }
    }
    LcpProblem p;
    if (focus < 0) {
      // The last pass's set is every record in order: A itself, whose nonzeros are known
      // (the solve then passes over them rather than all n x n). A is not read after it
      // (the velocities follow from the columns' nonzeros), so it moves: a copy of n^2
      // doubles is n^2 / 512 fresh pages to fault in.
      p.A = std::move(A);
      p.nonzeros = std::move(nonzeros);
    } else {
      p.A.resize(m, m);
      for (int c = 0; c < m; ++c)
        for (int r = 0; r < m; ++r) p.A(r, c) = A(set[r], set[c]);
    }
    p.b.resize(m);
    for (int r = 0; r < m; ++r) {
      // The last pass asks only that nothing approaches: elasticity 0 for all.
      p.b(r) = focus < 0 ? v(set[r]) : (1.0 + e[set[r]]) * v(set[r]);
      p.joint.push_back(joint[set[r]]);
    }
    const Eigen::VectorXd j = solveOrThrow(sim, p, records, set);
    if (totals) ++totals->solves;
    for (int r = 0; r < m; ++r) {
      total(set[r]) += j(r);
      addColumn(set[r], j(r));
    }
    if (focus < 0) break;
  }
  return applyAll(sim, records, total);
}

}  // namespace

bool handleJam(ContactSim& sim, std::vector<RigidBodyCollision>& records) {
  if (records.empty()) return false;
  const Eigen::VectorXd j =
      solveOrThrow(sim, jamProblem(records, sim.bodies(), sim.vars()), records, {}, jamOptions());
  return applyAll(sim, records, j);
}

bool handleCollisions(ContactSim& sim, std::vector<RigidBodyCollision>& records,
                      CollisionHandling mode, ImpulseTotals* totals) {
  if (records.empty()) return false;
  switch (mode) {
    case CollisionHandling::SIMULTANEOUS:
      return handleSimultaneous(sim, records, totals);
    case CollisionHandling::HYBRID:
      return handleSerial(sim, records, true, true, true, totals);
    case CollisionHandling::SERIAL_GROUPED:
      return handleSerial(sim, records, false, true, false, totals);
    case CollisionHandling::SERIAL_GROUPED_LASTPASS:
      return handleSerial(sim, records, false, true, true, totals);
    case CollisionHandling::SERIAL_SEPARATE:
      return handleSerial(sim, records, false, false, false, totals);
    case CollisionHandling::SERIAL_SEPARATE_LASTPASS:
      return handleSerial(sim, records, false, false, true, totals);
  }
  return false;
}

}  // namespace cl
