#pragma once
// How the workbench names a solve's positions for people, counting decisions from 1:
// "before decision 1 of 34" at the start (f = 0, a = b), "decision 3 of 34", and "result"
// after the last (what the solver returned, engine/solver/solve_state.h). The trace and the
// selection keep the position: -1 for the start, k - 1 for decision k, K for the result.
#include <QCoreApplication>
#include <QString>

namespace cl::widgets {

inline QString decisionText(int pivot, int decisions) {
  if (pivot >= decisions)
    return decisions == 0 ? QCoreApplication::translate("Decisions", "result (no decisions)")
                          : QCoreApplication::translate("Decisions", "result");
  if (pivot < 0)
    return decisions == 0
               ? QCoreApplication::translate("Decisions", "before solving")
               : QCoreApplication::translate("Decisions", "before decision 1 of %1").arg(decisions);
  return QCoreApplication::translate("Decisions", "decision %1 of %2")
      .arg(pivot + 1)
      .arg(decisions);
}

}  // namespace cl::widgets
