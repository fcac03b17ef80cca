// contactlab._core: the engine from Python. The package contactlab (python/contactlab)
// re-exports it; each part is bound in its own file (bindings.h).
#include "bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "ContactLab's engine from Python: scenes, simulations stepped and traced, LCPs solved "
      "and compared (docs/python.md).";
  m.attr("__version__") = CONTACTLAB_VERSION;
  cl::python::bindErrors(m);
  cl::python::bindScene(m);
  cl::python::bindTrace(m);
  cl::python::bindSimulation(m);
  cl::python::bindLcp(m);
}
