#include "engine/solver/siconos_lcp_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <optional>
#include <vector>

#include "engine/io/atomic_file.h"
#include "engine/io/number_text.h"

namespace cl {

namespace {

// Siconos' NM_types (numerics/src/linalg/NM_types.h): the number a matrix's text opens with.
constexpr long long kDense = 0;        // NM_DENSE
constexpr long long kSparseBlock = 1;  // NM_SPARSE_BLOCK
constexpr long long kSparse = 2;       // NM_SPARSE (compressed columns)
constexpr long long kUnknown = 3;      // NM_UNKNOWN

// fscanf's white space: what separates the numbers, wherever the lines break.
constexpr bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// A token as a message shows it: cut short past 40 characters, so that a hostile file cannot
// make a huge message.
std::string shown(std::string_view token) {
  constexpr std::size_t kShown = 40;
  if (token.size() <= kShown) return std::string(token);
  return fmt::format("{}... ({} characters)", token.substr(0, kShown), token.size());
}

// An integer as Siconos' "%d" / "%zu" fields hold one: an optional '-', then digits only.
// Out of range of long long: LLONG_MAX (or LLONG_MIN), which every bound refuses.
std::optional<long long> wholeNumber(std::string_view token) {
  long long v = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, v);
  if (ptr != end || token.empty() || token.front() == '+') return std::nullopt;
  if (ec == std::errc::result_out_of_range) return token.front() == '-' ? LLONG_MIN : LLONG_MAX;
  if (ec != std::errc()) return std::nullopt;
  return v;
}

// A number as Siconos' "%le" reads one, but in the "C" locale whatever the process's (the
// workbench's Qt takes the user's, where strtod may want a decimal comma): an optional sign,
// decimal digits with an optional exponent, or inf / nan. Past a double's range it is +-inf,
// below its smallest +-0, as strtod gives them.
std::optional<double> decimalNumber(std::string_view token) {
  if (token.size() > 1 && token[0] == '+' && token[1] != '-' && token[1] != '+')
    token.remove_prefix(1);  // from_chars takes no '+'
  double v = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, v);
  if (token.empty() || ptr != end) return std::nullopt;
  if (ec == std::errc()) return v;
  if (ec != std::errc::result_out_of_range) return std::nullopt;
  // Out of range, which way: the power of ten of the leading significant digit plus the
  // exponent is above 308 or below -324, so its sign says.
  const bool negative = token[0] == '-';
  const auto isDigit = [&](std::size_t k) {
    return k < token.size() && token[k] >= '0' && token[k] <= '9';
  };
  std::size_t k = negative ? 1 : 0;
  while (isDigit(k) && token[k] == '0') ++k;  // leading zeros
  long long beforePoint = 0, zerosAfterPoint = 0;
  for (; isDigit(k); ++k) ++beforePoint;
  if (k < token.size() && token[k] == '.') {
    ++k;
    if (beforePoint == 0)
      for (; isDigit(k) && token[k] == '0'; ++k) ++zerosAfterPoint;
    while (isDigit(k)) ++k;
  }
  // The leading significant digit's power of ten, before the exponent.
  const long long lead = beforePoint > 0 ? beforePoint - 1 : -(zerosAfterPoint + 1);
  long long exponent = 0;
  if (k < token.size() && (token[k] == 'e' || token[k] == 'E')) {
    const bool down = ++k < token.size() && token[k] == '-';
    if (k < token.size() && (token[k] == '-' || token[k] == '+')) ++k;
    for (; k < token.size(); ++k) exponent = std::min(exponent * 10 + (token[k] - '0'), 1LL << 40);
    if (down) exponent = -exponent;
  }
  const double limit = lead + exponent > 0 ? HUGE_VAL : 0.0;
  return negative ? -limit : limit;
}

struct Token {
  std::string_view text;
  int line = 0;
};

// An integer of the file: its value, where it is and how it was written (for messages).
struct Count {
  long long value = 0;
  int line = 0;
  std::string_view text;
  std::size_t size() const { return static_cast<std::size_t>(value); }
};

