#pragma once
// Shape factories: the bodies engine2D's Shapes and Walls build, as Polygons.
// Every factory gives mass 1 (or infinite for walls) and a moment from the shape
// at uniform density; sizes must be positive (GeometryError otherwise).
#include <string>
#include <vector>

#include "engine/body/polygon.h"
#include "engine/math/random_lcg.h"

namespace cl::shapes {

// Rectangle w x h with its body origin and centre of mass at the centre.
Polygon block(double width, double height, std::string name);
// Rectangle w x h with its body origin at the lower left corner; CM at its centre.
Polygon cornerBlock(double width, double height, std::string name);
// Disc of the given radius centred on the body origin; CM moved by cmOffset
// (the moment is then taken about the moved CM).
Polygon ball(double radius, std::string name, Vec2 cmOffset = {});
// Regular hexagon with the given side length (= circumradius), a vertex on the +x axis.
Polygon hexagon(double side, std::string name);
// Regular n-gon (n >= 3) with the given circumradius, a vertex on the +x axis.
Polygon regularPolygon(int sides, double radius, std::string name);
// Rectangle w x h with quarter-circle corners of radius r (2r <= min(w, h)).
Polygon roundCornerBlock(double width, double height, double cornerRadius, std::string name);
// Rectangle w x h with semicircular left and right ends of radius h/2 (w > h: a
// stadium); w is the overall width.
Polygon roundEndBlock(double width, double height, std::string name);
// A stick of the given length and width hanging down from the body origin, ending
// in a round bob of radius bobRadius centred at (0, -length); bobRadius > width/2.
Polygon pendulum(double stickLength, double stickWidth, double bobRadius, std::string name);
// Hollow rectangular frame w x h with walls of the given thickness: two paths.
Polygon frame(double width, double height, double thickness, std::string name);
// Infinite-mass block w x h centred on its origin; its edges are numbered as block's:
// 0 bottom, 1 right, 2 top, 3 left.
Polygon wall(double width, double height, std::string name);
inline constexpr int kBottomEdge = 0, kRightEdge = 1, kTopEdge = 2, kLeftEdge = 3;

// Four walls enclosing a width x height box centred at `center`, each `thickness`
// thick, named WALL_BOTTOM, WALL_RIGHT, WALL_TOP, WALL_LEFT, mutually non-colliding,
// each colliding only through its inner face (its special edge, as engine2D's Walls.make).
struct Walls {
  std::vector<Polygon> bodies;
  std::vector<Vec2> positions;  // CM of each wall, world coordinates
  double zeroEnergyLevel;       // top of the bottom wall
};
Walls walls(double width, double height, double thickness = 1.0, Vec2 center = {});

// A random convex-or-not star-shaped polygon: `sides` vertices at angles evenly
// spaced with random jitter and radii drawn from [minRadius, maxRadius], all
// drawn from `random` so the shape repeats for a seed.
Polygon randomPolygon(int sides, double minRadius, double maxRadius, RandomLCG& random,
                      std::string name);

}  // namespace cl::shapes
