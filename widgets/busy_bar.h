#pragma once
// BusyBar: a strip above the scene while a step takes long (Session::busy(): a request
// computing for more than Session::kBusyAfterMs), saying which step is being computed and
// for how long, with a button (and Esc) that cancels it (Session::cancelStep: the history
// stays at the last whole step). A time step of 400 s in a box of thin walls is one step
// of tens of thousands of collisions; the window stays responsive meanwhile, since steps
// are computed off the UI thread.
#include <QFrame>

class QLabel;
class QPushButton;
class QTimer;

namespace cl::widgets {

class Session;

class BusyBar : public QFrame {
  Q_OBJECT

 public:
  explicit BusyBar(Session* session, QWidget* parent = nullptr);
  QString text() const;
  QPushButton* cancelButton() const { return mCancel; }

 private:
  void refresh();

  Session* mSession;
  QLabel* mText;
  QPushButton* mCancel;
  QTimer* mTick;  // updates the seconds while shown
};

}  // namespace cl::widgets
