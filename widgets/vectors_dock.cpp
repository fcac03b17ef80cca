#include "widgets/vectors_dock.h"

#include "widgets/session.h"

namespace cl::widgets {

VectorsDock::VectorsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Vectors"), parent), mSession(session) {
  setObjectName(QStringLiteral("vectorsDock"));
}

VectorsDock::~VectorsDock() = default;

}  // namespace cl::widgets
