#pragma once
// BackupStepsModel: the held steps of a run in which CollisionAdvance backed up, one row
// each, read from the records' statistics (so the steps whose trace the budget dropped, or
// a recording never held, are listed too): the waypoints dock's "Back-ups only" view of the
// whole history, beside the back-up waypoints of the step shown.
#include <QAbstractTableModel>
#include <vector>

#include "engine/run/run_history.h"

namespace cl::widgets {

class BackupStepsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { kStep, kTime, kBackups, kColumnCount };

  using QAbstractTableModel::QAbstractTableModel;

  // Lists the steps of `history` with back-ups (empty when null), from scratch.
  void setHistory(const RunHistory* history);
  // Brings the list up to `history` after it changed at its ends only (steps appended,
  // the oldest dropped by the budget, the newest dropped by a run from a past step): rows are
  // removed and appended, so a running history costs only its new records and the view keeps
  // its selection and scroll position.
  void follow(const RunHistory& history);
  // The step of row `row`, -1 when out of range.
  long long stepAt(int row) const;
  // The row of step `step`, -1 when it has no back-up or is not held.
  int rowOfStep(long long step) const;
  // Back-ups over the rows.
  long long backups() const { return mBackups; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  struct Row {
    long long step = 0;
    double time = 0;
    long long backups = 0;
  };
  static bool hasBackup(const StepRecord& r) { return r.stats.backups > 0; }
  void removeRows(int first, int last);  // rows [first, last], with the view told

  std::vector<Row> mRows;  // ascending steps
  long long mBackups = 0;
  long long mScanned = -1;  // the newest step looked at
};

}  // namespace cl::widgets
