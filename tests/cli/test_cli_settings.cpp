// contactlab-cli run --set KEY=VALUE: any setting of the engine's table, checked as a scene
// file's value is.
#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.h"

using namespace cl::test;

TEST_CASE("run --set changes the time step and the integrator", "[cli][settings]") {
  const fs::path dir = scratch("set_integrator");
  const fs::path state = dir / "final.json";
  const CliResult r = runCli("run " + scene("free_fall.json") +
                                 " --until 1.5 --set time_step=0.05 --set integrator=euler "
                                 "--final-state '" +
                                 state.string() + "'",
                             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("steps 30"));
  // Euler under constant gravity after n steps of h: v = v0 - g n h and
  // y = y0 + v0 n h - g h^2 n (n - 1) / 2 (RK4 would give the exact parabola, 1.975).
  const double h = 0.05, g = 9.8;
  const int n = 30;
  const auto ball = nlohmann::json::parse(readAll(state))["bodies"][0];
  CHECK(ball["y"].get<double>() == Approx(10 + 2 * n * h - g * h * h * n * (n - 1) / 2.0));
  CHECK(ball["vy"].get<double>() == Approx(2 - g * n * h));
}

TEST_CASE("run --set warm_start=false is --no-warm-start", "[cli][settings]") {
  const fs::path dir = scratch("set_warm_start");
  const fs::path a = dir / "set.json", b = dir / "flag.json";
  const CliResult set =
      runCli("run " + scene("stack_of_three.json") +
                 " --until 0.5 --set warm_start=false --final-state '" + a.string() + "'",
             dir);
  const CliResult flag =
      runCli("run " + scene("stack_of_three.json") +
                 " --until 0.5 --no-warm-start --final-state '" + b.string() + "'",
             dir);
  REQUIRE(set.exitCode == 0);
  REQUIRE(flag.exitCode == 0);
  CHECK_THAT(set.out, Catch::Contains("(warm start off)"));
  CHECK(readAll(a) == readAll(b));  // the same run, bit for bit
}

TEST_CASE("run --set refuses an unknown setting or a bad value and writes nothing",
          "[cli][settings]") {
  const fs::path dir = scratch("set_bad");
  const fs::path state = dir / "final.json";
  struct Case {
    const char* arg;
    const char* message;
  };
  for (const Case& c :
       {Case{"time_stpe=0.01", "unknown setting 'time_stpe'"},
        Case{"collision_accuracy=2", "'collision_accuracy' must be in (0, 1]"},
        Case{"extra_accel=fast", "unknown extra_accel 'fast'; expected 'none'"},
        Case{"warm_start", "expected KEY=VALUE"}, Case{"seed=-3", "whole number"}}) {
    INFO(c.arg);
    const CliResult r = runCli("run " + scene("stack_of_three.json") + " --until 0.5 --set " +
                                   c.arg + " --final-state '" + state.string() + "'",
                               dir);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains(c.message));
    CHECK_FALSE(fs::exists(state));
  }
}

TEST_CASE("run --help lists every setting --set takes", "[cli][settings]") {
  const fs::path dir = scratch("set_help");
  const CliResult r = runCli("run --help", dir);
  CHECK(r.exitCode == 0);
  for (const char* key : {"time_step", "integrator", "seed", "distance_tol", "warm_start",
                          "collision_handling", "joint_small_impacts"})
    CHECK_THAT(r.out, Catch::Contains(key));
}

TEST_CASE(
    "run --advance steps with a time stepper, says what it cannot express, refuses a "
    "bad name",
    "[cli][settings]") {
  const fs::path dir = scratch("advance");
  const fs::path a = dir / "flag.json", b = dir / "set.json";
  const CliResult flag =
      runCli("run " + scene("stack_of_three.json") +
                 " --until 1 --advance lcp_fixpoint --final-state '" + a.string() + "'",
             dir);
  INFO(flag.err);
  REQUIRE(flag.exitCode == 0);
  CHECK_THAT(flag.out, Catch::Contains("stepping lcp_fixpoint   steps 40"));
  CHECK_THAT(flag.out, Catch::Contains("not converged 0"));
  // The resting stack stays at its target gap.
  CHECK_THAT(flag.out, Catch::Contains("contacts smallest distance 0.005 (target gap 0.005)"));
  const CliResult set =
      runCli("run " + scene("stack_of_three.json") +
                 " --until 1 --set advance=lcp_fixpoint --final-state '" + b.string() + "'",
             dir);
  REQUIRE(set.exitCode == 0);
  CHECK(readAll(a) == readAll(b));
  // Elastic bodies: a note naming them and the feature.
  const CliResult bounce =
      runCli("run " + scene("ball_bounce.json") + " --until 0.5 --advance newton_release", dir);
  REQUIRE(bounce.exitCode == 0);
  CHECK_THAT(bounce.err, Catch::Contains("note: advance 'newton_release' cannot express "
                                         "restitution"));
  const CliResult bad =
      runCli("run " + scene("stack_of_three.json") + " --until 1 --advance runge_kutta", dir);
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("--advance advance=runge_kutta"));
  CHECK_THAT(bad.err, Catch::Contains("lcp_fixpoint"));  // the names it takes
}

