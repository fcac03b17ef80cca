#pragma once
// Table models of the waypoints dock: the CollisionAdvance waypoints of one step's
// trace (filterable, back-ups marked) and the collisions of one of them.
#include <QAbstractTableModel>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

#include "engine/trace/step_trace.h"

namespace cl::widgets {

// The waypoints of one trace, one row each, filtered to back-ups and/or one name.
// Rows keep the waypoint's index in the trace (column kIndex) so a filtered table
// still says where each row sits in the step.
class WaypointListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { kIndex, kTime, kName, kStepSize, kBinary, kStuck, kCollisions, kColumnCount };

  using QAbstractTableModel::QAbstractTableModel;

  // Shows `trace` (null: nothing). The model shares it, so a trace the history drops
  // meanwhile stays valid while shown.
  void setTrace(std::shared_ptr<const StepTrace> trace);
  const std::shared_ptr<const StepTrace>& trace() const { return mTrace; }
  // Keeps only back-ups and/or waypoints named `name` (nullopt: every name).
  void setFilter(bool backupsOnly, std::optional<WayPoint> name);

  // Waypoints in the trace, and those the filter keeps (the rows).
  int waypointCount() const;
  // Index in the trace of row `row`, -1 when out of range.
  int waypointAt(int row) const;
  // Row showing waypoint `index`, -1 when filtered out or out of range.
  int rowOf(int index) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  void rebuildRows();

  std::shared_ptr<const StepTrace> mTrace;
  bool mBackupsOnly = false;
  std::optional<WayPoint> mName;
  std::vector<int> mRows;  // trace indices of the rows, ascending
};

// The collisions of one waypoint, one row each, bodies by name ("scrim" for -1).
class CollisionListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    kBodies,
    kKind,
    kDistance,
    kNormalVelocity,
    kEstimatedTime,
    kDetectedTime,
    kNeedsHandling,
    kImpulse,
    kColumnCount
  };

  using QAbstractTableModel::QAbstractTableModel;

  // Shows waypoint `index` of `trace` (nothing when either is missing); bodyNames[i]
  // names body i.
  void setWaypoint(std::shared_ptr<const StepTrace> trace, int index, QStringList bodyNames);
  const Waypoint* waypoint() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  // "primary / normal" with body names; "scrim" for the Scrim, "#i" for an index
  // beyond the names.
  static QString bodiesLabel(const WaypointCollision& c, const QStringList& names);

 private:
  std::shared_ptr<const StepTrace> mTrace;
  int mIndex = -1;
  QStringList mNames;
};

}  // namespace cl::widgets
