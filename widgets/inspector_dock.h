#pragma once
// InspectorDock: the body selected in the scene (a click on it), at the record shown: its
// mass and moment, its state and kinetic energy, the sum of the contact forces on it and
// their torque about its centre of mass, and each of its contacts (the other body, the
// contact's mode, normal and friction force, slip) with, where the selected solve has a
// row for that contact, the row, its distance and its acceleration a. A click on such a
// contact selects its row everywhere.
#include <QDockWidget>
#include <QString>
#include <vector>

class QLabel;
class QStackedWidget;
class QTableWidget;

namespace cl::widgets {

class Session;

class InspectorDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit InspectorDock(Session* session, QWidget* parent = nullptr);

  // For tests and the CSV-minded: the text shown for a property ("mass", "x", ...), empty
  // when there is none; and the contacts table.
  QString property(const QString& name) const;
  const QTableWidget* contactTable() const { return mContacts; }
  QString message() const;

  // The contacts table's columns.
  enum Column { kWith, kMode, kForce, kFriction, kSlip, kRow, kDistance, kAcceleration, kColumns };

 private:
  void refresh();

  Session* mSession;
  QStackedWidget* mPages = nullptr;
  QLabel* mMessage = nullptr;
  QLabel* mTitle = nullptr;
  QTableWidget* mProperties = nullptr;
  QTableWidget* mContacts = nullptr;
  std::vector<int> mContactRows;  // per table row: the selected solve's row, -1 none
  int mShownBody = -1;
};

}  // namespace cl::widgets
