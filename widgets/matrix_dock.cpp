#include "widgets/matrix_dock.h"

#include "widgets/session.h"

namespace cl::widgets {

MatrixDock::MatrixDock(Session* session, QWidget* parent)
    : QDockWidget(tr("A matrix"), parent), mSession(session) {
  setObjectName(QStringLiteral("matrixDock"));
}

MatrixDock::~MatrixDock() = default;

}  // namespace cl::widgets
