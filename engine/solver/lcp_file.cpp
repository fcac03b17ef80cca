#include "engine/solver/lcp_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

#include "engine/io/atomic_file.h"
#include "engine/io/detail/json_read.h"
#include "engine/io/number_text.h"
#include "engine/io/text_file.h"
#include "engine/solver/siconos_lcp_file.h"

namespace cl {

namespace {

using Json = nlohmann::ordered_json;  // written: members in the order we put them
using InJson = nlohmann::json;        // read (readJson)

// One key per line; A one row per line and the trace one decision per line, the rest
// compact, so that a file reads like the matrix it holds.
std::string layout(const Json& j) {
  std::string s = "{\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    s += first ? "" : ",\n";
    first = false;
    s += "  " + Json(it.key()).dump() + ": ";
    const Json& v = it.value();
    if ((it.key() == "A" || it.key() == "trace") && v.is_array() && !v.empty()) {
      s += "[\n";
      for (std::size_t k = 0; k < v.size(); ++k)
        s += "    " + v[k].dump() + (k + 1 < v.size() ? ",\n" : "\n");
      s += "  ]";
    } else if (v.is_object() && !v.empty()) {
      s += "{\n";
      std::size_t k = 0;
      for (auto e = v.begin(); e != v.end(); ++e, ++k)
        s += "    " + Json(e.key()).dump() + ": " + e.value().dump() +
             (k + 1 < v.size() ? ",\n" : "\n");
      s += "  }";
    } else {
      s += v.dump();
    }
  }
  return s + "\n}\n";
}

Json vec(const Eigen::VectorXd& v) {
  Json j = Json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) j.push_back(v[i]);
  return j;
}

Json indices(const std::vector<int>& v) {
  return Json(v);
}

[[noreturn]] void fail(const std::string& name, const std::string& what) {
  throw LcpFileError(fmt::format("{}: {}", name, what));
}

// ---- JSON reading ----

double number(const InJson& j, const std::string& name, const std::string& where) {
  if (!j.is_number()) fail(name, fmt::format("{} is not a number ({})", where, j.type_name()));
  const double v = j.get<double>();
  if (!std::isfinite(v)) fail(name, fmt::format("{} is not finite", where));
  return v;
}

const InJson& array(const InJson& parent, const char* key, const std::string& name,
                    std::size_t expected) {
  if (!parent.contains(key)) fail(name, fmt::format("\"{}\" is missing", key));
  const InJson& j = parent[key];
  if (!j.is_array()) fail(name, fmt::format("\"{}\" is not an array ({})", key, j.type_name()));
  if (expected != std::size_t(-1) && j.size() != expected)
    fail(name, fmt::format("\"{}\" has {} entries, expected {}", key, j.size(), expected));
  return j;
}

// An integer in [low, high], read by kind so that nothing wraps: 2^32 + 1 must not pass as 1,
// nor an unsigned 2^64 - 1 as -1.
long long integerIn(const InJson& j, long long low, long long high, const std::string& name,
                    const std::string& where) {
  bool inRange = false;
  long long v = 0;
  if (j.is_number_unsigned()) {
    const std::uint64_t u = j.get<std::uint64_t>();
    inRange = high >= 0 && u <= static_cast<std::uint64_t>(high);
    v = inRange ? static_cast<long long>(u) : 0;
  } else if (j.is_number_integer()) {
    v = j.get<std::int64_t>();
    inRange = v <= high;
  } else {
    fail(name, fmt::format("{} is not an integer ({})", where, j.type_name()));
  }
  if (!inRange || v < low)
    fail(name, fmt::format("{} = {} is out of range ({} to {})", where, j.dump(), low, high));
  return v;
}

// A file's keys are ours: anything else is a misspelling or another format, refused by name
// (a long name cut short, so that a hostile file cannot make a huge message).
void rejectUnknown(const InJson& object, std::initializer_list<std::string_view> known,
                   const std::string& name, std::string_view where) {
  for (auto it = object.begin(); it != object.end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end()) {
      const std::string& key = it.key();
      constexpr std::size_t kShown = 40;
      fail(name, fmt::format("unknown key \"{}\"{}{}", key.substr(0, kShown),
                             key.size() > kShown ? fmt::format("... ({} characters)", key.size())
                                                 : std::string(),
                             where));
    }
}

