#include "widgets/notes_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "widgets/session.h"

namespace cl::widgets {

NotesBar::NotesBar(Session* session, QWidget* parent) : QFrame(parent), mSession(session) {
  setObjectName(QStringLiteral("notesBar"));
  // A pale amber strip: a caution, not an error.
  setStyleSheet(
      QStringLiteral("#notesBar { background: #fff4d6; border-bottom: 1px solid #e0c080; }"));
  mText = new QLabel;
  mText->setWordWrap(true);
  mText->setTextFormat(Qt::RichText);
  mText->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* hide = new QToolButton;
  hide->setText(tr("Hide"));
  hide->setAutoRaise(true);
  hide->setToolTip(tr("Hide these notes until they change"));
  connect(hide, &QToolButton::clicked, this, &QWidget::hide);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(8, 4, 4, 4);
  row->addWidget(mText, 1);
  row->addWidget(hide, 0, Qt::AlignTop);
  connect(mSession, &Session::notesChanged, this, &NotesBar::refresh);
  setVisible(false);  // until there is a note
  refresh();
}

QString NotesBar::text() const {
  return mText->text();
}

void NotesBar::refresh() {
  QStringList notes;
  for (const std::string& n : mSession->notes()) notes << QString::fromStdString(n);
  if (notes == mNotes) return;  // hidden by the user: stays hidden until they change
  mNotes = notes;
  QString html = QStringLiteral("<b>%1</b>").arg(notes.size() == 1 ? tr("Note:") : tr("Notes:"));
  for (const QString& n : notes) html += QStringLiteral("<br>&bull; ") + n.toHtmlEscaped();
  mText->setText(html);
  setVisible(!notes.isEmpty());
}

}  // namespace cl::widgets
