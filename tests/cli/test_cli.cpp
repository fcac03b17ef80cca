// contactlab-cli end to end: the executable is run in a shell, as a user would.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

namespace {

fs::path writeFile(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST_CASE("run: free fall final state matches x0 + v t and y0 + v t - g t^2 / 2", "[cli]") {
  const fs::path dir = scratch("free_fall");
  const fs::path state = dir / "final.json";
  const CliResult r = runCli(
      "run " + scene("free_fall.json") + " --until 1.5 --final-state '" + state.string() + "'",
      dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("steps 60"));
  const auto j = nlohmann::json::parse(readAll(state));
  const double t = 1.5, g = 9.8;
  CHECK(j["time"].get<double>() == Approx(t).epsilon(1e-12));
  const auto& ball = j["bodies"][0];
  CHECK(ball["name"] == "ball");
  // The scene: ball at (0, 10) with velocity (1, 2), gravity 9.8. RK4 is exact on a
  // quadratic, so only rounding separates the two.
  CHECK(ball["x"].get<double>() == Approx(1.0 * t).epsilon(1e-12));
  CHECK(ball["y"].get<double>() == Approx(10 + 2 * t - g * t * t / 2).epsilon(1e-12));
  CHECK(ball["vy"].get<double>() == Approx(2 - g * t).epsilon(1e-12));
  CHECK(ball["vx"].get<double>() == Approx(1.0).epsilon(1e-12));
  // Energy is conserved: KE + m g y at the start (y0 = 10, |v0|^2 = 5).
  CHECK(j["energy"]["total"].get<double>() == Approx(0.5 * 5 + g * 10).epsilon(1e-12));
}

TEST_CASE("run: --dt overrides the scene's time step", "[cli]") {
  const fs::path dir = scratch("dt");
  const CliResult r = runCli("run " + scene("free_fall.json") + " --until 1.5 --dt 0.05", dir);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("steps 30"));
}

TEST_CASE("run: --csv writes a header and one row per step", "[cli]") {
  const fs::path dir = scratch("csv");
  const CliResult r =
      runCli("run " + scene("free_fall.json") + " --until 0.25 --csv '" + dir.string() + "'", dir);
  REQUIRE(r.exitCode == 0);
  std::istringstream csv(readAll(dir / "states.csv"));
  std::string header, line;
  std::getline(csv, header);
  CHECK(header ==
        "step,time,kinetic_energy,potential_energy,total_energy,friction_loss,ball_x,ball_vx,ball_"
        "y,ball_vy,"
        "ball_angle,ball_omega");
  int rows = 0;
  while (std::getline(csv, line)) ++rows;
  CHECK(rows == 11);  // the initial state and 10 steps of 0.025
}

TEST_CASE("run: a bad scene gives exit 1 and a message naming the file and element", "[cli]") {
  const fs::path dir = scratch("bad");
  const fs::path bad = writeFile(dir / "bad.json", R"({
    "format": "contactlab-scene", "version": 1,
    "bodies": [{"name": "b", "shape": "block", "width": 1, "height": 1, "mass": -2}]
  })");
  const CliResult r = runCli("run '" + bad.string() + "' --until 1", dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("bad.json") && Catch::Contains("/bodies/0/mass"));
  CHECK(r.out.empty());
}

TEST_CASE("run: a missing file or missing --until is bad input", "[cli]") {
  const fs::path dir = scratch("missing");
  const CliResult noFile = runCli("run '" + (dir / "nope.json").string() + "' --until 1", dir);
  CHECK(noFile.exitCode == 1);
  CHECK_THAT(noFile.err, Catch::Contains("nope.json"));
  const CliResult noUntil = runCli("run " + scene("free_fall.json"), dir);
  CHECK(noUntil.exitCode == 1);
  CHECK_THAT(noUntil.err, Catch::Contains("--until"));
}

