// Siconos numerics' LCP files: dense (column-major) and sparse-block storage read into the
// A and b known by hand, the dense form written and read back to the bit, and every kind of
// bad file refused with a message naming the file and the place.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "engine/solver/lcp_file.h"
#include "engine/solver/siconos_lcp_file.h"
#include "tests/support/scratch_dir.h"

using namespace cl;
namespace fs = std::filesystem;

namespace {

// A fresh, empty scratch directory per test.
fs::path scratch(const std::string& name) {
  return cl::testing::scratchDir("siconos_lcp_" + name);
}

fs::path siconosData(const std::string& name) {
  return fs::path(CONTACTLAB_TEST_DATA_DIR) / "lcp" / "siconos" / name;
}

std::string errorOf(const std::string& text) {
  try {
    parseSiconosLcp(text, "bad.dat");
  } catch (const LcpFileError& e) {
    return e.what();
  }
  return "(no error)";
}

// Equal to the bit: -0 is not 0 here.
template <class M>
bool sameBits(const M& x, const M& y) {
  return x.rows() == y.rows() && x.cols() == y.cols() &&
         std::memcmp(x.data(), y.data(), sizeof(double) * static_cast<std::size_t>(x.size())) == 0;
}

// The dense head of an n x n problem: size, NM_DENSE, rows, columns, the size line again.
std::string denseHead(int n) {
  return fmt::format("{}\n0\n{}\n{}\n{}\t{}\n", n, n, n, n, n);
}

// sparse_block.dat's lines (29: the header to line 13, the three blocks, each after its
// number, to line 28, q), to make bad files of by changing one.
std::vector<std::string> sparseBlockLines() {
  std::ifstream in(siconosData("sparse_block.dat"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 29);
  return lines;
}

// sparse_block.dat with line `line` (from 1) replaced by `text`.
std::string sparseBlockWith(std::size_t line, const std::string& text) {
  std::vector<std::string> lines = sparseBlockLines();
  lines.at(line - 1) = text;
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

}  // namespace

TEST_CASE("Siconos LCP: a dense file is read column by column", "[lcp_file][siconos]") {
  // dense_nonsymmetric.dat lists M's columns (1, 4, 7), (2, 5, 8), (3, 6, 10), one a line:
  // a reader taking them for rows would give M's transpose.
  const LcpFile f =
      parseSiconosLcp(denseHead(3) + "1 4 7\n2 5 8\n3 6 10\n-1 0.5 2.25\n", "inline.dat");
  Eigen::Matrix3d expected;
  expected << 1, 2, 3,  //
      4, 5, 6,          //
      7, 8, 10;
  REQUIRE(f.problem.size() == 3);
  CHECK(f.problem.A == expected);
  CHECK(f.problem.A(0, 1) == 2);  // row 0, column 1: the second line's first entry
  CHECK(f.problem.A(1, 0) == 4);
  CHECK(f.problem.b == Eigen::Vector3d(-1, 0.5, 2.25));
  CHECK(f.problem.joint == std::vector<bool>(3, false));
  CHECK(f.problem.preOrder.empty());
  CHECK_FALSE(f.result);
  CHECK_FALSE(f.friction);
  // The stored file (Siconos' %32.24e form on its first column, a note after q) holds the same.
  const LcpFile stored = readLcpFile(siconosData("dense_nonsymmetric.dat"));
  REQUIRE(stored.problem.size() == 3);
  CHECK(stored.problem.A == expected);
  CHECK(stored.problem.b == f.problem.b);
}

TEST_CASE("Siconos LCP: a sparse-block file is read block by block, the empty place zero",
          "[lcp_file][siconos]") {
  // sparse_block.dat: 2 x 2 blocks of 2 x 2, the block at (1, 0) empty. Blocks (0, 0), (0, 1)
  // and (1, 1) each column by column: (4 2 1 5), (0.5 1 0 -1), (3 -0.5 0.25 6).
  Eigen::Matrix4d expected;
  expected << 4, 1, 0.5, 0,  //
      2, 5, 1, -1,           //
      0, 0, 3, 0.25,         //
      0, 0, -0.5, 6;
  const LcpFile f = readLcpFile(siconosData("sparse_block.dat"));
  REQUIRE(f.problem.size() == 4);
  CHECK(f.problem.A == expected);
  CHECK(f.problem.b == Eigen::Vector4d(-1, -2, 0.5, -3));
  CHECK(f.problem.joint == std::vector<bool>(4, false));
  // Block rows past filled1 - 2 are empty (Siconos' filled1 is the last non-empty block row
  // + 2): here only block (0, 0), so filled1 = 2.
  const LcpFile one = parseSiconosLcp(
      "4\n1\n4\n4\n1\n2\n2\n2 4\n2 4\n2\n1\n0 1\n0\n0\n4 2 1 5\n-1 -2 0.5 -3\n", "one.dat");
  Eigen::Matrix4d topLeft = Eigen::Matrix4d::Zero();
  topLeft.topLeftCorner<2, 2>() << 4, 1, 2, 5;
  REQUIRE(one.problem.size() == 4);
  CHECK(one.problem.A == topLeft);
  // No blocks at all: M = 0 (SBM_write_in_file writes nbblocks = 0 and nothing more).
  const LcpFile zero = parseSiconosLcp("2\n1\n2\n2\n0\n-1 -1\n", "zero.dat");
  REQUIRE(zero.problem.size() == 2);
  CHECK(zero.problem.A == Eigen::Matrix2d::Zero());
  CHECK(zero.problem.b == Eigen::Vector2d(-1, -1));
}

TEST_CASE("Siconos LCP: written dense, read back to the bit", "[lcp_file][siconos]") {
  LcpProblem p;
  p.A.resize(3, 3);
  p.A << 1.0 / 3, -0.0, 1e-17,                             //
      2.5, std::numeric_limits<double>::denorm_min(), -7,  //
      0.1, 0.2, std::numeric_limits<double>::max();
  p.b = Eigen::Vector3d(-9.8, 0.30000000000000004, -std::numeric_limits<double>::min());
  p.joint.assign(3, false);
  const LcpFile back = parseSiconosLcp(lcpToSiconos(p), "p.dat");
  CHECK(sameBits(back.problem.A, p.A));
  CHECK(sameBits(back.problem.b, p.b));
  const fs::path path = scratch("round_trip") / "p.dat";
  writeSiconosLcp(path, p);
  const LcpFile file = readLcpFile(path);
  CHECK(sameBits(file.problem.A, p.A));
  CHECK(sameBits(file.problem.b, p.b));
}

TEST_CASE("Siconos LCP: a hand-written file is written in the exact dense text expected",
          "[lcp_file][siconos]") {
  // Size, storage type 0, rows, columns, the size line, M a column a line, q on one line;
  // each number in its shortest round-trip form.
  CHECK(lcpToSiconos(readLcpFile(siconosData("dense_nonsymmetric.dat")).problem) ==
        "3\n0\n3\n3\n3\t3\n1 4 7\n2 5 8\n3 6 10\n-1 0.5 2.25\n");
  CHECK(lcpToSiconos(readLcpFile(siconosData("sparse_block.dat")).problem) ==
        "4\n0\n4\n4\n4\t4\n4 2 0 0\n1 5 0 0\n0.5 1 3 -0.5\n0 -1 0.25 6\n-1 -2 0.5 -3\n");
}

TEST_CASE("Siconos LCP: a problem with joints is refused, the joint rows named",
          "[lcp_file][siconos]") {
  LcpProblem p;
  p.A = Eigen::Matrix4d::Identity();
  p.b = Eigen::Vector4d(-1, -1, -1, -1);
  p.joint = {false, true, false, true};
  CHECK_THROWS_WITH(lcpToSiconos(p), Catch::Contains("cannot hold joints") &&
                                         Catch::Contains("rows 1, 3 are joints"));
  const fs::path path = scratch("joints") / "j.dat";
  CHECK_THROWS_WITH(writeSiconosLcp(path, p),
                    Catch::StartsWith(path.string() + ": ") && Catch::Contains("rows 1, 3"));
  CHECK_FALSE(fs::exists(path));
}

TEST_CASE("Siconos LCP: readLcpFile tells the format by content, not by name",
          "[lcp_file][siconos]") {
  const fs::path dir = scratch("by_content");
  fs::copy_file(siconosData("hand_solved.dat"), dir / "hand_solved.txt");
  const LcpFile txt = readLcpFile(dir / "hand_solved.txt");
  Eigen::Matrix3d expected;
  expected << 4, 1, 0, 1, 3, 1, 0, 1, 2;
  REQUIRE(txt.problem.size() == 3);
  CHECK(txt.problem.A == expected);
  CHECK(txt.problem.b == Eigen::Vector3d(-1, -2, 1));
  // JSON and CSV as before; CSV also by its first line under another name.
  const fs::path lcp = fs::path(CONTACTLAB_TEST_DATA_DIR) / "lcp";
  const LcpFile json = readLcpFile(lcp / "figure26.json");
  CHECK(json.problem.size() == 5);
  CHECK(readLcpFile(lcp / "figure26.csv").problem.A == json.problem.A);
  { std::ofstream(dir / "csv.txt") << lcpToCsv(json.problem); }
  CHECK(readLcpFile(dir / "csv.txt").problem.b == json.problem.b);
  CHECK(looksLikeSiconosLcp("  \n 3\n0\n"));
  CHECK(looksLikeSiconosLcp("-2\n"));  // refused later, as a negative size
  CHECK_FALSE(looksLikeSiconosLcp("{\"format\": \"contactlab-lcp\"}"));
  CHECK_FALSE(looksLikeSiconosLcp("# contactlab-lcp csv version 1\ni,joint,b,A0\n"));
  CHECK_FALSE(looksLikeSiconosLcp("i,joint,b,A0\n"));
  CHECK_FALSE(looksLikeSiconosLcp("3.5\n"));
  CHECK_FALSE(looksLikeSiconosLcp(""));
}

TEST_CASE("Siconos LCP: a note after q is ignored, anything else after it refused",
          "[lcp_file][siconos]") {
  // As Siconos' own lcp_exp_murty.dat and lcp_CPS_1.dat end.
  const std::string problem = denseHead(2) + "1 1\n1 1\n-1 -1\n";
  CHECK(parseSiconosLcp(problem + "\n# from Murty (1988) chapter 6\n", "n.dat").problem.size() ==
        2);
  CHECK(parseSiconosLcp(problem + "\nRemark 4.1.14 CPS 2009\nset of solution is z_1 + z_2 = 1\n",
                        "n.dat")
            .problem.size() == 2);
  CHECK_THAT(errorOf(problem + "5\n"),
             Catch::Contains("bad.dat: line 9: a number after q (\"5\"): an LCP of size 2"));
  CHECK_THAT(errorOf(denseHead(2) + "1 1\n1 1\n-1 -1 junk\n"),
             Catch::Contains("bad.dat: line 8: \"junk\" after q's last entry"));
}

TEST_CASE("Siconos LCP: bad dense files are refused with what and where", "[lcp_file][siconos]") {
  // Truncated, non-finite, non-numeric, q missing or short.
  CHECK(errorOf(denseHead(3) + "1 2 3\n4 5\n") ==
        "bad.dat: the file ends after 5 of 9 entries of M");
  CHECK(errorOf(denseHead(3) + "1 2 3\n4 5 inf\n7 8 9\n0 0 0\n") ==
        "bad.dat: line 7: non-finite value inf at M(2,1)");
  CHECK_THAT(errorOf(denseHead(3) + "1 2 3\n4 5 6\n7 8 9\n0 nan 0\n"),
             Catch::Contains("line 9: non-finite value nan at q(1)"));
  CHECK_THAT(errorOf(denseHead(1) + "1e999\n0\n"),
             Catch::Contains("line 6: non-finite value 1e999 at M(0,0)"));
  CHECK(errorOf(denseHead(3) + "1 2 3\n4 5 6\nabc 8 9\n0 0 0\n") ==
        "bad.dat: line 8: entry 7 of M, M(0,2), is not a number (\"abc\")");
  CHECK_THAT(errorOf(denseHead(2) + "1 2\n3 4\n"),
             Catch::Contains("bad.dat: the file ends after 0 of 2 entries of q"));
  CHECK_THAT(errorOf(denseHead(2) + "1 2\n3 4\n-1\n"),
             Catch::Contains("the file ends after 1 of 2 entries of q"));
  CHECK_THAT(errorOf(denseHead(2) + "1 2\n3 4\n-1 x1\n"),
             Catch::Contains("line 8: entry 2 of q, q(1), is not a number (\"x1\")"));
  // Sizes: too large (before anything is allocated), negative, not whole, not square, not
  // the LCP's, the dense size line disagreeing.
  CHECK(errorOf("2500\n0\n2500\n2500\n") ==
        "bad.dat: line 1: the LCP size 2500 exceeds the limit of 2000 rows (kMaxLcpRows)");
  CHECK_THAT(errorOf("99999999999999999999999\n"),
             Catch::Contains("exceeds the limit of 2000 rows (kMaxLcpRows)"));
  CHECK_THAT(errorOf("3\n0\n3\n4000000000\n"),
             Catch::Contains("line 4: M's column count 4000000000 exceeds the limit"));
  CHECK_THAT(errorOf("-2\n0\n"), Catch::Contains("line 1: the LCP size is negative (-2)"));
  CHECK_THAT(errorOf("3\n0\n3.0\n"),
             Catch::Contains("line 3: M's row count is not a whole number (\"3.0\")"));
  CHECK_THAT(errorOf("3\n0\n3\n4\n3\t4\n"),
             Catch::Contains("line 4: matrix size 3 x 4 is not square"));
  CHECK_THAT(errorOf("2\n0\n3\n3\n"), Catch::Contains("the LCP size is 2 but M is 3 x 3"));
  CHECK_THAT(errorOf("2\n0\n2\n2\n2\t3\n"),
             Catch::Contains("line 5: the dense size line says 2 x 3, but M is 2 x 2"));
  CHECK_THAT(errorOf(""), Catch::Contains("bad.dat: the file ends before the LCP size"));
  // Storage types other than dense and sparse-block, named.
  CHECK_THAT(errorOf("3\n2\n3\n3\n"),
             Catch::Contains("line 2: storage type 2 (NM_SPARSE, compressed sparse columns) is "
                             "not read: only 0 (NM_DENSE) and 1 (NM_SPARSE_BLOCK) are"));
  CHECK_THAT(errorOf("3\n7\n3\n3\n"),
             Catch::Contains("storage type 7 (no Siconos storage type) is not read"));
  // A token too long to show whole is cut short.
  const std::string huge = errorOf(denseHead(1) + std::string(100000, 'x') + "\n0\n");
  CHECK_THAT(huge, Catch::Contains("... (100000 characters)"));
  CHECK(huge.size() < 200);
}

TEST_CASE("Siconos LCP: bad sparse-block files are refused with what and where",
          "[lcp_file][siconos]") {
  // Each sparse_block.dat with one line changed: 5 nbblocks, 6 and 7 the block rows and
  // columns, 8 and 9 their cumulative sizes, 10 filled1, 11 filled2, 12 index1_data, 13
  // index2_data, 14 block 0's number, 15-18 its entries, 19 block 1's number, 20-23 its
  // entries, 24 block 2's number, 25-28 its entries.
  CHECK(errorOf(sparseBlockWith(1, "4")) == "(no error)");
  CHECK_THAT(errorOf(sparseBlockWith(5, "5")),
             Catch::Contains("line 5: nbblocks is 5 but a 2 x 2 grid of blocks has 4 places"));
  CHECK_THAT(errorOf(sparseBlockWith(6, "5")),
             Catch::Contains("line 6: blocknumber0 is 5 but M has 4 rows"));
  CHECK_THAT(errorOf(sparseBlockWith(8, "2\t3")),
             Catch::Contains("line 8: blocksize0 ends at 3, but M has 4 rows"));
  CHECK_THAT(errorOf(sparseBlockWith(9, "2\t2")),
             Catch::Contains("line 9: blocksize1[1] is 2: the cumulative block sizes increase"));
  CHECK_THAT(errorOf(sparseBlockWith(9, "2\t5")), Catch::Contains("line 9: blocksize1[1] is 5"));
  CHECK_THAT(errorOf(sparseBlockWith(10, "4")),
             Catch::Contains("line 10: filled1 is 4: it is the last non-empty block row + 2, "
                             "between 2 and 3"));
  CHECK_THAT(errorOf(sparseBlockWith(11, "2")),
             Catch::Contains("line 11: filled2 is 2 but nbblocks is 3"));
  CHECK_THAT(errorOf(sparseBlockWith(12, "1\t2\t3")),
             Catch::Contains("line 12: index1_data[0] is 1, not 0"));
  CHECK_THAT(errorOf(sparseBlockWith(12, "0\t2\t1")),
             Catch::Contains("line 12: index1_data[2] is 1: the block rows' first blocks go"));
  CHECK_THAT(errorOf(sparseBlockWith(12, "0\t1\t4")), Catch::Contains("index1_data[2] is 4"));
  CHECK_THAT(errorOf(sparseBlockWith(13, "0\t1\t2")),
             Catch::Contains("line 13: index2_data[2] is 2: the block columns are 0 to 1"));
  CHECK_THAT(errorOf(sparseBlockWith(13, "0\t0\t1")),
             Catch::Contains("index2_data[1] names block column 0 a second time in block row 0"));
  CHECK_THAT(errorOf(sparseBlockWith(14, "1")),
             Catch::Contains("line 14: block 0 is numbered 1: every block follows its number"));
  CHECK_THAT(errorOf(sparseBlockWith(21, "zero")),
             Catch::Contains("line 21: entry 2 of block 1, M(1,2), is not a number (\"zero\")"));
  CHECK_THAT(errorOf(sparseBlockWith(28, "inf")),
             Catch::Contains("line 28: non-finite value inf at M(3,3)"));
  CHECK_THAT(errorOf(sparseBlockWith(5, "-3")),
             Catch::Contains("line 5: the number of blocks (nbblocks) is negative (-3)"));
  // Cut short inside a block, and inside the index arrays.
  const std::vector<std::string> lines = sparseBlockLines();
  std::string cut;
  for (std::size_t k = 0; k < 22; ++k) cut += lines[k] + "\n";
  CHECK_THAT(errorOf(cut),
             Catch::Contains("bad.dat: the file ends after 3 of 4 entries of block 1"));
  CHECK_THAT(errorOf("4\n1\n4\n4\n3\n2\n2\n2 4\n2 4\n3\n3\n0 2\n"),
             Catch::Contains("the file ends before index1_data[2]"));
}
