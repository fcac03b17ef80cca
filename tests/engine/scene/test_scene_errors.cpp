// Bad scene input: every kind is reported with the JSON path of the offending
// element and what is wrong, every problem is collected, and nothing loads.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "engine/scene/scene.h"
#include "tests/engine/scene/test_scene_support.h"

using cl::test::loadProblems;
using cl::test::sceneText;

namespace {

const std::filesystem::path kData = CONTACTLAB_TEST_DATA_DIR "/scenes";

std::string oneBody(std::string_view body) {
  return sceneText(std::string(R"("bodies": [)") + std::string(body) + "]");
}

}  // namespace

TEST_CASE("malformed JSON is reported with its line and column", "[scene][errors]") {
  const std::string text = "{\n  \"format\": \"contactlab-scene\",\n  \"version\" 1\n}";
  const auto problems = loadProblems(text);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].jsonPath.empty());
  CHECK_THAT(problems[0].message, Catch::Contains("malformed JSON at line 3, column 13"));
  CHECK_THAT(problems[0].message, Catch::Contains("expected ':'"));

  CHECK_SCENE_PROBLEM(loadProblems(""), "", "malformed JSON at line 1");
  CHECK_SCENE_PROBLEM(loadProblems(sceneText(R"("bodies": [],)")), "", "malformed JSON");
}

TEST_CASE("a missing required field is named with its object's path", "[scene][errors]") {
  const auto problems = loadProblems(oneBody(R"({"name": "a", "shape": "block", "height": 1})"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/0", "missing required field 'width'");
  REQUIRE(problems.size() == 1);

  CHECK_SCENE_PROBLEM(loadProblems(sceneText(R"("title": "no bodies")")), "",
                      "missing required field 'bodies'");
  CHECK_SCENE_PROBLEM(loadProblems(R"({"version": 1, "bodies": []})"), "",
                      "missing required field 'format'");
  CHECK_SCENE_PROBLEM(loadProblems(oneBody(R"({"shape": "ball", "radius": 1})")), "/bodies/0",
                      "missing required field 'name'");
  CHECK_SCENE_PROBLEM(loadProblems(sceneText(R"("bodies": [], "forces": [{"kind": "gravity"}])")),
                      "/forces/0", "missing required field 'g'");
}

TEST_CASE("unknown fields are errors wherever they are", "[scene][errors]") {
  SECTION("a field of another shape") {
    const auto problems =
        loadProblems(oneBody(R"({"name": "a", "shape": "block", "width": 1, "height": 1,
                                 "radius": 2})"));
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/radius", "unknown field 'radius' for a 'block' body");
  }
  SECTION("a misspelt field gets a suggestion") {
    const auto problems =
        loadProblems(oneBody(R"({"name": "a", "shape": "block", "widht": 1, "height": 1})"));
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/widht", "did you mean 'width'?");
    CHECK_SCENE_PROBLEM(problems, "/bodies/0", "missing required field 'width'");
  }
  SECTION("at every level") {
    const auto problems = loadProblems(sceneText(R"(
      "gravity": 9.8,
      "settings": {"dt": 0.1},
      "walls": {"width": 4, "height": 4, "colour": "red"},
      "bodies": [{"name": "p", "shape": "paths", "paths": [{"edges": [
        {"kind": "straight", "end": [1, 0], "start": [0, 0]},
        {"kind": "straight", "end": [0, 1]},
        {"kind": "straight", "end": [0, 0]}], "closed": true}]}],
      "forces": [{"kind": "spring", "body1": "p", "point1": [0, 0], "body2": "scrim",
                  "point2": [0, 0], "rest_length": 1, "stiffness": 1, "k": 3},
                 {"kind": "thrusters", "body": "p", "magnitude": 1,
                  "thrusters": [{"location": [0, 0], "direction": [1, 0], "on": true}]}])"));
    CHECK_SCENE_PROBLEM(problems, "/gravity", "unknown field 'gravity' in a scene");
    CHECK_SCENE_PROBLEM(problems, "/settings/dt", "unknown field 'dt' in 'settings'");
    CHECK_SCENE_PROBLEM(problems, "/walls/colour", "unknown field 'colour' in 'walls'");
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/paths/0/edges/0/start",
                        "unknown field 'start' for a 'straight' edge");
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/paths/0/closed", "unknown field 'closed' in a path");
    CHECK_SCENE_PROBLEM(problems, "/forces/0/k", "unknown field 'k' for a 'spring' force law");
    CHECK_SCENE_PROBLEM(problems, "/forces/1/thrusters/0/on", "unknown field 'on' for a thruster");
    CHECK(problems.size() == 7);
  }
}

TEST_CASE("a value of the wrong type names the field and both types", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"(
    "title": 3,
    "settings": {"seed": "abc"},
    "bodies": [
      {"name": "a", "shape": "ball", "radius": 1, "mass": "heavy", "position": [1],
       "fixed": 1, "non_collide": "b"},
      7,
      {"name": "c", "shape": "regular_polygon", "sides": 4.5, "radius": 1,
       "velocity": [0, "up"]}],
    "forces": {})"));
  CHECK_SCENE_PROBLEM(problems, "/title", "'title' must be a string, got a number");
  CHECK_SCENE_PROBLEM(problems, "/settings/seed", "'seed' must be an integer, got a string");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/mass", "'mass' must be a number, got a string");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/position",
                      "must be a point [x, y] of two numbers, got an array of 1");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/fixed", "must be true or false, got a number");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/non_collide", "must be an array, got a string");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1", "a body must be a JSON object, got a number");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/sides", "'sides' must be an integer, got 4.5");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/velocity/1", "must be a number, got a string");
  CHECK_SCENE_PROBLEM(problems, "/forces", "'forces' must be an array, got an object");
  CHECK_SCENE_PROBLEM(loadProblems("[1, 2]"), "", "a scene must be a JSON object, got an array");
}

