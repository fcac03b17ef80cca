// LCPs from Python: a = A f + b solved by any registered solver (lcp_solver.h) from numpy
// arrays, with the status, reason, residuals and iterations every front end reports; LCP
// files read and written (JSON, CSV, Siconos numerics .dat); and the solvers compared over a
// set of problems with the Dolan-Moré performance profile (solver_comparison.h), as the CLI's
// `solve-lcp` and `compare` do. Solves run with the GIL released.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <chrono>
#include <optional>

#include "bindings.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/lcp_solver.h"
#include "engine/solver/siconos_lcp_file.h"
#include "engine/solver/solver_comparison.h"
#include "engine/trace/solver_trace.h"

namespace cl::python {

namespace {

// A solve's result as Python sees it: the engine's LcpResult, which solver made it (none
// for a result read from a file), and its trace when asked for.
struct Solved {
  LcpResult result;
  std::optional<LcpSolverKind> solver;
  std::vector<SolverPivot> pivots;
  std::vector<SolverIteration> iterations;
  double seconds = 0;
};

// The problem of A, b and the joint flags, with the sizes checked (ValueError).
LcpProblem problemOf(Eigen::MatrixXd A, Eigen::VectorXd b,
                     const std::optional<std::vector<bool>>& joint) {
  LcpProblem p;
  p.A = std::move(A);
  p.b = std::move(b);
  p.joint = joint.value_or(std::vector<bool>(static_cast<std::size_t>(p.b.size()), false));
  if (const std::string why = p.validate(); !why.empty()) throw py::value_error(why);
  return p;
}

std::vector<LcpSolverKind> solversNamed(const py::object& solvers) {
  if (py::isinstance<py::str>(solvers)) {
    const auto name = solvers.cast<std::string>();
    if (name == "all") return allValues<LcpSolverKind>();
    return {enumNamed<LcpSolverKind>(name, "solver")};
  }
  std::vector<LcpSolverKind> out;
  for (const py::handle name : solvers)
    out.push_back(enumNamed<LcpSolverKind>(name.cast<std::string>(), "solver"));
  if (out.empty()) throw py::value_error("solvers: the list is empty");
  return out;
}

py::dict residualsDict(const LcpResiduals& r) {
  py::dict d;
  d["min_contact_accel"] = r.minContactAccel;
  d["min_contact_force"] = r.minContactForce;
  d["max_complementarity"] = r.maxComplementarity;
  d["max_joint_accel"] = r.maxJointAccel;
  d["b_scale"] = r.bScale;
  d["natural_map"] = r.naturalMap;
  d["worst"] = r.worst();
  d["relative"] = r.relative();
  return d;
}

// What a comparison holds: each problem's runs, and the solvers in the order asked.
struct Comparison {
  std::vector<ComparedProblem> problems;
  std::vector<LcpSolverKind> solvers;
};

// The problems of compare_solvers' argument: a folder, or a list of paths and of (name, A, b
// [, joint]) tuples, each read whole before anything is solved (LcpFileError).
std::vector<std::pair<std::string, LcpProblem>> problemsOf(const py::object& given) {
  std::vector<std::pair<std::string, LcpProblem>> out;
  const auto readFile = [&](const std::filesystem::path& path) {
    out.emplace_back(path.filename().string(), readLcpFile(path).problem);
  };
  const py::object pathLike = py::module_::import("os").attr("PathLike");
  if (py::isinstance<py::str>(given) || py::isinstance(given, pathLike)) {
    for (const auto& path : lcpFilesIn(given.cast<std::filesystem::path>())) readFile(path);
    if (out.empty())
      throw LcpFileError("no LCP files (.json, .csv, .dat) in '" +
                         given.cast<std::filesystem::path>().string() + "'");
    return out;
  }
  for (const py::handle item : given) {
    if (py::isinstance<py::str>(item) || py::isinstance(item, pathLike)) {
      readFile(item.cast<std::filesystem::path>());
      continue;
    }
    const auto t = item.cast<py::tuple>();
    if (t.size() != 3 && t.size() != 4)
      throw py::value_error("a problem is a path or a tuple (name, A, b[, joint])");
    out.emplace_back(
        t[0].cast<std::string>(),
        problemOf(t[1].cast<Eigen::MatrixXd>(), t[2].cast<Eigen::VectorXd>(),
                  t.size() == 4 ? t[3].cast<std::optional<std::vector<bool>>>() : std::nullopt));
  }
  if (out.empty()) throw py::value_error("problems: the list is empty");
  return out;
}

}  // namespace

void bindLcp(py::module_& m) {
  py::class_<Solved>(m, "LcpResult", "A solve's result: f, a = A f + b, status and residuals.")
      .def_property_readonly("f", [](const Solved& s) { return s.result.f; })
      .def_property_readonly("a", [](const Solved& s) { return s.result.a; })
      .def_property_readonly(
          "status", [](const Solved& s) { return errorName(s.result.error); },
          "'ok', or why not: 'no-solution', 'iteration-limit', ...")
      .def_property_readonly("ok", [](const Solved& s) { return s.result.ok(); })
      .def_property_readonly("reason", [](const Solved& s) { return s.result.reason; })
      .def_property_readonly("solver",
                             [](const Solved& s) -> std::optional<std::string> {
                               if (!s.solver) return std::nullopt;
                               return nameOf(*s.solver);
                             })
      .def_property_readonly("iterations", [](const Solved& s) { return s.result.iterations; })
      .def_property_readonly("pivots", [](const Solved& s) { return s.result.pivots; })
      .def_property_readonly("deferrals", [](const Solved& s) { return s.result.deferrals; })
      .def_property_readonly(
          "residual", [](const Solved& s) { return s.result.residuals.relative(); },
          "max(-min a, -min f, max |f a|, max |a_joint|) / max |b|.")
      .def_property_readonly(
          "natural_map", [](const Solved& s) { return s.result.residuals.naturalMap; },
          "Siconos' ||f - max(0, f - a)|| / ||b||.")
      .def_property_readonly("residuals",
                             [](const Solved& s) { return residualsDict(s.result.residuals); })
      .def_property_readonly("exact_arithmetic",
                             [](const Solved& s) { return s.result.exactArithmetic; })
      .def_property_readonly("warm_started", [](const Solved& s) { return s.result.warmStarted; })
      .def_property_readonly("order", [](const Solved& s) { return s.result.order; })
      .def_readonly("seconds", &Solved::seconds, "Wall time of the solve.")
      .def_property_readonly(
          "pivot_trace",
          [](const py::object& self) { return listOf(self, self.cast<const Solved&>().pivots); },
          "ComputeForces' decisions (trace=True).")
      .def_property_readonly(
          "iteration_trace",
          [](const py::object& self) {
            return listOf(self, self.cast<const Solved&>().iterations);
          },
          "The other solvers' iterations (trace=True).")
      .def("__repr__", [](const Solved& s) {
        return "<LcpResult " + std::string(errorName(s.result.error)) + ", " +
               std::to_string(s.result.iterations) + " iterations, residual " +
               std::to_string(s.result.residuals.relative()) + ">";
      });

  m.def("solver_names", [] {
    std::vector<std::string> names;
    for (const LcpSolverKind k : allValues<LcpSolverKind>()) names.emplace_back(nameOf(k));
    return names;
  });

  m.def(
      "solve_lcp",
      [](Eigen::MatrixXd A, Eigen::VectorXd b, std::optional<std::vector<bool>> joint,
         const std::string& solver, double tolerance, int maxIterations, const std::string& policy,
         std::vector<int> guess, bool trace) {
        LcpProblem problem = problemOf(std::move(A), std::move(b), joint);
        for (const int g : guess)
          if (g < 0 || g >= problem.size())
            throw py::value_error("guess: " + std::to_string(g) + " is not a row of A (0 to " +
                                  std::to_string(problem.size() - 1) + ")");
        if (!(tolerance > 0) || !std::isfinite(tolerance))
          throw py::value_error("tolerance must be positive and finite");
        if (maxIterations < 0) throw py::value_error("max_iterations must be >= 0");
        LcpSolverOptions options;
        options.tolerance = tolerance;
        options.maxIterations = maxIterations;
        options.policy = enumNamed<NextContactPolicy>(policy, "policy");
        Solved out;
        out.solver = enumNamed<LcpSolverKind>(solver, "solver");
        {
          py::gil_scoped_release release;
          RecordingTraceSink sink;
          const auto lcpSolver = makeLcpSolver(*out.solver, options);
          if (trace) lcpSolver->setTraceSink(&sink);
          const auto start = std::chrono::steady_clock::now();
          out.result = lcpSolver->solve(problem, guess);
          out.seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          out.pivots = std::move(sink.pivots);
          out.iterations = std::move(sink.iterations);
        }
        return out;
      },
      py::arg("A"), py::arg("b"), py::arg("joint") = py::none(),
      py::arg("solver") = "compute_forces", py::arg("tolerance") = 1e-10,
      py::arg("max_iterations") = 0, py::arg("policy") = "hybrid",
      py::arg("guess") = std::vector<int>{}, py::arg("trace") = false,
      "Solves a = A f + b, f >= 0, a >= 0, f.a = 0 (a = 0, f free at rows with joint[i]) with a "
      "registered solver (solver_names()). Never raises for a problem the solver cannot "
      "solve: the status and reason say why; ValueError for arrays that do not fit.");

  py::class_<LcpFile>(m, "LcpFile", "An LCP file as read: the problem and the result it holds.")
      .def_property_readonly("A", [](const LcpFile& f) { return f.problem.A; })
      .def_property_readonly("b", [](const LcpFile& f) { return f.problem.b; })
      .def_property_readonly("joint", [](const LcpFile& f) { return f.problem.joint; })
      .def_property_readonly(
          "friction", [](const LcpFile& f) { return f.friction.has_value(); },
          "A friction problem (JSON only): A and b are its normal block.")
      .def_property_readonly("mu",
                             [](const LcpFile& f) -> std::optional<std::vector<double>> {
                               if (!f.friction) return std::nullopt;
                               return f.friction->mu;
                             })
      .def_property_readonly("result", [](const LcpFile& f) -> std::optional<Solved> {
        if (!f.result) return std::nullopt;
        Solved s;
        s.result = *f.result;
        return s;
      });

  m.def(
      "read_lcp",
      [](const std::filesystem::path& path) {
        py::gil_scoped_release release;
        return readLcpFile(path);
      },
      py::arg("path"),
      "Reads an LCP file (JSON, CSV or Siconos numerics .dat, by content). Raises LcpFileError "
      "saying what is wrong and where.");

  m.def("lcp_files", &lcpFilesIn, py::arg("folder"),
        "The LCP files of a folder (.json, .csv, .dat; not its subfolders), sorted: those "
        "compare_solvers and `contactlab-cli compare` take. Raises LcpFileError when it is "
        "not a folder.");

  m.def(
      "write_lcp",
      [](const std::filesystem::path& path, Eigen::MatrixXd A, Eigen::VectorXd b,
         std::optional<std::vector<bool>> joint, const Solved* result,
         std::optional<std::string> format) {
        const LcpProblem problem = problemOf(std::move(A), std::move(b), joint);
        const std::string ext = path.extension().string();
        const std::string how = format.value_or(ext == ".csv"   ? "csv"
                                                : ext == ".dat" ? "siconos"
                                                                : "json");
        const LcpResult* r = result ? &result->result : nullptr;
        if (how == "json")
          writeLcpJson(path, problem, r);
        else if (how == "csv")
          writeLcpCsv(path, problem, r);
        else if (how == "siconos")
          writeSiconosLcp(path, problem);
        else
          throw py::value_error("format must be 'json', 'csv' or 'siconos', got '" + how + "'");
      },
      py::arg("path"), py::arg("A"), py::arg("b"), py::arg("joint") = py::none(),
      py::arg("result") = nullptr, py::arg("format") = py::none(),
      "Writes an LCP file whole (format by the name's extension when not given: .csv, .dat "
      "for Siconos, else JSON); a result is kept by JSON and CSV. Raises FileWriteError, and "
      "ValueError for joints in a Siconos file.");

  py::class_<Comparison>(m, "Comparison",
                         "Each solver on each problem, as `contactlab-cli compare` runs them.")
      .def_property_readonly("solvers",
                             [](const Comparison& c) {
                               std::vector<std::string> names;
                               for (const LcpSolverKind k : c.solvers)
                                 names.emplace_back(nameOf(k));
                               return names;
                             })
      .def_property_readonly(
          "rows",
          [](const Comparison& c) {
            py::list rows;
            for (const ComparedProblem& p : c.problems)
              for (const SolverRun& r : p.runs) {
                py::dict row;
                row["file"] = p.name;
                row["n"] = p.size;
                row["solver"] = nameOf(r.solver);
                row["status"] = errorName(r.result.error);
                row["solved"] = r.solved;
                row["iterations"] = r.result.iterations;
                row["pivots"] = r.result.pivots;
                row["residual"] = r.result.residuals.relative();
                row["natural_map"] = r.result.residuals.naturalMap;
                row["seconds"] = r.seconds;
                row["reason"] = r.result.reason;
                rows.append(row);
              }
            return rows;
          },
          "One dict per (problem, solver), the columns of `compare --csv`: file, n, solver, "
          "status, solved, iterations, pivots, residual, natural_map, seconds, reason.")
      .def(
          "profile",
          [](const Comparison& c, std::optional<std::vector<double>> taus) {
            const std::vector<double> at = taus.value_or(defaultProfileTaus());
            for (const double tau : at)
              if (!(tau >= 1)) throw py::value_error("every tau must be >= 1");
            const std::vector<ProfilePoint> points = performanceProfile(c.problems, at);
            py::dict out;
            std::vector<double> tau;
            std::vector<std::vector<double>> fractions(c.solvers.size());
            for (const ProfilePoint& p : points) {
              tau.push_back(p.tau);
              for (std::size_t s = 0; s < c.solvers.size(); ++s)
                fractions[s].push_back(p.fraction[s]);
            }
            out["tau"] = tau;
            for (std::size_t s = 0; s < c.solvers.size(); ++s)
              out[nameOf(c.solvers[s])] = fractions[s];
            return out;
          },
          py::arg("taus") = py::none(),
          "The Dolan-Moré performance profile: {'tau': [...], solver: [fraction solved within "
          "tau times the best time, ...]}.");

  m.def(
      "compare_solvers",
      [](const py::object& problems, const py::object& solvers, double solvedBelow, int repeats,
         int maxIterations) {
        if (repeats < 1) throw py::value_error("repeats must be >= 1");
        if (!(solvedBelow > 0)) throw py::value_error("solved_below must be positive");
        const auto named = problemsOf(problems);
        Comparison c;
        c.solvers = solversNamed(solvers);
        CompareOptions options;
        options.solvedBelow = solvedBelow;
        options.repeats = repeats;
        options.solver.maxIterations = maxIterations;
        py::gil_scoped_release release;
        for (const auto& [name, problem] : named)
          c.problems.push_back(compareSolvers(name, problem, c.solvers, options));
        return c;
      },
      py::arg("problems"), py::arg("solvers") = "all", py::arg("solved_below") = 1e-9,
      py::arg("repeats") = 3, py::arg("max_iterations") = 0,
      "Solves every problem with each solver. problems: a folder of LCP files, or a list of "
      "paths and (name, A, b[, joint]) tuples; solvers: 'all', a name or a list of names.");
}

}  // namespace cl::python
