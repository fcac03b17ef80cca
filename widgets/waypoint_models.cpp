#include "widgets/waypoint_models.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <algorithm>
#include <cmath>

#include "engine/body/scrim.h"

namespace cl::widgets {

namespace {

// Back-ups in amber, the ones that end in failure or stuck in red, impulses applied
// (POST_COLLISION) in the view's impulse purple, faintly.
const QColor kBackupBackground(0xff, 0xe0, 0xb2);
const QColor kBackupMark(0xef, 0x6c, 0x00);
const QColor kFailBackground(0xff, 0xcd, 0xd2);
const QColor kFailMark(0xc6, 0x28, 0x28);
const QColor kImpulseBackground(0xf3, 0xe5, 0xf5);

bool isFailure(WayPoint w) {
  return w == WayPoint::ADVANCE_SIM_FAIL || w == WayPoint::STUCK || w == WayPoint::MAYBE_STUCK;
}

// Times within one step differ in late digits (binary search halves the step many
// times), so they get ten significant digits; the rest four.
QString timeText(double t) {
  return std::isnan(t) ? QStringLiteral("—") : QString::number(t, 'g', 10);
}

QString valueText(double v) {
  return std::isnan(v) ? QStringLiteral("—") : QString::number(v, 'g', 4);
}

QVariant numberAlignment() {
  return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
}

}  // namespace

// ---- WaypointListModel

void WaypointListModel::setTrace(std::shared_ptr<const StepTrace> trace) {
  beginResetModel();
  mTrace = std::move(trace);
  rebuildRows();
  endResetModel();
}

void WaypointListModel::setFilter(bool backupsOnly, std::optional<WayPoint> name) {
  if (backupsOnly == mBackupsOnly && name == mName) return;
  beginResetModel();
  mBackupsOnly = backupsOnly;
  mName = name;
  rebuildRows();
  endResetModel();
}

void WaypointListModel::rebuildRows() {
  mRows.clear();
  if (!mTrace) return;
  const auto& waypoints = mTrace->waypoints;
  for (std::size_t i = 0; i < waypoints.size(); ++i) {
    const WayPoint w = waypoints[i].point;
    if (mBackupsOnly && !isBackupWaypoint(w)) continue;
    if (mName && w != *mName) continue;
    mRows.push_back(static_cast<int>(i));
  }
}

int WaypointListModel::waypointCount() const {
  return mTrace ? static_cast<int>(mTrace->waypoints.size()) : 0;
}

int WaypointListModel::waypointAt(int row) const {
  return row >= 0 && row < static_cast<int>(mRows.size()) ? mRows[static_cast<std::size_t>(row)]
                                                          : -1;
}

int WaypointListModel::rowOf(int index) const {
  const auto it = std::lower_bound(mRows.begin(), mRows.end(), index);
  return it != mRows.end() && *it == index ? static_cast<int>(it - mRows.begin()) : -1;
}

int WaypointListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(mRows.size());
}

int WaypointListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : kColumnCount;
}

QVariant WaypointListModel::data(const QModelIndex& index, int role) const {
  const int i = waypointAt(index.row());
  if (!index.isValid() || i < 0) return {};
  const Waypoint& w = mTrace->waypoints[static_cast<std::size_t>(i)];
  const bool backup = isBackupWaypoint(w.point);
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case kIndex:
          return i + 1;  // counted from 1, as people count
        case kTime:
          return timeText(w.time);
        case kName:
          return QString::fromLatin1(wayPointName(w.point));
        case kStepSize:
          return valueText(w.stepSize);
        case kBinary:
          return w.binarySearch ? tr("binary") : QString();
        case kStuck:
          return w.stuckCount;
        case kCollisions:
          return static_cast<int>(w.collisions.size());
        default:
          return {};
      }
    case Qt::TextAlignmentRole:
      if (index.column() == kName || index.column() == kBinary) return {};
      return numberAlignment();
    case Qt::BackgroundRole:
      if (backup) return QBrush(isFailure(w.point) ? kFailBackground : kBackupBackground);
      if (w.point == WayPoint::POST_COLLISION || w.point == WayPoint::JAM_IMPULSE)
        return QBrush(kImpulseBackground);
      return {};
    case Qt::DecorationRole:
      // A swatch before the name, so back-ups stand out even where a style ignores
      // the row background (a selected row).
      if (index.column() == kName && backup) return isFailure(w.point) ? kFailMark : kBackupMark;
      return {};
    case Qt::FontRole:
      if (backup && index.column() == kName) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return {};
    case Qt::ToolTipRole:
      if (index.column() == kName) {
        QString tip = QStringLiteral("%1 at t = %2, step %3, target %4")
                          .arg(QString::fromLatin1(wayPointName(w.point)), timeText(w.time),
                               valueText(w.stepSize), timeText(w.targetTime));
        if (!std::isnan(w.nextEstimate))
          tip += tr("\nestimated collision time %1").arg(timeText(w.nextEstimate));
        if (backup) tip += tr("\nback-up in time");
        return tip;
      }
      return {};
    default:
      return {};
  }
}

