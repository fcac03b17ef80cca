// A scene run with each registered LCP solver as its contact solver (the contact_solver
// setting): a resting stack stays at rest, whichever solver computes its forces.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "engine/scene/scene.h"
#include "engine/solver/lcp_solver.h"

TEST_CASE("A resting stack stays at rest with every contact solver", "[scene][solver]") {
  const std::filesystem::path file =
      std::filesystem::path(CONTACTLAB_SCENES_DIR) / "stack_of_three.json";
  for (const auto& n : cl::kLcpSolverNames) {
    INFO(n.name);
    const cl::Scene loaded = cl::loadSceneFile(file);
    cl::SimSettings settings = loaded.settings;
    settings.contactSolver = n.value;
    cl::Scene scene = cl::rebuildScene(loaded, settings);
    REQUIRE(scene.contactSim()->contactSolver() == n.value);
    const std::vector<double> start = scene.sim->vars();
    const double energy = scene.sim->energy().total();
    auto advance = scene.makeAdvance();
    for (int step = 0; step < 80; ++step) REQUIRE_NOTHROW(advance->advance(advance->timeStep()));
    // Two simulated seconds later: the energy is what it was, nothing has moved.
    CHECK(std::abs(scene.sim->energy().total() - energy) <= 1e-9 * std::abs(energy));
    const std::vector<double>& end = scene.sim->vars();
    double moved = 0;
    for (std::size_t i = 0; i < end.size(); ++i)
      moved = std::max(moved, std::abs(end[i] - start[i]));
    CHECK(moved < 1e-6);
    CHECK(scene.contactSim()->solveTotals().solves > 0);
  }
}