TEST_CASE("zero or negative mass, density and moment are rejected", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"("bodies": [
    {"name": "a", "shape": "block", "width": 1, "height": 1, "mass": 0},
    {"name": "b", "shape": "block", "width": 1, "height": 1, "density": -2},
    {"name": "c", "shape": "block", "width": 1, "height": 1, "moment": 0},
    {"name": "d", "shape": "block", "width": 1, "height": 1, "mass": -1e-300}])"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/mass", "'mass' must be positive, got 0");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/density", "'density' must be positive, got -2");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/moment", "'moment' must be positive, got 0");
  CHECK_SCENE_PROBLEM(problems, "/bodies/3/mass", "'mass' must be positive");
  CHECK(problems.size() == 4);
}

TEST_CASE("sizes and other ranges are checked", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"(
    "settings": {"time_step": 0, "seed": -1},
    "walls": {"width": 0, "height": 5, "elasticity": 1.5},
    "bodies": [
      {"name": "a", "shape": "ball", "radius": -1},
      {"name": "b", "shape": "regular_polygon", "sides": 2, "radius": 1},
      {"name": "c", "shape": "random_polygon", "sides": 5, "min_radius": 2, "max_radius": 1},
      {"name": "d", "shape": "block", "width": 1, "height": 1, "curved_edge_spacing": 0}],
    "forces": [{"kind": "damping", "k": -0.1}])"));
  CHECK_SCENE_PROBLEM(problems, "/settings/time_step",
                      "'time_step' must be from 1e-09 to 100000 s, got 0");
  CHECK_SCENE_PROBLEM(problems, "/settings/seed", "must be between 0 and 4294967295, got -1");
  CHECK_SCENE_PROBLEM(problems, "/walls/width", "'width' must be positive");
  CHECK_SCENE_PROBLEM(problems, "/walls/elasticity", "must be between 0 and 1, got 1.5");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/radius", "'radius' must be positive, got -1");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/sides", "must be between 3 and");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/max_radius", "must be at least 'min_radius'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/3/curved_edge_spacing", "must be positive");
  CHECK_SCENE_PROBLEM(problems, "/forces/0/k", "'k' must not be negative");
}

