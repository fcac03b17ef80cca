// numberText (engine/io/number_text.h): every number reads back to the same double, and a
// NaN is "nan" whatever its sign bit (fmt alone writes "-nan" for -NaN, which C's strtod reads
// but a reader of the CSV takes for a different value).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "engine/io/number_text.h"

TEST_CASE("numberText writes the shortest text that reads back to the same bits", "[io]") {
  for (const double v : {0.1, 1.0 / 3.0, -2.5e-300, 6.02214076e23, 1.0, 4.9e-324}) {
    const std::string text = cl::numberText(v);
    CHECK(std::strtod(text.c_str(), nullptr) == v);
  }
  CHECK(cl::numberText(0.1) == "0.1");
  CHECK(cl::numberText(-0.0) == "-0");  // the sign of zero is a bit the engine computed
}

TEST_CASE("numberText writes nan and inf as such, whatever a NaN's sign bit", "[io]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(cl::numberText(nan) == "nan");
  CHECK(cl::numberText(std::copysign(nan, -1.0)) == "nan");
  CHECK(cl::numberText(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(cl::numberText(-std::numeric_limits<double>::infinity()) == "-inf");
}
