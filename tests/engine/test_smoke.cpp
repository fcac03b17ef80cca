#include <catch2/catch.hpp>

#include "engine/body/shapes.h"

TEST_CASE("block area", "[smoke]") { CHECK(cl::shapes::block(2, 3, "b").area() == Approx(6.0)); }
