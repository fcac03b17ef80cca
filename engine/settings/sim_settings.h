#pragma once
// The simulation settings, listed once. CL_SIM_SETTINGS below is the one list (an X-macro,
// as MuJoCo lists its options in mjxmacro.h); everything about a setting is expanded from
// its line:
//   - SimSettings (the values, defaults included) and SettingsDoc (what a scene file gives),
//   - kSettingInfos (key, label, help, range, version, live or restart) for messages, docs,
//     the CLI's --set and the workbench's controls,
//   - forEachSetting, which hands each setting's info and members to generic code: the scene
//     reader and writer, validate, rebuildScene's record of what changed,
//   - applySettings / readSettings, which move values to and from a running simulation.
// A new setting is one line here (plus, when it controls something new, its setter and
// getter on the class that holds it).
//
// The columns of X(...):
//   type, member, default value,
//   holder: where a running simulation keeps it: Contact (ContactSim: getter(), setter(v)),
//           Advance (AdvanceStrategy: getter(), setter(v)), Build (used only when the scene
//           is built: a change applies on restart);
//   getter, setter (of the holder; unused for Build),
//   JSON key, label, the scene format version that introduced it,
//   check (what a file's value must satisfy), control (the workbench control's range and
//   step: numbers step by `step`, or by factors of ten when step is 0), help.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/contact/contact_sim.h"
#include "engine/dynamics/advance_kind.h"
#include "engine/dynamics/advance_strategy.h"