// The file as Siconos' fscanf calls read it: numbers separated by white space, each with the
// line it is on for the messages, which all start "<name>: ".
class SiconosText {
 public:
  SiconosText(std::string_view text, const std::string& name) : mText(text), mName(name) {}

  std::optional<Token> next() {
    while (mPos < mText.size() && isBlank(mText[mPos])) {
      if (mText[mPos] == '\n') ++mLine;
      ++mPos;
    }
    if (mPos == mText.size()) return std::nullopt;
    const std::size_t start = mPos;
    while (mPos < mText.size() && !isBlank(mText[mPos])) ++mPos;
    mLastLine = mLine;
    return Token{mText.substr(start, mPos - start), mLine};
  }
  // The line of the last token read.
  int lastLine() const { return mLastLine; }

  [[noreturn]] void fail(const std::string& what) const {
    throw LcpFileError(fmt::format("{}: {}", mName, what));
  }
  [[noreturn]] void failAt(int line, const std::string& what) const {
    fail(fmt::format("line {}: {}", line, what));
  }

  // The next integer, >= 0; `what()` names it when it is missing, not whole or negative.
  template <class What>
  Count countOf(const What& what) {
    const std::optional<Token> t = next();
    if (!t) fail(fmt::format("the file ends before {}", what()));
    const std::optional<long long> v = wholeNumber(t->text);
    if (!v)
      failAt(t->line, fmt::format("{} is not a whole number (\"{}\")", what(), shown(t->text)));
    if (*v < 0) failAt(t->line, fmt::format("{} is negative ({})", what(), shown(t->text)));
    return {*v, t->line, t->text};
  }
  Count count(std::string_view what) {
    return countOf([what] { return std::string(what); });
  }
  // A dimension of the problem: refused past kMaxLcpRows before anything that size is built.
  std::size_t dimension(std::string_view what) {
    const Count c = count(what);
    if (c.value > static_cast<long long>(kMaxLcpRows))
      failAt(c.line, fmt::format("{} {} exceeds the limit of {} rows (kMaxLcpRows)", what,
                                 shown(c.text), kMaxLcpRows));
    return c.size();
  }

  // Entry k (from 1) of the `total` of part() (M, a block, q), which is where() (M(i,j),
  // q(i), indices from 0): a finite number.
  template <class Part, class Where>
  double value(const Part& part, std::size_t k, std::size_t total, const Where& where) {
    const std::optional<Token> t = next();
    if (!t) fail(fmt::format("the file ends after {} of {} entries of {}", k - 1, total, part()));
    const std::optional<double> v = decimalNumber(t->text);
    if (!v)
      failAt(t->line, fmt::format("entry {} of {}, {}, is not a number (\"{}\")", k, part(),
                                  where(), shown(t->text)));
    if (!std::isfinite(*v))
      failAt(t->line, fmt::format("non-finite value {} at {}", shown(t->text), where()));
    return *v;
  }

 private:
  std::string_view mText;
  const std::string& mName;
  std::size_t mPos = 0;
  int mLine = 1, mLastLine = 1;
};

// Cumulative block sizes (SBM's blocksize0 or blocksize1), read as the starts of the blocks:
// {0, s_0, s_1, ...}, block r spanning start[r] .. start[r + 1] - 1 of M's `size`.
std::vector<std::size_t> blockStarts(SiconosText& in, const char* what, std::size_t blocks,
                                     std::size_t size, const char* unit) {
  std::vector<std::size_t> start{0};
  for (std::size_t r = 0; r < blocks; ++r) {
    const Count c = in.countOf([&] { return fmt::format("{}[{}]", what, r); });
    if (c.value <= static_cast<long long>(start.back()) || c.size() > size)
      in.failAt(c.line, fmt::format("{}[{}] is {}: the cumulative block sizes increase, every "
                                    "block at least 1, up to M's {} {}",
                                    what, r, shown(c.text), size, unit));
    start.push_back(c.size());
  }
  if (start.back() != size)
    in.failAt(in.lastLine(), fmt::format("{} ends at {}, but M has {} {}: the blocks must cover "
                                         "them all",
                                         what, start.back(), size, unit));
  return start;
}

