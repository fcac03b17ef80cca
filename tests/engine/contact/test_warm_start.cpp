// ContactSim's warm start (engine/contact/warm_start.h): how contacts are recognised between
// evaluates, and what it does to a whole run of the pile of 10 blocks against the same run
// solved cold.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "engine/collision_advance/collision_advance.h"
#include "engine/contact/warm_start.h"
#include "engine/run/state_json.h"
#include "engine/scene/scene.h"

using namespace cl;

namespace {

RigidBodyCollision contact(int primary, int normalBody, Vec2 p1, Vec2 p2, Vec2 n) {
  RigidBodyCollision c;
  c.primaryBody = primary;
  c.normalBody = normalBody;
  c.impact1 = p1;
  c.impact2 = p2;
  c.normal = n;
  return c;
}

struct Pile {
  Scene scene;
  std::unique_ptr<AdvanceStrategy> advance;
  ContactSim& sim() { return *scene.contactSim(); }
  CollisionAdvance& collisions() { return dynamic_cast<CollisionAdvance&>(*advance); }
  void runTo(double t) {
    while (scene.sim->time() < t - 1e-9) advance->advance(scene.settings.timeStep);
  }
};

Pile pile(bool warm) {
  Pile p{loadSceneFile(std::filesystem::path(CONTACTLAB_SCENES_DIR) / "pile_10.json"), nullptr};
  p.sim().setWarmStart(warm);
  p.advance = p.scene.makeAdvance();
  return p;
}

}  // namespace

TEST_CASE("WarmStart recognises a contact by body pair, mid-point and normal", "[warm]") {
  // Body 3's corner resting on body 1's top edge at (2, 1), normal up out of body 1.
  const RigidBodyCollision before = contact(3, 1, {2, 1.004}, {2, 1}, {0, 1});
  WarmStart memory;
  memory.begin();
  const std::vector<RigidBodyCollision> solved{before, contact(3, 1, {3, 1.004}, {3, 1}, {0, 1})};
  memory.collect(solved, std::vector<double>{2.5, 0.0});  // only the first carried force
  memory.commit();
  REQUIRE(memory.carriers().size() == 1);
  CHECK(memory.carriers()[0].low == 1);
  CHECK(memory.carriers()[0].high == 3);

  const double tol = 0.01;
  const std::vector<RigidBodyCollision> now{
      contact(3, 1, {2.003, 1.002}, {2.003, 1}, {0, 1}),  // 0: moved 3 mm: the same contact
      // 1: the same gap seen the other way round (body 1's corner on body 3's edge): the
      //    normal is out of body 3, i.e. down, and the mid-point is the same.
      contact(1, 3, {2, 1}, {2, 1.004}, {0, -1}),
      contact(3, 1, {2.02, 1.002}, {2.02, 1}, {0, 1}),  // 2: 2 cm away: another contact
      contact(3, 2, {2, 1.004}, {2, 1}, {0, 1}),        // 3: another pair
      contact(3, 1, {2, 1.004}, {2, 1}, {1, 0}),        // 4: normal turned 90 degrees
      contact(3, 1, {3, 1.004}, {3, 1}, {0, 1})};       // 5: carried no force before
  CHECK(memory.guess(now, tol) == std::vector<int>{0, 1});

  // begin() drops what an unfinished evaluate collected; commit() replaces the memory.
  memory.begin();
  memory.collect(now, std::vector<double>(now.size(), 1.0));
  memory.begin();
  memory.commit();
  CHECK(memory.carriers().empty());
  CHECK(memory.guess(now, tol).empty());
}