TEST_CASE("run: a simulation that blows up exits 2 and writes no output", "[cli]") {
  const fs::path dir = scratch("blowup");
  // A spring so stiff that its force overflows to infinity on the first evaluation.
  const fs::path s = writeFile(dir / "stiff.json", R"({
    "format": "contactlab-scene", "version": 1,
    "bodies": [{"name": "b", "shape": "ball", "radius": 0.5, "position": [10, 0]}],
    "forces": [{"kind": "spring", "body1": "b", "point1": [0, 0], "body2": "scrim",
                "point2": [0, 0], "rest_length": 0, "stiffness": 1e308}]
  })");
  const fs::path state = dir / "final.json";
  const CliResult r = runCli("run '" + s.string() + "' --until 1 --final-state '" + state.string() +
                                 "' --csv '" + dir.string() + "'",
                             dir);
  INFO(r.err);
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.err, Catch::Contains("non-finite") && Catch::Contains("'b'"));
  CHECK_FALSE(fs::exists(state));
  CHECK_FALSE(fs::exists(dir / "states.csv"));

  // Finite states whose energy overflows (mutual gravity with G = 1e308): it exited 0, with
  // "kinetic inf" in the summary and null in the final state.
  const fs::path g = writeFile(dir / "gravity.json", R"({
    "format": "contactlab-scene", "version": 3,
    "bodies": [{"name": "a", "shape": "ball", "radius": 0.5, "position": [0, 0]},
               {"name": "b", "shape": "ball", "radius": 0.5, "position": [3, 0]}],
    "forces": [{"kind": "gravity2", "G": 1e308}]
  })");
  const CliResult diverged =
      runCli("run '" + g.string() + "' --until 1 --final-state '" + state.string() + "'", dir);
  INFO(diverged.err);
  CHECK(diverged.exitCode == 2);
  CHECK_THAT(diverged.err,
             Catch::Contains("diverged") && Catch::Contains("the kinetic energy of 'a' is inf"));
  CHECK_FALSE(fs::exists(state));
}

TEST_CASE("run: a step beyond the work one step may take fails saying which limit", "[cli]") {
  // A fast ball in a box of thin walls with a time step of 40000 s: tens of thousands of
  // collisions in one step, until the bound of 100000 sub-steps stops it.
  const fs::path dir = scratch("step_work");
  const fs::path state = dir / "final.json";
  const CliResult r = runCli("run " + scene("thin_walls.json") +
                                 " --dt 40000 --until 40000 --final-state '" + state.string() + "'",
                             dir);
  INFO(r.err);
  CHECK(r.exitCode == 2);
  CHECK_THAT(r.err,
             Catch::Contains("the time step from t = 0 by 40000 took more than 100000 "
                             "sub-steps of collision handling, the most one step may take") &&
                 Catch::Contains("a smaller time_step bounds each step's work"));
  CHECK_FALSE(fs::exists(state));
}

TEST_CASE("run: an output that cannot be written gives exit 3 and leaves nothing behind", "[cli]") {
  const fs::path dir = scratch("unwritable");
  SECTION("the target's directory does not exist") {
    const fs::path state = dir / "no-such-dir" / "final.json";
    const CliResult r = runCli(
        "run " + scene("free_fall.json") + " --until 0.1 --final-state '" + state.string() + "'",
        dir);
    CHECK(r.exitCode == 3);
    CHECK_THAT(r.err, Catch::Contains("final.json"));
    CHECK_FALSE(fs::exists(state));
  }
  SECTION("the finished file cannot replace the target (a directory stands there)") {
    const fs::path out = dir / "out";
    fs::create_directories(out / "final.json");
    const CliResult r = runCli("run " + scene("free_fall.json") + " --until 0.1 --final-state '" +
                                   (out / "final.json").string() + "'",
                               dir);
    CHECK(r.exitCode == 3);
    CHECK_THAT(r.err, Catch::Contains("final.json"));
    // The temporary file written before the failed rename is gone.
    CHECK(std::distance(fs::directory_iterator(out), fs::directory_iterator()) == 1);
    CHECK(fs::is_directory(out / "final.json"));
  }
}