TEST_CASE("inconsistent mass fields are rejected", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"("bodies": [
    {"name": "a", "shape": "block", "width": 1, "height": 1, "mass": 1, "density": 2},
    {"name": "b", "shape": "block", "width": 1, "height": 1, "fixed": true, "moment": 2},
    {"name": "c", "shape": "wall", "width": 1, "height": 1, "mass": 5},
    {"name": "d", "shape": "wall", "width": 1, "height": 1, "fixed": false},
    {"name": "e", "shape": "ball", "radius": 1, "cm_offset": [0.1, 0], "center_of_mass": [0, 0]}
  ])"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/0", "give only one of 'mass', 'density'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/moment", "a fixed body has an infinite moment");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/mass", "a 'wall' is fixed");
  CHECK_SCENE_PROBLEM(problems, "/bodies/3/fixed", "a 'wall' is always fixed");
  CHECK_SCENE_PROBLEM(problems, "/bodies/4/center_of_mass", "has 'cm_offset' already");
}

TEST_CASE("a degenerate path names its path and edge", "[scene][errors]") {
  SECTION("zero-length edge") {
    const auto problems = loadProblems(oneBody(R"({"name": "p", "shape": "paths", "paths": [
      {"edges": [{"kind": "straight", "end": [1, 0]}, {"kind": "straight", "end": [1, 0]},
                 {"kind": "straight", "end": [0, 1]}, {"kind": "straight", "end": [0, 0]}]}]})"));
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/paths/0/edges/1", "straight edge has zero length");
  }
  SECTION("arc ending off its circle") {
    const auto problems = loadProblems(oneBody(R"({"name": "p", "shape": "paths", "paths": [
      {"edges": [{"kind": "straight", "end": [2, 0]},
                 {"kind": "circular", "end": [0, 0], "center": [1.5, 0.5]}]}]})"));
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/paths/0/edges/1", "circular edge ends off its circle");
  }
  SECTION("outer path running clockwise") {
    const auto problems = loadProblems(oneBody(R"({"name": "p", "shape": "paths", "paths": [
      {"edges": [{"kind": "straight", "end": [0, 1]}, {"kind": "straight", "end": [1, 1]},
                 {"kind": "straight", "end": [1, 0]}, {"kind": "straight", "end": [0, 0]}]}]})"));
    CHECK_SCENE_PROBLEM(problems, "/bodies/0/paths/0", "outer path runs clockwise");
  }
  SECTION("no paths, or a path without edges") {
    CHECK_SCENE_PROBLEM(loadProblems(oneBody(R"({"name": "p", "shape": "paths", "paths": []})")),
                        "/bodies/0/paths", "at least one path");
    CHECK_SCENE_PROBLEM(
        loadProblems(oneBody(R"({"name": "p", "shape": "paths", "paths": [{"edges": []}]})")),
        "/bodies/0/paths/0", "path has no edges");
  }
  SECTION("a factory's own rule") {
    const auto problems = loadProblems(oneBody(
        R"({"name": "r", "shape": "round_corner_block", "width": 1, "height": 1,
            "corner_radius": 0.8})"));
    CHECK_SCENE_PROBLEM(problems, "/bodies/0", "more than half the smaller side");
  }
}

TEST_CASE("a self-intersecting path names the crossing edge", "[scene][errors]") {
  // A bow tie: edge 2 runs back across edge 0.
  const auto problems = loadProblems(sceneText(R"("bodies": [
    {"name": "fine", "shape": "block", "width": 1, "height": 1},
    {"name": "bowtie", "shape": "paths", "paths": [
      {"edges": [{"kind": "straight", "end": [1, 1]}, {"kind": "straight", "end": [1, 0]},
                 {"kind": "straight", "end": [0, 1]}, {"kind": "straight", "end": [0, 0]}]}]}])"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/paths/0/edges/2", "edge crosses edge 0 of path 0");
}

