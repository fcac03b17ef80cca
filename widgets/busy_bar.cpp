#include "widgets/busy_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>

#include "widgets/session.h"

namespace cl::widgets {

BusyBar::BusyBar(Session* session, QWidget* parent) : QFrame(parent), mSession(session) {
  setObjectName(QStringLiteral("busyBar"));
  // Pale blue: work in progress, neither a caution nor an error.
  setStyleSheet(
      QStringLiteral("#busyBar { background: #e3efff; border-bottom: 1px solid #9bbce6; }"));
  mText = new QLabel;
  mText->setWordWrap(true);
  mCancel = new QPushButton(tr("Cancel step"));
  mCancel->setObjectName(QStringLiteral("cancelStepButton"));
  mCancel->setShortcut(QKeySequence(Qt::Key_Escape));
  mCancel->setToolTip(tr("Stop this step (Esc): the run stays at the last whole step"));
  connect(mCancel, &QPushButton::clicked, mSession, &Session::cancelStep);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(8, 4, 8, 4);
  row->addWidget(mText, 1);
  row->addWidget(mCancel);
  mTick = new QTimer(this);
  mTick->setInterval(250);
  connect(mTick, &QTimer::timeout, this, &BusyBar::refresh);
  connect(mSession, &Session::busyChanged, this, [this](bool busy) {
    if (busy)
      mTick->start();
    else
      mTick->stop();
    refresh();
    setVisible(busy);
  });
  setVisible(false);
}

QString BusyBar::text() const {
  return mText->text();
}

void BusyBar::refresh() {
  const long long step = mSession->stepInProgress();
  mText->setText(tr("Still computing step %1 (time step %2 s), for %3 s so far. The window stays "
                    "responsive; Cancel step stops it and keeps the run at step %4.")
                     .arg(step)
                     .arg(mSession->timeStep(), 0, 'g', 6)
                     .arg(mSession->busySeconds(), 0, 'f', 1)
                     .arg(step > 0 ? step - 1 : 0));
}

}  // namespace cl::widgets
