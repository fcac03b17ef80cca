#pragma once
// ExportRangeDialog: which steps Export All writes its per-step tables for (body states,
// time series, waypoints): every held step, the step shown alone, or a range of step
// numbers. A long pile run's waypoints.csv alone reached 336 MB.
#include <QDialog>

class QLabel;
class QRadioButton;
class QSpinBox;

namespace cl {
class RunHistory;
}

namespace cl::widgets {

class ExportRangeDialog : public QDialog {
  Q_OBJECT

 public:
  // `shown`: the index of the record shown in `history`.
  ExportRangeDialog(const RunHistory& history, int shown, QWidget* parent = nullptr);

  // The records chosen, as indices into the history.
  int first() const;
  int last() const;

  // For tests: choose every step, the shown one, or steps [from, to] by number.
  void chooseAll();
  void chooseShown();
  void chooseSteps(long long from, long long to);

 private:
  void updateSummary();

  const RunHistory& mHistory;
  int mShown;
  QRadioButton* mAll = nullptr;
  QRadioButton* mShownOnly = nullptr;
  QRadioButton* mRange = nullptr;
  QSpinBox* mFrom = nullptr;
  QSpinBox* mTo = nullptr;
  QLabel* mSummary = nullptr;
};

}  // namespace cl::widgets
