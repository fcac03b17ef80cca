#pragma once
// EnvelopeOrder: an order of a set of contacts that keeps the envelope of A[G, G]'s
// Cholesky factor narrow (reverse Cuthill-McKee, George and Liu 1981).
//
// A row-by-row Cholesky factor (guess_solve.h, cholesky_factor.h) works only inside the
// envelope: row r from its first nonzero t0(r) on, at about (r - t0(r))^2 / 2 operations
// for the row's substitution, and column c down to its last nonzero. Contacts interact only
// through the bodies they share, so A[G, G] is sparse, but the order in which contact
// detection lists them (by body pair) scatters neighbours: in pile_200's large solves the
// average width r - t0(r) is about 32 rows, and in breadth-first order about 17, with the
// sum of squared widths 7 to 10 times smaller.
//
// The order: for each connected part of the graph (i ~ j when A_ij != 0), breadth first
// from a member of least degree (George and Liu start from a pseudo-peripheral one, found by
// repeated searches; the least degree is the cheap stand-in), each member's unvisited
// neighbours taken by increasing degree (ties by their place in `members`); the whole
// sequence reversed, which keeps the largest width and shrinks the sum of widths.
// Deterministic: it depends only on the pattern of A and the order of `members`.
#include <span>
#include <vector>

namespace cl {

// `members` (distinct indices in [0, n), n = colStart.size() - 1, into A, whose nonzeros by
// column are colStart / nzRow, the compressed sparse columns of an n x n symmetric pattern)
// in envelope order.
std::vector<int> envelopeOrder(std::span<const int> members, const std::vector<int>& colStart,
                               const std::vector<int>& nzRow);

}  // namespace cl
