#pragma once
// WaypointsDock: the CollisionAdvance waypoints of the record shown, back-ups marked,
// filterable by back-ups or by name; the collisions of the selected waypoint; and the
// run's collision counters. Selecting a row selects the waypoint in the Session (the
// scene view then draws its bodies as ghosts). "Back-ups only" applies to the whole
// history: beside the step's back-up waypoints it lists every held step that backed up,
// and a click on one shows that step.
#include <QDockWidget>
#include <QString>

#include "widgets/dock_on_screen.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSplitter;
class QStackedWidget;
class QTableView;
class QVBoxLayout;

namespace cl::widgets {

class BackupStepsModel;
class CollisionListModel;
class Session;
class WaypointCounters;
class WaypointListModel;

class WaypointsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit WaypointsDock(Session* session, QWidget* parent = nullptr);
  ~WaypointsDock() override;

  QTableView* waypointTable() const { return mWaypointTable; }
  QTableView* collisionTable() const { return mCollisionTable; }
  const WaypointListModel* waypointModel() const { return mWaypoints; }
  const CollisionListModel* collisionModel() const { return mCollisions; }
  QCheckBox* backupsOnlyBox() const { return mBackupsOnly; }
  QComboBox* nameFilterBox() const { return mNameFilter; }
  QTableView* backupStepsTable() const { return mStepsTable; }
  const BackupStepsModel* backupStepsModel() const { return mSteps; }
  // Why there is nothing to show (no scene, step 0, no waypoints ...), empty while
  // the tables show.
  QString message() const;
  // The run's counters as shown.
  QString countersText() const;
  // The line above the waypoints: how many, and the step's back-ups and collisions.
  QString summaryText() const;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  // The body's parts, made in the order Tab visits them: the steps list, the filters, then
  // the tables. So the tables' page is made with the pages and filled after the filters:
  // buildStepsAndPages returns its layout for buildTables.
  QVBoxLayout* buildStepsAndPages(QWidget* body, QVBoxLayout* bodyLayout);
  QHBoxLayout* buildFilters(QWidget* body);
  void buildTables(QVBoxLayout* page);
  void sizeColumns();
  void connectControls();
  void connectSession();
  // The record shown changed: takes its trace (re-derived when dropped).
  void refresh();
  // The Session's selected waypoint changed: selects its row, shows its collisions.
  void syncSelection();
  void applyFilter();
  void onRowSelected();
  void showMessage(const QString& text);
  void updateCounters();
  void updateSummary();
  // The steps with back-ups, listed again from the history (Back-ups only, dock shown).
  void refreshSteps();
  // Selects the row of the step shown in the steps list.
  void syncStepRow();
  void onStepRowSelected();

  Session* mSession;
  WaypointListModel* mWaypoints = nullptr;
  CollisionListModel* mCollisions = nullptr;
  QStackedWidget* mPages = nullptr;
  QLabel* mMessage = nullptr;
  WaypointCounters* mCounters = nullptr;  // a grid: each counter's name and value
  QLabel* mSummary = nullptr;  // "k of n waypoints; this step: b back-ups (w waypoints), ..."
  QLabel* mCollisionsTitle = nullptr;
  QCheckBox* mBackupsOnly = nullptr;
  QComboBox* mNameFilter = nullptr;
  QTableView* mWaypointTable = nullptr;
  QTableView* mCollisionTable = nullptr;
  BackupStepsModel* mSteps = nullptr;
  QTableView* mStepsTable = nullptr;  // the steps with back-ups: shown with Back-ups only
  QSplitter* mSplitter = nullptr;     // waypoints, then the selected one's collisions
  bool mSplitMoved = false;           // the user placed the handle
  // The record changed while the dock was hidden: both lists caught up when it is seen.
  WorkWhenSeen mWhenSeen{this,
                         [this] {
                           refresh();
                           refreshSteps();
                         },
                         true};
  bool mSyncing = false;  // selecting a row because the Session said so
};

}  // namespace cl::widgets