TEST_CASE("non-finite numbers are rejected", "[scene][errors]") {
  SECTION("a literal beyond the range of a double, with its path") {
    const auto problems = loadProblems(
        oneBody(R"({"name": "a", "shape": "block", "width": 1, "height": 1, "mass": 1e999})"));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].jsonPath == "/bodies/0/mass");
    CHECK_THAT(problems[0].message, Catch::Contains("1e999") && Catch::Contains("not finite"));
    CHECK_SCENE_PROBLEM(loadProblems(oneBody(R"({"name": "a", "shape": "ball", "radius": 1,
                                 "position": [0, -1e400]})")),
                        "/bodies/0/position/1", "not finite");
  }
  SECTION("NaN and Infinity are not JSON") {
    CHECK_SCENE_PROBLEM(loadProblems(oneBody(R"({"name": "a", "shape": "ball", "radius": NaN})")),
                        "", "malformed JSON at line 1");
    CHECK_SCENE_PROBLEM(
        loadProblems(oneBody(R"({"name": "a", "shape": "ball", "radius": Infinity})")), "",
        "malformed JSON at line 1");
  }
  SECTION("in a document made in code") {
    cl::SceneDoc doc;
    cl::BodyDoc b;
    b.name = "a";
    b.shape = cl::BlockShape{1, 1};
    b.mass = std::numeric_limits<double>::quiet_NaN();
    doc.bodies.push_back(b);
    try {
      (void)cl::buildSimulation(doc);
      FAIL("a NaN mass was accepted");
    } catch (const cl::SceneError& e) {
      CHECK_SCENE_PROBLEM(e.problems(), "/bodies/0/mass", "mass must be positive");
    }
  }
}

TEST_CASE("unknown body names in force laws and non-collide lists", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"(
    "bodies": [
      {"name": "a", "shape": "ball", "radius": 1, "non_collide": ["b", "ghost"]},
      {"name": "b", "shape": "ball", "radius": 1, "position": [3, 0]}],
    "forces": [
      {"kind": "gravity", "g": 1, "bodies": ["a", "nobody"]},
      {"kind": "spring", "body1": "a", "point1": [0, 0], "body2": "phantom", "point2": [0, 0],
       "rest_length": 1, "stiffness": 1},
      {"kind": "thrusters", "body": "scrim", "magnitude": 1,
       "thrusters": [{"location": [0, 0], "direction": [1, 0]}]},
      {"kind": "constant_force", "body": "c", "location": [0, 0], "force": [1, 0]},
      {"kind": "damping", "k": 1, "bodies": []},
      {"kind": "spring", "body1": "scrim", "point1": [0, 0], "body2": "scrim", "point2": [1, 0],
       "rest_length": 1, "stiffness": 1}])"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/non_collide/1", "no body is named 'ghost'");
  CHECK_SCENE_PROBLEM(problems, "/forces/0/bodies/1", "no body is named 'nobody'");
  CHECK_SCENE_PROBLEM(problems, "/forces/1/body2", "no body is named 'phantom'");
  CHECK_SCENE_PROBLEM(problems, "/forces/2/body", "the Scrim cannot be used here");
  CHECK_SCENE_PROBLEM(problems, "/forces/3/body", "no body is named 'c'");
  CHECK_SCENE_PROBLEM(problems, "/forces/4/bodies", "leave 'bodies' out");
  CHECK_SCENE_PROBLEM(problems, "/forces/5", "between the Scrim and itself");
  CHECK(problems.size() == 7);
}