// The counts of a stored result, each optional (written for people and for replay).
struct ResultCounts {
  LcpError error = LcpError::kOk;
  int pivots = 0;
  int deferrals = 0;
};

ResultCounts readResultCounts(const InJson& r, const std::string& name) {
  ResultCounts out;
  constexpr long long kIntMax = std::numeric_limits<int>::max();
  if (r.contains("errorCode")) {
    const long long code = integerIn(r["errorCode"], -1, kIntMax, name, "result.errorCode");
    const auto known =
        std::find_if(std::begin(kLcpErrorNames), std::end(kLcpErrorNames),
                     [&](const auto& e) { return static_cast<int>(e.value) == code; });
    if (known == std::end(kLcpErrorNames))
      fail(name, fmt::format("result.errorCode {} is no error this build knows", code));
    out.error = known->value;
  }
  if (r.contains("pivots"))
    out.pivots = static_cast<int>(integerIn(r["pivots"], 0, kIntMax, name, "result.pivots"));
  if (r.contains("deferrals"))
    out.deferrals =
        static_cast<int>(integerIn(r["deferrals"], 0, kIntMax, name, "result.deferrals"));
  return out;
}

Eigen::VectorXd readVector(const InJson& parent, const char* key, const std::string& name,
                           std::size_t n, const std::string& prefix = "") {
  const InJson& j = array(parent, key, name, n);
  Eigen::VectorXd v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = number(j[i], name, fmt::format("{}{}[{}]", prefix, key, i));
  return v;
}

}  // namespace

namespace {

// The head of every problem file: format, version, the number of contacts, A and b.
Json problemJson(int contacts, const Eigen::MatrixXd& A, const Eigen::VectorXd& b) {
  Json j;
  j["format"] = "contactlab-lcp";
  j["version"] = kLcpFormatVersion;
  j["n"] = contacts;
  Json rows = Json::array();
  for (Eigen::Index r = 0; r < A.rows(); ++r) {
    Json row = Json::array();
    for (Eigen::Index c = 0; c < A.cols(); ++c) row.push_back(A(r, c));
    rows.push_back(row);
  }
  j["A"] = rows;
  j["b"] = vec(b);
  return j;
}

}  // namespace

std::string lcpToJson(const LcpProblem& p, const LcpResult* result,
                      const std::vector<SolverPivot>* trace) {
  Json j = problemJson(p.size(), p.A, p.b);
  j["joint"] = Json(std::vector<bool>(p.joint));
  if (!p.preOrder.empty()) j["preOrder"] = indices(p.preOrder);
  // A result holding a NaN or an infinity (a solve that ended non-finite) has no JSON form
  // that reads back: it is left out, and the problem is stored to be solved again.
  if (result && result->f.allFinite() && result->a.allFinite()) {
    Json r;
    r["error"] = errorName(result->error);
    r["errorCode"] = static_cast<int>(result->error);
    r["pivots"] = result->pivots;
    r["deferrals"] = result->deferrals;
    r["f"] = vec(result->f);
    r["a"] = vec(result->a);
    r["residuals"] = {{"minContactAccel", result->residuals.minContactAccel},
                      {"minContactForce", result->residuals.minContactForce},
                      {"maxComplementarity", result->residuals.maxComplementarity},
                      {"maxJointAccel", result->residuals.maxJointAccel}};
    r["order"] = indices(result->order);
    j["result"] = r;
  }
  if (trace) {
    Json t = Json::array();
    for (const SolverPivot& pv : *trace) {
      Json e;
      e["index"] = pv.index;
      e["transition"] = transitionName(pv.transition);
      e["d"] = pv.d;
      e["j"] = pv.j;
      e["step"] = pv.step;
      e["stepTaken"] = pv.stepTaken;
      e["zeroStep"] = pv.zeroStep;
      e["C"] = indices(pv.C);
      e["NC"] = indices(pv.NC);
      e["R"] = indices(pv.R);
      e["reRejects"] = indices(pv.reRejects);
      e["f"] = vec(pv.f);
      e["a"] = vec(pv.a);
      e["deltaF"] = vec(pv.deltaF);
      e["deltaA"] = vec(pv.deltaA);
      t.push_back(e);
    }
    j["trace"] = t;
  }
  return layout(j);
}