QVariant WaypointListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::DisplayRole) {
    switch (section) {
      case kIndex:
        return tr("#");
      case kTime:
        return tr("time");
      case kName:
        return tr("waypoint");
      case kStepSize:
        return tr("step size");
      case kBinary:
        return tr("search");
      case kStuck:
        return tr("stuck");
      case kCollisions:
        return tr("collisions");
      default:
        return {};
    }
  }
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case kIndex:
        return tr("The waypoint's number in the step, from 1");
      case kTime:
        return tr("Simulation time of the state at the waypoint");
      case kStepSize:
        return tr("Step size being tried (or just taken)");
      case kBinary:
        return tr("Whether the step size comes from a binary search");
      case kStuck:
        return tr("Back-ups in a row without progress");
      case kCollisions:
        return tr("Collisions the waypoint considers");
      default:
        return {};
    }
  }
  return {};
}

// ---- CollisionListModel

void CollisionListModel::setWaypoint(std::shared_ptr<const StepTrace> trace, int index,
                                     QStringList bodyNames) {
  beginResetModel();
  mTrace = std::move(trace);
  mIndex = mTrace && index >= 0 && index < static_cast<int>(mTrace->waypoints.size()) ? index : -1;
  mNames = std::move(bodyNames);
  endResetModel();
}

const Waypoint* CollisionListModel::waypoint() const {
  return mIndex >= 0 ? &mTrace->waypoints[static_cast<std::size_t>(mIndex)] : nullptr;
}

int CollisionListModel::rowCount(const QModelIndex& parent) const {
  const Waypoint* w = waypoint();
  return parent.isValid() || !w ? 0 : static_cast<int>(w->collisions.size());
}

int CollisionListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : kColumnCount;
}

QString CollisionListModel::bodiesLabel(const WaypointCollision& c, const QStringList& names) {
  const auto name = [&](int body) {
    if (isScrim(body)) return QString::fromLatin1(kScrimName.data(), kScrimName.size());
    if (body >= 0 && body < names.size()) return names[body];
    return QStringLiteral("#%1").arg(body);
  };
  return QStringLiteral("%1 / %2").arg(name(c.primaryBody), name(c.normalBody));
}

QVariant CollisionListModel::data(const QModelIndex& index, int role) const {
  const Waypoint* w = waypoint();
  if (!index.isValid() || !w || index.row() < 0 ||
      index.row() >= static_cast<int>(w->collisions.size()))
    return {};
  const WaypointCollision& c = w->collisions[static_cast<std::size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case kBodies:
          return bodiesLabel(c, mNames);
        case kKind:
          return c.joint ? tr("%1 (joint)").arg(QString::fromLatin1(c.kind))
                         : QString::fromLatin1(c.kind);
        case kDistance:
          return valueText(c.distance);
        case kNormalVelocity:
          return valueText(c.normalVelocity);
        case kEstimatedTime:
          return timeText(c.estimatedTime);
        case kDetectedTime:
          return timeText(c.detectedTime);
        case kNeedsHandling:
          return c.needsHandling ? tr("yes") : tr("no");
        case kImpulse:
          return c.impulse != 0 ? valueText(c.impulse) : QString();
        default:
          return {};
      }
    case Qt::TextAlignmentRole:
      if (index.column() == kBodies || index.column() == kKind || index.column() == kNeedsHandling)
        return {};
      return numberAlignment();
    case Qt::BackgroundRole:
      if (c.needsHandling) return QBrush(kBackupBackground);
      return {};
    case Qt::ToolTipRole:
      return tr("impact (%1, %2), normal (%3, %4)")
          .arg(valueText(c.impact.x), valueText(c.impact.y), valueText(c.normal.x),
               valueText(c.normal.y));
    default:
      return {};
  }
}

QVariant CollisionListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::DisplayRole) {
    switch (section) {
      case kBodies:
        return tr("bodies");
      case kKind:
        return tr("kind");
      case kDistance:
        return tr("distance");
      case kNormalVelocity:
        return tr("normal vel.");
      case kEstimatedTime:
        return tr("estimated t");
      case kDetectedTime:
        return tr("detected t");
      case kNeedsHandling:
        return tr("handle");
      case kImpulse:
        return tr("impulse");
      default:
        return {};
    }
  }
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case kBodies:
        return tr("Primary body / normal body");
      case kDistance:
        return tr("Gap between the bodies (negative: penetrating)");
      case kNormalVelocity:
        return tr("Relative velocity along the normal (negative: closing)");
      case kEstimatedTime:
        return tr("Estimated time at which the gap reaches the target");
      case kDetectedTime:
        return tr("Time at which the collision was found");
      case kNeedsHandling:
        return tr("Whether the collision must be handled (a back-up)");
      case kImpulse:
        return tr("Impulse applied at this collision (POST_COLLISION)");
      default:
        return {};
    }
  }
  return {};
}

}  // namespace cl::widgets
