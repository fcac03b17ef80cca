#pragma once
// The read-only tables of the docks that list iterations, records and solvers (Solver
// comparison, Time stepping): made alike and filled a row of texts at a time, with the
// slider that steps through their rows.
#include <QStringList>

class QSlider;
class QTableWidget;

namespace cl::widgets {

// No editing, whole rows selected one at a time, no row numbers, the last column stretched.
QTableWidget* makeReadOnlyTable(const QStringList& headers);
// Row `row` set to `cells`, one item per column.
void setRowTexts(QTableWidget* table, int row, const QStringList& cells);
// The slider over `count` rows, at the last, without signals (the caller shows that row).
void resetRowSlider(QSlider* slider, int count);

}  // namespace cl::widgets
