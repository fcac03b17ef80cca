#include "widgets/time_series_dock.h"

#include "widgets/session.h"

namespace cl::widgets {

TimeSeriesDock::TimeSeriesDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Time series"), parent), mSession(session) {
  setObjectName(QStringLiteral("timeSeriesDock"));
}

TimeSeriesDock::~TimeSeriesDock() = default;

}  // namespace cl::widgets
