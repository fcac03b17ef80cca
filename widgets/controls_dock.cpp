#include "widgets/controls_dock.h"

#include "widgets/session.h"

namespace cl::widgets {

ControlsDock::ControlsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Controls"), parent), mSession(session) {
  setObjectName(QStringLiteral("controlsDock"));
}

ControlsDock::~ControlsDock() = default;

}  // namespace cl::widgets
