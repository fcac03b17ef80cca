#include "widgets/waypoint_counters.h"

#include <QGridLayout>
#include <QLabel>
#include <QStringList>
#include <array>
#include <utility>

#include "engine/trace/waypoint_trace.h"

namespace cl::widgets {

namespace {

// CollisionAdvance's counters in the order shown: four on the first row, five on the second.
constexpr int kFirstRowCounters = 4;
std::array<std::pair<const char*, long long>, 9> counterCells(const CollisionCounters& c) {
  // Named for what each counts (waypoint_trace.h): collisions handled, impulse LCPs solved and
  // the resting contacts that took part in them; StepStats holds the same per step.
  return {{{QT_TR_NOOP("collisions handled"), c.collisions},
           {QT_TR_NOOP("back-ups"), c.backups},
           {QT_TR_NOOP("ODE steps"), c.odeSteps},
           {QT_TR_NOOP("binary steps"), c.binarySteps},
           {QT_TR_NOOP("impulse solves"), c.impulses},
           {QT_TR_NOOP("contacts in them"), c.contacts},
           {QT_TR_NOOP("estimates"), c.estimates},
           {QT_TR_NOOP("stuck"), c.stuck},
           {QT_TR_NOOP("jams"), c.jams}}};
}

}  // namespace

WaypointCounters::WaypointCounters(QWidget* parent) : QWidget(parent) {
  // A grid of plain labels, each value bold and right-aligned: a rich-text table in one
  // label cost the UI thread about 5 ms at each step of a pile (laying out its document
  // for the size hint, and again to paint it).
  setObjectName(QStringLiteral("waypointCounters"));
  setToolTip(
      tr("CollisionAdvance's counters, totals of the run from its start to the "
         "step shown (the time series plots them per step)"));
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setVerticalSpacing(1);
  QFont bold = font();
  bold.setBold(true);
  // The grid says what its numbers are: totals of the run, not of the step shown.
  grid->addWidget(new QLabel(tr("Run totals:"), this), 0, 0);
  const auto cells = counterCells({});
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int k = static_cast<int>(i);
    const int row = k < kFirstRowCounters ? 0 : 1;
    const int column = 1 + 2 * (k < kFirstRowCounters ? k : k - kFirstRowCounters);
    grid->addWidget(new QLabel(tr(cells[i].first), this), row, column);
    auto* value = new QLabel(this);
    value->setTextFormat(Qt::PlainText);
    value->setFont(bold);
    value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // A gap before the next name. (No fixed minimum width: the layout would then squeeze a
    // longer number below its text's width and clip its first digits.)
    value->setContentsMargins(0, 0, 10, 0);
    grid->addWidget(value, row, column + 1);
    mValues.push_back(value);
  }
  // The width left over stays empty, right of the longer row.
  grid->setColumnStretch(1 + 2 * (static_cast<int>(cells.size()) - kFirstRowCounters), 1);
}

void WaypointCounters::showTotals(const CollisionCounters* counters) {
  if (!counters) {
    mText.clear();
    hide();
    return;
  }
  const auto cells = counterCells(*counters);
  QStringList plain;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const QString value = QString::number(cells[i].second);
    mValues[i]->setText(value);  // unchanged text: no relayout, no repaint
    plain << QStringLiteral("%1 %2").arg(tr(cells[i].first), value);
  }
  mText = tr("run totals: ") + plain.join(QStringLiteral(", "));
  show();
}

}  // namespace cl::widgets
