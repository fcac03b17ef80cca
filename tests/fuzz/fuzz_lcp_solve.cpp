// Fuzz target: an LCP file's text (Siconos' .dat when it opens with an integer, CSV when it
// starts with '#' or 'i,', else JSON) read, then solved by ComputeForces (up to 60 contacts)
// and Lemke (up to 20, where it may pivot exactly) or, with friction, by
// computeFrictionForces. An LcpFileError is a clear refusal; a solver may fail (its error is
// its answer) but not crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/solver/compute_forces.h"
#include "engine/solver/friction_forces.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lemke.h"
#include "engine/solver/siconos_lcp_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const bool csv = !text.empty() && (text[0] == '#' || text.rfind("i,", 0) == 0);
  try {
    const cl::LcpFile file = cl::looksLikeSiconosLcp(text) ? cl::parseSiconosLcp(text, "fuzz.dat")
                             : csv                         ? cl::parseLcpCsv(text, "fuzz.csv")
                                                           : cl::parseLcpJson(text, "fuzz.json");
    if (file.friction) {
      if (file.friction->contacts() <= 30) cl::computeFrictionForces(*file.friction, {});
    } else if (file.problem.size() <= 60) {
      cl::ComputeForces().solve(file.problem);
      if (file.problem.size() <= 20) cl::Lemke().solve(file.problem);
    }
  } catch (const cl::LcpFileError&) {
  }
  return 0;
}
