#pragma once
// How the workbench numbers a solve's contacts for people: from 1, as it counts decisions
// (decision_text.h). Contact 1 is row 0 of the trace's A; the engine, the CLI's messages
// and every exported file keep the 0-based index.
#include <QLatin1Char>
#include <QString>
#include <vector>

#include "engine/trace/solver_trace.h"

namespace cl::widgets {

inline QString contactNumber(int index) {
  return QString::number(index + 1);
}

// "3 block1/wall" for each row of the solve's A (its number, then the contact's label);
// just the number when the solve came without a context.
inline std::vector<QString> contactLabels(const SolveTrace& trace) {
  const auto n = static_cast<std::size_t>(trace.solve.b.size());
  std::vector<QString> labels(n);
  for (std::size_t i = 0; i < n; ++i) {
    labels[i] = contactNumber(static_cast<int>(i));
    if (i < trace.context.contacts.size() && !trace.context.contacts[i].label.empty())
      labels[i] += QLatin1Char(' ') + QString::fromStdString(trace.context.contacts[i].label);
  }
  return labels;
}

}  // namespace cl::widgets
