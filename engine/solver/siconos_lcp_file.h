#pragma once
// Siconos numerics' LCP text files (.dat), the problem files of its LCP test collection:
// whitespace-separated numbers giving the size n, then the matrix M as a NumericsMatrix
// (its storage type, its row and column counts, then the storage's own layout), then the
// n entries of q, for w = M z + q, w >= 0, z >= 0, w.z = 0. That is our a = A f + b with
// A = M and b = q, every row a contact: an LCP has no bilateral rows. Dense storage (type 0)
// repeats the size and lists M column by column; sparse-block storage (type 1) lists its
// block structure (cumulative block sizes, block rows' starts, block columns) and then each
// non-empty block, column by column. Both are read; compressed sparse storage (type 2) is
// refused by name. Text after q on lines of its own (Siconos' files end with a note, such as
// "# from Murty (1988)") is ignored; more numbers are refused. The dense form is written.
// The layout, with references to Siconos' readers, is in docs/lcp-format.md.
#include <filesystem>
#include <string>
#include <string_view>

#include "engine/solver/lcp_file.h"
#include "engine/solver/lcp_problem.h"

namespace cl {

// True when the first thing in `text` that is not blank is an integer: a Siconos file's
// size. A JSON file starts with '{', our CSV with a '#' comment or its "i,joint,b" header.
bool looksLikeSiconosLcp(std::string_view text);

// A Siconos LCP file's problem, every row a contact. Validates everything before returning;
// throws LcpFileError "<name>: <what is wrong where>". `name` is used in messages.
LcpFile parseSiconosLcp(const std::string& text, const std::string& name);

// The dense form of `p`, each number in its shortest round-trip form. Throws LcpFileError for
// a problem with joints (naming their rows), which an LCP cannot express, or an inconsistent
// one.
std::string lcpToSiconos(const LcpProblem& p);
// Writes lcpToSiconos(p) atomically; LcpFileError (prefixed with the path) as it does,
// FileWriteError when the file cannot be written.
void writeSiconosLcp(const std::filesystem::path& path, const LcpProblem& p);

}  // namespace cl