namespace cl {

// The version that introduced the resting-contact settings (distance_tol, ...).
inline constexpr int kContactSettingsVersion = 2;
// The version that introduced connectors and the collision settings (collision_handling,
// collision_accuracy, joint_small_impacts).
inline constexpr int kCollisionSettingsVersion = 3;
// The version that introduced the friction solve's settings (friction_warm_start).
inline constexpr int kFrictionSettingsVersion = 4;
// The version that introduced friction_compliance.
inline constexpr int kFrictionComplianceVersion = 5;

// What a value read from a file must satisfy (every number must also be finite).
enum class SettingCheck {
  kNone,
  kPositive,          // > 0
  kOpenUnitInterval,  // in (0, 1]
  kTimeStep,          // in [kMinTimeStep, kMaxTimeStep]
};

// The time steps a run may take, wherever it starts (a scene, --dt, --set, a recording's
// edit or record): below, a second takes more than a billion steps; above (a day), a step
// is no step of a simulation.
inline constexpr double kMinTimeStep = 1e-9, kMaxTimeStep = 1e5;

// The workbench control of a number: its range, and the step of its arrows (0: by factors
// of ten, for tolerances that span decades).
struct SettingControl {
  double low = 0;
  double high = 0;
  double step = 0;
};
constexpr SettingControl control(double low = 0, double high = 0, double step = 0) {
  return {low, high, step};
}

#define CL_SIM_SETTINGS(X)                                                                         \
  X(double, timeStep, kDefaultTimeStep, Advance, timeStep, setTimeStep, "time_step", "Time step",  \
    1, SettingCheck::kTimeStep, control(1e-5, 1.0, 0.005), "Time step of the advance (s).")        \
  X(IntegratorKind, integrator, IntegratorKind::kRungeKutta, Advance, integratorKind,              \
    setIntegrator, "integrator", "Integrator", 1, SettingCheck::kNone, control(),                  \
    "ODE integrator.")                                                                             \
  X(AdvanceKind, advance, AdvanceKind::kCollisionAdvance, Build, advance, setAdvance, "advance",   \
    "Advance", kCollisionSettingsVersion, SettingCheck::kNone, control(),                          \
    "How the simulation advances in time: collision_advance (engine2D: contact forces, "           \
    "impulses after backing up in time), or a time stepper of Hotz et al.: newton_release, "       \
    "fischer_burmeister, lcp_fixpoint (one Euler step per time step, inelastic).")                 \
  X(EngineMode, engineMode, EngineMode::kContact, Contact, engineMode, setEngineMode, "engine",    \
    "Engine", kCollisionSettingsVersion, SettingCheck::kNone, control(),                           \
    "Which of engine2D's engines: contact (ContactSim: contact forces and collisions), impulse "   \
    "(ImpulseSim: collisions only, so resting bodies get stuck) or rigid_body (RigidBodySim: "     \
    "no collisions or contacts, bodies pass through each other).")                                 \
  X(std::uint32_t, seed, 0, Build, seed, setSeed, "seed", "Seed", 1, SettingCheck::kNone,          \
    control(0, 2147483647, 1),                                                                     \
    "Seed of the simulation's random generator (contact order, serial collisions, random "         \
    "polygons).")                                                                                  \
  X(double, distanceTol, ContactTolerances{}.distanceTol, Contact, distanceTol, setDistanceTol,    \
    "distance_tol", "Distance tol", kContactSettingsVersion, SettingCheck::kPositive,              \
    control(1e-6, 1.0), "Contact distance tolerance: bodies closer than this are touching.")       \
  X(double, velocityTol, ContactTolerances{}.velocityTol, Contact, velocityTol, setVelocityTol,    \
    "velocity_tol", "Velocity tol", kContactSettingsVersion, SettingCheck::kPositive,              \
    control(1e-6, 100.0), "Contact velocity tolerance: slower than this is not colliding.")        \
  X(ExtraAccel, extraAccel, kDefaultExtraAccel, Contact, extraAccel, setExtraAccel, "extra_accel", \
    "Extra acceleration", kContactSettingsVersion, SettingCheck::kNone, control(),                 \
    "ExtraAccel: the extra acceleration that settles resting contacts at the target gap.")         \
  X(double, extraAccelTimeStep, kDefaultExtraAccelTimeStep, Contact, extraAccelTimeStep,           \
    setExtraAccelTimeStep, "extra_accel_time_step", "ExtraAccel h", kContactSettingsVersion,       \
    SettingCheck::kPositive, control(0.001, 1.0, 0.005), "The h of the ExtraAccel formulas (s).")  \
  X(NextContactPolicy, contactPolicy, ComputeForcesOptions{}.policy, Contact, contactPolicy,       \
    setContactPolicy, "contact_policy", "Contact policy", kContactSettingsVersion,                 \
    SettingCheck::kNone, control(),                                                                \
    "NextContactPolicy: the order in which ComputeForces treats contacts.")                        \
  X(double, solverTolerance, ComputeForcesOptions{}.tolerance, Contact, solverTolerance,           \
    setSolverTolerance, "solver_tolerance", "Solver tol", kContactSettingsVersion,                 \
    SettingCheck::kPositive, control(1e-16, 1e-2),                                                 \
    "ComputeForces' tolerance on unwanted accelerations, relative to max |b|.")                    \
  X(bool, warmStart, true, Contact, warmStart, setWarmStart, "warm_start", "Warm start",           \
    kContactSettingsVersion, SettingCheck::kNone, control(),                                       \
    "Each contact-force solve first tries the contacts that carried force in the previous "        \
    "evaluation as ComputeForces' set C: the same forces to rounding, in fewer pivots. Off, "      \
    "every solve pivots from C = {} (the cold sequence).")                                         \
  X(bool, frictionWarmStart, false, Contact, frictionWarmStart, setFrictionWarmStart,              \
    "friction_warm_start", "Friction warm start", kFrictionSettingsVersion, SettingCheck::kNone,   \
    control(),                                                                                     \
    "Each friction solve starts from the forces of the previous evaluation: their contacts "       \
    "held, frictions sticking or at the cone's edge as they were, solved nearest to those "        \
    "forces and corrected for a few rounds; kept when Coulomb's conditions hold, else pivoted "    \
    "from no sets (with a shorter pivot budget before the fallbacks). A resting pile costs one "   \
    "solve instead of hundreds of pivots. Off (the default), every friction solve pivots from "    \
    "no sets, as in earlier versions, to the bit.")                                                \
  X(bool, frictionCompliance, false, Contact, frictionCompliance, setFrictionCompliance,           \
    "friction_compliance", "Friction compliance", kFrictionComplianceVersion, SettingCheck::kNone, \
    control(),                                                                                     \
    "Where no exact solve solves a friction problem without sliding contacts (the pivoting, "      \
    "Lemke, the regularized pivoting: large degenerate piles), solve it with a contact "           \
    "compliance of 1e-8 (then 1e-6) times the largest diagonal entry of A, as ODE's constraint "   \
    "force mixing, and go on: its forces meet Coulomb's conditions only to the compliance's "      \
    "error, counted and shown as compliant solves with their worst violation. With the friction "  \
    "warm start, the regularized pivoting then tries 1e-12 only, and a problem whose guessed "     \
    "forces look compliant (their sets hold but fail the exact check) and fail the cold "          \
    "pivoting is solved compliant from them before Lemke. Off (the default), such a problem "      \
    "stops the run.")                                                                              \
  X(LcpSolverKind, contactSolver, LcpSolverKind::kComputeForces, Contact, contactSolver,           \
    setContactSolver, "contact_solver", "Contact solver", kCollisionSettingsVersion,               \
    SettingCheck::kNone, control(),                                                                \
    "The LCP solver of contact forces and collision impulses: compute_forces (Baraff's "           \
    "pivoting), lemke, pgs, fb_newton or newton_release. A solve whose result fails the "          \
    "acceptance check stops the run with the solver's status.")                                    \
  X(CollisionHandling, collisionHandling, kDefaultCollisionHandling, Contact, collisionHandling,   \
    setCollisionHandling, "collision_handling", "Collision handling", kCollisionSettingsVersion,   \
    SettingCheck::kNone, control(), "How simultaneous collisions are resolved.")                   \
  X(double, collisionAccuracy, kDefaultCollisionAccuracy, Contact, collisionAccuracy,              \
    setCollisionAccuracy, "collision_accuracy", "Coll. accuracy", kCollisionSettingsVersion,       \
    SettingCheck::kOpenUnitInterval, control(0.01, 1.0, 0.05),                                     \
    "Collision accuracy in (0, 1]: how close to the target gap CollisionAdvance backs up.")        \
  X(bool, jointSmallImpacts, false, Contact, jointSmallImpacts, setJointSmallImpacts,              \
    "joint_small_impacts", "Joint small impacts", kCollisionSettingsVersion, SettingCheck::kNone,  \
    control(),                                                                                     \
    "Resolve small velocity errors at joints with impulses after a step without "                  \
    "collisions.")

// Every setting's value.
struct SimSettings {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  type member = def;
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
  bool operator==(const SimSettings&) const = default;
};

// The settings a scene file gives; what it leaves out stays empty, so that saving writes
// back exactly what was read.
struct SettingsDoc {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  std::optional<type> member;
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
  bool operator==(const SettingsDoc&) const = default;
};

// Where a running simulation keeps a setting: ContactSim, the advance strategy, or only the
// scene's build (the seed), so that a change applies on restart.
enum class SettingHolder { kContact, kAdvance, kBuild };
// When a change to a running simulation takes effect.
enum class SettingApply { kLive, kRestart };

struct SettingInfo {
  std::string_view key;    // JSON key in a scene's "settings"
  std::string_view name;   // the SimSettings member, also the workbench control's objectName
  std::string_view label;  // short, for controls and tables
  std::string_view help;   // a sentence, for tooltips and --help
  int since = 1;           // the scene format version that introduced it
  SettingHolder holder = SettingHolder::kContact;
  SettingApply apply = SettingApply::kLive;
  SettingCheck check = SettingCheck::kNone;
  SettingControl control;
};

inline constexpr SettingInfo kSettingInfos[] = {
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  {key,                                                                                      \
   #member,                                                                                  \
   label,                                                                                    \
   help,                                                                                     \
   since,                                                                                    \
   SettingHolder::k##holder,                                                                 \
   SettingHolder::k##holder == SettingHolder::kBuild ? SettingApply::kRestart                \
                                                     : SettingApply::kLive,                  \
   check,                                                                                    \
   ctl},
    CL_SIM_SETTINGS(CL_X)
#undef CL_X
};

// Calls f(info, &SimSettings::member, &SettingsDoc::member) for every setting, in the
// order of the list: the member pointers carry each setting's type to generic code.
template <typename F>
void forEachSetting(F&& f) {
  int i = 0;
#define CL_X(type, member, def, holder, getter, setter, key, label, since, check, ctl, help) \
  f(kSettingInfos[i++], &SimSettings::member, &SettingsDoc::member);
  CL_SIM_SETTINGS(CL_X)
#undef CL_X
}

// The setting with JSON key `key`, or null.
const SettingInfo* findSetting(std::string_view key);

// What is wrong with number `v` for setting `info` ("'time_step' must be positive, got 0"),
// or an empty string when it is fine: the one check of scene files, documents made in
// code, the CLI's --set and the workbench.
std::string settingValueProblem(const SettingInfo& info, double v);

// Sets the setting with JSON key `key` from its text as typed on a command line: a
// number, true/false (also on/off, 1/0), or a value's name (case and '-'/'_' ignored).
// Returns what is wrong (an unknown key, a bad value), or an empty string when it is set.
std::string setSettingFromText(SimSettings& settings, std::string_view key, std::string_view text);

// The settings a document gives, with defaults for what it leaves out.
SimSettings settingsOf(const SettingsDoc& doc);
// Why the settings cannot go together, or empty: a time stepper of Hotz et al. finds the
// contact forces itself and needs engine 'contact'. (The scene reader reports it at
// /settings/engine, the CLI's overrides as bad input.)
std::string settingsConflict(const SimSettings& settings);
// The first problem of a whole set of settings: a number settingValueProblem refuses, or
// settingsConflict; empty when none (a recording's settings edits are checked so).
std::string settingsProblem(const SimSettings& settings);
// Replaces the settings that `given` gives.
void overlaySettings(SimSettings& settings, const SettingsDoc& given);
// The settings of `to` that differ from `from`, the others left out.
SettingsDoc settingsChanged(const SimSettings& from, const SimSettings& to);

// Applies the live settings that differ from what the simulation has now: those a
// ContactSim holds (nothing for another RigidBodySim), and the advance strategy's.
// Settings that apply on restart are left alone. Only changed values are set, so that
// applying the same settings twice changes nothing (a warm start's memory survives).
void applySettings(RigidBodySim& sim, const SimSettings& settings);
void applySettings(AdvanceStrategy& advance, const SimSettings& settings);
// The live settings as the simulation and its advance strategy have them; the others
// (and those of a simulation that is not a ContactSim) stay as `settings` has them.
void readSettings(const RigidBodySim& sim, SimSettings& settings);
void readSettings(const AdvanceStrategy& advance, SimSettings& settings);

}  // namespace cl
