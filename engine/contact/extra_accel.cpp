#include "engine/contact/extra_accel.h"

#include <array>
#include <cctype>
#include <utility>

namespace cl {

namespace {

constexpr std::array<std::pair<ExtraAccel, const char*>, 5> kNames{{
    {ExtraAccel::NONE, "none"},
    {ExtraAccel::VELOCITY, "velocity"},
    {ExtraAccel::VELOCITY_AND_DISTANCE, "velocity_and_distance"},
    {ExtraAccel::VELOCITY_JOINTS, "velocity_joints"},
    {ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS, "velocity_and_distance_joints"},
}};

}  // namespace

const char* extraAccelName(ExtraAccel e) {
  for (const auto& [value, name] : kNames)
    if (value == e) return name;
  return "?";
}

std::optional<ExtraAccel> parseExtraAccel(const std::string& s) {
  std::string key;
  key.reserve(s.size());
  for (char ch : s)
    key.push_back(ch == '-' ? '_'
                            : static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
  for (const auto& [value, name] : kNames)
    if (key == name) return value;
  return std::nullopt;
}

double extraAccelTerm(ExtraAccel mode, const RigidBodyCollision& c, double h) {
  bool velocityOnly = false;
  switch (mode) {
    case ExtraAccel::NONE:
      return 0.0;
    case ExtraAccel::VELOCITY:
      if (c.joint) return 0.0;
      velocityOnly = true;
      break;
    case ExtraAccel::VELOCITY_JOINTS:
      velocityOnly = true;
      break;
    case ExtraAccel::VELOCITY_AND_DISTANCE:
      if (c.joint) return 0.0;
      break;
    case ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS:
      break;
  }
  const double v0 = c.normalVelocity;
  if (velocityOnly) return v0 / h;
  const double x0 = c.distanceToHalfGap();
  return (2.0 * v0 * h + x0) / (h * h);
}

}  // namespace cl
