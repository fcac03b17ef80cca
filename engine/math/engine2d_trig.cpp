#include "engine/math/engine2d_trig.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace cl {

namespace {

std::uint32_t highWord(double x) {
  return static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(x) >> 32);
}

double fromWords(std::uint32_t high, std::uint32_t low) {
  return std::bit_cast<double>((static_cast<std::uint64_t>(high) << 32) | low);
}

// sin on [-pi/4, pi/4] of x + y (y the tail of a reduced argument, used when tail is
// set): x + x^3 (S1 + x^2 r(x^2)), the minimax polynomial of fdlibm's __kernel_sin.
double kernelSin(double x, double y, bool tail) {
  constexpr double S1 = -1.66666666666666324348e-01;
  constexpr double S2 = 8.33333333332248946124e-03;
  constexpr double S3 = -1.98412698298579493134e-04;
  constexpr double S4 = 2.75573137070700676789e-06;
  constexpr double S5 = -2.50507602534068634195e-08;
  constexpr double S6 = 1.58969099521155010221e-10;
  if ((highWord(x) & 0x7fffffff) < 0x3e400000 && static_cast<int>(x) == 0) return x;  // tiny
  const double z = x * x;
  const double v = z * x;
  const double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (!tail) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

// cos on [-pi/4, pi/4] of x + y: 1 - x^2/2 + x^4 r(x^2), with fdlibm's __kernel_cos split
// of 1 - x^2/2 (by qx, near x/4 squared) above |x| = 0.3 to keep its rounding.
double kernelCos(double x, double y) {
  constexpr double C1 = 4.16666666666666019037e-02;
  constexpr double C2 = -1.38888888888741095749e-03;
  constexpr double C3 = 2.48015872894767294178e-05;
  constexpr double C4 = -2.75573143513906633035e-07;
  constexpr double C5 = 2.08757232129817482790e-09;
  constexpr double C6 = -1.13596475577881948265e-11;
  const std::uint32_t ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000 && static_cast<int>(x) == 0) return 1.0;  // tiny
  const double z = x * x;
  const double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1.0 - (0.5 * z - (z * r - x * y));  // |x| < 0.3
  const double qx = ix > 0x3fe90000 ? 0.28125 : fromWords(ix - 0x00200000, 0);
  const double hz = 0.5 * z - qx;
  const double a = 1.0 - qx;
  return a - (hz - (z * r - x * y));
}

// x = n pi/2 + (y0 + y1) with |y0 + y1| <= pi/4, for |x| up to 2^19 pi/2: fdlibm's
// __ieee754_rem_pio2 (pi/2 in three pieces of 33 bits and their tails, as many as the
// cancellation needs). False beyond that range.
bool reduce(double x, int& n, double& y0, double& y1) {
  constexpr double invpio2 = 6.36619772367581382433e-01;
  constexpr double pio2_1 = 1.57079632673412561417e+00;
  constexpr double pio2_1t = 6.07710050650619224932e-11;
  constexpr double pio2_2 = 6.07710050630396597660e-11;
  constexpr double pio2_2t = 2.02226624879595063154e-21;
  constexpr double pio2_3 = 2.02226624871116645580e-21;
  constexpr double pio2_3t = 8.47842766036889956997e-32;
  // The high words of the doubles nearest k pi/2, k = 1 .. 32: an argument sharing one is
  // near a multiple of pi/2, where the first piece alone may cancel.
  static const std::array<std::uint32_t, 32> npio2High = [] {
    std::array<std::uint32_t, 32> h{};
    for (int k = 1; k <= 32; ++k) h[k - 1] = highWord(k * 1.57079632679489661923);
    return h;
  }();
  const auto hx = static_cast<std::int32_t>(highWord(x));
  const std::uint32_t ix = static_cast<std::uint32_t>(hx) & 0x7fffffff;
  if (ix <= 0x3fe921fb) {  // |x| <= pi/4
    n = 0, y0 = x, y1 = 0;
    return true;
  }
  if (ix < 0x4002d97c) {  // |x| < 3 pi/4: n = +-1
    const double s = hx > 0 ? 1.0 : -1.0;
    double z = x - s * pio2_1;
    if (ix != 0x3ff921fb) {
      y0 = z - s * pio2_1t;
      y1 = (z - y0) - s * pio2_1t;
    } else {  // near pi/2: a second piece
      z -= s * pio2_2;
      y0 = z - s * pio2_2t;
      y1 = (z - y0) - s * pio2_2t;
    }
    n = hx > 0 ? 1 : -1;
    return true;
  }
  if (ix > 0x413921fb) return false;
  const double t0 = std::abs(x);
  const auto k = static_cast<std::int32_t>(t0 * invpio2 + 0.5);
  const auto fn = static_cast<double>(k);
  double r = t0 - fn * pio2_1;
  double w = fn * pio2_1t;
  if (k < 32 && ix != npio2High[static_cast<std::size_t>(k - 1)]) {
    y0 = r - w;
  } else {
    const std::uint32_t j = ix >> 20;
    y0 = r - w;
    if (static_cast<int>(j) - static_cast<int>((highWord(y0) >> 20) & 0x7ff) > 16) {
      double t = r;
      w = fn * pio2_2;
      r = t - w;
      w = fn * pio2_2t - ((t - r) - w);
      y0 = r - w;
      if (static_cast<int>(j) - static_cast<int>((highWord(y0) >> 20) & 0x7ff) > 49) {
        t = r;
        w = fn * pio2_3;
        r = t - w;
        w = fn * pio2_3t - ((t - r) - w);
        y0 = r - w;
      }
    }
  }
  y1 = (r - y0) - w;
  if (hx < 0) {
    y0 = -y0, y1 = -y1, n = -k;
  } else {
    n = k;
  }
  return true;
}

}  // namespace

double sinEngine2D(double x) {
  if ((highWord(x) & 0x7fffffff) >= 0x7ff00000) return x - x;  // NaN or infinite
  int n = 0;
  double y0 = 0, y1 = 0;
  if (!reduce(x, n, y0, y1)) return std::sin(x);
  if (n == 0) return kernelSin(x, 0.0, false);
  switch (n & 3) {
    case 0:
      return kernelSin(y0, y1, true);
    case 1:
      return kernelCos(y0, y1);
    case 2:
      return -kernelSin(y0, y1, true);
    default:
      return -kernelCos(y0, y1);
  }
}

double cosEngine2D(double x) {
  if ((highWord(x) & 0x7fffffff) >= 0x7ff00000) return x - x;
  int n = 0;
  double y0 = 0, y1 = 0;
  if (!reduce(x, n, y0, y1)) return std::cos(x);
  if (n == 0) return kernelCos(x, 0.0);
  switch (n & 3) {
    case 0:
      return kernelCos(y0, y1);
    case 1:
      return -kernelSin(y0, y1, true);
    case 2:
      return -kernelCos(y0, y1);
    default:
      return kernelSin(y0, y1, true);
  }
}

}  // namespace cl
