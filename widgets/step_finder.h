#pragma once
// StepFinder: finds the step worth looking at over the whole history: a back-up, a
// collision, a poor solve, a binary search, a maybe-stuck, or any of these
// (engine/run/step_marks.h), before or after the record shown (Session::showMarkedStep).
// A combo box picks what to find; previous() and next() are actions (Shift+F3, F3) that the
// window also puts in its Simulation menu.
#include <QWidget>

#include "engine/run/step_marks.h"

class QAction;
class QComboBox;

namespace cl::widgets {

class Session;

class StepFinder : public QWidget {
  Q_OBJECT

 public:
  explicit StepFinder(Session* session, QWidget* parent = nullptr);
  QAction* previousAction() const { return mPrevious; }
  QAction* nextAction() const { return mNext; }
  StepMark mark() const;
  void setMark(StepMark mark);

 private:
  Session* mSession;
  QComboBox* mKind;
  QAction* mPrevious;
  QAction* mNext;
};

}  // namespace cl::widgets
