#pragma once
// How a text field is written to CSV (RFC 4180): as it is, or quoted, with its quotes
// doubled, when it holds a comma, a quote or a line break.
#include <string>

namespace cl {

inline std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace cl