// Sparse-block storage (SBM_new_from_file, numerics/src/linalg/SparseBlockMatrix.c): a CSR of
// blocks. nbblocks; blocknumber0 and blocknumber1 (block rows and columns); blocksize0 and
// blocksize1 (cumulative sizes); filled1 (the last non-empty block row + 2) and filled2 (=
// nbblocks); index1_data (filled1 entries: block row r's blocks are r's entry .. the next's
// minus 1) and index2_data (each block's block column); then every block in that order, its
// number then its entries column by column. M's other entries are 0.
void readSparseBlock(SiconosText& in, Eigen::MatrixXd& M) {
  const std::size_t n = static_cast<std::size_t>(M.rows());
  const Count blocks = in.count("the number of blocks (nbblocks)");
  if (blocks.value == 0) return;  // M = 0: SBM_write_in_file writes nothing more
  const Count rowBlocks = in.count("the number of block rows (blocknumber0)");
  if (rowBlocks.value < 1 || rowBlocks.size() > n)
    in.failAt(rowBlocks.line,
              fmt::format("blocknumber0 is {} but M has {} rows: there are blocks, and every "
                          "block row holds at least one row",
                          shown(rowBlocks.text), n));
  const Count colBlocks = in.count("the number of block columns (blocknumber1)");
  if (colBlocks.value < 1 || colBlocks.size() > n)
    in.failAt(colBlocks.line,
              fmt::format("blocknumber1 is {} but M has {} columns: there are blocks, and "
                          "every block column holds at least one column",
                          shown(colBlocks.text), n));
  const std::size_t places = rowBlocks.size() * colBlocks.size();  // at most n^2 <= 4e6
  if (blocks.value > static_cast<long long>(places))
    in.failAt(blocks.line,
              fmt::format("nbblocks is {} but a {} x {} grid of blocks has {} places",
                          shown(blocks.text), rowBlocks.value, colBlocks.value, places));
  const std::size_t nbblocks = blocks.size();
  const std::vector<std::size_t> rowStart =
      blockStarts(in, "blocksize0", rowBlocks.size(), n, "rows");
  const std::vector<std::size_t> colStart =
      blockStarts(in, "blocksize1", colBlocks.size(), n, "columns");
  const Count filled1 = in.count("filled1");
  if (filled1.value < 2 || filled1.size() > rowBlocks.size() + 1)
    in.failAt(filled1.line,
              fmt::format("filled1 is {}: it is the last non-empty block row + 2, "
                          "between 2 and {} for {} block rows",
                          shown(filled1.text), rowBlocks.size() + 1, rowBlocks.size()));
  const Count filled2 = in.count("filled2");
  if (filled2.value != blocks.value)
    in.failAt(filled2.line, fmt::format("filled2 is {} but nbblocks is {}: both count the blocks",
                                        shown(filled2.text), nbblocks));
  // index1_data: block row r's blocks are first[r] .. first[r + 1] - 1.
  std::vector<std::size_t> first;
  for (std::size_t r = 0; r < filled1.size(); ++r) {
    const Count c = in.countOf([&] { return fmt::format("index1_data[{}]", r); });
    if (r == 0 && c.value != 0)
      in.failAt(c.line, fmt::format("index1_data[0] is {}, not 0: block row 0's blocks start "
                                    "at block 0",
                                    shown(c.text)));
    if (r > 0 && (c.size() < first.back() || c.size() > nbblocks))
      in.failAt(c.line, fmt::format("index1_data[{}] is {}: the block rows' first blocks go from "
                                    "0 up to nbblocks = {}, never down",
                                    r, shown(c.text), nbblocks));
    first.push_back(c.size());
  }
  if (first.back() != nbblocks)
    in.failAt(in.lastLine(), fmt::format("index1_data ends at {}, not at nbblocks = {}: blocks "
                                         "{} to {} would be in no block row",
                                         first.back(), nbblocks, first.back(), nbblocks - 1));
  // index2_data: each block's block column.
  std::vector<std::size_t> column;
  column.reserve(nbblocks);  // nbblocks <= places <= 4e6
  for (std::size_t k = 0; k < nbblocks; ++k) {
    const Count c = in.countOf([&] { return fmt::format("index2_data[{}]", k); });
    if (c.size() >= colBlocks.size())
      in.failAt(c.line, fmt::format("index2_data[{}] is {}: the block columns are 0 to {}", k,
                                    shown(c.text), colBlocks.size() - 1));
    column.push_back(c.size());
  }
  // One block per place: a block column named twice in a block row would hold two values.
  std::vector<std::size_t> seenInRow(colBlocks.size(), 0);  // block row + 1 that holds it
  for (std::size_t r = 0; r + 1 < filled1.size(); ++r)
    for (std::size_t k = first[r]; k < first[r + 1]; ++k) {
      if (seenInRow[column[k]] == r + 1)
        in.fail(fmt::format("index2_data[{}] names block column {} a second time in block row {}",
                            k, column[k], r));
      seenInRow[column[k]] = r + 1;
    }
  for (std::size_t r = 0; r + 1 < filled1.size(); ++r)
    for (std::size_t k = first[r]; k < first[r + 1]; ++k) {
      const Count label = in.countOf([&] { return fmt::format("the number of block {}", k); });
      if (label.size() != k)
        in.failAt(label.line, fmt::format("block {} is numbered {}: every block follows its "
                                          "number, 0, 1, ... in order",
                                          k, shown(label.text)));
      const std::size_t r0 = rowStart[r], c0 = colStart[column[k]];
      const std::size_t height = rowStart[r + 1] - r0;
      const std::size_t total = height * (colStart[column[k] + 1] - c0);
      for (std::size_t e = 0; e < total; ++e) {
        // Column-major within the block: block[k][i + j * height] is M(r0 + i, c0 + j).
        const auto i = static_cast<Eigen::Index>(r0 + e % height);
        const auto j = static_cast<Eigen::Index>(c0 + e / height);
        M(i, j) = in.value([&] { return fmt::format("block {}", k); }, e + 1, total,
                           [&] { return fmt::format("M({},{})", i, j); });
      }
    }
}

