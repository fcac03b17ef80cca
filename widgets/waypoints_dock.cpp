#include "widgets/waypoints_dock.h"

#include "widgets/session.h"

namespace cl::widgets {

WaypointsDock::WaypointsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Waypoints"), parent), mSession(session) {
  setObjectName(QStringLiteral("waypointsDock"));
}

WaypointsDock::~WaypointsDock() = default;

}  // namespace cl::widgets