TEST_CASE("run: --until and --dt must give a finite, feasible number of steps", "[cli]") {
  const fs::path dir = scratch("until");
  for (const char* args : {"--until nan", "--until inf", "--until -1", "--until 1e20",
                           "--until 1 --dt 1e-300", "--until 1 --dt 0", "--until abc"}) {
    INFO(args);
    const CliResult r = runCli("run " + scene("free_fall.json") + " " + args, dir);
    CHECK(r.exitCode == 1);
    CHECK_FALSE(r.err.empty());
  }
}

TEST_CASE("run: the last step lands on --until, a whole step when it is on the grid", "[cli]") {
  const fs::path dir = scratch("land");
  const fs::path state = dir / "final.json";
  const CliResult r = runCli("run " + scene("free_fall.json") +
                                 " --until 1 --dt 0.1 --final-state '" + state.string() + "'",
                             dir);
  REQUIRE(r.exitCode == 0);
  const auto j = nlohmann::json::parse(readAll(state));
  // Ten whole steps of 0.1, as the workbench takes them: 0.1 added ten times.
  double t = 0;
  for (int k = 0; k < 10; ++k) t += 0.1;
  CHECK(j["time"].get<double>() == t);
  CHECK(j["steps"].get<int>() == 10);
  // Off the grid, a last shorter step lands on --until exactly.
  const CliResult off = runCli("run " + scene("free_fall.json") +
                                   " --until 1.05 --dt 0.1 --final-state '" + state.string() + "'",
                               dir);
  REQUIRE(off.exitCode == 0);
  const auto k = nlohmann::json::parse(readAll(state));
  CHECK(k["time"].get<double>() == 1.05);
  CHECK(k["steps"].get<int>() == 11);
  const CliResult zero = runCli("run " + scene("free_fall.json") + " --until 0", dir);
  CHECK(zero.exitCode == 0);
  CHECK_THAT(zero.out, Catch::Contains("steps 0"));
  // Shorter than one step (a tiny --until, the largest --dt): one step, landing on --until.
  for (const char* args : {" --until 1e-12", " --until 0.5 --dt 1000"}) {
    INFO(args);
    const CliResult shortRun = runCli(
        "run " + scene("free_fall.json") + args + " --final-state '" + state.string() + "'", dir);
    REQUIRE(shortRun.exitCode == 0);
    const auto s = nlohmann::json::parse(readAll(state));
    CHECK(s["steps"].get<int>() == 1);
    CHECK(s["time"].get<double>() ==
          (std::string(args).find("1e-12") != std::string::npos ? 1e-12 : 0.5));
  }
}