TEST_CASE("a body named twice in one list is an error at the repeated entry", "[scene][errors]") {
  // Each repetition would apply the law to the body once more: twice the pull.
  const auto problems = loadProblems(sceneText(R"(
    "walls": {"width": 10, "height": 10},
    "bodies": [
      {"name": "ball", "shape": "ball", "radius": 1},
      {"name": "b", "shape": "ball", "radius": 1, "position": [3, 0],
       "non_collide": ["ball", "WALL_TOP", "ball", "WALL_TOP"]}],
    "forces": [
      {"kind": "gravity", "g": 1, "bodies": ["ball", "ball"]},
      {"kind": "gravity2", "G": 1, "bodies": ["b", "ball", "b", "b"]},
      {"kind": "damping", "k": 1, "bodies": ["ghost", "ghost"]}])"));
  CHECK_SCENE_PROBLEM(problems, "/forces/0/bodies/1",
                      "'bodies' lists 'ball' more than once (first at /forces/0/bodies/0)");
  CHECK_SCENE_PROBLEM(problems, "/forces/1/bodies/2", "lists 'b' more than once");
  CHECK_SCENE_PROBLEM(problems, "/forces/1/bodies/3", "(first at /forces/1/bodies/0)");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/non_collide/2",
                      "'non_collide' lists 'ball' more than once (first at "
                      "/bodies/1/non_collide/0)");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/non_collide/3", "lists 'WALL_TOP' more than once");
  // An unknown name is reported once, where it first appears.
  CHECK_SCENE_PROBLEM(problems, "/forces/2/bodies/0", "no body is named 'ghost'");
  CHECK_SCENE_PROBLEM(problems, "/forces/2/bodies/1", "lists 'ghost' more than once");
  CHECK(problems.size() == 7);

  // The same from a document made in code, and from validate.
  cl::SceneDoc doc;
  cl::BodyDoc ball;
  ball.name = "ball";
  ball.shape = cl::BallShape{1, std::nullopt};
  doc.bodies = {ball};
  doc.forces = std::vector<cl::ForceDoc>{
      cl::GravityDoc{1, std::nullopt, std::vector<std::string>{"ball", "ball"}}};
  try {
    (void)cl::makeScene(doc);
    FAIL("a document naming a body twice was built");
  } catch (const cl::SceneError& e) {
    CHECK_SCENE_PROBLEM(e.problems(), "/forces/0/bodies/1", "more than once");
  }
  CHECK_SCENE_PROBLEM(cl::validateSceneFile(kData / "repeated_body_name.json"),
                      "/forces/0/bodies/1", "'bodies' lists 'ball' more than once");
}

TEST_CASE("force paths stay right after a force of unknown kind", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"(
    "bodies": [{"name": "a", "shape": "ball", "radius": 1}],
    "forces": [{"kind": "magnetism"}, {"kind": "gravity", "g": 1, "bodies": ["x"]}])"));
  CHECK_SCENE_PROBLEM(problems, "/forces/0/kind", "unknown force law 'magnetism'");
  CHECK_SCENE_PROBLEM(problems, "/forces/1/bodies/0", "no body is named 'x'");
}

TEST_CASE("duplicate and reserved body names", "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"(
    "walls": {"width": 10, "height": 10},
    "bodies": [
      {"name": "a", "shape": "ball", "radius": 1},
      {"name": "a", "shape": "ball", "radius": 2},
      {"name": "WALL_LEFT", "shape": "ball", "radius": 1},
      {"name": "scrim", "shape": "ball", "radius": 1},
      {"name": "", "shape": "ball", "radius": 1}])"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/name",
                      "duplicate body name 'a' (first used at /bodies/0)");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/name", "one of the walls");
  CHECK_SCENE_PROBLEM(problems, "/bodies/3/name", "reserved");
  CHECK_SCENE_PROBLEM(problems, "/bodies/4/name", "must not be empty");
}

TEST_CASE("a key repeated in one object is an error", "[scene][errors]") {
  const auto problems =
      loadProblems(oneBody(R"({"name": "a", "shape": "ball", "radius": 1, "radius": 2})"));
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/radius", "appears more than once");
}

