#include "widgets/export_range_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "engine/run/run_history.h"

namespace cl::widgets {

ExportRangeDialog::ExportRangeDialog(const RunHistory& history, int shown, QWidget* parent)
    : QDialog(parent), mHistory(history), mShown(std::clamp(shown, 0, history.size() - 1)) {
  setWindowTitle(tr("Export All: which steps"));
  const long long firstStep = history.at(0).step;
  const long long lastStep = history.back().step;
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("The scene, its picture, the selected solve and the state of the step shown are "
         "always written. Body states, the time series and the waypoints are written for:"));
  intro->setWordWrap(true);
  layout->addWidget(intro);
  mAll = new QRadioButton(tr("every held step, %1 to %2").arg(firstStep).arg(lastStep));
  mShownOnly = new QRadioButton(tr("the step shown, %1").arg(history.at(mShown).step));
  mRange = new QRadioButton(tr("steps"));
  mFrom = new QSpinBox;
  mTo = new QSpinBox;
  for (QSpinBox* box : {mFrom, mTo}) {
    // Step numbers fit an int for any run the history can hold.
    box->setRange(static_cast<int>(firstStep), static_cast<int>(lastStep));
    box->setAccelerated(true);
  }
  mFrom->setValue(static_cast<int>(firstStep));
  mTo->setValue(static_cast<int>(lastStep));
  auto* range = new QHBoxLayout;
  range->addWidget(mRange);
  range->addWidget(mFrom);
  range->addWidget(new QLabel(tr("to")));
  range->addWidget(mTo);
  range->addStretch(1);
  layout->addWidget(mAll);
  layout->addWidget(mShownOnly);
  layout->addLayout(range);
  mSummary = new QLabel;
  layout->addWidget(mSummary);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  mAll->setChecked(true);
  for (QRadioButton* b : {mAll, mShownOnly, mRange})
    connect(b, &QRadioButton::toggled, this, &ExportRangeDialog::updateSummary);
  // Editing a bound chooses the range; the other bound keeps it ordered.
  connect(mFrom, &QSpinBox::valueChanged, this, [this](int v) {
    mRange->setChecked(true);
    if (mTo->value() < v) mTo->setValue(v);
    updateSummary();
  });
  connect(mTo, &QSpinBox::valueChanged, this, [this](int v) {
    mRange->setChecked(true);
    if (mFrom->value() > v) mFrom->setValue(v);
    updateSummary();
  });
  updateSummary();
  // Wide enough for its title in the window manager's bar, and the lines not too narrow.
  setMinimumWidth(std::max(440, fontMetrics().horizontalAdvance(windowTitle()) + 180));
}

int ExportRangeDialog::first() const {
  if (mShownOnly->isChecked()) return mShown;
  if (mRange->isChecked()) return std::max(0, mHistory.indexOfStep(mFrom->value()));
  return 0;
}

int ExportRangeDialog::last() const {
  if (mShownOnly->isChecked()) return mShown;
  if (mRange->isChecked()) {
    const int i = mHistory.indexOfStep(mTo->value());
    return i < 0 ? mHistory.size() - 1 : i;
  }
  return mHistory.size() - 1;
}

void ExportRangeDialog::chooseAll() {
  mAll->setChecked(true);
}

void ExportRangeDialog::chooseShown() {
  mShownOnly->setChecked(true);
}

void ExportRangeDialog::chooseSteps(long long from, long long to) {
  mFrom->setValue(static_cast<int>(from));
  mTo->setValue(static_cast<int>(to));
  mRange->setChecked(true);
}

void ExportRangeDialog::updateSummary() {
  mSummary->setText(
      tr("%n step(s) of %1 held", nullptr, last() - first() + 1).arg(mHistory.size()));
}

}  // namespace cl::widgets
