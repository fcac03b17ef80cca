#pragma once
// Where two segments cross, in myPhysicsLab engine2D's arithmetic (UtilEngine.linesIntersect),
// for the engine2D option's swept vertex test (compute_forces_engine2d.h): the same point to
// the last bit, and the same verdict at a segment's end.
//
// Each segment's line is taken through its slope k = dy / dx (a segment with |dx| < 1e-16 is
// vertical: x fixed), and the crossing solved from the two slopes:
//   one line vertical    x_i = its x,  y_i = k (x_i - x) + y on the other;
//   the other horizontal y_i = the mean of its two y,  x_i = (y_i - y1) / k1 + x1;
//   neither              x_i = (k2 x3 - k1 x1 - y3 + y1) / (k2 - k1),  y_i = k1 (x_i - x1) + y1.
// Two vertical segments, or slopes within 1e-16 of each other, do not cross. The point must
// lie within both segments' boxes widened by 1e-14 (so a crossing at an end is found), and
// the boxes are first compared without the widening to rule out most pairs.
#include <optional>

#include "engine/math/vec2.h"

namespace cl {

// The segments p1 p2 and p3 p4.
std::optional<Vec2> linesIntersectEngine2D(Vec2 p1, Vec2 p2, Vec2 p3, Vec2 p4);

}  // namespace cl