LcpFile parseLcpJson(const std::string& text, const std::string& name) {
  // The guarded reader of every JSON file: nesting depth bounded, a repeated key refused.
  JsonReadResult read = readJson(text);
  if (!read.problems.empty()) {
    const JsonProblem& p = read.problems.front();
    fail(name, fmt::format("{} JSON: {}", p.jsonPath.empty() ? "not valid" : "not readable",
                           describeProblem(p)));
  }
  const InJson j = std::move(*read.value);
  if (!j.is_object()) fail(name, "the top level is not an object");
  if (!j.contains("format") || j["format"] != "contactlab-lcp")
    fail(name, "\"format\" is not \"contactlab-lcp\"");
  if (!j.contains("version") || !j["version"].is_number_integer())
    fail(name, "\"version\" is missing or not an integer");
  // Compared by kind, not converted: 2^32 + 1 is not version 1.
  const InJson& version = j["version"];
  if (version.is_number_unsigned()
          ? version.get<std::uint64_t>() > kLcpFormatVersion || version.get<std::uint64_t>() < 1
          : version.get<std::int64_t>() < 1 || version.get<std::int64_t>() > kLcpFormatVersion)
    fail(name, fmt::format("version {} is not supported (this build reads {})", version.dump(),
                           kLcpFormatVersion));
  rejectUnknown(
      j,
      {"format", "version", "n", "A", "b", "joint", "preOrder", "mu", "slide", "result", "trace"},
      name, "");
  const InJson& A = array(j, "A", name, std::size_t(-1));
  const std::size_t rows = A.size();
  if (rows > kMaxLcpRows)
    fail(name,
         fmt::format("A has {} rows, more than the {} an LCP file may hold", rows, kMaxLcpRows));
  // With friction coefficients the rows are the n normals, then the n frictions.
  const bool friction = j.contains("mu");
  if (friction && rows % 2 != 0)
    fail(name, fmt::format("with \"mu\" (friction) A has 2n rows, normals then frictions; "
                           "it has {}",
                           rows));
  const std::size_t n = friction ? rows / 2 : rows;
  if (j.contains("n") && (!j["n"].is_number_unsigned() || j["n"].get<std::size_t>() != n))
    fail(name, fmt::format("\"n\" is {} but A has {} rows{}", j["n"].dump(), rows,
                           friction ? fmt::format(" ({} contacts with friction)", n) : ""));
  LcpFile out;
  LcpProblem& p = out.problem;
  Eigen::MatrixXd full(rows, rows);
  for (std::size_t r = 0; r < rows; ++r) {
    if (!A[r].is_array()) fail(name, fmt::format("A[{}] is not an array", r));
    if (A[r].size() != rows)
      fail(name, fmt::format("A[{}] has {} entries but A has {} rows: A must be square", r,
                             A[r].size(), rows));
    for (std::size_t c = 0; c < rows; ++c)
      full(r, c) = number(A[r][c], name, fmt::format("A[{}][{}]", r, c));
  }
  const Eigen::VectorXd fullB = readVector(j, "b", name, rows);
  p.A = full.topLeftCorner(n, n);
  p.b = fullB.head(n);
  const InJson& joint = array(j, "joint", name, n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!joint[i].is_boolean()) fail(name, fmt::format("joint[{}] is not true or false", i));
    p.joint.push_back(joint[i].get<bool>());
  }
  if (j.contains("preOrder")) {
    const InJson& po = array(j, "preOrder", name, std::size_t(-1));
    // Range-checked against n by validate(); here only what fits an int.
    for (std::size_t k = 0; k < po.size(); ++k)
      p.preOrder.push_back(static_cast<int>(integerIn(po[k], std::numeric_limits<int>::min(),
                                                      std::numeric_limits<int>::max(), name,
                                                      fmt::format("preOrder[{}]", k))));
  }
  if (const std::string why = p.validate(); !why.empty()) fail(name, why);
  if (friction) {
    FrictionProblem fp;
    fp.A = std::move(full);
    fp.b = fullB;
    fp.joint = p.joint;
    const Eigen::VectorXd mu = readVector(j, "mu", name, n);
    fp.mu.assign(mu.data(), mu.data() + n);
    if (j.contains("slide")) {
      const InJson& slide = array(j, "slide", name, n);
      for (std::size_t i = 0; i < n; ++i) {
        // Read by kind: an unsigned 2^64 - 1 must not pass as -1.
        const InJson& s = slide[i];
        const auto signedIn = [](std::int64_t v) { return v >= -1 && v <= 1; };
        const bool ok = s.is_number_unsigned()  ? s.get<std::uint64_t>() <= 1
                        : s.is_number_integer() ? signedIn(s.get<std::int64_t>())
                                                : false;
        if (!ok) fail(name, fmt::format("slide[{}] is not -1, 0 or 1", i));
        fp.slide.push_back(slide[i].get<int>());
      }
    }
    if (const std::string why = fp.validate(); !why.empty()) fail(name, why);
    if (j.contains("result")) {
      const InJson& r = j["result"];
      if (!r.is_object()) fail(name, "\"result\" is not an object");
      rejectUnknown(r,
                    {"error", "errorCode", "pivots", "gaveUp", "byLemke", "regularization",
                     "compliant", "compliantFirst", "f", "a", "normalSets", "frictionSets"},
                    name, " in \"result\"");
      FrictionResult res;
      res.f = readVector(r, "f", name, rows, "result.");
      res.a = readVector(r, "a", name, rows, "result.");
      const ResultCounts counts = readResultCounts(r, name);
      res.error = counts.error;
      res.pivots = counts.pivots;
      out.frictionResult = res;
    }
    out.friction = std::move(fp);
    return out;
  }
  if (j.contains("result")) {
    const InJson& r = j["result"];
    if (!r.is_object()) fail(name, "\"result\" is not an object");
    rejectUnknown(r, {"error", "errorCode", "pivots", "deferrals", "f", "a", "residuals", "order"},
                  name, " in \"result\"");
    LcpResult res;
    res.f = readVector(r, "f", name, n, "result.");
    res.a = readVector(r, "a", name, n, "result.");
    const ResultCounts counts = readResultCounts(r, name);
    res.error = counts.error;
    res.pivots = counts.pivots;
    res.deferrals = counts.deferrals;
    res.residuals = computeResiduals(p, res.f, res.a);
    out.result = res;
  }
  return out;
}