TEST_CASE("compare-runs runs a scene two ways and writes every step of both", "[cli][settings]") {
  const fs::path dir = scratch("compare_runs");
  const fs::path csv = dir / "runs.csv";
  const CliResult r =
      runCli("compare-runs " + scene("stack_of_three.json") +
                 " --until 1 --advance collision_advance,lcp_fixpoint --csv '" + csv.string() + "'",
             dir);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK_THAT(r.out, Catch::Contains("| collision_advance | 1 |"));
  CHECK_THAT(r.out, Catch::Contains("| lcp_fixpoint | 1 |"));
  CHECK_THAT(r.out, Catch::Contains("where the bodies part from collision_advance"));
  const std::string text = readAll(csv);
  CHECK(std::count(text.begin(), text.end(), '\n') == 1 + 2 * 40);
  CHECK_THAT(text, Catch::Contains("\nlcp_fixpoint,40,"));  // 40 whole steps of 0.025
  // A run that stops: the table says so and the exit code is the simulation's.
  const CliResult stopped = runCli("compare-runs " + scene("pile_10.json") +
                                       " --until 3 --advance collision_advance,newton_release",
                                   dir);
  CHECK(stopped.exitCode == 2);
  CHECK_THAT(stopped.out, Catch::Contains("(failed)"));
  CHECK_THAT(stopped.out, Catch::Contains("runs that stopped"));
  const CliResult bad =
      runCli("compare-runs " + scene("stack_of_three.json") + " --until 1 --advance euler", dir);
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("unknown advance \"euler\""));
}

TEST_CASE("run --engine picks engine2D's engine, says what it cannot do, refuses a time stepper",
          "[cli][settings]") {
  const fs::path dir = scratch("engine");
  const CliResult through =
      runCli("run " + scene("pendulum_joint.json") + " --until 1 --engine rigid_body", dir);
  INFO(through.err);
  REQUIRE(through.exitCode == 0);
  CHECK_THAT(through.err, Catch::Contains("note: engine 'rigid_body' (RigidBodySim)"));
  CHECK_THAT(through.err, Catch::Contains("do nothing"));
  const CliResult stuck =
      runCli("run " + scene("stack_of_three.json") + " --until 3 --engine impulse", dir);
  CHECK(stuck.exitCode == 2);
  CHECK_THAT(stuck.err, Catch::Contains("stuck"));
  const CliResult mixed = runCli(
      "run " + scene("stack_of_three.json") + " --until 1 --engine impulse --advance lcp_fixpoint",
      dir);
  CHECK(mixed.exitCode == 1);
  CHECK_THAT(mixed.err, Catch::Contains("needs engine 'contact', not 'impulse'"));
  const CliResult bad =
      runCli("run " + scene("stack_of_three.json") + " --until 1 --engine x", dir);
  CHECK(bad.exitCode == 1);
  CHECK_THAT(bad.err, Catch::Contains("unknown engine"));
}

TEST_CASE("compare-runs refuses up front a comparison whose steps would not fit in memory",
          "[cli]") {
  // free_fall to 1e5 s: 4e6 steps for each of 4 runs, about 4.9 GB (the run that was tried
  // took 4.16 GB in 86 s before it was stopped). Refused before the first step.
  const fs::path dir = scratch("compare_runs_memory");
  const CliResult r = runCli(
      "compare-runs " + scene("free_fall.json") + " --until 1e5 --csv " + quoted(dir / "runs.csv"),
      dir);
  CHECK(r.exitCode == 1);
  CHECK_THAT(r.err, Catch::Contains("compare-runs keeps every step of every run: 4e+06 steps") &&
                        Catch::Contains("more than the 2 GB it allows"));
  CHECK_FALSE(fs::exists(dir / "runs.csv"));
  // A short comparison is not refused.
  const CliResult one = runCli(
      "compare-runs " + scene("free_fall.json") + " --until 1e-3 --advance collision_advance", dir);
  CHECK(one.exitCode == 0);
}
