#include "widgets/solver_steps_dock.h"

#include "widgets/session.h"

namespace cl::widgets {

SolverStepsDock::SolverStepsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Solver steps"), parent), mSession(session) {
  setObjectName(QStringLiteral("solverStepsDock"));
}

SolverStepsDock::~SolverStepsDock() = default;

}  // namespace cl::widgets