std::string frictionToJson(const FrictionProblem& p, const FrictionResult* result) {
  Json j = problemJson(p.contacts(), p.A, p.b);
  j["joint"] = Json(p.joint.empty() ? std::vector<bool>(p.mu.size(), false) : p.joint);
  j["mu"] = Json(p.mu);
  if (!p.slide.empty()) j["slide"] = Json(p.slide);
  if (result) {
    Json r;
    r["error"] = errorName(result->error);
    r["errorCode"] = static_cast<int>(result->error);
    r["pivots"] = result->pivots;
    r["gaveUp"] = result->gaveUp;
    r["byLemke"] = result->byLemke;
    if (result->regularization > 0) r["regularization"] = result->regularization;
    if (result->compliant) r["compliant"] = true;
    if (result->compliantFirst) r["compliantFirst"] = true;
    r["f"] = vec(result->f);
    r["a"] = vec(result->a);
    Json ns = Json::array(), fs = Json::array();
    for (const ContactSet s : result->normalSets) ns.push_back(nameOf(s));
    for (const ContactSet s : result->frictionSets) fs.push_back(nameOf(s));
    r["normalSets"] = ns;
    r["frictionSets"] = fs;
    j["result"] = r;
  }
  return layout(j);
}

std::string lcpToCsv(const LcpProblem& p, const LcpResult* result) {
  const int n = p.size();
  std::string s = fmt::format("# contactlab-lcp csv version {}\ni,joint,b", kLcpFormatVersion);
  for (int c = 0; c < n; ++c) s += fmt::format(",A{}", c);
  if (result) s += ",f,a";
  s += '\n';
  for (int r = 0; r < n; ++r) {
    s += fmt::format("{},{},{}", r, p.joint[r] ? 1 : 0, numberText(p.b[r]));
    for (int c = 0; c < n; ++c) s += "," + numberText(p.A(r, c));
    if (result) s += "," + numberText(result->f[r]) + "," + numberText(result->a[r]);
    s += '\n';
  }
  return s;
}