TEST_CASE("run: one range of time steps wherever the time step is given", "[cli]") {
  // The recording reader's range, [1e-9, 1e5] s, is where every run starts: a run cannot
  // write a recording that check-recording refuses.
  const fs::path dir = scratch("time_step_range");
  for (const char* args :
       {"--dt 1e308", "--dt 1e-12", "--set time_step=2e5", "--set time_step=1e-10"}) {
    INFO(args);
    const CliResult r = runCli("run " + scene("free_fall.json") + " --until 1 " + args, dir);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("'time_step' must be from 1e-09 to 100000 s"));
  }
  // A state whose time swallows a step (1e16 + 0.025 == 1e16) would never move: refused.
  const fs::path state = dir / "late.json";
  REQUIRE(
      runCli("run " + scene("free_fall.json") + " --until 0.1 --final-state " + quoted(state), dir)
          .exitCode == 0);
  auto j = nlohmann::json::parse(readAll(state));
  j["time"] = 1e16;
  std::ofstream(state) << j.dump();
  const CliResult late = runCli(
      "run " + scene("free_fall.json") + " --until 2e16 --initial-state " + quoted(state), dir);
  CHECK(late.exitCode == 1);
  CHECK_THAT(late.err, Catch::Contains("is lost in rounding (t + dt == t)"));
  // A step count past 2^53 is no count of steps.
  j["time"] = 0.1;
  j["steps"] = 9223372036854775807LL;
  std::ofstream(state) << j.dump();
  const CliResult many =
      runCli("run " + scene("free_fall.json") + " --until 1 --initial-state " + quoted(state), dir);
  CHECK(many.exitCode == 1);
  CHECK_THAT(many.err, Catch::Contains("steps"));
  // A fixed body given a velocity would move: refused, naming it.
  const fs::path floorState = dir / "floor.json";
  REQUIRE(runCli("run " + scene("block_on_floor.json") + " --until 0.1 --final-state " +
                     quoted(floorState),
                 dir)
              .exitCode == 0);
  auto f = nlohmann::json::parse(readAll(floorState));
  for (auto& b : f["bodies"])
    if (b["name"] == "floor") b["vx"] = 5.0;
  std::ofstream(floorState) << f.dump();
  const CliResult moved = runCli(
      "run " + scene("block_on_floor.json") + " --until 1 --initial-state " + quoted(floorState),
      dir);
  CHECK(moved.exitCode == 1);
  CHECK_THAT(moved.err, Catch::Contains("body 'floor' is fixed (infinite mass)"));
}

TEST_CASE("run: a --csv path that is not a usable directory is an unwritable output", "[cli]") {
  const fs::path dir = scratch("csvdir");
  const CliResult r = runCli(
      "run " + scene("free_fall.json") + " --until 1 --csv '/tmp/" + std::string(300, 'a') + "'",
      dir);
  CHECK(r.exitCode == 3);
  CHECK_THAT(r.err, Catch::Contains("--csv"));
}

TEST_CASE("validate: OK for a good scene, every problem listed for a bad one", "[cli]") {
  const fs::path dir = scratch("validate");
  const CliResult ok = runCli("validate " + scene("contact_app.json"), dir);
  CHECK(ok.exitCode == 0);
  CHECK_THAT(ok.out, Catch::Contains("OK"));
  const fs::path bad = writeFile(dir / "two.json", R"({
    "format": "contactlab-scene", "version": 1,
    "bodies": [{"name": "a", "shape": "ball", "radius": -1},
               {"name": "b", "shape": "block", "width": 1, "height": 1, "colour": "red"}]
  })");
  const CliResult r = runCli("validate '" + bad.string() + "'", dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("/bodies/0/radius") && Catch::Contains("/bodies/1/colour"));
  CHECK(ok.err.empty());  // nothing to note about a good scene
  // A scene that loads but cannot run stably at its time step: OK, with a note naming the
  // body, the law and the bound (run prints the same).
  const fs::path tiny = writeFile(dir / "tiny.json", R"({
    "format": "contactlab-scene", "version": 3,
    "bodies": [{"name": "tiny", "shape": "ball", "radius": 0.1, "mass": 1.65e-7}],
    "forces": [{"kind": "damping", "k": 0.05}]
  })");
  for (const std::string& command : {std::string("validate"), std::string("run")}) {
    const CliResult t = runCli(
        command + " '" + tiny.string() + "'" + (command == "run" ? " --until 0.1" : ""), dir);
    CHECK(t.exitCode == 0);
    CHECK_THAT(t.err, Catch::Contains("note: damping 0.05 on 'tiny'") &&
                          Catch::Contains("beyond the bound 2.79"));
  }
}

