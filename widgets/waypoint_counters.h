#pragma once
// WaypointCounters: the Waypoints dock's grid of CollisionAdvance's counters, totals of the
// run from its start to the record shown, each name beside its value in bold.
#include <QString>
#include <QWidget>
#include <vector>

class QLabel;

namespace cl {
struct CollisionCounters;
}

namespace cl::widgets {

class WaypointCounters : public QWidget {
  Q_OBJECT

 public:
  explicit WaypointCounters(QWidget* parent = nullptr);

  // Shows the totals in `counters`; null (no record to show) hides the grid.
  void showTotals(const CollisionCounters* counters);
  // The counters as plain text, empty while hidden.
  QString text() const { return mText; }

 private:
  std::vector<QLabel*> mValues;  // in counterCells' order
  QString mText;
};

}  // namespace cl::widgets
