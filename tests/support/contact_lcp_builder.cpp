#include "tests/support/contact_lcp_builder.h"

#include <cmath>
#include <utility>

namespace cl {

int ContactLcpBuilder::addBody(double mass, double inertia, double x, double y) {
  mBodies.push_back({mass, inertia, x, y});
  return bodyCount() - 1;
}

void ContactLcpBuilder::addContact(int body1, int body2, double px, double py, double nx, double ny,
                                   bool joint) {
  const double len = std::hypot(nx, ny);
  mContacts.push_back({body1, body2, px, py, nx / len, ny / len, joint});
}

Eigen::MatrixXd ContactLcpBuilder::jacobian() const {
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(contactCount(), 3 * bodyCount());
  for (int i = 0; i < contactCount(); ++i) {
    const Contact& c = mContacts[i];
    const auto put = [&](int body, double sign) {
      if (body < 0) return;
      const Body& B = mBodies[body];
      const double rx = c.px - B.x, ry = c.py - B.y;
      J(i, 3 * body) += sign * c.nx;
      J(i, 3 * body + 1) += sign * c.ny;
      J(i, 3 * body + 2) += sign * (rx * c.ny - ry * c.nx);  // r x n
    };
    put(c.b1, 1.0);
    put(c.b2, -1.0);
  }
  return J;
}

Eigen::VectorXd ContactLcpBuilder::inverseMass() const {
  Eigen::VectorXd w(3 * bodyCount());
  for (int k = 0; k < bodyCount(); ++k)
    w.segment<3>(3 * k) << 1 / mBodies[k].m, 1 / mBodies[k].m, 1 / mBodies[k].I;
  return w;
}

LcpProblem ContactLcpBuilder::build(const Eigen::VectorXd& u) const {
  const Eigen::MatrixXd J = jacobian();
  LcpProblem p;
  p.A = J * inverseMass().asDiagonal() * J.transpose();
  p.b = J * u;
  for (const Contact& c : mContacts) p.joint.push_back(c.joint);
  return p;
}

LcpProblem ContactLcpBuilder::buildWithGravity(double g) const {
  Eigen::VectorXd u = Eigen::VectorXd::Zero(3 * bodyCount());
  for (int k = 0; k < bodyCount(); ++k) u[3 * k + 1] = -g;
  return build(u);
}

const char* familyName(LcpFamily f) {
  switch (f) {
    case LcpFamily::kTower:
      return "tower";
    case LcpFamily::kPyramid:
      return "pyramid";
    case LcpFamily::kLeaningChain:
      return "leaning-chain";
    case LcpFamily::kJointChain:
      return "joint-chain";
  }
  return "?";
}

namespace {

double uniform(RandomLCG& rng, double lo, double hi) {
  return lo + rng.nextRange(hi - lo);
}

// A box of width w, height h and density 1.
int addBox(ContactLcpBuilder& B, double w, double h, double x, double y) {
  const double m = w * h;
  return B.addBody(m, m * (w * w + h * h) / 12, x, y);
}

// Towers of boxes, each box resting flat on the one below at both ends of the overlap.
void tower(ContactLcpBuilder& B, int contacts, RandomLCG& rng) {
  int below = -1;
  double belowX = 0, belowW = 1, top = 0;
  double towerX = 0;
  while (B.contactCount() + 2 <= contacts) {
    if (below >= 0 && rng.nextFloat() < 0.1) {  // start another tower beside
      towerX += 3;
      below = -1;
      top = 0;
    }
    const double w = uniform(rng, 0.8, 1.2), h = uniform(rng, 0.3, 1.0);
    const double x = towerX + uniform(rng, -0.1, 0.1);
    const int k = addBox(B, w, h, x, top + h / 2);
    const double lo = below < 0 ? x - w / 2 : std::max(x - w / 2, belowX - belowW / 2);
    const double hi = below < 0 ? x + w / 2 : std::min(x + w / 2, belowX + belowW / 2);
    B.addContact(k, below, lo, top, 0, 1);
    B.addContact(k, below, hi, top, 0, 1);
    below = k;
    belowX = x;
    belowW = w;
    top += h;
  }
}

// Brick pyramids: each brick above rests on two bricks below, two contacts on each.
void pyramid(ContactLcpBuilder& B, int contacts, RandomLCG& rng) {
  int rows = 1;
  while (2 * rows + 4 * (rows * (rows - 1) / 2) < contacts) ++rows;
  const double h = 0.5, gap = 0.02;
  std::vector<int> below;
  std::vector<double> belowX;
  for (int r = 0; r < rows && B.contactCount() < contacts; ++r) {
    std::vector<int> row;
    std::vector<double> rowX;
    const int count = rows - r;
    for (int c = 0; c < count && B.contactCount() < contacts; ++c) {
      const double x = (1 + gap) * (c + 0.5 * r) + uniform(rng, -0.05, 0.05) * (r > 0);
      const int k = addBox(B, 1, h, x, h * (r + 0.5));
      if (r == 0) {
        B.addContact(k, -1, x - 0.5, 0, 0, 1);
        B.addContact(k, -1, x + 0.5, 0, 0, 1);
      } else {
        for (int s = 0; s < 2; ++s) {
          const int j = below[c + s];
          const double lo = std::max(x - 0.5, belowX[c + s] - 0.5);
          const double hi = std::min(x + 0.5, belowX[c + s] + 0.5);
          B.addContact(k, j, lo, h * r, 0, 1);
          B.addContact(k, j, hi, h * r, 0, 1);
        }
      }
      row.push_back(k);
      rowX.push_back(x);
    }
    below = row;
    belowX = rowX;
  }
}

// Tilted boxes leaning on each other: a corner on the floor and a corner on the tilted
// face of the previous box (the first leans on a wall).
void leaningChain(ContactLcpBuilder& B, int contacts, RandomLCG& rng) {
  int prev = -1;
  double prevX = 0;
  while (B.contactCount() + 2 <= contacts) {
    const double w = uniform(rng, 0.2, 0.4), h = uniform(rng, 1.0, 2.0);
    const double tilt = uniform(rng, 0.05, 0.5);  // leaning left by this angle
    const double x = prevX + uniform(rng, 0.6, 1.0);
    const double cx = x + 0.5 * h * std::sin(tilt), cy = 0.5 * h * std::cos(tilt);
    const int k = addBox(B, w, h, cx, cy);
    B.addContact(k, -1, x + uniform(rng, -0.1, 0.1), 0, 0, 1);
    // Upper-left corner of k against the right face of prev (normal out of prev).
    const double py = h * std::cos(tilt) * uniform(rng, 0.6, 0.95);
    const double nAngle = prev < 0 ? 0.0 : -uniform(rng, 0.05, 0.5);
    B.addContact(k, prev, x - 0.2, py, std::cos(nAngle), std::sin(-nAngle));
    prev = k;
    prevX = x;
  }
}

// Links hanging from each other on double joints; the lowest link rests on the floor.
void jointChain(ContactLcpBuilder& B, int contacts, RandomLCG& rng) {
  int prev = -1;
  double px = 0, py = 20;
  while (B.contactCount() + 2 <= contacts) {
    const double L = uniform(rng, 0.5, 1.5), ang = uniform(rng, -0.6, 0.6);
    const double cx = px + 0.5 * L * std::sin(ang), cy = py - 0.5 * L * std::cos(ang);
    const int k = addBox(B, 0.1, L, cx, cy);
    B.addContact(k, prev, px, py, 1, 0, true);
    B.addContact(k, prev, px, py, 0, 1, true);
    px = cx + 0.5 * L * std::sin(ang);
    py = cy - 0.5 * L * std::cos(ang);
    prev = k;
  }
  if (prev >= 0 && B.contactCount() < contacts) B.addContact(prev, -1, px, py, 0, 1);
}

}  // namespace

LcpProblem randomContactLcp(LcpFamily family, int contacts, RandomLCG& rng, double jitter) {
  ContactLcpBuilder B;
  switch (family) {
    case LcpFamily::kTower:
      tower(B, contacts, rng);
      break;
    case LcpFamily::kPyramid:
      pyramid(B, contacts, rng);
      break;
    case LcpFamily::kLeaningChain:
      leaningChain(B, contacts, rng);
      break;
    case LcpFamily::kJointChain:
      jointChain(B, contacts, rng);
      break;
  }
  const double g = 9.8;
  Eigen::VectorXd u = Eigen::VectorXd::Zero(3 * B.bodyCount());
  for (int k = 0; k < B.bodyCount(); ++k) {
    u[3 * k + 1] = -g;
    if (jitter > 0)
      for (int c = 0; c < 3; ++c) u[3 * k + c] += uniform(rng, -jitter, jitter) * g;
  }
  return B.build(u);
}

LcpProblem problemOf(Eigen::MatrixXd A, Eigen::VectorXd b, std::vector<bool> joint) {
  LcpProblem p;
  p.A = std::move(A);
  p.b = std::move(b);
  p.joint = joint.empty() ? std::vector<bool>(static_cast<std::size_t>(p.b.size()), false) : joint;
  return p;
}

LcpProblem handSolvedLcp() {
  LcpProblem p;
  p.A.resize(3, 3);
  p.A << 4, 1, 0, 1, 3, 1, 0, 1, 2;
  p.b = Eigen::Vector3d(-1, -2, 1);
  p.joint.assign(3, false);
  return p;
}

}  // namespace cl