LcpFile parseLcpCsv(const std::string& text, const std::string& name) {
  // Row by row into A: the text's fields are never all held at once (a 256 MB file of
  // "0," would be 128 million strings).
  std::istringstream in(text);
  std::string line;
  int number = 0;
  // The next line that is not blank or a comment, split at commas into `fields`.
  std::vector<std::string> fields;
  const auto nextRow = [&] {
    while (std::getline(in, line)) {
      ++number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      fields.clear();
      std::stringstream ls(line);
      std::string field;
      while (std::getline(ls, field, ',')) fields.push_back(field);
      if (line.back() == ',') fields.emplace_back();
      return true;
    }
    return false;
  };
  if (!nextRow()) fail(name, "no header line (i,joint,b,A0,...)");
  const std::vector<std::string> header = fields;
  const int headerLine = number;
  if (header.size() < 3 || header[0] != "i" || header[1] != "joint" || header[2] != "b")
    fail(name, fmt::format("line {}: the header must start with i,joint,b", headerLine));
  std::size_t n = 0;
  while (3 + n < header.size() && header[3 + n] == fmt::format("A{}", n)) ++n;
  const std::size_t rest = header.size() - 3 - n;
  const bool hasResult = rest == 2 && header[3 + n] == "f" && header[4 + n] == "a";
  if (rest != 0 && !hasResult)
    fail(name, fmt::format("line {}: column {} is \"{}\", expected A{} or f,a at the end",
                           headerLine, 4 + n, header[3 + n], n));
  if (n > kMaxLcpRows)
    fail(name, fmt::format("line {}: A has {} columns, more than the {} an LCP file may hold",
                           headerLine, n, kMaxLcpRows));
  LcpFile out;
  LcpProblem& p = out.problem;
  p.A.resize(n, n);
  p.b.resize(n);
  LcpResult res;
  res.f.resize(n);
  res.a.resize(n);
  std::size_t r = 0;
  for (; nextRow(); ++r) {
    if (r >= n) continue;  // counted for the message below
    const auto value = [&](std::size_t c) {
      const char* s = fields[c].c_str();
      char* end = nullptr;
      const double v = std::strtod(s, &end);
      if (end == s || *end != '\0')
        fail(name, fmt::format("line {}, column {}: \"{}\" is not a number", number, header[c],
                               fields[c]));
      if (!std::isfinite(v))
        fail(name,
             fmt::format("line {}, column {}: \"{}\" is not finite", number, header[c], fields[c]));
      return v;
    };
    if (fields.size() != header.size())
      fail(name,
           fmt::format("line {}: {} fields, expected {}", number, fields.size(), header.size()));
    if (fields[0] != std::to_string(r))
      fail(name, fmt::format("line {}: i is \"{}\", expected {}", number, fields[0], r));
    if (fields[1] != "0" && fields[1] != "1")
      fail(name, fmt::format("line {}, column joint: \"{}\" is not 0 or 1", number, fields[1]));
    p.joint.push_back(fields[1] == "1");
    p.b[static_cast<Eigen::Index>(r)] = value(2);
    for (std::size_t c = 0; c < n; ++c)
      p.A(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = value(3 + c);
    if (hasResult) {
      res.f[static_cast<Eigen::Index>(r)] = value(3 + n);
      res.a[static_cast<Eigen::Index>(r)] = value(4 + n);
    }
  }
  if (r != n) fail(name, fmt::format("A has {} columns but {} rows: A must be square", n, r));
  if (hasResult) {
    res.residuals = computeResiduals(p, res.f, res.a);
    out.result = res;
  }
  return out;
}

std::string traceToCsv(const std::vector<SolverPivot>& trace) {
  const auto list = [](const std::vector<int>& v) {
    std::string s;
    for (std::size_t k = 0; k < v.size(); ++k) s += (k ? " " : "") + std::to_string(v[k]);
    return s;
  };
  const std::size_t n = trace.empty() ? 0 : static_cast<std::size_t>(trace[0].f.size());
  std::string s = "decision,transition,d,j,step,step_taken,zero_step,C,NC,R,reRejects";
  for (const char* v : {"f", "a", "df", "da"})
    for (std::size_t i = 0; i < n; ++i) s += fmt::format(",{}{}", v, i);
  s += '\n';
  for (const SolverPivot& p : trace) {
    s += fmt::format("{},{},{},{},{},{},{},{},{},{},{}", p.index, transitionName(p.transition), p.d,
                     p.j, numberText(p.step), p.stepTaken ? 1 : 0, p.zeroStep ? 1 : 0, list(p.C),
                     list(p.NC), list(p.R), list(p.reRejects));
    for (const Eigen::VectorXd* v : {&p.f, &p.a, &p.deltaF, &p.deltaA})
      for (std::size_t i = 0; i < n; ++i)
        s += "," + (static_cast<std::size_t>(v->size()) == n ? numberText((*v)[i]) : std::string());
    s += '\n';
  }
  return s;
}

std::string iterationsToCsv(const std::vector<SolverIteration>& trace) {
  const std::size_t n = trace.empty() ? 0 : static_cast<std::size_t>(trace[0].f.size());
  std::string s =
      "iteration,residual,merit,step_length,gradient_step,support_solve,entering,leaving,active";
  for (std::size_t i = 0; i < n; ++i) s += fmt::format(",f{}", i);
  s += '\n';
  for (const SolverIteration& it : trace) {
    std::string active;
    for (std::size_t k = 0; k < it.active.size(); ++k)
      active += (k ? " " : "") + std::to_string(it.active[k]);
    s += fmt::format("{},{},{},{},{},{},{},{},{}", it.index, numberText(it.residual),
                     numberText(it.merit), numberText(it.stepLength), it.gradientStep ? 1 : 0,
                     it.supportSolve ? 1 : 0, it.entering, it.leaving, active);
    for (std::size_t i = 0; i < n; ++i)
      s += "," + (static_cast<std::size_t>(it.f.size()) == n ? numberText(it.f[i]) : std::string());
    s += '\n';
  }
  return s;
}

std::vector<std::filesystem::path> lcpFilesIn(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw LcpFileError(fmt::format("'{}' is not a directory{}", dir.string(),
                                   ec ? ": " + ec.message() : std::string()));
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string ext = e.path().extension().string();
    std::error_code broken;  // a dangling link or a loop of links: not an LCP file
    if (e.is_regular_file(broken) && (ext == ".json" || ext == ".csv" || ext == ".dat"))
      files.push_back(e.path());
  }
  if (ec) throw LcpFileError(fmt::format("cannot list '{}': {}", dir.string(), ec.message()));
  std::sort(files.begin(), files.end());
  return files;
}

