#pragma once
// LcpProblem: a = A f + b with f >= 0, a >= 0, f.a = 0 at contacts and a = 0, f free, at
// joints. The same object is what ComputeForces solves and what LCP files store.
#include <Eigen/Dense>
#include <optional>
#include <string>
#include <vector>

#include "engine/trace/lcp_terms.h"

namespace cl {

// A's nonzeros by column, when whoever built A knows them: column j's rows are
// row[start[j]] .. row[start[j + 1] - 1], increasing, and A is zero everywhere else (an
// entry listed may be zero too). A contact matrix has a handful per column where A has n,
// so a solver that knows them skips the n x n scans for them.
struct ColumnNonzeros {
  std::vector<int> start, row;
  bool known() const { return !start.empty(); }
};

struct LcpProblem {
  Eigen::MatrixXd A;          // n x n
  Eigen::VectorXd b;          // n
  std::vector<bool> joint;    // n; true for a bilateral constraint
  std::vector<int> preOrder;  // used by PRE_ORDERED; may be empty
  // Set by contactMatrix's caller; empty (unknown) everywhere else. Code that changes A
  // after it is set clears it.
  ColumnNonzeros nonzeros = {};

  int size() const { return static_cast<int>(b.size()); }
  // Empty when the problem is consistent; otherwise what is wrong.
  std::string validate() const;
};

// How far f and a = A f + b are from solving the LCP, measured the same for every solver.
struct LcpResiduals {
  double minContactAccel = 0;     // min a_i over contacts (0 when there are none)
  double minContactForce = 0;     // min f_i over contacts
  double maxComplementarity = 0;  // max |f_i a_i| over contacts
  double maxJointAccel = 0;       // max |a_j| over joints
  double bScale = 0;              // max |b_i| (0 for b = 0)
  // Siconos' natural-map residual ||f - max(0, f - a)||_2 / ||b||_2 (a_j at joints; not
  // divided when b = 0).
  double naturalMap = 0;
  // max(-min a, -min f, max |f a|, max |a_j|, 0): one number for "how wrong".
  double worst() const;
  // worst() / max |b| (not divided when b = 0): ours, relative, as solvers are compared.
  double relative() const;
};

LcpResiduals computeResiduals(const LcpProblem& p, const Eigen::VectorXd& f,
                              const Eigen::VectorXd& a);

struct LcpResult {
  Eigen::VectorXd f;
  Eigen::VectorXd a;  // A f + b, recomputed at the end
  LcpError error = LcpError::kOk;
  int pivots = 0;      // steps f += s delta_f taken (ComputeForces), pivots (Lemke)
  int iterations = 0;  // the solver's own count: pivots, sweeps (PGS), Newton iterations
  int deferrals = 0;   // moves to R (singular or flip-flop)
  LcpResiduals residuals;
  // Why a solve that is not ok ended as it did, in a line; for an ok solve, how it got
  // there when its own arithmetic could not (Lemke finishing in exact arithmetic).
  std::string reason;
  // Lemke: the result came from its exact pivoting, its last resort (lemke.h).
  bool exactArithmetic = false;
  std::vector<int> order;  // contacts in the order they were treated
  // With a guess of C (ComputeForces' warm start): it solved the LCP outright (no pivots);
  // it gave a valid start that pivots finished; or it was given up and the solve went cold.
  bool warmStarted = false;
  bool warmPartial = false;
  bool warmRejected = false;
  bool ok() const { return error == LcpError::kOk; }
};

}  // namespace cl
