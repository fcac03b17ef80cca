// contactlab.Error and its subclasses, and the translation of the engine's exceptions into
// them: a bad file or a failed step reaches Python as an exception that says what and where
// (the engine's message, unchanged), never as a crash of the interpreter.
//
//   Error                       everything ContactLab raises of its own
//   +- SceneError (ValueError)  a scene that cannot be loaded; .source, .problems [(path, msg)]
//   +- SimulationError          a step that failed; .time, .steps, .trace (the failed step's
//   |                           trace up to the failure, or None), .cancelled
//   +- LcpFileError (ValueError), StateFileError (ValueError), RecordingError (ValueError)
//   +- FileWriteError (OSError) an output that could not be written (nothing half-written)
//   +- FileReadError (OSError)  an input that could not be read
#include <pybind11/stl.h>

#include <cstring>
#include <memory>

#include "bindings.h"
#include "engine/io/atomic_file.h"
#include "engine/io/text_file.h"
#include "engine/run/run_recording.h"
#include "engine/run/state_json.h"
#include "engine/run/step_run.h"
#include "engine/scene/scene_error.h"
#include "engine/solver/lcp_file.h"

namespace cl::python {

namespace {

// A new exception type contactlab.<name> deriving from `bases` (a tuple or one type).
py::handle newError(py::module_& m, const char* name, py::handle bases, const char* doc) {
  const std::string qualified = std::string("contactlab.") + name;
  py::object type = py::reinterpret_steal<py::object>(
      PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr));
  if (!type) throw py::error_already_set();
  m.attr(name) = type;
  return type.release();
}

// Raises `type(message)` with the attributes `attrs` set on the instance. The message may
// echo bytes of a damaged file that are not UTF-8: they are shown escaped, not refused.
void raise(py::handle type, const char* message, const py::dict& attrs = {}) {
  const auto text = py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(
      message, static_cast<Py_ssize_t>(std::strlen(message)), "backslashreplace"));
  if (!text) throw py::error_already_set();
  py::object error = type(text);
  for (const auto& [key, value] : attrs) error.attr(key) = value;
  PyErr_SetObject(type.ptr(), error.ptr());
}

// Owned for the rest of the process (never released: the interpreter may be gone when
// static destructors run); the translator below raises them.
py::handle error, sceneError, simulationError, lcpFileError, stateFileError, recordingError,
    fileWriteError, fileReadError;

py::dict failureAttrs(const StepFailure& e) {
  py::dict attrs;
  attrs["cancelled"] = e.cancelled;
  attrs["trace"] =
      e.partialTrace ? py::cast(std::const_pointer_cast<StepTrace>(e.partialTrace)) : py::none();
  return attrs;
}

}  // namespace

void throwStepFailure(const StepFailure& e, double time, long long steps) {
  py::dict attrs = failureAttrs(e);
  attrs["time"] = time;
  attrs["steps"] = steps;
  raise(simulationError, e.what(), attrs);
  throw py::error_already_set();
}

void bindErrors(py::module_& m) {
  error = newError(m, "Error", PyExc_Exception, "Everything ContactLab raises of its own.");
  const auto with = [&](PyObject* other) { return py::make_tuple(error, py::handle(other)); };
  sceneError = newError(m, "SceneError", with(PyExc_ValueError),
                        "A scene that cannot be loaded: .source names it, .problems lists "
                        "(JSON path, message) for every problem found.");
  simulationError = newError(m, "SimulationError", error,
                             "A step that failed (a stuck collision, a solve that failed its "
                             "check, a diverged run). The simulation stays at its last good step; "
                             ".time and .steps say where, .trace holds the failed step's trace "
                             "up to the failure when the step was traced.");
  lcpFileError = newError(m, "LcpFileError", with(PyExc_ValueError),
                          "An LCP file that cannot be read (what is wrong, and where).");
  stateFileError = newError(m, "StateFileError", with(PyExc_ValueError),
                            "A state file that cannot be read or does not fit the simulation.");
  recordingError = newError(m, "RecordingError", with(PyExc_ValueError),
                            "A recording that cannot be read or written.");
  fileWriteError = newError(m, "FileWriteError", with(PyExc_OSError),
                            "An output that could not be written; nothing of it was left.");
  fileReadError = newError(m, "FileReadError", with(PyExc_OSError),
                           "An input that could not be read (missing, not a regular file, too "
                           "large).");

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const SceneError& e) {
      py::list problems;
      for (const JsonProblem& problem : e.problems())
        problems.append(py::make_tuple(problem.jsonPath, problem.message));
      py::dict attrs;
      attrs["source"] = e.source();
      attrs["problems"] = problems;
      raise(sceneError, e.what(), attrs);
    } catch (const StepFailure& e) {
      raise(simulationError, e.what(), failureAttrs(e));
    } catch (const SimulationError& e) {
      raise(simulationError, e.what());
    } catch (const LcpFileError& e) {
      raise(lcpFileError, e.what());
    } catch (const StateFileError& e) {
      raise(stateFileError, e.what());
    } catch (const RecordingError& e) {
      raise(recordingError, e.what());
    } catch (const FileWriteError& e) {
      raise(fileWriteError, e.what());
    } catch (const FileReadError& e) {
      raise(fileReadError, e.what());
    }
  });
}

}  // namespace cl::python