LcpFile readLcpFile(const std::filesystem::path& path) {
  std::string text;
  try {
    text = readTextFile(path);
  } catch (const FileReadError& e) {
    fail(path.string(), e.what());
  }
  // By content, so that a file's name does not decide how it is read: a Siconos file opens
  // with an integer (its size), our CSV with a '#' comment or its header, JSON with '{'.
  const std::string name = path.string();
  if (looksLikeSiconosLcp(text)) return parseSiconosLcp(text, name);
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  const std::string_view head =
      start == std::string::npos ? std::string_view() : std::string_view(text).substr(start);
  if (path.extension() == ".csv" || head.starts_with('#') || head.starts_with("i,joint,b"))
    return parseLcpCsv(text, name);
  return parseLcpJson(text, name);
}

void writeLcpJson(const std::filesystem::path& path, const LcpProblem& p, const LcpResult* result,
                  const std::vector<SolverPivot>* trace) {
  writeFileAtomically(path, lcpToJson(p, result, trace));
}

void writeFrictionJson(const std::filesystem::path& path, const FrictionProblem& p,
                       const FrictionResult* result) {
  writeFileAtomically(path, frictionToJson(p, result));
}

void writeLcpCsv(const std::filesystem::path& path, const LcpProblem& p, const LcpResult* result) {
  writeFileAtomically(path, lcpToCsv(p, result));
}

void writeTraceCsv(const std::filesystem::path& path, const std::vector<SolverPivot>& trace) {
  writeFileAtomically(path, traceToCsv(trace));
}

void writeIterationsCsv(const std::filesystem::path& path,
                        const std::vector<SolverIteration>& trace) {
  writeFileAtomically(path, iterationsToCsv(trace));
}

}  // namespace cl
