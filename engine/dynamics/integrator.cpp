#include "engine/dynamics/integrator.h"

#include <array>

namespace cl {
namespace {

// x(t + h) = x + h f(x, t)
class Euler : public Integrator {
 public:
  IntegratorKind kind() const override { return IntegratorKind::kEuler; }
  double timeIncrement(double h) const override { return h * 1.0; }
  void step(OdeSystem& sys, std::vector<double>& x, double t, double h) override {
    k1.resize(x.size());
    sys.evaluate(x, t, k1);
    const double w1 = sys.carriedRate();
    for (std::size_t i = 0; i < x.size(); ++i) x[i] += h * k1[i];
    sys.carry(h * w1);
  }

 private:
  std::vector<double> k1;
};

// Heun: k1 = f(x, t), k2 = f(x + h k1, t + h), x(t + h) = x + h (k1 + k2) / 2
class ModifiedEuler : public Integrator {
 public:
  IntegratorKind kind() const override { return IntegratorKind::kModifiedEuler; }
  double timeIncrement(double h) const override { return h * (1.0 + 1.0) / 2.0; }
  void step(OdeSystem& sys, std::vector<double>& x, double t, double h) override {
    const std::size_t n = x.size();
    k1.resize(n), k2.resize(n), tmp.resize(n);
    sys.evaluate(x, t, k1);
    const double w1 = sys.carriedRate();
    for (std::size_t i = 0; i < n; ++i) tmp[i] = x[i] + h * k1[i];
    sys.evaluate(tmp, t + h, k2);
    const double w2 = sys.carriedRate();
    for (std::size_t i = 0; i < n; ++i) x[i] += h * (k1[i] + k2[i]) / 2.0;
    sys.carry(h * (w1 + w2) / 2.0);
  }

 private:
  std::vector<double> k1, k2, tmp;
};

// Classical fourth-order Runge-Kutta:
//   k1 = f(x, t), k2 = f(x + h k1/2, t + h/2), k3 = f(x + h k2/2, t + h/2),
//   k4 = f(x + h k3, t + h), x(t + h) = x + h (k1 + 2 k2 + 2 k3 + k4) / 6
class RungeKutta : public Integrator {
 public:
  IntegratorKind kind() const override { return IntegratorKind::kRungeKutta; }
  double timeIncrement(double h) const override {
    return h * (1.0 + 2.0 * 1.0 + 2.0 * 1.0 + 1.0) / 6.0;
  }
  void step(OdeSystem& sys, std::vector<double>& x, double t, double h) override {
    const std::size_t n = x.size();
    k1.resize(n), k2.resize(n), k3.resize(n), k4.resize(n), tmp.resize(n);
    sys.evaluate(x, t, k1);
    const double w1 = sys.carriedRate();
    for (std::size_t i = 0; i < n; ++i) tmp[i] = x[i] + h * k1[i] / 2.0;
    sys.evaluate(tmp, t + h / 2.0, k2);
    const double w2 = sys.carriedRate();
    for (std::size_t i = 0; i < n; ++i) tmp[i] = x[i] + h * k2[i] / 2.0;
    sys.evaluate(tmp, t + h / 2.0, k3);
    const double w3 = sys.carriedRate();
    for (std::size_t i = 0; i < n; ++i) tmp[i] = x[i] + h * k3[i];
    sys.evaluate(tmp, t + h, k4);
    const double w4 = sys.carriedRate();
    for (std::size_t i = 0; i < n; ++i)
      x[i] += h * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) / 6.0;
    sys.carry(h * (w1 + 2.0 * w2 + 2.0 * w3 + w4) / 6.0);
  }

 private:
  std::vector<double> k1, k2, k3, k4, tmp;
};

}  // namespace

std::unique_ptr<Integrator> makeIntegrator(IntegratorKind kind) {
  switch (kind) {
    case IntegratorKind::kEuler:
      return std::make_unique<Euler>();
    case IntegratorKind::kModifiedEuler:
      return std::make_unique<ModifiedEuler>();
    case IntegratorKind::kRungeKutta:
      return std::make_unique<RungeKutta>();
  }
  return std::make_unique<RungeKutta>();
}

}  // namespace cl
