#include "widgets/backup_steps_model.h"

#include <algorithm>

namespace cl::widgets {

void BackupStepsModel::setHistory(const RunHistory* history) {
  beginResetModel();
  mRows.clear();
  mBackups = 0;
  if (history)
    for (int i = 0; i < history->size(); ++i) {
      const StepRecord& r = history->at(i);
      if (r.stats.backups <= 0) continue;
      mRows.push_back({r.step, r.stats.time, r.stats.backups});
      mBackups += r.stats.backups;
    }
  endResetModel();
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
