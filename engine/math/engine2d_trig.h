#pragma once
// Sine and cosine as myPhysicsLab's engine2D gets them: JavaScript's Math.sin and Math.cos
// in V8, which follow Sun's fdlibm (argument reduction by pi/2 in three pieces, then a
// polynomial on [-pi/4, pi/4]). The C library's sin and cos round differently in about 3 %
// of arguments, and a body's transform is the first thing a run of compute_forces_engine2d
// computes: these give its bits. Checked against Node's over millions of arguments
// (tests/engine/math/test_engine2d_trig.cpp holds a sample of them).
//
// Arguments of magnitude above 2^19 pi / 2 (an angle of 823 550 rad) need fdlibm's
// multi-precision reduction, which is not done here: they fall back to std::sin and
// std::cos.
#include "engine/math/vec2.h"

namespace cl {

double sinEngine2D(double x);
double cosEngine2D(double x);

// v turned by angle, with engine2D's sine and cosine when asked, else the C library's.
inline Vec2 rotatedAs(Vec2 v, double angle, bool engine2d) {
  return engine2d ? v.rotated(cosEngine2D(angle), sinEngine2D(angle)) : v.rotated(angle);
}

}  // namespace cl
