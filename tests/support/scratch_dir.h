#pragma once
// A fresh, empty directory for one test's files, under the temporary directory (which the
// test runs point into the build tree): whatever an earlier run left there is removed.
#include <filesystem>
#include <string>

namespace cl::testing {

inline std::filesystem::path scratchDir(const std::string& name) {
  const std::filesystem::path d = std::filesystem::temp_directory_path() / ("contactlab_" + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

}  // namespace cl::testing