TEST_CASE("run: --lcp-dir/--lcp-steps writes every solve of those steps, solve-lcp solves them",
          "[cli][lcp]") {
  const fs::path dir = scratch("lcp_steps");
  const fs::path lcp = dir / "lcp";
  fs::create_directories(lcp);
  const CliResult r = runCli("run " + scene("block_on_floor.json") + " --until 1 --lcp-dir '" +
                                 lcp.string() + "' --lcp-steps 1:2",
                             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("8 solves"));
  // Runge-Kutta evaluates four times a step; the block's two contacts are one subset.
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(lcp)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"step1_solve1.json", "step1_solve2.json",
                                          "step1_solve3.json", "step1_solve4.json",
                                          "step2_solve1.json", "step2_solve2.json",
                                          "step2_solve3.json", "step2_solve4.json"});
  for (const std::string& name : names) {
    INFO(name);
    const nlohmann::json j = nlohmann::json::parse(readAll(lcp / name));
    CHECK(j["n"] == 2);
    CHECK(j["result"]["error"] == "ok");
    const CliResult solved = runCli("solve-lcp '" + (lcp / name).string() + "'", dir);
    INFO(solved.err);
    CHECK(solved.exitCode == 0);
    CHECK_THAT(solved.out, Catch::Contains("status: ok"));
  }
}

TEST_CASE("run: a failed run still writes the solves of --lcp-steps up to the failure",
          "[cli][lcp]") {
  // Newton with release stops pile_10 at t = 2.125 (step 86): the solve of the step that
  // failed is the one a user wants to take apart.
  const fs::path dir = scratch("lcp_failed");
  const fs::path lcp = dir / "lcp";
  fs::create_directories(lcp);
  const CliResult r =
      runCli("run " + scene("pile_10.json") + " --advance newton_release --until 3 --lcp-dir '" +
                 lcp.string() + "' --lcp-steps 85:86",
             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 2);
  CHECK_THAT(r.err, Catch::Contains("solves up to the failure written to"));
  CHECK(fs::exists(lcp / "step85_solve1.json"));
  REQUIRE(fs::exists(lcp / "step86_solve1.json"));
  const CliResult solved = runCli("solve-lcp '" + (lcp / "step86_solve1.json").string() + "'", dir);
  INFO(solved.err);
  CHECK(solved.exitCode == 0);
}

