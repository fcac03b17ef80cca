#pragma once
// NotesBar: a strip above the scene that lists, in full, what the loaded scene will not do
// as its file says (Session::notes(): restitution or friction an advance cannot express,
// connectors an engine ignores, a force law its time step cannot integrate stably). The
// status bar shows each note for a few seconds, cut at the window's width; this keeps them
// until the user hides them, and comes back when they change.
#include <QFrame>
#include <QStringList>

class QLabel;

namespace cl::widgets {

class Session;

class NotesBar : public QFrame {
  Q_OBJECT

 public:
  explicit NotesBar(Session* session, QWidget* parent = nullptr);
  // The notes listed (empty when the bar has none), for tests.
  QStringList notes() const { return mNotes; }
  QString text() const;

 private:
  void refresh();

  Session* mSession;
  QLabel* mText;
  QStringList mNotes;
};

}  // namespace cl::widgets
