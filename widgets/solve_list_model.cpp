#include "widgets/solve_list_model.h"

#include <algorithm>

#include "engine/contact/expand_trace.h"
#include "widgets/count_text.h"

namespace cl::widgets {

void SolveListModel::setSolves(std::shared_ptr<const StepTrace> trace, int kind) {
  beginResetModel();
  mTrace = std::move(trace);
  mSolves.clear();
  if (mTrace) {
    const std::vector<SolvePurpose> purposes = solvePurposes(*mTrace);
    for (std::size_t k = 0; k < purposes.size(); ++k)
      if (kind == -1 || kindOf(purposes[k]) == kind) mSolves.push_back(static_cast<int>(k));
  }
  endResetModel();
}

int SolveListModel::rowOf(int index) const {
  const auto it = std::lower_bound(mSolves.begin(), mSolves.end(), index);
  return it != mSolves.end() && *it == index ? static_cast<int>(it - mSolves.begin()) : -1;
}

int SolveListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(mSolves.size());
}

QVariant SolveListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const int k = solveAt(index.row());
  if (role == Qt::UserRole) return k;
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  const SolveHeader c = solveHeader(*mTrace, static_cast<std::size_t>(k));
  const QString what = c.purpose == SolvePurpose::kContactForces
                           ? tr("contact forces, subset %1").arg(c.subset + 1)
                       : c.purpose == SolvePurpose::kTimeStep ? tr("time-step LCP")
                                                              : tr("impulse");
  // What tells solves apart first (a narrow picker cuts the end): which, when, then what.
  return tr("solve %1 of %2, t = %3: %4, %5")
      .arg(k + 1)  // counted from 1, as people count
      .arg(mTrace->solveCount())
      .arg(c.time, 0, 'f', 4)
      .arg(what)
      .arg(countText(c.rows, tr("contact")));
}

}  // namespace cl::widgets
