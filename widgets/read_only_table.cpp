#include "widgets/read_only_table.h"

#include <QHeaderView>
#include <QSignalBlocker>
#include <QSlider>
#include <QTableWidget>
#include <algorithm>

namespace cl::widgets {

QTableWidget* makeReadOnlyTable(const QStringList& headers) {
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()));
  table->setHorizontalHeaderLabels(headers);
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

void setRowTexts(QTableWidget* table, int row, const QStringList& cells) {
  for (int c = 0; c < cells.size(); ++c) table->setItem(row, c, new QTableWidgetItem(cells[c]));
}

void resetRowSlider(QSlider* slider, int count) {
  const QSignalBlocker block(slider);
  slider->setRange(0, std::max(0, count - 1));
  slider->setEnabled(count > 0);
  slider->setValue(count - 1);
}

}  // namespace cl::widgets
