#include "widgets/solve_list_model.h"

#include <algorithm>

#include "widgets/count_text.h"

namespace cl::widgets {

void SolveListModel::setSolves(std::shared_ptr<const StepTrace> trace, int kind) {
  beginResetModel();
  mTrace = std::move(trace);
  mSolves.clear();
  if (mTrace)
    for (std::size_t k = 0; k < mTrace->solves.size(); ++k)
      if (kind == -1 || kindOf(mTrace->solves[k].context) == kind)
        mSolves.push_back(static_cast<int>(k));
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
  const SolveTrace& s = mTrace->solves[static_cast<std::size_t>(k)];
  const SolveContext& c = s.context;
  const QString what = c.purpose == SolvePurpose::kContactForces
                           ? tr("contact forces, subset %1").arg(c.subset + 1)
                       : c.purpose == SolvePurpose::kTimeStep ? tr("time-step LCP")
                                                              : tr("impulse");
  // What tells solves apart first (a narrow picker cuts the end): which, when, then what.
  return tr("solve %1 of %2, t = %3: %4, %5")
      .arg(k + 1)  // counted from 1, as people count
      .arg(mTrace->solves.size())
      .arg(c.time, 0, 'f', 4)
      .arg(what)
      .arg(countText(s.solve.b.size(), tr("contact")));
}

}  // namespace cl::widgets
