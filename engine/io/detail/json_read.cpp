#include "engine/io/detail/json_read.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cl {

namespace {

std::string shortened(const std::string& text) {
  if (text.size() <= kLongestProblemText) return text;
  return fmt::format("{}... ({} characters)", text.substr(0, kLongestProblemText), text.size());
}

}  // namespace

std::string describeProblem(const JsonProblem& problem) {
  return fmt::format("{}: {}",
                     problem.jsonPath.empty() ? "(document)" : shortened(problem.jsonPath),
                     shortened(problem.message));
}

std::string listProblems(const std::vector<JsonProblem>& problems) {
  std::string out;
  for (std::size_t i = 0; i < problems.size() && i < kShownProblems; ++i)
    out += "\n  " + describeProblem(problems[i]);
  if (problems.size() > kShownProblems)
    out += fmt::format("\n  and {} more", problems.size() - kShownProblems);
  return out;
}

namespace {

using Json = nlohmann::json;

// 1-based line and column of the character before byte offset `pos`, counted the
// way nlohmann reports them (the column of the last character read).
std::pair<std::size_t, std::size_t> lineColumn(std::string_view text, std::size_t pos) {
  pos = std::min(pos, text.size());
  const auto head = text.substr(0, pos);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(head.begin(), head.end(), '\n'));
  const std::size_t lastNewline = head.rfind('\n');
  const std::size_t column = lastNewline == std::string_view::npos ? pos : pos - lastNewline - 1;
  return {line, column};
}

// nlohmann's message without its "[json.exception...] parse error at line L,
// column C: " prefix, which the problem states in its own words.
std::string detailOf(const Json::exception& ex) {
  std::string what = ex.what();
  if (const auto bracket = what.find("] ");
      what.starts_with("[json.exception") && bracket != std::string::npos)
    what.erase(0, bracket + 2);
  if (what.starts_with("parse error"))
    if (const auto colon = what.find(": "); colon != std::string::npos) what.erase(0, colon + 2);
  return what;
}

// A SAX consumer that builds the document as nlohmann's DOM parser does while
// keeping the JSON pointer of the value being read, so that a repeated key or an
// out-of-range number can be reported where it is.
class LocatingSax {
 public:
  explicit LocatingSax(std::string_view text) : mText(text) {}

  bool null() { return scalar(nullptr); }
  bool boolean(bool v) { return scalar(v); }
  bool number_integer(Json::number_integer_t v) { return scalar(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return scalar(v); }
  bool number_float(Json::number_float_t v, const Json::string_t&) { return scalar(v); }
  bool string(Json::string_t& v) { return scalar(v); }
  bool binary(Json::binary_t&) { return false; }  // not produced by JSON text

  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(Json::string_t& k) {
    Frame& f = mStack.back();
    f.key = k;
    if (!f.keys.insert(k).second)
      mProblems.push_back({pointerChild(pathOf(mStack.size()), k),
                           fmt::format("field '{}' appears more than once in the same object", k)});
    return true;
  }

  bool parse_error(std::size_t position, const std::string& lastToken, const Json::exception& ex) {
    const auto [line, column] = lineColumn(mText, position);
    if (ex.id == 406)  // out_of_range: a number literal beyond the range of a double
      mProblems.push_back(
          {childPath(), fmt::format("number {} at line {}, column {} is not finite (out of the "
                                    "range of a double)",
                                    lastToken, line, column)});
    else
      mProblems.push_back({"", fmt::format("malformed JSON at line {}, column {}: {}", line, column,
                                           detailOf(ex))});
    mFailed = true;
    return false;
  }

  bool failed() const { return mFailed; }
  Json takeRoot() { return std::move(mRoot); }
  std::vector<JsonProblem> takeProblems() { return std::move(mProblems); }

 private:
  // One open container. A frame holds only its own step from its parent (the
  // frame below it), not its whole pointer: memory stays linear in the depth,
  // and pointers are put together only when a problem is reported.
  struct Frame {
    Json* container;
    std::string step;  // "/key" or "/index" in the parent; empty for the root
    std::string key;   // the member being read, for objects
    std::set<std::string> keys;
  };

  // Pointer of mStack[depth - 1], the innermost of the `depth` outermost open
  // containers; empty for depth 0.
  std::string pathOf(std::size_t depth) const {
    std::string out;
    for (std::size_t i = 0; i < depth; ++i) out += mStack[i].step;
    return out;
  }

  // Step from the innermost open container to the value about to be placed.
  std::string childStep() const {
    if (mStack.empty()) return "";
    const Frame& f = mStack.back();
    return f.container->is_array() ? pointerChild("", f.container->size())
                                   : pointerChild("", f.key);
  }

  // Pointer of the value about to be placed.
  std::string childPath() const { return pathOf(mStack.size()) + childStep(); }

  // Containers on the stack stay put: a parent only grows after its child closes,
  // and object members live in a node-based map.
  Json* place(Json v) {
    if (mStack.empty()) {
      mRoot = std::move(v);
      return &mRoot;
    }
    Frame& f = mStack.back();
    if (f.container->is_array()) {
      f.container->push_back(std::move(v));
      return &f.container->back();
    }
    Json& slot = (*f.container)[f.key];
    slot = std::move(v);
    return &slot;
  }

  // Counts a value about to be placed; false (stopping the parser) past kMaxJsonValues.
  bool counted() {
    if (++mValues <= kMaxJsonValues) return true;
    mProblems.push_back({childPath(), fmt::format("more than {} values (numbers, strings, arrays, "
                                                  "objects); no file we read needs that many",
                                                  kMaxJsonValues)});
    mFailed = true;
    return false;
  }
  bool scalar(Json v) {
    if (!counted()) return false;
    place(std::move(v));
    return true;
  }
  bool open(Json empty) {
    if (!counted()) return false;
    if (mStack.size() >= kMaxJsonDepth) {
      mProblems.push_back(
          {childPath(), fmt::format("JSON nested more than {} levels deep (arrays and objects "
                                    "within each other); no file we read nests that deep",
                                    kMaxJsonDepth)});
      mFailed = true;
      return false;  // stops the parser
    }
    std::string step = childStep();
    Json* j = place(std::move(empty));
    mStack.push_back({j, std::move(step), {}, {}});
    return true;
  }
  bool close() {
    mStack.pop_back();
    return true;
  }

  std::string_view mText;
  Json mRoot;
  std::vector<Frame> mStack;
  std::vector<JsonProblem> mProblems;
  bool mFailed = false;
  std::size_t mValues = 0;
};

}  // namespace

std::string pointerChild(std::string_view parent, std::string_view key) {
  std::string out(parent);
  out += '/';
  for (const char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string pointerChild(std::string_view parent, std::size_t index) {
  return fmt::format("{}/{}", parent, index);
}

JsonReadResult readJson(std::string_view text) {
  LocatingSax sax(text);
  const bool parsed = Json::sax_parse(text, &sax);
  JsonReadResult result;
  if (parsed && !sax.failed()) result.value = sax.takeRoot();
  result.problems = sax.takeProblems();
  return result;
}

}  // namespace cl