TEST_CASE("unknown shapes, edge kinds, force laws and integrators list the choices",
          "[scene][errors]") {
  const auto problems = loadProblems(sceneText(R"(
    "settings": {"integrator": "rk4"},
    "bodies": [
      {"name": "a", "shape": "blok", "width": 1, "height": 1},
      {"name": "p", "shape": "paths", "paths": [{"edges": [{"kind": "bezier", "end": [1, 0]}]}]}],
    "forces": [{"kind": "antigravity", "g": 1}])"));
  CHECK_SCENE_PROBLEM(
      problems, "/settings/integrator",
      "unknown integrator 'rk4'; expected 'euler', 'modified-euler', 'runge-kutta'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/shape", "unknown shape 'blok'; expected 'block'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/shape", "'random_polygon', 'paths'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/paths/0/edges/0/kind",
                      "unknown edge kind 'bezier'; expected 'straight', 'circular'");
  CHECK_SCENE_PROBLEM(problems, "/forces/0/kind", "unknown force law 'antigravity'");
  // Fields of an unknown shape cannot be judged, so they are not reported.
  CHECK_FALSE(cl::test::hasProblem(problems, "/bodies/0/width", ""));
}

TEST_CASE("format and version are checked first", "[scene][errors]") {
  CHECK_SCENE_PROBLEM(loadProblems(R"({"format": "svg", "version": 1, "bodies": []})"), "/format",
                      "not a ContactLab scene");
  const auto newer =
      loadProblems(R"({"format": "contactlab-scene", "version": 6, "bodies": [], "joints": []})");
  CHECK_SCENE_PROBLEM(newer, "/version", "version 6 is newer than this build");
  // A newer version's fields are not reported as unknown.
  CHECK(newer.size() == 1);
  CHECK_SCENE_PROBLEM(loadProblems(R"({"format": "contactlab-scene", "version": 0,
                                      "bodies": []})"),
                      "/version", "must be between 1 and");
}

TEST_CASE("every problem is collected, from parsing to geometry", "[scene][errors]") {
  const auto problems = cl::validateSceneFile(kData / "many_problems.json");
  INFO(cl::test::listProblems(problems));
  CHECK_SCENE_PROBLEM(problems, "/settings/integrator", "unknown integrator 'verlet'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/0/mass", "'mass' must be positive, got -3");
  CHECK_SCENE_PROBLEM(problems, "/bodies/1/colour", "unknown field 'colour'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/2/name", "duplicate body name 'block'");
  CHECK_SCENE_PROBLEM(problems, "/bodies/3/paths/0/edges/2", "crosses");
  CHECK_SCENE_PROBLEM(problems, "/forces/0/bodies/0",
                      "no body is named 'blcok' (did you mean 'block'?)");
  CHECK_SCENE_PROBLEM(problems, "/forces/1/stiffness", "must not be negative");
  CHECK(problems.size() == 7);
}

TEST_CASE("a bad scene does not load, and the error names file, path and problem",
          "[scene][errors]") {
  const auto file = kData / "many_problems.json";
  try {
    (void)cl::loadSceneFile(file);
    FAIL("a scene with problems loaded");
  } catch (const cl::SceneError& e) {
    const std::string what = e.what();
    CHECK(e.source() == file.string());
    CHECK(e.problems() == cl::validateSceneFile(file));
    CHECK_THAT(what, Catch::Contains(file.string()) && Catch::Contains("(7 problems)"));
    CHECK_THAT(what, Catch::Contains("/bodies/0/mass: 'mass' must be positive, got -3"));
  }
  CHECK_THROWS_AS(cl::parseScene(cl::test::sceneText(R"("bodies": [7])"), "x"), cl::SceneError);
}

TEST_CASE("fixture files: malformed text and a missing file", "[scene][errors]") {
  const auto malformed = cl::validateSceneFile(kData / "malformed.json");
  REQUIRE(malformed.size() == 1);
  CHECK_THAT(malformed[0].message, Catch::Contains("malformed JSON at line 6, column"));

  const auto missing = cl::validateSceneFile(kData / "no_such_file.json");
  CHECK_SCENE_PROBLEM(missing, "", "cannot open the file for reading: No such file");
  CHECK_SCENE_PROBLEM(cl::validateSceneFile(kData), "", "a directory, not a file");
  CHECK_THROWS_AS(cl::loadSceneFile(kData / "no_such_file.json"), cl::SceneError);
}

