#pragma once
// The parts of the module contactlab._core, one file each, and what they share: the
// exceptions' Python types, and names of the engine's enums taken from Python strings.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <string>

#include "engine/math/named_enum.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene.h"

namespace cl::python {

namespace py = pybind11;

// contactlab.Error and its subclasses (errors.cpp), with the translation of the engine's
// exceptions into them; every other binding may throw the engine's exceptions freely.
void bindErrors(py::module_& m);
void bindScene(py::module_& m);
void bindSimulation(py::module_& m);
void bindTrace(py::module_& m);
void bindLcp(py::module_& m);

// `settings` with those of a dict {key: value} changed as `run --set key=value` changes them
// (None: unchanged); ValueError for an unknown key, a bad value or settings in conflict.
SimSettings settingsWith(SimSettings settings, const py::handle& given);
// A scene from a path or a dict in the scene format, with `settings` changed (SceneError,
// ValueError, TypeError).
std::shared_ptr<Scene> sceneFrom(const py::handle& source, const py::handle& settings);

// The elements of `items` (a vector member of the object `self` holds) as Python objects that
// refer into it and keep `self` alive, so that a pile step's thousands of solves are not
// copied to be listed.
template <typename T>
py::list listOf(const py::object& self, const std::vector<T>& items) {
  py::list out;
  for (const T& item : items)
    out.append(py::cast(&item, py::return_value_policy::reference_internal, self));
  return out;
}

// The bodies' names in the simulation's order: the rows of bodyStates.
std::vector<std::string> bodyNames(const RigidBodySim& sim);
// Body states (RigidBodySim::vars, a waypoint's vars) as a new array of one row per body,
// columns x, vx, y, vy, angle, omega.
py::array_t<double> bodyStates(const std::vector<double>& vars);

// Raises contactlab.SimulationError for a failed step of a run at `time`, `steps` steps in
// (the last good step), with the failure's partial trace.
[[noreturn]] void throwStepFailure(const StepFailure& e, double time, long long steps);

// The value of enum E named `name` (any case, '-' for '_', as the CLI takes it); a
// ValueError naming `what` and every name it takes otherwise.
template <typename E>
E enumNamed(const std::string& name, const char* what) {
  if (const auto value = fromLooseName<E>(name)) return *value;
  throw py::value_error("unknown " + std::string(what) + " '" + name + "' (one of " +
                        nameList<E>() + ")");
}

}  // namespace cl::python
