#pragma once
// ContactLcpBuilder: contact-like LCPs without collision detection. Bodies are given by
// mass, moment of inertia and centre; contacts by the two bodies, the world point and the
// normal out of the normal body (body2; -1 for fixed ground). With the Jacobian row
//   J_i = [n, r1 x n] on body1, -[n, r2 x n] on body2,
// A = J M^-1 J^T (eq. 9 of the overview, summed) and b = J u for a generalized external
// acceleration u (gravity plus optional jitter), so every problem built here has a
// solution: it is the optimality condition of min |a - u|_M subject to J a >= 0, which
// a = 0 satisfies.
#include <Eigen/Dense>
#include <vector>

#include "engine/math/random_lcg.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

class ContactLcpBuilder {
 public:
  int addBody(double mass, double inertia, double x, double y);
  // normal (nx, ny) is normalised; body2 = -1 means fixed.
  void addContact(int body1, int body2, double px, double py, double nx, double ny,
                  bool joint = false);
  int bodyCount() const { return static_cast<int>(mBodies.size()); }
  int contactCount() const { return static_cast<int>(mContacts.size()); }
  // u: 3 per body (ax, ay, alpha); default gravity g downwards.
  LcpProblem build(const Eigen::VectorXd& u) const;
  LcpProblem buildWithGravity(double g = 9.8) const;
  Eigen::MatrixXd jacobian() const;
  Eigen::VectorXd inverseMass() const;  // diagonal of M^-1

 private:
  struct Body {
    double m, I, x, y;
  };
  struct Contact {
    int b1, b2;
    double px, py, nx, ny;
    bool joint;
  };
  std::vector<Body> mBodies;
  std::vector<Contact> mContacts;
};

// The hand-solved LCP that every solver must reproduce first: A = [4 1 0; 1 3 1; 0 1 2],
// b = (-1, -2, 1). With C = {0, 1}: 4 f0 + f1 = 1 and f0 + 3 f1 = 2 give f = (1/11, 7/11),
// and a2 = f1 + b2 = 18/11 > 0: f = (1/11, 7/11, 0), a = (0, 0, 18/11).
LcpProblem handSolvedLcp();

// The LCP a = A f + b; every row a contact unless `joint` (one entry per row) says a joint.
LcpProblem problemOf(Eigen::MatrixXd A, Eigen::VectorXd b, std::vector<bool> joint = {});

// Families of random contact-like LCPs (used by tests and the benchmark). `jitter`
// perturbs the external accelerations by up to jitter * g.
enum class LcpFamily { kTower, kPyramid, kLeaningChain, kJointChain };
const char* familyName(LcpFamily f);
// About `contacts` contacts (the family decides the exact count).
LcpProblem randomContactLcp(LcpFamily family, int contacts, RandomLCG& rng, double jitter = 0);

}  // namespace cl