TEST_CASE(
    "pile_10 with the warm start: the same run as cold to rounding, a fraction of the "
    "pivots",
    "[warm][collisions]") {
  Pile cold = pile(false), warm = pile(true);
  // The same collisions, and the same state to far below the contact tolerance: the warm
  // start changes only rounding (a = A f + b is unique; forces differ at most where
  // contacts are redundant, without changing any body's acceleration), and it advances the
  // generator as the cold sequence does when that defers no contact (compute_forces.h).
  // Through the 157 collisions of the first 2.9 s; then a cold solve defers a contact, the
  // generator's streams part, and with them the order of the serial collision handling
  // (a different run, which differs by the size of a block).
  cold.runTo(2.9);
  warm.runTo(2.9);
  CHECK(warm.collisions().counters().collisions == cold.collisions().counters().collisions);
  CHECK(warm.collisions().counters().backups == cold.collisions().counters().backups);
  double worst = 0;
  for (std::size_t i = 0; i < warm.sim().vars().size(); ++i)
    worst = std::max(worst, std::abs(warm.sim().vars()[i] - cold.sim().vars()[i]));
  CHECK(worst < 1e-6 * warm.sim().distanceTol());
  CHECK(std::abs(warm.sim().energy().total() - cold.sim().energy().total()) < 1e-9);

  cold.runTo(10);
  warm.runTo(10);
  // The resting pile: from t = 10 every warm solve is the guess alone, with no pivot.
  const ContactSim::SolveTotals before = warm.sim().solveTotals();
  warm.runTo(12);
  cold.runTo(12);
  const ContactSim::SolveTotals& after = warm.sim().solveTotals();
  CHECK(after.solves - before.solves == 160);  // 80 modified-Euler steps of 2 evaluates, one subset
  CHECK(after.warmStarts - before.warmStarts == after.solves - before.solves);
  CHECK(after.pivots == before.pivots);
  CHECK(cold.sim().solveTotals().warmStarts == 0);
  // Over the whole run most solves start warm, and the cold run pivots several times more.
  CHECK(after.warmStarts + after.warmPartials >= after.solves / 2);
  CHECK(after.pivots * 4 < cold.sim().solveTotals().pivots);
}

TEST_CASE("The warm-start memory is part of the state: a copy with it repeats the run", "[warm]") {
  Pile a = pile(true);
  a.runTo(3);
  // A copy of the simulation carries the memory; stepping both (each with a fresh
  // CollisionAdvance, as the workbench's replay does) gives the same bits.
  Pile b{Scene{a.scene.title, a.scene.description, a.scene.settings, a.scene.doc,
               a.scene.sim->clone()},
         nullptr};
  a.advance = a.scene.makeAdvance();
  b.advance = b.scene.makeAdvance();
  REQUIRE(b.sim().warmStartMemory() == a.sim().warmStartMemory());
  a.runTo(4);
  b.runTo(4);
  REQUIRE(a.sim().vars().size() == b.sim().vars().size());
  CHECK(std::memcmp(a.sim().vars().data(), b.sim().vars().data(),
                    sizeof(double) * a.sim().vars().size()) == 0);
}

TEST_CASE("The friction warm start's held marks are part of the saved state", "[warm]") {
  // With friction_compliance ContactSim holds a sliding problem static at once where the
  // remembered carriers say their solve was held static, and sends a problem to the
  // compliant solve first where it was held static and compliant: a run split at a saved
  // state goes on with the same bits only when the state file carries those marks.
  Pile p = pile(true);
  p.runTo(3);
  nlohmann::ordered_json j = stateJson(*p.scene.sim, 120);
  REQUIRE(j["warm_start"].size() >= 3);
  for (const char* mark : {"held_static", "held_compliant"})  // written only where set
    CHECK_FALSE(j["warm_start"][0].contains(mark));
  j["warm_start"][1]["force"] = 4.5;
  j["warm_start"][1]["friction"] = -1.25;
  j["warm_start"][1]["held_compliant"] = true;  // as a version 5 state wrote it: held static
  j["warm_start"][2]["held_static"] = true;
  const SavedState saved = parseStateJson(j.dump(), "edited.json");
  REQUIRE(saved.warmStart);
  int compliant = 0, held = 0;
  for (const WarmStart::Carrier& c : saved.warmStart->carriers()) {
    held += c.heldStatic;
    if (c.heldCompliant) {
      ++compliant;
      CHECK(c.heldStatic);
      CHECK(c.force == 4.5);
      CHECK(c.friction == -1.25);
    }
  }
  CHECK(compliant == 1);
  CHECK(held == 2);
  // Put into the simulation and written again: the same memory, mark and all.
  restoreSavedState(*p.scene.sim, saved, "edited.json");
  CHECK(p.sim().warmStartMemory() == *saved.warmStart);
  const SavedState again = parseStateJson(stateJson(*p.scene.sim, 120).dump(), "again.json");
  CHECK(*again.warmStart == *saved.warmStart);
  // A mark that is not a boolean is refused, with its place.
  j["warm_start"][1]["held_compliant"] = "yes";
  CHECK_THROWS_WITH(parseStateJson(j.dump(), "bad.json"),
                    Catch::Contains("bad.json") && Catch::Contains("/warm_start/1/held_compliant"));
  j["warm_start"][1]["held_compliant"] = true;
  j["warm_start"][2]["held_static"] = 1;
  CHECK_THROWS_WITH(parseStateJson(j.dump(), "bad.json"),
                    Catch::Contains("bad.json") && Catch::Contains("/warm_start/2/held_static"));
}
