#include "widgets/backup_steps_model.h"

#include <algorithm>

namespace cl::widgets {

void BackupStepsModel::setHistory(const RunHistory* history) {
  beginResetModel();
  mRows.clear();
  mBackups = 0;
  mScanned = -1;
  endResetModel();
  if (history) follow(*history);
}

void BackupStepsModel::removeRows(int first, int last) {
  if (first > last) return;
  beginRemoveRows({}, first, last);
  for (int i = first; i <= last; ++i) mBackups -= mRows[static_cast<std::size_t>(i)].backups;
  mRows.erase(mRows.begin() + first, mRows.begin() + last + 1);
  endRemoveRows();
}

void BackupStepsModel::follow(const RunHistory& history) {
  if (history.empty()) {
    removeRows(0, rowCount() - 1);
    mScanned = -1;
    return;
  }
  const long long oldest = history.at(0).step, newest = history.back().step;
  // Rows of steps no longer held: dropped from the front, or from the end by a truncation.
  int front = 0;
  while (front < rowCount() && mRows[static_cast<std::size_t>(front)].step < oldest) ++front;
  removeRows(0, front - 1);
  int back = rowCount();
  while (back > 0 && mRows[static_cast<std::size_t>(back - 1)].step > newest) --back;
  removeRows(back, rowCount() - 1);
  mScanned = std::min(mScanned, newest);
  if (mScanned == newest) return;
  // The records not looked at yet.
  const int from = std::max(0, history.indexOfStep(mScanned + 1));
  std::vector<Row> added;
  for (int i = from; i < history.size(); ++i)
    if (const StepRecord& r = history.at(i); r.step > mScanned && hasBackup(r))
      added.push_back({r.step, r.stats.time, r.stats.backups});
  mScanned = newest;
  if (added.empty()) return;
  beginInsertRows({}, rowCount(), rowCount() + static_cast<int>(added.size()) - 1);
  for (const Row& r : added) {
    mRows.push_back(r);
    mBackups += r.backups;
  }
  endInsertRows();
}

long long BackupStepsModel::stepAt(int row) const {
  return row >= 0 && row < rowCount() ? mRows[static_cast<std::size_t>(row)].step : -1;
}

int BackupStepsModel::rowOfStep(long long step) const {
  const auto it = std::lower_bound(mRows.begin(), mRows.end(), step,
                                   [](const Row& r, long long s) { return r.step < s; });
  return it != mRows.end() && it->step == step ? static_cast<int>(it - mRows.begin()) : -1;
}

int BackupStepsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(mRows.size());
}

int BackupStepsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : kColumnCount;
}

QVariant BackupStepsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Row& r = mRows[static_cast<std::size_t>(index.row())];
  if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case kStep:
      return r.step;
    case kTime:
      return QString::number(r.time, 'g', 8);
    case kBackups:
      return r.backups;
    default:
      return {};
  }
}

QVariant BackupStepsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case kStep:
        return tr("Step number: click to show the step and its back-up waypoints");
      case kTime:
        return tr("Time at the end of the step (s)");
      case kBackups:
        return tr("Times CollisionAdvance restored the state to before a sub-step in this step");
      default:
        return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case kStep:
      return tr("step");
    case kTime:
      return tr("time");
    case kBackups:
      return tr("back-ups");
    default:
      return {};
  }
}

}  // namespace cl::widgets
