// contactlab.Simulation, its step statistics and energies. Steps run with the GIL released;
// a long run_to takes the GIL back between steps only to report progress and to let Ctrl-C
// (KeyboardInterrupt) stop it at a step's end.
#include <fmt/format.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <chrono>
#include <optional>

#include "bindings.h"
#include "engine/dynamics/state_hash.h"
#include "engine/io/atomic_file.h"
#include "engine/io/text_file.h"
#include "engine/parallel/worker_pool.h"
#include "engine/run/state_json.h"
#include "simulation.h"

namespace cl::python {

namespace {

// Simulation as Python holds it: the run and the scene object it was made from.
struct PySimulation {
  std::shared_ptr<Scene> scene;
  std::unique_ptr<Simulation> run;
};

StepTracing tracingOf(const py::handle& trace) {
  if (py::isinstance<py::str>(trace)) {
    const auto name = trace.cast<std::string>();
    if (name == "all") return StepTracing::kAll;
    if (name == "waypoints") return StepTracing::kWaypoints;
    if (name == "off") return StepTracing::kOff;
    throw py::value_error("trace must be True, False, 'all', 'waypoints' or 'off', got '" + name +
                          "'");
  }
  return trace.cast<bool>() ? StepTracing::kAll : StepTracing::kOff;
}

py::dict summaryOf(const Simulation& s) {
  const RigidBodySim& sim = s.sim();
  const EnergyInfo e = sim.energy();
  const ContactSim::SolveTotals& t = s.solveTotals();
  const CollisionCounters& c = s.state().counters;
  py::dict d;
  d["time"] = sim.time();
  d["steps"] = s.steps();
  d["energy_start"] = s.energyAtStart().total();
  d["energy"] = e.total();
  d["kinetic"] = e.kinetic();
  d["potential"] = e.potential;
  d["friction_loss"] = e.frictionLoss;
  d["state_hash"] = fmt::format("{:016x}", stateHash(sim));
  d["contacts"] = s.lastStats() ? s.lastStats()->contacts : 0;
  d["solves"] = t.solves;
  d["pivots"] = t.pivots;
  d["max_violation"] = t.maxViolation;
  d["collisions"] = c.collisions;
  d["backups"] = c.backups;
  d["min_distance"] = s.minDistance();
  return d;
}

}  // namespace

void bindSimulation(py::module_& m) {
  py::class_<EnergyInfo>(m, "Energy", "Energies of the bodies (J).")
      .def_readonly("translational", &EnergyInfo::translational)
      .def_readonly("rotational", &EnergyInfo::rotational)
      .def_readonly("potential", &EnergyInfo::potential)
      .def_readonly("friction_loss", &EnergyInfo::frictionLoss,
                    "Energy friction has taken since the run began.")
      .def_property_readonly("kinetic", &EnergyInfo::kinetic)
      .def_property_readonly("total", &EnergyInfo::total)
      .def("__repr__", [](const EnergyInfo& e) {
        return fmt::format("<Energy kinetic {:.9g} potential {:.9g} total {:.9g}>", e.kinetic(),
                           e.potential, e.total());
      });

  py::class_<ContactSim::SolveTotals>(m, "SolveTotals",
                                      "The contact-force solves of a step or a run.")
      .def_readonly("solves", &ContactSim::SolveTotals::solves)
      .def_readonly("pivots", &ContactSim::SolveTotals::pivots)
      .def_readonly("max_violation", &ContactSim::SolveTotals::maxViolation)
      .def_readonly("warm_starts", &ContactSim::SolveTotals::warmStarts)
      .def_readonly("warm_partials", &ContactSim::SolveTotals::warmPartials)
      .def_readonly("warm_rejects", &ContactSim::SolveTotals::warmRejects)
      .def_readonly("friction_held", &ContactSim::SolveTotals::frictionHeld)
      .def_readonly("friction_regularized", &ContactSim::SolveTotals::frictionRegularized)
      .def_readonly("friction_by_lemke", &ContactSim::SolveTotals::frictionByLemke)
      .def_readonly("friction_compliant", &ContactSim::SolveTotals::frictionCompliant)
      .def_readonly("compliant_violation", &ContactSim::SolveTotals::compliantViolation)
      .def_readonly("friction_compliant_first", &ContactSim::SolveTotals::frictionCompliantFirst)
      .def_readonly("friction_held_at_once", &ContactSim::SolveTotals::frictionHeldAtOnce);

  py::class_<StepStats>(m, "StepStats", "One number of each kind about a step.")
      .def_readonly("time", &StepStats::time)
      .def_readonly("energy", &StepStats::energy)
      .def_readonly("contacts", &StepStats::contacts)
      .def_readonly("solves", &StepStats::solves)
      .def_readonly("min_distance", &StepStats::minDistance)
      .def_readonly("max_joint_gap", &StepStats::maxJointGap)
      .def_readonly("contact_force", &StepStats::contactForce)
      .def_readonly("backups", &StepStats::backups)
      .def_readonly("collisions", &StepStats::collisions)
      .def_readonly("binary_steps", &StepStats::binarySteps)
      .def_readonly("stuck", &StepStats::stuck)
      .def_readonly("iterations", &StepStats::iterations)
      .def_property_readonly(
          "time_step_status",
          [](const StepStats& s) { return timeStepStatusName(s.timeStepStatus); })
      .def_readonly("wall_seconds", &StepStats::wallSeconds)
      .def_readonly("step_size", &StepStats::stepSize);

  py::class_<StepRun>(m, "Step", "A step taken: its statistics and, when traced, its trace.")
      .def_readonly("stats", &StepRun::stats)
      .def_property_readonly("trace", [](const StepRun& r) {
        return r.trace ? py::cast(std::const_pointer_cast<StepTrace>(r.trace)) : py::none();
      });

  py::class_<PySimulation>(
      m, "Simulation",
      "A scene run headless, step by step, as `contactlab-cli run` runs it: the same scene and "
      "settings give the same bits.")
      .def(py::init([](const py::object& scene, const py::object& settings) {
             std::shared_ptr<Scene> s = py::isinstance<Scene>(scene)
                                            ? scene.cast<std::shared_ptr<Scene>>()
                                            : sceneFrom(scene, py::none());
             if (!settings.is_none()) {
               const SimSettings wanted = settingsWith(s->settings, settings);
               if (wanted != s->settings) s = std::make_shared<Scene>(rebuildScene(*s, wanted));
             }
             auto run = std::make_unique<Simulation>(s->doc, s->title);
             return PySimulation{std::move(s), std::move(run)};
           }),
           py::arg("scene"), py::arg("settings") = py::none(),
           "scene: a Scene, a scene file's path or a dict in the scene format; settings: "
           "{key: value} changed as `run --set` changes them.")
      .def_property_readonly(
          "scene", [](const PySimulation& p) { return p.scene; }, "The scene it runs.")
      .def_property_readonly(
          "time", [](const PySimulation& p) { return p.run->sim().time(); }, "Simulated time (s).")
      .def_property_readonly(
          "steps", [](const PySimulation& p) { return p.run->steps(); },
          "Steps taken (from a loaded state's count on).")
      .def_property_readonly("time_step",
                             [](const PySimulation& p) { return p.run->advance().timeStep(); })
      .def_property_readonly("body_names",
                             [](const PySimulation& p) { return bodyNames(p.run->sim()); })
      .def_property_readonly(
          "state", [](const PySimulation& p) { return bodyStates(p.run->sim().vars()); },
          "A copy of the state: one row per body, columns x, vx, y, vy, angle, omega.")
      .def_property_readonly("energy", [](const PySimulation& p) { return p.run->sim().energy(); })
      .def_property_readonly("energy_start",
                             [](const PySimulation& p) { return p.run->energyAtStart(); })
      .def_property_readonly(
          "state_hash", [](const PySimulation& p) { return stateHash(p.run->sim()); },
          "FNV-1a 64 of the state's bits (the benchmarks' 'final state hash').")
      .def_property_readonly(
          "solve_totals", [](const PySimulation& p) { return p.run->solveTotals(); },
          "The contact-force solves of the run so far.")
      .def_property_readonly(
          "last_stats",
          [](const PySimulation& p) -> std::optional<StepStats> {
            if (const StepStats* s = p.run->lastStats()) return *s;
            return std::nullopt;
          },
          "The last step's statistics (None before the first).")
      .def(
          "summary", [](const PySimulation& p) { return summaryOf(*p.run); },
          "The run so far in plain numbers: time, steps, energies, state_hash (hex), contacts, "
          "solves, pivots, max_violation, collisions, backups, min_distance.")
      .def(
          "step",
          [](PySimulation& p, const py::object& trace) {
            const StepTracing tracing = tracingOf(trace);
            try {
              py::gil_scoped_release release;
              return p.run->step(tracing);
            } catch (const StepFailure& e) {
              throwStepFailure(e, p.run->sim().time(), p.run->steps());
            }
          },
          py::arg("trace") = false,
          "Takes one time step. trace: False, True (every solve with its pivots and every "
          "waypoint), or 'waypoints'. Raises SimulationError (the simulation stays at its last "
          "good step).")
      .def(
          "run_to",
          [](PySimulation& p, double until, const py::object& progress) {
            // Back in Python between steps: progress, and Ctrl-C, at most every 50 ms.
            using Clock = std::chrono::steady_clock;
            auto last = Clock::now();
            const auto between = [&](double time) {
              if (Clock::now() - last < std::chrono::milliseconds(50)) return true;
              last = Clock::now();
              py::gil_scoped_acquire acquire;
              if (PyErr_CheckSignals() != 0) throw py::error_already_set();
              if (progress.is_none()) return true;
              const py::object answer = progress(time, until);
              return answer.is_none() || answer.cast<bool>();
            };
            try {
              py::gil_scoped_release release;
              return p.run->runTo(until, between);
            } catch (const std::invalid_argument& e) {
              throw py::value_error(e.what());
            } catch (const StepFailure& e) {
              throwStepFailure(e, p.run->sim().time(), p.run->steps());
            }
          },
          py::arg("until"), py::arg("progress") = py::none(),
          "Runs whole steps to time `until` as `run --until` does (a shorter last step only off "
          "the step grid). progress(time, until), when given, is called at most every 50 ms; "
          "returning False stops the run there. Returns the steps taken.")
      .def(
          "state_json", [](const PySimulation& p) { return p.run->stateJsonText(); },
          "The state file `run --final-state` writes (format contactlab-state).")
      .def(
          "save_state",
          [](const PySimulation& p, const std::filesystem::path& path) {
            writeFileAtomically(path, p.run->stateJsonText() + "\n");
          },
          py::arg("path"))
      .def(
          "load_state",
          [](PySimulation& p, const std::filesystem::path& path) {
            std::string text;
            try {
              text = readTextFile(path);
            } catch (const FileReadError& e) {
              throw StateFileError(path.string() + ": " + e.what());
            }
            p.run->restoreStateJson(text, path.string());
          },
          py::arg("path"),
          "Goes on from a saved state, as `run --initial-state` does: the same bits as a run "
          "that went through. Raises StateFileError.")
      .def(
          "load_state_json",
          [](PySimulation& p, const std::string& text) {
            p.run->restoreStateJson(text, "<state json>");
          },
          py::arg("text"))
      .def(
          "record",
          [](py::object self, const std::filesystem::path& path) {
            self.cast<PySimulation&>().run->openRecording(path);
            return self;
          },
          py::arg("path"),
          "Records every step from now on to a .clrun file (`run --record`), written whole by "
          "close_recording() or at the end of a `with sim.record(path):` block.")
      .def(
          "close_recording", [](PySimulation& p, bool commit) { p.run->closeRecording(commit); },
          py::arg("commit") = true,
          "Writes the recording (commit=True) or drops it, leaving no file.")
      .def_property_readonly("recording", [](const PySimulation& p) { return p.run->recording(); })
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__",
           [](PySimulation& p, const py::object&, const py::object&, const py::object&) {
             // Committed after a failure too: the steps that lead to it are what it is for.
             p.run->closeRecording(true);
             return false;
           });

  m.def(
      "set_threads",
      [](int threads) {
        if (threads < 1 || threads > 256)
          throw py::value_error("threads must be 1 to 256, got " + std::to_string(threads));
        WorkerPool::shared().setThreads(threads);
      },
      py::arg("threads"),
      "Threads the contact search of every simulation in this process uses (`run --threads`).");
}

}  // namespace cl::python
