#pragma once
// ByteWriter and ByteReader: the fields of a binary file (a run's recording), little-endian
// and without padding: integers and doubles by their bytes, a string or a list as a 32-bit
// count and its elements. ByteReader checks every read against the bytes left, and a count
// against the least its elements can take, before it allocates anything, so a damaged or
// hostile file ends in ByteStreamError (with the offset), never in a huge allocation or a
// read past the end.
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace cl {

static_assert(std::endian::native == std::endian::little,
              "recordings are written little-endian by their bytes");

class ByteStreamError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// FNV-1a, 64 bits, over `bytes`: a recording's check of each frame.
inline std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

class ByteWriter {
 public:
  template <typename T>
  requires std::is_arithmetic_v<T>
  void put(T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    mBytes.append(b, sizeof(T));
  }
  void putString(std::string_view s) {
    put(static_cast<std::uint32_t>(s.size()));
    mBytes.append(s);
  }
  const std::string& bytes() const { return mBytes; }
  std::string take() { return std::move(mBytes); }

 private:
  std::string mBytes;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : mBytes(bytes) {}

  template <typename T>
  requires std::is_arithmetic_v<T> T get() {
    need(sizeof(T), "a number");
    T v;
    std::memcpy(&v, mBytes.data() + mAt, sizeof(T));
    mAt += sizeof(T);
    return v;
  }
  std::string getString() {
    const auto n = get<std::uint32_t>();
    need(n, "a string");
    std::string s(mBytes.substr(mAt, n));
    mAt += n;
    return s;
  }
  // A list's count, checked: `count` elements of at least `minBytes` each must fit in what
  // is left.
  std::size_t getCount(std::size_t minBytes) {
    const std::size_t at = mAt;
    const auto n = get<std::uint32_t>();
    if (minBytes > 0 && n > left() / minBytes)
      throw ByteStreamError("at byte " + std::to_string(at) + ": a list of " + std::to_string(n) +
                            " elements does not fit in the " + std::to_string(left()) +
                            " bytes left");
    return n;
  }
  std::size_t left() const { return mBytes.size() - mAt; }
  std::size_t offset() const { return mAt; }

 private:
  void need(std::size_t n, const char* what) const {
    if (n > left())
      throw ByteStreamError("at byte " + std::to_string(mAt) + ": " + what + " of " +
                            std::to_string(n) + " bytes runs past the end (" +
                            std::to_string(left()) + " left)");
  }
  std::string_view mBytes;
  std::size_t mAt = 0;
};

}  // namespace cl
