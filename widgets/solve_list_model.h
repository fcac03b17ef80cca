#pragma once
// SolveListModel: the solves of one step's trace as a list for the A matrix dock's picker,
// one row a solve ("solve 3 of 2214: impulse, t = 1.2500, 1 contacts"), all of them or those
// of one kind. A row's text is formatted only when a view asks for it: a pile step holds
// thousands of one-contact impulse solves, and formatting and inserting them all as combo
// items on every step blocked the UI thread for 40 to 270 ms while pile_200 ran.
#include <QAbstractListModel>
#include <memory>
#include <vector>

#include "engine/trace/step_trace.h"

namespace cl::widgets {

class SolveListModel : public QAbstractListModel {
  Q_OBJECT

 public:
  using QAbstractListModel::QAbstractListModel;

  // A solve's kind for the picker's filter: its SolvePurpose as an int (-1 means all).
  static int kindOf(SolvePurpose purpose) { return static_cast<int>(purpose); }

  // Lists the solves of `kind` (-1: all) of `trace`, full or opened
  // (engine/contact/expand_trace.h); the model keeps the trace alive, since the Session's
  // memory budget may drop it from the history meanwhile. Null lists nothing.
  void setSolves(std::shared_ptr<const StepTrace> trace, int kind);
  // The row listing solve `index` of the trace, -1 when it is not listed.
  int rowOf(int index) const;
  // The trace's index of the solve at `row`.
  int solveAt(int row) const { return mSolves[static_cast<std::size_t>(row)]; }

  int rowCount(const QModelIndex& parent = {}) const override;
  // DisplayRole: the row's text; Qt::UserRole: the solve's index in the trace.
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

 private:
  std::shared_ptr<const StepTrace> mTrace;
  std::vector<int> mSolves;  // trace indices listed, ascending
};

}  // namespace cl::widgets
