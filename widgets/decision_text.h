#pragma once
// How the workbench counts a solve's decisions for people: from 1, "decision 3 of 34", and
// "before decision 1 of 34" at the start (f = 0, a = b), "no decisions" when it took none. The
// trace and the selection keep the pivot index, k - 1 for decision k and -1 for the start.
#include <QCoreApplication>
#include <QString>

namespace cl::widgets {

inline QString decisionText(int pivot, int decisions) {
  // A solve decided without a pivot (a one-contact impulse, a time-step LCP) has no first.
  if (decisions == 0) return QCoreApplication::translate("Decisions", "no decisions");
  return pivot < 0
             ? QCoreApplication::translate("Decisions", "before decision 1 of %1").arg(decisions)
             : QCoreApplication::translate("Decisions", "decision %1 of %2")
                   .arg(pivot + 1)
                   .arg(decisions);
}

}  // namespace cl::widgets
