#include "widgets/step_finder.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

#include "widgets/session.h"

namespace cl::widgets {

StepFinder::StepFinder(Session* session, QWidget* parent) : QWidget(parent), mSession(session) {
  setObjectName(QStringLiteral("stepFinder"));
  mKind = new QComboBox;
  mKind->setObjectName(QStringLiteral("stepMarkBox"));
  for (const auto& [mark, name] : valuesOf<StepMark>())
    mKind->addItem(QString::fromLatin1(name), static_cast<int>(mark));
  mKind->setToolTip(
      tr("What makes a step worth looking at: CollisionAdvance backed up, handled a "
         "collision, searched by bisection or may be stuck, or a solve was poor (violation "
         "above %1, a friction fallback, or a time step that did not converge)")
          .arg(kPoorViolation));
  mKind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  const auto make = [this](const QString& name, const QString& text, QStyle::StandardPixmap icon,
                           const QKeySequence& key, int direction) {
    auto* a = new QAction(style()->standardIcon(icon), text, this);
    a->setObjectName(name);
    a->setShortcut(key);
    a->setToolTip(tr("%1 step with the mark chosen in the Find box (%2)")
                      .arg(direction > 0 ? tr("The next") : tr("The previous"), key.toString()));
    connect(a, &QAction::triggered, this,
            [this, direction] { mSession->showMarkedStep(mark(), direction); });
    return a;
  };
  mPrevious = make(QStringLiteral("findPreviousAction"), tr("Find Previous"),
                   QStyle::SP_MediaSeekBackward, QKeySequence(Qt::SHIFT | Qt::Key_F3), -1);
  mNext = make(QStringLiteral("findNextAction"), tr("Find Next"), QStyle::SP_MediaSeekForward,
               QKeySequence(Qt::Key_F3), +1);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(8, 0, 0, 0);
  row->addWidget(new QLabel(tr("Find")));
  auto* previous = new QToolButton;
  previous->setDefaultAction(mPrevious);
  auto* next = new QToolButton;
  next->setDefaultAction(mNext);
  row->addWidget(previous);
  row->addWidget(mKind);
  row->addWidget(next);
}

StepMark StepFinder::mark() const {
  return static_cast<StepMark>(mKind->currentData().toInt());
}

void StepFinder::setMark(StepMark mark) {
  mKind->setCurrentIndex(mKind->findData(static_cast<int>(mark)));
}

}  // namespace cl::widgets
