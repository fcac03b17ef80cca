#pragma once
// Lemke's minimum-ratio test (lemke.h), one definition for each storage of the basis: the
// dense tableau and the sparse LU (sparse_lemke_basis.h). The storage supplies the
// entering column alpha = B^-1 a, the basic solution x_B, and, for rows still tied, the
// entries of B^-1 B_0 (B_0 the start basis) in the lexicographic rule's order.
//
// The leaving row: among rows with a pivot entry alpha_i above the tolerance, the
// lexicographic minimum of (x_B,i, row i of B^-1 B_0) / alpha_i; z0's row on a tie of the
// first ratio. -1 when no row limits the entering variable (a ray).
//
// An entry counts only above max(tol, 1e-10 max_i |alpha_i|): in a degenerate pile tableau,
// entries that are zero in exact arithmetic come out as rounding of the column's large ones,
// and pivoting on one (with a ratio of rounding over rounding) wrecks the tableau. Measured
// on 2 500 contact LCPs of pile_10, pile_20 and contact_app_6: with the absolute tolerance
// alone, 184 cycle or end wrong; with the relative one, 7 (1e-9: 4, 1e-11: 7), and those are
// solved by the support re-solve (lemke.cpp).
//
// Ratios equal in exact arithmetic come out unequal by rounding, and the exact rule then
// takes whichever rounding favours: ratios count as equal within kLemkeTie of the numbers
// they are made of (lemkeRatiosTied), so that the choice goes on down the lexicographic
// order as it does exactly.
#include <algorithm>
#include <cmath>
#include <vector>

namespace cl::detail {

inline constexpr double kLemkeTie = 1e-11;

// t_i / p_i = t_k / p_k within kLemkeTie: cross-multiplied (the pivot entries p are
// positive), against the entries' size, and at least kLemkeTie `scale` (the largest entry
// of the column among the rows compared), so that two entries which are zero in exact
// arithmetic and rounding here are equal.
inline bool lemkeRatiosTied(double ti, double tk, double pi, double pk, double scale) {
  const double diff = std::abs(ti * pk - tk * pi);
  return diff <= kLemkeTie * ((std::abs(ti) + scale) * pk + (std::abs(tk) + scale) * pi);
}

// m rows; alpha(i) and xB(i) as above; isZ0(i): z0 is row i's basic variable; lexAt(i, k)
// the k-th of the lexColumns columns of B^-1 B_0 at row i.
template <class Alpha, class XB, class IsZ0, class LexAt>
int lemkeLeavingRow(int m, const Alpha& alpha, const XB& xB, const IsZ0& isZ0, const LexAt& lexAt,
                    int lexColumns, double tol) {
  double alphaMax = 0, xMax = 0;
  for (int i = 0; i < m; ++i) {
    alphaMax = std::max(alphaMax, std::abs(alpha(i)));
    xMax = std::max(xMax, std::abs(xB(i)));
  }
  tol = std::max(tol, 1e-10 * alphaMax);
  std::vector<int> rows;
  for (int i = 0; i < m; ++i)
    if (alpha(i) > tol) rows.push_back(i);
  if (rows.empty()) return -1;
  // The smallest ratio value(i) / alpha(i) among `rows`, and the rows tied with it.
  const auto keepSmallest = [&](const auto& value, double scale) {
    int best = rows[0];
    for (const int i : rows)
      if (value(i) * alpha(best) < value(best) * alpha(i)) best = i;
    std::erase_if(rows, [&](int i) {
      return !lemkeRatiosTied(value(i), value(best), alpha(i), alpha(best), scale);
    });
  };
  keepSmallest(xB, xMax);
  for (const int i : rows)
    if (isZ0(i)) return i;
  if (rows.size() == 1) return rows[0];
  double scale = 0;  // of B^-1 B_0's rows still compared
  for (const int i : rows)
    for (int k = 0; k < lexColumns; ++k) scale = std::max(scale, std::abs(lexAt(i, k)));
  for (int k = 0; k < lexColumns && rows.size() > 1; ++k)
    keepSmallest([&](int i) { return lexAt(i, k); }, scale);
  return rows[0];
}

}  // namespace cl::detail