const char* storageName(long long type) {
  switch (type) {
    case kDense:
      return "NM_DENSE";
    case kSparseBlock:
      return "NM_SPARSE_BLOCK";
    case kSparse:
      return "NM_SPARSE, compressed sparse columns";
    case kUnknown:
      return "NM_UNKNOWN";
    default:
      return "no Siconos storage type";
  }
}

}  // namespace

bool looksLikeSiconosLcp(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size() && isBlank(text[start])) ++start;
  std::size_t end = start;
  while (end < text.size() && !isBlank(text[end])) ++end;
  return wholeNumber(text.substr(start, end - start)).has_value();
}

// linearComplementarity_newFromFile (numerics/src/LCP/LinearComplementarityProblem.c): the
// size n; M (NM_new_from_file, numerics/src/linalg/NumericsMatrix.c: storage type, rows,
// columns, then the storage's layout); q's n entries.
LcpFile parseSiconosLcp(const std::string& text, const std::string& name) {
  SiconosText in(text, name);
  const std::size_t n = in.dimension("the LCP size");
  const Count storage = in.count("M's storage type");
  if (storage.value != kDense && storage.value != kSparseBlock)
    in.failAt(storage.line, fmt::format("storage type {} ({}) is not read: only 0 (NM_DENSE) and "
                                        "1 (NM_SPARSE_BLOCK) are",
                                        shown(storage.text), storageName(storage.value)));
  const std::size_t rows = in.dimension("M's row count");
  const std::size_t cols = in.dimension("M's column count");
  if (rows != cols)
    in.failAt(in.lastLine(), fmt::format("matrix size {} x {} is not square", rows, cols));
  if (rows != n)
    in.failAt(in.lastLine(), fmt::format("the LCP size is {} but M is {} x {}", n, rows, cols));
  Eigen::MatrixXd M =
      Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  if (storage.value == kDense) {
    // The dense storage says its size again, then matrix0: M(i, j) is matrix0[i + j * rows].
    const Count rows2 = in.count("the dense size line's row count");
    const Count cols2 = in.count("the dense size line's column count");
    if (rows2.size() != rows || cols2.size() != cols)
      in.failAt(cols2.line, fmt::format("the dense size line says {} x {}, but M is {} x {}",
                                        shown(rows2.text), shown(cols2.text), rows, cols));
    const std::size_t total = n * n;
    for (std::size_t k = 0; k < total; ++k) {
      const auto i = static_cast<Eigen::Index>(k % n), j = static_cast<Eigen::Index>(k / n);
      M(i, j) =
          in.value([] { return "M"; }, k + 1, total, [&] { return fmt::format("M({},{})", i, j); });
    }
  } else {
    readSparseBlock(in, M);
  }
  Eigen::VectorXd q(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i)
    q[static_cast<Eigen::Index>(i)] =
        in.value([] { return "q"; }, i + 1, n, [&] { return fmt::format("q({})", i); });
  // After q: nothing, or a note on lines of its own (Siconos' test files end with one, such
  // as "# from Murty (1988) chapter 6"). More numbers mean the sizes do not match the data.
  const int qLine = in.lastLine();
  if (const std::optional<Token> extra = in.next()) {
    if (extra->line == qLine)
      in.failAt(extra->line, fmt::format("\"{}\" after q's last entry: q ends the problem (a "
                                         "note after it goes on a line of its own)",
                                         shown(extra->text)));
    if (decimalNumber(extra->text))
      in.failAt(extra->line, fmt::format("a number after q (\"{}\"): an LCP of size {} ends "
                                         "with q's {} entries",
                                         shown(extra->text), n, n));
  }
  LcpFile out;
  out.problem.A = std::move(M);
  out.problem.b = std::move(q);
  out.problem.joint.assign(n, false);  // an LCP's rows are all complementarity rows
  if (const std::string why = out.problem.validate(); !why.empty()) in.fail(why);
  return out;
}

