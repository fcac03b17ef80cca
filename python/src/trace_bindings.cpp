// contactlab.Trace: what the engine decided during a traced step (step_trace.h) as Python
// objects: every solve with A, b, f, a as numpy arrays (read-only views into the trace, no
// copy), the rows' records, ComputeForces' pivots with the sets C, NC, R after each, the other
// solvers' iterations, and CollisionAdvance's waypoints with the body states at each.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.h"
#include "engine/trace/step_trace.h"

namespace cl::python {

namespace {

// A member vector listed as listOf does: `.def_property_readonly("name", members(&C::m))`.
template <typename C, typename T>
auto members(std::vector<T> C::*member) {
  return [member](const py::object& self) { return listOf(self, self.cast<const C&>().*member); };
}

py::tuple pointOf(const Vec2& v) {
  return py::make_tuple(v.x, v.y);
}

}  // namespace

py::array_t<double> bodyStates(const std::vector<double>& vars) {
  constexpr py::ssize_t kColumns = 6;
  const auto rows = static_cast<py::ssize_t>(vars.size()) / kColumns;
  py::array_t<double> out({rows, kColumns});
  std::copy(vars.begin(), vars.begin() + rows * kColumns, out.mutable_data());
  return out;
}

void bindTrace(py::module_& m) {
  constexpr auto internal = py::return_value_policy::reference_internal;

  py::class_<SolverPivot>(m, "Pivot",
                          "One decision of ComputeForces: d driven to zero, j limiting the step "
                          "f += s delta_f, and the sets after it.")
      .def_readonly("index", &SolverPivot::index)
      .def_readonly("d", &SolverPivot::d)
      .def_readonly("j", &SolverPivot::j)
      .def_readonly("step", &SolverPivot::step)
      .def_readonly("step_taken", &SolverPivot::stepTaken)
      .def_readonly("zero_step", &SolverPivot::zeroStep)
      .def_property_readonly("transition",
                             [](const SolverPivot& p) { return transitionName(p.transition); })
      .def_property_readonly(
          "transition_description",
          [](const SolverPivot& p) { return transitionDescription(p.transition); })
      .def_readonly("C", &SolverPivot::C)
      .def_readonly("NC", &SolverPivot::NC)
      .def_readonly("R", &SolverPivot::R)
      .def_readonly("re_rejects", &SolverPivot::reRejects)
      .def_readonly("CF", &SolverPivot::CF)
      .def_readonly("NC_plus", &SolverPivot::NCplus)
      .def_readonly("NC_minus", &SolverPivot::NCminus)
      .def_readonly("f", &SolverPivot::f, internal)
      .def_readonly("a", &SolverPivot::a, internal)
      .def_readonly("delta_f", &SolverPivot::deltaF, internal)
      .def_readonly("delta_a", &SolverPivot::deltaA, internal);

  py::class_<SolverIteration>(m, "Iteration",
                              "One iteration of Lemke, PGS or a Newton solver (fields a solver "
                              "has no use for stay at their defaults).")
      .def_readonly("index", &SolverIteration::index)
      .def_readonly("residual", &SolverIteration::residual)
      .def_readonly("merit", &SolverIteration::merit)
      .def_readonly("step_length", &SolverIteration::stepLength)
      .def_readonly("gradient_step", &SolverIteration::gradientStep)
      .def_readonly("entering", &SolverIteration::entering)
      .def_readonly("leaving", &SolverIteration::leaving)
      .def_readonly("support_solve", &SolverIteration::supportSolve)
      .def_readonly("active", &SolverIteration::active)
      .def_readonly("f", &SolverIteration::f, internal);

  py::class_<SolveContact>(m, "SolveContact", "The record behind one row of a solve's A.")
      .def_readonly("primary_body", &SolveContact::primaryBody, "Body index, -1 for the Scrim.")
      .def_readonly("normal_body", &SolveContact::normalBody)
      .def_readonly("label", &SolveContact::label)
      .def_property_readonly("kind", [](const SolveContact& c) { return std::string(c.kind); })
      .def_property_readonly("point", [](const SolveContact& c) { return pointOf(c.point); })
      .def_property_readonly("normal", [](const SolveContact& c) { return pointOf(c.normal); })
      .def_readonly("distance", &SolveContact::distance)
      .def_readonly("normal_velocity", &SolveContact::normalVelocity)
      .def_readonly("joint", &SolveContact::joint)
      .def_readonly("connector", &SolveContact::connector);

  py::class_<SolveTrace>(m, "Solve",
                         "One LCP solve of a step: a = A f + b, f >= 0, a >= 0, f.a = 0 at "
                         "contacts (a = 0 at joints), with its result and how it got there.")
      .def_property_readonly(
          "purpose", [](const SolveTrace& t) { return solvePurposeName(t.context.purpose); },
          "contact forces, impulse, or a time stepper's round.")
      .def_property_readonly("time", [](const SolveTrace& t) { return t.context.time; })
      .def_property_readonly("subset", [](const SolveTrace& t) { return t.context.subset; })
      .def_property_readonly(
          "contacts",
          [](const py::object& self) {
            return listOf(self, self.cast<const SolveTrace&>().context.contacts);
          },
          "The rows' records (empty when the solver was called directly).")
      .def_property_readonly("pivots", members(&SolveTrace::pivots))
      .def_property_readonly("iterations", members(&SolveTrace::iterations))
      .def_property_readonly(
          "A", [](const SolveTrace& t) -> const Eigen::MatrixXd& { return t.solve.A; }, internal)
      .def_property_readonly(
          "b", [](const SolveTrace& t) -> const Eigen::VectorXd& { return t.solve.b; }, internal)
      .def_property_readonly(
          "f", [](const SolveTrace& t) -> const Eigen::VectorXd& { return t.solve.f; }, internal)
      .def_property_readonly(
          "a", [](const SolveTrace& t) -> const Eigen::VectorXd& { return t.solve.a; }, internal)
      .def_property_readonly("joint", [](const SolveTrace& t) { return t.solve.joint; })
      .def_property_readonly("status", [](const SolveTrace& t) { return errorName(t.solve.error); })
      .def_property_readonly("reason", [](const SolveTrace& t) { return t.solve.reason; })
      .def_property_readonly("solver", [](const SolveTrace& t) { return nameOf(t.solve.solver); })
      .def_property_readonly("iteration_count",
                             [](const SolveTrace& t) { return t.solve.iterations; })
      .def_property_readonly("pivot_count", [](const SolveTrace& t) { return t.solve.pivots; })
      .def_property_readonly("deferrals", [](const SolveTrace& t) { return t.solve.deferrals; })
      .def_property_readonly(
          "max_violation", [](const SolveTrace& t) { return t.solve.maxComplementarityViolation; })
      .def_property_readonly("warm_started",
                             [](const SolveTrace& t) { return t.solve.warmStarted; })
      .def_property_readonly(
          "friction", [](const SolveTrace& t) { return t.solve.friction(); },
          "A friction solve: A, b, f, a have 2n rows (normals, then "
          "frictions); mu and slide have n.")
      .def_property_readonly("mu", [](const SolveTrace& t) { return t.solve.mu; })
      .def_property_readonly("slide", [](const SolveTrace& t) { return t.solve.slide; })
      .def_property_readonly("by_lemke", [](const SolveTrace& t) { return t.solve.byLemke; })
      .def_property_readonly("regularization",
                             [](const SolveTrace& t) { return t.solve.regularization; });

  py::class_<WaypointCollision>(m, "WaypointCollision", "A collision as a waypoint shows it.")
      .def_readonly("primary_body", &WaypointCollision::primaryBody)
      .def_readonly("normal_body", &WaypointCollision::normalBody)
      .def_property_readonly("kind", [](const WaypointCollision& c) { return std::string(c.kind); })
      .def_property_readonly("impact", [](const WaypointCollision& c) { return pointOf(c.impact); })
      .def_property_readonly("normal", [](const WaypointCollision& c) { return pointOf(c.normal); })
      .def_readonly("distance", &WaypointCollision::distance)
      .def_readonly("normal_velocity", &WaypointCollision::normalVelocity)
      .def_readonly("estimated_time", &WaypointCollision::estimatedTime)
      .def_readonly("detected_time", &WaypointCollision::detectedTime)
      .def_readonly("needs_handling", &WaypointCollision::needsHandling);

  py::class_<Waypoint>(m, "Waypoint",
                       "A decision point of CollisionAdvance (engine2D's WayPoint) with the "
                       "collisions considered and the body states there.")
      .def_property_readonly("point", [](const Waypoint& w) { return wayPointName(w.point); })
      .def_property_readonly("is_backup",
                             [](const Waypoint& w) { return isBackupWaypoint(w.point); })
      .def_readonly("time", &Waypoint::time)
      .def_readonly("step_size", &Waypoint::stepSize)
      .def_readonly("target_time", &Waypoint::targetTime)
      .def_readonly("binary_search", &Waypoint::binarySearch)
      .def_readonly("stuck_count", &Waypoint::stuckCount)
      .def_readonly("next_estimate", &Waypoint::nextEstimate)
      .def_property_readonly("collisions", members(&Waypoint::collisions))
      .def_property_readonly(
          "state", [](const Waypoint& w) { return bodyStates(w.vars); },
          "The body states at this waypoint: one row per body, x, vx, y, vy, angle, omega.");

  py::class_<StepTrace, std::shared_ptr<StepTrace>>(
      m, "Trace", "Everything the engine decided during one traced step.")
      .def_property_readonly("solves", members(&StepTrace::solves))
      .def_property_readonly("waypoints", members(&StepTrace::waypoints))
      .def_property_readonly("bytes", [](const StepTrace& t) { return t.bytes(); });
}

}  // namespace cl::python