TEST_CASE("a document made in code is checked when built", "[scene][errors]") {
  cl::SceneDoc doc;
  doc.settings.emplace().timeStep = -1.0;
  cl::BodyDoc a;
  a.name = "a";
  a.shape = cl::BlockShape{0, 1};  // zero width: the factory refuses it
  doc.bodies = {a};
  doc.forces =
      std::vector<cl::ForceDoc>{cl::GravityDoc{1, std::nullopt, std::vector<std::string>{"b"}}};
  try {
    (void)cl::makeScene(doc);
    FAIL("an invalid document was built");
  } catch (const cl::SceneError& e) {
    CHECK_SCENE_PROBLEM(e.problems(), "/settings/time_step", "must be from 1e-09");
    CHECK_SCENE_PROBLEM(e.problems(), "/bodies/0", "width must be positive");
    CHECK_SCENE_PROBLEM(e.problems(), "/forces/0/bodies/0", "no body is named 'b'");
  }
}

TEST_CASE("Scene errors: special edges", "[scene][errors][special]") {
  const auto p = loadProblems(R"({"format": "contactlab-scene", "version": 3, "bodies": [
      {"name": "m", "shape": "block", "width": 1, "height": 1, "special_edge": 2},
      {"name": "w", "shape": "wall", "width": 1, "height": 1, "special_edge": 7},
      {"name": "c", "shape": "ball", "radius": 1, "fixed": true, "special_edge": 0},
      {"name": "n", "shape": "wall", "width": 1, "height": 1, "special_edge": -1}]})");
  CHECK_SCENE_PROBLEM(p, "/bodies/0/special_edge", "only a fixed body");
  CHECK_SCENE_PROBLEM(p, "/bodies/1/special_edge", "special edge 7 is not an edge of its outline");
  CHECK_SCENE_PROBLEM(p, "/bodies/2/special_edge", "is curved");
  CHECK_SCENE_PROBLEM(p, "/bodies/3/special_edge", "");
}

namespace {

// A path of straight edges through `points`, as scene text.
std::string pathsBody(const std::string& name, const std::vector<std::pair<double, double>>& pts) {
  std::string edges;
  for (const auto& [x, y] : pts)
    edges +=
        (edges.empty() ? "" : ",") + fmt::format(R"({{"kind":"straight","end":[{},{}]}})", x, y);
  return fmt::format(R"({{"name":"{}","shape":"paths","paths":[{{"edges":[{}]}}]}})", name, edges);
}

}  // namespace

TEST_CASE("a star crossing itself millions of times is reported at its first crossings",
          "[scene][errors][hostile]") {
  // 5001 points, each joined to the one 2500 places on: about 12.5 million crossing pairs,
  // each of them a problem before (26 s and 3.8 GB, or bad_alloc).
  const int n = 5001;
  std::vector<std::pair<double, double>> pts;
  for (int k = 0; k < n; ++k) {
    const double a = 2 * std::numbers::pi * ((static_cast<long long>(k) * 2500) % n) / n;
    pts.emplace_back(std::cos(a), std::sin(a));
  }
  const auto problems = loadProblems(oneBody(pathsBody("star", pts)));
  REQUIRE(problems.size() == 11);
  for (std::size_t i = 0; i < 10; ++i)
    CHECK_THAT(problems[i].message, Catch::Contains("the path intersects itself"));
  CHECK(problems[10].jsonPath == "/bodies/0/paths");
  CHECK(problems[10].message == "more crossings not listed: the check stops after the first 10");
}

