#pragma once
// Friction problems whose mechanics are known by hand, shared by the friction solve's tests:
// one body on a slope at some of its points, and random stacks of two bodies on a slope;
// and the friction problems of runs stored under tests/data/lcp.
#include <Eigen/Dense>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/math/random_lcg.h"
#include "engine/solver/friction_forces.h"
#include "engine/solver/lcp_file.h"

namespace cl::test {

inline constexpr double kG = 9.8;

// The friction problem stored as tests/data/lcp/`name` (a run's solve, as the CLI's --lcp-dir
// writes it); throws when the file holds none.
inline FrictionProblem storedFrictionProblem(const std::string& name) {
  const LcpFile file = readLcpFile(std::filesystem::path(CONTACTLAB_TEST_DATA_DIR) / "lcp" / name);
  if (!file.friction) throw std::runtime_error(name + " holds no friction problem");
  return *file.friction;
}

struct SlopeBody {
  double m, I;
};

// The problem of contacts at body points r (from the CM) of one body on a slope of angle
// theta, in the slope's frame: tangent t = (1, 0) up the slope, normal n = (0, 1), gravity
// g (-sin theta, -cos theta). Rows J = [d_x, d_y, r x d] for the normals, then the
// tangents; A = J M^-1 J^T, b = J g.
inline FrictionProblem onSlope(const SlopeBody& body, const std::vector<Eigen::Vector2d>& points,
                               double theta, double mu) {
  const int n = static_cast<int>(points.size());
  Eigen::MatrixXd J(2 * n, 3);
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector2d r = points[i];
    J.row(i) << 0, 1, r.x();       // n = (0, 1): r x n = r_x
    J.row(n + i) << 1, 0, -r.y();  // t = (1, 0): r x t = -r_y
  }
  const Eigen::Vector3d minv(1 / body.m, 1 / body.m, 1 / body.I);
  const Eigen::Vector3d gravity(-kG * std::sin(theta), -kG * std::cos(theta), 0);
  FrictionProblem p;
  p.A = J * minv.asDiagonal() * J.transpose();
  p.b = J * gravity;
  p.mu.assign(n, mu);
  return p;
}

// Body 1 on the slope at one or two points, body 2 on body 1 at one or two (both 1 tall:
// each contact half a unit below its body's CM), drawn from rng: the contacts between the
// bodies push body 2 up and body 1 down, so A couples them.
struct TwoBodyStack {
  int n = 0;
  Eigen::MatrixXd J;     // 2n x 6
  Eigen::VectorXd minv;  // 6
  FrictionProblem problem(double theta, double mu) const {
    Eigen::VectorXd gravity(6);
    gravity << -kG * std::sin(theta), -kG * std::cos(theta), 0, -kG * std::sin(theta),
        -kG * std::cos(theta), 0;
    FrictionProblem p;
    p.A = J * minv.asDiagonal() * J.transpose();
    p.b = J * gravity;
    p.mu.assign(n, mu);
    return p;
  }
};

inline TwoBodyStack randomTwoBodyStack(RandomLCG& rng) {
  const int k1 = 1 + static_cast<int>(rng.nextFloat() * 2);
  const int k2 = 1 + static_cast<int>(rng.nextFloat() * 2);
  TwoBodyStack s;
  s.n = k1 + k2;
  const double m1 = 0.5 + 2 * rng.nextFloat(), I1 = 0.1 + rng.nextFloat();
  const double m2 = 0.5 + 2 * rng.nextFloat(), I2 = 0.1 + rng.nextFloat();
  s.J = Eigen::MatrixXd::Zero(2 * s.n, 6);
  for (int c = 0; c < s.n; ++c) {
    const bool onGround = c < k1;
    const double rx = -1 + 2 * rng.nextFloat();
    // Normal (0, 1) and tangent (1, 0) on the primary (body 1 on the ground, body 2 on
    // body 1); the normal body (ground, body 1) takes the opposite.
    const int primary = onGround ? 0 : 3;
    s.J.row(c).segment(primary, 3) << 0, 1, rx;
    s.J.row(s.n + c).segment(primary, 3) << 1, 0, 0.5;
    if (!onGround) {
      s.J.row(c).segment(0, 3) << 0, -1, -rx;
      s.J.row(s.n + c).segment(0, 3) << -1, 0, 0.5;  // -(t, r x t), r = (rx, 0.5) on body 1
    }
  }
  s.minv.resize(6);
  s.minv << 1 / m1, 1 / m1, 1 / I1, 1 / m2, 1 / m2, 1 / I2;
  return s;
}

}  // namespace cl::test