// linearComplementarity_printInFile's layout for dense storage, with shortest round-trip
// numbers: n; 0 (NM_DENSE); rows; columns; "rows<TAB>columns"; M column by column, a column
// a line; q on one line.
std::string lcpToSiconos(const LcpProblem& p) {
  const Eigen::Index n = p.b.size();
  if (p.A.rows() != n || p.A.cols() != n || static_cast<Eigen::Index>(p.joint.size()) != n)
    throw LcpFileError(
        fmt::format("the problem is inconsistent: A is {} x {}, b has {} entries "
                    "and joint {}",
                    p.A.rows(), p.A.cols(), n, p.joint.size()));
  std::vector<Eigen::Index> joints;
  for (Eigen::Index i = 0; i < n; ++i)
    if (p.joint[static_cast<std::size_t>(i)]) joints.push_back(i);
  if (!joints.empty()) {
    constexpr std::size_t kListed = 10;
    std::string rows;
    for (std::size_t k = 0; k < joints.size() && k < kListed; ++k)
      rows += fmt::format("{}{}", k ? ", " : "", joints[k]);
    if (joints.size() > kListed) rows += fmt::format(", ... ({} in all)", joints.size());
    throw LcpFileError(fmt::format(
        "a Siconos LCP file cannot hold joints (a = 0 with f free is no complementarity row): "
        "{} {} {}; write it as JSON or CSV",
        joints.size() == 1 ? "row" : "rows", rows,
        joints.size() == 1 ? "is a joint" : "are joints"));
  }
  std::string s = fmt::format("{}\n{}\n{}\n{}\n{}\t{}\n", n, kDense, n, n, n, n);
  for (Eigen::Index j = 0; j < n; ++j) {
    for (Eigen::Index i = 0; i < n; ++i) s += (i ? " " : "") + numberText(p.A(i, j));
    s += '\n';
  }
  for (Eigen::Index i = 0; i < n; ++i) s += (i ? " " : "") + numberText(p.b[i]);
  return s + '\n';
}

void writeSiconosLcp(const std::filesystem::path& path, const LcpProblem& p) {
  std::string text;
  try {
    text = lcpToSiconos(p);
  } catch (const LcpFileError& e) {
    throw LcpFileError(fmt::format("{}: {}", path.string(), e.what()));
  }
  writeFileAtomically(path, text);
}

}  // namespace cl
