#include "engine/io/detail/json_write.h"

namespace cl {
namespace {

using OJson = nlohmann::ordered_json;

// The value on one line: ", " between items and ": " after keys.
std::string oneLine(const OJson& v) {
  if (v.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + oneLine(v[i]);
    return out + "]";
  }
  if (v.is_object()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, value] : v.items()) {
      out += (first ? "" : ", ") + OJson(key).dump() + ": " + oneLine(value);
      first = false;
    }
    return out + "}";
  }
  return v.dump();
}

// Appends `v`, which starts after `lead` characters of a line indented by `indent`
// and is followed by `tail` characters (a comma); `expand` spreads a container
// over lines even when it would fit on one.
void write(std::string& out, const OJson& v, int indent, int lead, int tail, int width,
           bool expand = false) {
  const std::string flat = oneLine(v);
  const bool container = v.is_array() || v.is_object();
  if (!container || v.empty() ||
      (!expand && indent + lead + static_cast<int>(flat.size()) + tail <= width)) {
    out += flat;
    return;
  }
  const std::string pad(indent + 2, ' ');
  out += v.is_array() ? "[\n" : "{\n";
  std::size_t i = 0;
  const std::size_t n = v.size();
  for (const auto& item : v.items()) {
    const int comma = ++i < n ? 1 : 0;
    out += pad;
    int itemLead = 0;
    if (v.is_object()) {
      const std::string key = OJson(item.key()).dump() + ": ";
      out += key;
      itemLead = static_cast<int>(key.size());
    }
    write(out, item.value(), indent + 2, itemLead, comma, width);
    out += comma ? ",\n" : "\n";
  }
  out += std::string(indent, ' ') + (v.is_array() ? "]" : "}");
}

}  // namespace

std::string formatJson(const OJson& value, int width) {
  std::string out;
  // Even a short document gets one member per line: it is a file people edit.
  write(out, value, 0, 0, 0, width, /*expand=*/true);
  return out + "\n";
}

}  // namespace cl
