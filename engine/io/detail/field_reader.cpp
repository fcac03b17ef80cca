#include "engine/io/detail/field_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/io/detail/json_read.h"

namespace cl {
namespace {

using Json = nlohmann::json;

std::string rangeProblem(std::string_view name, Range range, double v) {
  switch (range) {
    case Range::kPositive:
      if (!(v > 0)) return fmt::format("'{}' must be positive, got {}", name, v);
      break;
    case Range::kNonNegative:
      if (v < 0) return fmt::format("'{}' must not be negative, got {}", name, v);
      break;
    case Range::kUnitInterval:
      if (v < 0 || v > 1) return fmt::format("'{}' must be between 0 and 1, got {}", name, v);
      break;
    case Range::kAny:
      break;
  }
  return {};
}

}  // namespace

// Levenshtein distance, one row at a time.
std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string describeType(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::object:
      return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return "a number";
    default:
      return "binary data";
  }
}

std::optional<double> readNumber(const Json& v, const std::string& path, std::string_view name,
                                 Range range, std::vector<JsonProblem>& problems) {
  if (!v.is_number()) {
    problems.push_back({path, fmt::format("'{}' must be a number, got {}", name, describeType(v))});
    return std::nullopt;
  }
  const double x = v.get<double>();
  if (!std::isfinite(x)) {
    problems.push_back({path, fmt::format("'{}' must be a finite number, got {}", name, x)});
    return std::nullopt;
  }
  if (std::string msg = rangeProblem(name, range, x); !msg.empty()) {
    problems.push_back({path, std::move(msg)});
    return std::nullopt;
  }
  return x;
}

std::optional<Vec2> readPoint(const Json& v, const std::string& path, std::string_view name,
                              std::vector<JsonProblem>& problems) {
  if (!v.is_array() || v.size() != 2) {
    problems.push_back(
        {path,
         fmt::format("'{}' must be a point [x, y] of two numbers, got {}", name,
                     v.is_array() ? fmt::format("an array of {}", v.size()) : describeType(v))});
    return std::nullopt;
  }
  const auto x =
      readNumber(v[0], pointerChild(path, 0), fmt::format("{}[0]", name), Range::kAny, problems);
  const auto y =
      readNumber(v[1], pointerChild(path, 1), fmt::format("{}[1]", name), Range::kAny, problems);
  if (!x || !y) return std::nullopt;
  return Vec2{*x, *y};
}

FieldReader::FieldReader(const Json& value, std::string path, std::vector<JsonProblem>& problems,
                         std::string_view what)
    : mPath(std::move(path)), mProblems(problems) {
  if (value.is_object())
    mObject = &value;
  else
    mProblems.push_back(
        {mPath, fmt::format("{} must be a JSON object, got {}", what, describeType(value))});
}

std::string FieldReader::fieldPath(std::string_view key) const {
  return pointerChild(mPath, key);
}

bool FieldReader::has(std::string_view key) const {
  return mObject && mObject->find(key) != mObject->end();
}

void FieldReader::report(std::string path, std::string message) {
  mProblems.push_back({std::move(path), std::move(message)});
}

const Json* FieldReader::member(std::string_view key, Need need) {
  mKnown.emplace(key);
  if (!mObject) return nullptr;
  const auto it = mObject->find(key);
  if (it == mObject->end()) {
    if (need == Need::kRequired) report(mPath, fmt::format("missing required field '{}'", key));
    return nullptr;
  }
  return &*it;
}

std::optional<double> FieldReader::number(std::string_view key, Need need, Range range) {
  const Json* v = member(key, need);
  return v ? readNumber(*v, fieldPath(key), key, range, mProblems) : std::nullopt;
}

std::optional<long long> FieldReader::integer(std::string_view key, Need need, long long min,
                                              long long max) {
  const Json* v = member(key, need);
  if (!v) return std::nullopt;
  // An integral float (3.0) is the same number as 3 in JSON, so it is accepted.
  const bool integral =
      v->is_number_integer() || (v->is_number_float() && std::isfinite(v->get<double>()) &&
                                 std::trunc(v->get<double>()) == v->get<double>());
  if (!integral) {
    report(fieldPath(key), fmt::format("'{}' must be an integer, got {}", key,
                                       v->is_number() ? v->dump() : describeType(*v)));
    return std::nullopt;
  }
  const double asDouble = v->get<double>();
  if (asDouble < static_cast<double>(min) || asDouble > static_cast<double>(max)) {
    report(fieldPath(key),
           fmt::format("'{}' must be between {} and {}, got {}", key, min, max, v->dump()));
    return std::nullopt;
  }
  return v->is_number_unsigned()  ? static_cast<long long>(v->get<unsigned long long>())
         : v->is_number_integer() ? v->get<long long>()
                                  : static_cast<long long>(asDouble);
}

std::optional<bool> FieldReader::boolean(std::string_view key, Need need) {
  const Json* v = member(key, need);
  if (!v) return std::nullopt;
  if (!v->is_boolean()) {
    report(fieldPath(key),
           fmt::format("'{}' must be true or false, got {}", key, describeType(*v)));
    return std::nullopt;
  }
  return v->get<bool>();
}

std::optional<std::string> FieldReader::string(std::string_view key, Need need) {
  const Json* v = member(key, need);
  if (!v) return std::nullopt;
  if (!v->is_string()) {
    report(fieldPath(key), fmt::format("'{}' must be a string, got {}", key, describeType(*v)));
    return std::nullopt;
  }
  return v->get<std::string>();
}

std::optional<Vec2> FieldReader::point(std::string_view key, Need need) {
  const Json* v = member(key, need);
  return v ? readPoint(*v, fieldPath(key), key, mProblems) : std::nullopt;
}

std::optional<std::vector<std::string>> FieldReader::names(std::string_view key, Need need) {
  const Json* v = array(key, need);
  if (!v) return std::nullopt;
  std::vector<std::string> out;
  bool ok = true;
  for (std::size_t i = 0; i < v->size(); ++i) {
    const Json& e = (*v)[i];
    if (e.is_string()) {
      out.push_back(e.get<std::string>());
    } else {
      report(pointerChild(fieldPath(key), i),
             fmt::format("'{}' must list body names (strings), got {}", key, describeType(e)));
      ok = false;
    }
  }
  return ok ? std::optional(std::move(out)) : std::nullopt;
}

const Json* FieldReader::array(std::string_view key, Need need) {
  const Json* v = member(key, need);
  if (v && !v->is_array()) {
    report(fieldPath(key), fmt::format("'{}' must be an array, got {}", key, describeType(*v)));
    return nullptr;
  }
  return v;
}

const Json* FieldReader::object(std::string_view key, Need need) {
  const Json* v = member(key, need);
  if (v && !v->is_object()) {
    report(fieldPath(key), fmt::format("'{}' must be an object, got {}", key, describeType(*v)));
    return nullptr;
  }
  return v;
}

void FieldReader::rejectUnknown(std::string_view context) {
  if (!mObject) return;
  for (const auto& [key, value] : mObject->items()) {
    if (mKnown.contains(key)) continue;
    report(fieldPath(key),
           fmt::format("unknown field '{}'{}{}", key, context, nearMissHint(key, mKnown)));
  }
}

}  // namespace cl
