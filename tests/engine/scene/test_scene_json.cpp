// The JSON layer of scene files: located reading, canonical writing, and a
// document of every field surviving a save and load.
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "engine/io/detail/json_read.h"
#include "engine/io/detail/json_write.h"
#include "engine/scene/scene.h"
#include "engine/scene/scene_write.h"
#include "tests/engine/scene/test_scene_support.h"

TEST_CASE("readJson builds the document and locates syntax errors", "[scene][json]") {
  const auto ok = cl::readJson(R"({"a": [1, 2.5, {"b": null}], "c": "d"})");
  REQUIRE(ok.value);
  CHECK(ok.problems.empty());
  CHECK(*ok.value == nlohmann::json::parse(R"({"a": [1, 2.5, {"b": null}], "c": "d"})"));

  const auto bad = cl::readJson("[1,\n 2,\n 3 4]");
  CHECK_FALSE(bad.value);
  REQUIRE(bad.problems.size() == 1);
  CHECK_THAT(bad.problems[0].message, Catch::StartsWith("malformed JSON at line 3, column 4:"));
}

TEST_CASE("readJson reports repeated keys and overflowing numbers by path", "[scene][json]") {
  const auto dup = cl::readJson(R"({"x": [{"k": 1, "k": 2}], "k": 3})");
  REQUIRE(dup.value);  // still JSON; the problem is the scene's
  REQUIRE(dup.problems.size() == 1);
  CHECK(dup.problems[0].jsonPath == "/x/0/k");

  const auto big = cl::readJson(R"({"a": {"b/c~": [0, 1e999]}})");
  CHECK_FALSE(big.value);
  REQUIRE(big.problems.size() == 1);
  CHECK(big.problems[0].jsonPath == "/a/b~1c~0/1");  // RFC 6901 escapes
}

TEST_CASE("readJson refuses more than kMaxJsonValues values, at the first one too many",
          "[scene][json]") {
  static_assert(cl::kMaxJsonValues == 5'000'000);
  // An array holding n zeros is n + 1 values.
  const auto zeros = [](std::size_t n) {
    std::string text = "[";
    text.reserve(2 * n + 2);
    for (std::size_t i = 0; i < n; ++i) text += i ? ",0" : "0";
    return text + "]";
  };
  const auto ok = cl::readJson(zeros(cl::kMaxJsonValues - 1));
  REQUIRE(ok.value);
  CHECK(ok.problems.empty());
  const auto many = cl::readJson(zeros(cl::kMaxJsonValues));
  CHECK_FALSE(many.value);
  REQUIRE(many.problems.size() == 1);
  CHECK(many.problems[0].jsonPath == "/4999999");
  CHECK_THAT(many.problems[0].message, Catch::Contains("more than 5000000 values"));
}

TEST_CASE("readJson refuses nesting deeper than kMaxJsonDepth, at its path", "[scene][json]") {
  const std::size_t limit = cl::kMaxJsonDepth;
  static_assert(cl::kMaxJsonDepth == 64);
  std::string zeros;  // pointer of the first array too deep: /0 once per enclosing array
  for (std::size_t i = 0; i < limit; ++i) zeros += "/0";

  SECTION("as deep as allowed reads") {
    const auto ok = cl::readJson(std::string(limit, '[') + std::string(limit, ']'));
    REQUIRE(ok.value);
    CHECK(ok.problems.empty());
  }
  SECTION("one level deeper is refused") {
    const auto deep = cl::readJson(std::string(limit + 1, '[') + std::string(limit + 1, ']'));
    CHECK_FALSE(deep.value);
    REQUIRE(deep.problems.size() == 1);
    CHECK(deep.problems[0].jsonPath == zeros);
    CHECK_THAT(deep.problems[0].message, Catch::Contains("nested more than 64 levels deep"));
  }
  SECTION("200 KB of '[' fails at once, without a huge allocation") {
    // Storing every level's full pointer took memory growing with the square of
    // the depth: about 40 GB for this text.
    const std::string text(200'000, '[');
    const auto start = std::chrono::steady_clock::now();
    const auto problems = cl::test::loadProblems(text);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 5.0);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].jsonPath == zeros);
    CHECK_THAT(problems[0].message, Catch::Contains("nested more than 64 levels deep"));
  }
  SECTION("objects are counted too, and named by key") {
    std::string text;
    for (std::size_t i = 0; i < 100'000; ++i) text += R"({"a~/":)";
    const auto deep = cl::readJson(text);
    CHECK_FALSE(deep.value);
    REQUIRE(deep.problems.size() == 1);
    std::string path;
    for (std::size_t i = 0; i < limit; ++i) path += "/a~0~1";
    CHECK(deep.problems[0].jsonPath == path);
  }
  SECTION("problems deep inside report their full path") {
    std::string text, path;
    for (std::size_t i = 0; i < limit - 1; ++i) {
      text += i % 2 ? R"({"k": )" : "[1, ";
      path += i % 2 ? "/k" : "/1";
    }
    text += R"({"x": 1, "x": 2})";
    for (std::size_t i = limit - 1; i-- > 0;) text += i % 2 ? "}" : "]";
    const auto dup = cl::readJson(text);
    REQUIRE(dup.value);
    REQUIRE(dup.problems.size() == 1);
    CHECK(dup.problems[0].jsonPath == path + "/x");
  }
}

