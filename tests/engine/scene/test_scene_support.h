#pragma once
// Helpers shared by the scene tests: loading inline scene text and looking for a
// problem by JSON path and message.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/scene/scene.h"

namespace cl::test {

// A version-1 scene around the given JSON members (e.g. R"("bodies": [...])").
inline std::string sceneText(std::string_view members) {
  return std::string(R"({"format": "contactlab-scene", "version": 1, )") + std::string(members) +
         "}";
}

// The problems loading `text` reports; empty when it loads.
inline std::vector<JsonProblem> loadProblems(std::string_view text) {
  try {
    (void)loadScene(text, "inline.json");
    return {};
  } catch (const SceneError& e) {
    return e.problems();
  }
}

inline std::string listProblems(const std::vector<JsonProblem>& problems) {
  std::string out;
  for (const JsonProblem& p : problems) out += "\n  " + describeProblem(p);
  return out.empty() ? "(no problems)" : out;
}

// True when some problem is at exactly `path` and its message contains `fragment`.
inline bool hasProblem(const std::vector<JsonProblem>& problems, std::string_view path,
                       std::string_view fragment) {
  for (const JsonProblem& p : problems)
    if (p.jsonPath == path && p.message.find(fragment) != std::string::npos) return true;
  return false;
}

}  // namespace cl::test

// Checks that loading reports a problem at `path` whose message contains
// `fragment`, printing every problem found when it does not.
#define CHECK_SCENE_PROBLEM(problems, path, fragment)      \
  do {                                                     \
    INFO("problems:" << cl::test::listProblems(problems)); \
    CHECK(cl::test::hasProblem(problems, path, fragment)); \
  } while (false)
