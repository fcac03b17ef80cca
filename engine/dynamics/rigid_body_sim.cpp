#include "engine/dynamics/rigid_body_sim.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/body/scrim.h"

namespace cl {

RigidBodySim::RigidBodySim(const RigidBodySim& o)
    : mBodies(o.mBodies),
      mEngine2dForces(o.mEngine2dForces),
      mNameIndex(o.mNameIndex),
      mVars(o.mVars),
      mTime(o.mTime),
      mFrictionLoss(o.mFrictionLoss),
      mRandom(o.mRandom) {
  for (const auto& law : o.mLaws) mLaws.push_back(law->clone());
}

RigidBodySim& RigidBodySim::operator=(const RigidBodySim& o) {
  if (this != &o) {
    RigidBodySim copy(o);
    *this = std::move(copy);
  }
  return *this;
}

int RigidBodySim::addBody(Polygon body, const BodyState& state) {
  if (findBody(body.name()) >= 0)
    throw std::invalid_argument("a body named '" + body.name() + "' already exists");
  mBodies.push_back(std::move(body));
  mVars.resize(mVars.size() + kVarsPerBody);
  const int i = bodyCount() - 1;
  mNameIndex[mBodies.back().name()] = i;
  state.toVars(mVars, i);
  return i;
}

int RigidBodySim::findBody(std::string_view name) const {
  const auto it = mNameIndex.find(std::string(name));
  return it == mNameIndex.end() ? -1 : it->second;
}

void RigidBodySim::addForceLaw(std::unique_ptr<ForceLaw> law) {
  mLaws.push_back(std::move(law));
}

std::string RigidBodySim::bodyName(int body) const {
  if (isScrim(body)) return std::string(kScrimName);
  if (body < 0 || body >= bodyCount()) return "#" + std::to_string(body);
  return mBodies[body].name();
}

bool RigidBodySim::removeForceLaw(const ForceLaw* law) {
  const auto it =
      std::find_if(mLaws.begin(), mLaws.end(),
                   [law](const std::unique_ptr<ForceLaw>& l) { return l.get() == law; });
  if (it == mLaws.end()) return false;
  mLaws.erase(it);
  return true;
}

std::vector<Force> RigidBodySim::forces(std::span<const double> vars, double t) const {
  std::vector<Force> out;
  const ForceContext ctx = context(vars, t);
  for (const auto& law : mLaws) law->calculateForces(ctx, out);
  return out;
}

void RigidBodySim::evaluate(std::span<const double> vars, double t, std::span<double> change) {
  std::fill(change.begin(), change.end(), 0.0);
  for (int i = 0; i < bodyCount(); ++i) {
    const double* v = vars.data() + kVarsPerBody * i;
    double* c = change.data() + kVarsPerBody * i;
    c[kX] = v[kVX];
    c[kY] = v[kVY];
    c[kAngle] = v[kOmega];
  }
  mForceScratch.clear();
  const ForceContext ctx = context(vars, t);
  for (const auto& law : mLaws) law->calculateForces(ctx, mForceScratch);
  for (const Force& f : mForceScratch) {
    const Polygon& b = mBodies[f.body];
    if (b.isFixed()) continue;
    double* c = change.data() + kVarsPerBody * f.body;
    c[kVX] += f.vector.x / b.mass();
    c[kVY] += f.vector.y / b.mass();
    const Vec2 r = f.location - ctx.state(f.body).position();
    c[kOmega] += (cross(r, f.vector) + f.torque) / b.moment();
  }
}

EnergyInfo RigidBodySim::energyAt(std::span<const double> vars, double t) const {
  EnergyInfo e;
  for (int i = 0; i < bodyCount(); ++i) {
    const BodyState s = BodyState::fromVars(vars, i);
    e.translational += mBodies[i].translationalEnergy(s);
    e.rotational += mBodies[i].rotationalEnergy(s);
  }
  const ForceContext ctx = context(vars, t);
  for (const auto& law : mLaws) e.potential += law->potentialEnergy(ctx);
  e.frictionLoss = mFrictionLoss;
  return e;
}

MomentumInfo RigidBodySim::momentum() const {
  MomentumInfo m;
  for (int i = 0; i < bodyCount(); ++i) {
    const BodyState s = bodyState(i);
    m.linear += mBodies[i].momentum(s);
    m.angular += mBodies[i].angularMomentum(s);
  }
  return m;
}

}  // namespace cl