TEST_CASE("a convex path of 20 000 edges passes the crossing check", "[scene][errors][hostile]") {
  // Every pair of edges was intersected before (n^2 / 2 = 2e8 pairs: 9 s a check); a sweep
  // over the edges' bounds meets each edge's two neighbours only.
  const int n = 20000;
  std::vector<std::pair<double, double>> pts;
  for (int k = 0; k < n; ++k) {
    const double a = 2 * std::numbers::pi * k / n;
    pts.emplace_back(10 * std::cos(a), 10 * std::sin(a));
  }
  CHECK(loadProblems(oneBody(pathsBody("round", pts))).empty());
  // And a crossing in it is still found: the last point pulled across the first edge.
  pts.back() = {10.5, 0.01};
  pts.front() = {9.9, -0.01};
  const auto crossed = loadProblems(oneBody(pathsBody("round", pts)));
  REQUIRE_FALSE(crossed.empty());
  CHECK_THAT(crossed[0].message, Catch::Contains("the path intersects itself"));
}

TEST_CASE("too many bodies, too many problems and echoed text are bounded",
          "[scene][errors][hostile]") {
  // More bodies than a scene may have: refused before any is built.
  std::string balls;
  for (std::size_t i = 0; i <= cl::kMaxSceneBodies; ++i)
    balls += fmt::format(R"({}{{"name":"b{}","shape":"ball","radius":0.1}})", i ? "," : "", i);
  const auto many = loadProblems(sceneText(R"("bodies": [)" + balls + "]"));
  REQUIRE(many.size() == 1);
  CHECK(many[0].jsonPath == "/bodies");
  CHECK(many[0].message == "100001 bodies: a scene has at most 100000");
  // 9 999 repeated keys: the message lists 50 and counts the rest.
  std::string repeated;
  for (int i = 0; i < 9999; ++i) repeated += R"("radius": 0.1, )";
  try {
    cl::loadScene(oneBody(R"({"name": "b", "shape": "ball", )" + repeated + R"("x": 0})"), "bad");
    FAIL("loaded");
  } catch (const cl::SceneError& e) {
    const std::string what = e.what();
    // 9998 repeats and the unknown "x": 50 shown, then the count of the rest.
    CHECK_THAT(what, Catch::Contains("(9999 problems)"));
    CHECK_THAT(what, Catch::EndsWith("\n  and 9949 more"));
    CHECK(what.size() < 10000);
  }
  // A 1 MB unknown key: named, cut short.
  try {
    cl::loadScene(oneBody(R"({"name": "b", "shape": "ball", "radius": 0.1, ")" +
                          std::string(1 << 20, 'k') + R"(": 1})"),
                  "bad");
    FAIL("loaded");
  } catch (const cl::SceneError& e) {
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("... (1048586 characters)"));  // its JSON pointer
    CHECK(what.size() < 2000);
  }
}

TEST_CASE("a scene's first view is a box and a bad one is named by its path", "[scene][errors]") {
  const std::string body =
      R"("bodies": [{"name": "a", "shape": "block", "width": 1, "height": 1}])";
  const cl::Scene scene =
      cl::loadScene(sceneText(R"("view": {"min": [-2, -1], "max": [4, 3]}, )" + body), "v.json");
  REQUIRE(scene.doc.view);
  CHECK(scene.doc.view->min == cl::Vec2{-2, -1});
  CHECK(scene.doc.view->max == cl::Vec2{4, 3});
  // Saved and loaded again: the same box.
  CHECK(cl::loadScene(cl::saveScene(scene), "again.json").doc.view == scene.doc.view);
  CHECK_FALSE(cl::loadScene(sceneText(body), "none.json").doc.view);

  CHECK_SCENE_PROBLEM(
      loadProblems(sceneText(R"("view": {"min": [0, 0], "max": [1, -1]}, )" + body)), "/view/max",
      "must lie above and right of its 'min'");
  CHECK_SCENE_PROBLEM(loadProblems(sceneText(R"("view": {"min": [0, 0]}, )" + body)), "/view",
                      "missing required field 'max'");
  CHECK_SCENE_PROBLEM(
      loadProblems(sceneText(R"("view": {"min": [0, 0], "max": [1, 1], "zoom": 2}, )" + body)),
      "/view/zoom", "unknown field 'zoom'");
  CHECK_SCENE_PROBLEM(loadProblems(sceneText(R"("view": [0, 0, 1, 1], )" + body)), "/view", "");
}