TEST_CASE("run: --lcp-dir writes a collision's impulse solves apart from contact-force solves",
          "[cli][lcp]") {
  const fs::path dir = scratch("lcp_impulses");
  const fs::path lcp = dir / "lcp";
  fs::create_directories(lcp);
  // The block falls free (no contacts, so no contact-force solves) and hits the floor
  // within the first second; each collision is resolved by impulse solves.
  const CliResult r = runCli("run " + scene("block_drop.json") + " --until 1 --lcp-dir '" +
                                 lcp.string() + "' --lcp-steps 1:40",
                             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  int impulses = 0;
  for (const auto& e : fs::directory_iterator(lcp)) {
    const std::string name = e.path().filename().string();
    INFO(name);
    REQUIRE(name.find("_impulse") != std::string::npos);
    ++impulses;
    const nlohmann::json j = nlohmann::json::parse(readAll(e.path()));
    CHECK(j["n"] >= 1);
    // A step's first impulse solve is of a collision: some contact approaches (b < 0).
    // Later ones check what the first left, and may find nothing approaching.
    bool approaching = false;
    for (const auto& b : j["b"]) approaching = approaching || b.get<double>() < 0;
    if (name.ends_with("_impulse1.json")) CHECK(approaching);
    const CliResult solved = runCli("solve-lcp '" + e.path().string() + "'", dir);
    CHECK(solved.exitCode == 0);
  }
  CHECK(impulses >= 1);
  CHECK_THAT(r.out, Catch::Contains(std::to_string(impulses) + " solves"));
}

TEST_CASE("run: --lcp-kinds writes only the solves of the kinds asked for, as the full export",
          "[cli][lcp]") {
  // pile_10's steps 60 to 80 have both kinds: the blocks rest on one another (contact
  // forces) and land (impulses). Each kind alone writes exactly the full export's files of
  // that kind, byte for byte (the run is the same; only the writing is filtered), and says
  // how many of the other kind it left out.
  const fs::path dir = scratch("lcp_kinds");
  const auto files = [](const fs::path& d) {
    std::map<std::string, std::string> byName;
    for (const auto& e : fs::directory_iterator(d))
      byName[e.path().filename().string()] = readAll(e.path());
    return byName;
  };
  std::map<std::string, std::map<std::string, std::string>> written;
  std::map<std::string, std::string> out;
  for (const std::string kinds : {"forces,impulses", "forces", "impulses"}) {
    const fs::path lcp = dir / kinds;
    fs::create_directories(lcp);
    const CliResult r = runCli("run " + scene("pile_10.json") + " --until 3 --lcp-dir '" +
                                   lcp.string() + "' --lcp-steps 60:80 --lcp-kinds " + kinds,
                               dir);
    INFO(kinds << ": " << r.err);
    REQUIRE(r.exitCode == 0);
    written[kinds] = files(lcp);
    out[kinds] = r.out;
  }
  std::map<std::string, std::string> forces, impulses;
  for (const auto& [name, text] : written["forces,impulses"])
    (name.find("_impulse") != std::string::npos ? impulses : forces)[name] = text;
  REQUIRE(!forces.empty());
  REQUIRE(!impulses.empty());
  CHECK(written["forces"] == forces);
  CHECK(written["impulses"] == impulses);
  CHECK_THAT(out["forces"],
             Catch::Contains(fmt::format("{} solves of steps 60:80", forces.size())));
  CHECK_THAT(out["forces"], Catch::Contains(fmt::format(
                                "({} impulse solves left out by --lcp-kinds)", impulses.size())));
  CHECK_THAT(out["impulses"],
             Catch::Contains(fmt::format("({} contact-force solves left out", forces.size())));
  CHECK_THAT(out["forces,impulses"], !Catch::Contains("left out"));
}

TEST_CASE("run: a bad --lcp-kinds, or one without --lcp-dir, is bad input", "[cli][lcp]") {
  const fs::path dir = scratch("lcp_kinds_bad");
  const std::string run = "run " + scene("block_on_floor.json") + " --until 0.1 ";
  const std::string export_ = " --lcp-dir '" + dir.string() + "' --lcp-steps 1:2";
  for (const char* kinds : {"bogus", "forces,bogus", "force"}) {
    INFO(kinds);
    const CliResult r = runCli(run + export_ + " --lcp-kinds " + kinds, dir);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("--lcp-kinds"));
  }
  const CliResult alone = runCli(run + " --lcp-kinds forces", dir);
  CHECK(alone.exitCode == 1);
  CHECK_THAT(alone.err, Catch::Contains("--lcp-kinds"));
  for (const auto& e : fs::directory_iterator(dir))
    CHECK_THAT(e.path().filename().string(), !Catch::Contains("step"));
}

TEST_CASE("run: bad --lcp-steps or --lcp-dir is bad input", "[cli][lcp]") {
  const fs::path dir = scratch("lcp_bad");
  const std::string run = "run " + scene("block_on_floor.json") + " --until 0.1 ";
  const std::string okDir = " --lcp-dir '" + dir.string() + "'";
  for (const char* steps : {"0:2", "3:2", "2", "a:b", "1:", ":2", "-1:2", "1:2:3"}) {
    INFO(steps);
    const CliResult r = runCli(run + okDir + " --lcp-steps '" + steps + "'", dir);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("--lcp-steps"));
  }
  const CliResult missing =
      runCli(run + " --lcp-dir '" + (dir / "missing").string() + "' --lcp-steps 1:2", dir);
  CHECK(missing.exitCode == 3);  // an output that cannot be written, found before the run
  CHECK_THAT(missing.err, Catch::Contains("--lcp-dir"));
  const CliResult alone = runCli(run + " --lcp-steps 1:2", dir);
  CHECK(alone.exitCode == 1);
  CHECK_THAT(alone.err, Catch::Contains("--lcp-dir"));
  // Nothing was written into the directory.
  for (const auto& e : fs::directory_iterator(dir))
    CHECK_THAT(e.path().filename().string(), !Catch::Contains("step"));
}