TEST_CASE("formatJson keeps short containers on one line", "[scene][json]") {
  nlohmann::ordered_json j;
  j["name"] = "x";
  j["point"] = {1, 2.5};
  j["empty"] = nlohmann::ordered_json::array();
  j["long"] = nlohmann::ordered_json::array();
  for (int i = 0; i < 40; ++i) j["long"].push_back(i);
  const std::string text = cl::formatJson(j);
  CHECK_THAT(text, Catch::StartsWith("{\n  \"name\": \"x\",\n  \"point\": [1, 2.5],\n"
                                     "  \"empty\": [],\n  \"long\": [\n    0,\n"));
  CHECK_THAT(text, Catch::EndsWith("    39\n  ]\n}\n"));
  CHECK(nlohmann::ordered_json::parse(text) == j);
  CHECK(cl::formatJson(nlohmann::ordered_json::object()) == "{}\n");
}

TEST_CASE("numbers are written in their shortest exact form", "[scene][json]") {
  CHECK(cl::jsonNumber(12.0).dump() == "12");
  CHECK(cl::jsonNumber(-3.0).dump() == "-3");
  CHECK(cl::jsonNumber(0.1).dump() == "0.1");
  CHECK(cl::jsonNumber(0.025).dump() == "0.025");
  CHECK(cl::jsonNumber(1e300).dump() == "1e+300");
  const double third = 1.0 / 3.0;
  CHECK(nlohmann::json::parse(cl::jsonNumber(third).dump()).get<double>() == third);
}

TEST_CASE("a document using every field round-trips", "[scene][json]") {
  const std::string text = cl::test::sceneText(R"(
    "title": "everything", "description": "every field of version 1",
    "settings": {"time_step": 0.01, "integrator": "euler", "seed": 4294967295},
    "walls": {"width": 20, "height": 10, "thickness": 0.5, "center": [0, 1], "elasticity": 0.9},
    "bodies": [
      {"name": "a", "shape": "block", "width": 1, "height": 2, "mass": 2, "moment": 1.5,
       "center_of_mass": [0.1, 0], "position": [1, 2], "angle": 0.5, "velocity": [0.25, -1],
       "omega": 3, "elasticity": 0.5, "zero_energy_level": -2, "curved_edge_spacing": 0.2,
       "non_collide": ["b", "WALL_TOP"]},
      {"name": "b", "shape": "ball", "radius": 0.5, "cm_offset": [0.1, 0.1], "density": 3,
       "position": [4, 0]},
      {"name": "c", "shape": "corner_block", "width": 1, "height": 1, "fixed": true,
       "position": [-4, 0]},
      {"name": "d", "shape": "paths", "fixed": false, "position": [0, -3], "paths": [
        {"edges": [{"kind": "circular", "end": [1, 0], "center": [0, 0], "clockwise": false}]}]}],
    "forces": [
      {"kind": "gravity", "g": 3, "zero_energy_level": -5, "bodies": ["a"]},
      {"kind": "gravity2", "G": 0.5, "bodies": ["a", "b"]},
      {"kind": "damping", "k": 0.1, "rotate_ratio": 0.15, "bodies": ["b"]},
      {"kind": "spring", "name": "s", "body1": "a", "point1": [0, 1], "body2": "b",
       "point2": [0, 0], "rest_length": 2, "stiffness": 5, "damping": 0.5, "compress_only": false},
      {"kind": "thrusters", "name": "t", "body": "a", "magnitude": 2,
       "thrusters": [{"location": [0, 0], "direction": [1, 0], "active": true}]},
      {"kind": "constant_force", "name": "push", "body": "b", "location": [0, 0],
       "force": [1, 0], "torque": 0.5}])");
  const cl::Scene s = cl::loadScene(text, "everything");
  const std::string saved = cl::saveScene(s);
  CHECK(nlohmann::json::parse(saved) == nlohmann::json::parse(text));
  const cl::Scene again = cl::loadScene(saved, "saved");
  CHECK(again.doc == s.doc);
  CHECK(cl::saveScene(again) == saved);
  CHECK(s.settings.seed == 4294967295u);
  CHECK(s.settings.integrator == cl::IntegratorKind::kEuler);

  // Members come out in the canonical order whatever order they went in.
  const std::string shuffled = cl::test::sceneText(R"("bodies": [{"shape": "ball",
      "position": [1, 1], "radius": 1, "name": "z"}], "title": "t")");
  CHECK(cl::saveScene(cl::loadScene(shuffled, "x")) ==
        "{\n  \"format\": \"contactlab-scene\",\n  \"version\": 1,\n  \"title\": \"t\",\n"
        "  \"bodies\": [{\"name\": \"z\", \"shape\": \"ball\", \"radius\": 1, "
        "\"position\": [1, 1]}]\n}\n");
}

TEST_CASE("parseScene reads and checks without building", "[scene][json]") {
  const cl::SceneDoc doc = cl::parseScene(
      cl::test::sceneText(R"("bodies": [{"name": "r", "shape": "random_polygon", "sides": 5,
                                        "min_radius": 1, "max_radius": 2}])"),
      "x");
  REQUIRE(doc.bodies.size() == 1);
  CHECK(std::get<cl::RandomPolygonShape>(doc.bodies[0].shape) ==
        cl::RandomPolygonShape{5, 1.0, 2.0});
  CHECK(cl::sceneDocText(doc) == cl::saveScene(cl::makeScene(doc)));
}
