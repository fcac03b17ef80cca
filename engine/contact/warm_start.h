#pragma once
// WarmStart: ContactSim's memory of which contacts carried force, to guess the set C of
// the next contact-force solve (ComputeForces::solve with a guess).
//
// Between two evaluates of a simulation near rest (the stages of one Runge-Kutta step, or
// consecutive steps) the contacts are nearly the same, but contact detection may number
// them differently and may even describe one contact by another record (a corner on an
// edge of the other body, or the other body's corner on this one's edge). So a contact is
// recognised by what does not change: the unordered pair of bodies, the mid-point of its
// two impact points, and the normal oriented from the lower body index to the higher. A
// contact of the new solve is guessed in C when a remembered force carrier of the same pair
// lies within the match distance with a normal within about 25 degrees. The guess is only
// a guess: ComputeForces verifies it and solves cold when it fails, so a wrong match costs
// time, never correctness.
#include <span>
#include <vector>

#include "engine/collision/rigid_body_collision.h"

namespace cl {

class WarmStart {
 public:
  struct Carrier {
    int low = 0, high = 0;  // body indices, low < high (the Scrim, -1, is lowest)
    Vec2 point;             // mid-point of the impact points, world
    Vec2 normal;            // unit, oriented out of `low`
    // The friction solve's forces (collected with frictions; else 0): the normal force and
    // the friction force along the record's tangent (+f_F t on its primary body, which is
    // the same number whichever body the record names primary).
    double force = 0, friction = 0;
    // The friction solve that collected it had no sliding solution and held its sliding
    // contacts static (heldStatic), and ended compliant (heldCompliant, FrictionResult::
    // compliant): with friction_compliance the next solve of the same contacts goes straight
    // to that (ContactSim::solveWithFriction).
    bool heldStatic = false;
    bool heldCompliant = false;
    bool operator==(const Carrier&) const = default;
  };

  // Forgets every carrier.
  void clear() {
    mCarriers.clear();
    mPending.clear();
  }
  // Collects the contacts of one solve with force > 0 (with `frictions`, their normal and
  // friction forces too: the friction warm start's guess, and whether that solve was held
  // static, and compliant); commit() makes everything collected
  // since begin() the memory that guess() reads (so the subsets of one evaluate all guess
  // from the previous evaluate, not from each other). begin() drops what an evaluate that
  // failed half-way collected.
  void begin() { mPending.clear(); }
  void collect(std::span<const RigidBodyCollision> contacts, std::span<const double> forces,
               std::span<const double> frictions = {}, bool heldStatic = false,
               bool compliant = false);
  void commit();
  // The memory made of `carriers` (carriers() of another memory, read back from a saved
  // state): the same memory, in the same order.
  void restore(std::vector<Carrier> carriers) {
    mPending = std::move(carriers);
    commit();
  }
  // Indices into `contacts` guessed to carry force (ascending).
  std::vector<int> guess(std::span<const RigidBodyCollision> contacts, double matchDistance) const;
  // For each of `contacts`, the remembered carrier nearest to it that matches it (null when
  // none does), by the same test as guess().
  std::vector<const Carrier*> match(std::span<const RigidBodyCollision> contacts,
                                    double matchDistance) const;

  const std::vector<Carrier>& carriers() const { return mCarriers; }
  bool operator==(const WarmStart&) const = default;

  static Carrier carrierOf(const RigidBodyCollision& c);

 private:
  std::vector<Carrier> mCarriers;  // sorted by (low, high)
  std::vector<Carrier> mPending;
};

}  // namespace cl
