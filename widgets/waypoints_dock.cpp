#include "widgets/waypoints_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <memory>
#include <utility>

#include "engine/dynamics/advance_kind.h"
#include "widgets/backup_steps_model.h"
#include "widgets/count_text.h"
#include "widgets/dock_on_screen.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"
#include "widgets/waypoint_counters.h"
#include "widgets/waypoint_models.h"

namespace cl::widgets {

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
  auto* table = new QTableView(parent);
  table->setModel(model);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setAlternatingRowColors(false);  // the back-up colours carry meaning
  table->setWordWrap(false);
  table->verticalHeader()->hide();
  // Compact rows: hundreds of waypoints should fit a short dock.
  table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 4);
  table->horizontalHeader()->setHighlightSections(false);
  table->horizontalHeader()->setStretchLastSection(true);
  return table;
}

}  // namespace

WaypointsDock::WaypointsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Waypoints"), parent), mSession(session) {
  setObjectName(QStringLiteral("waypointsDock"));

  mWaypoints = new WaypointListModel(this);
  mCollisions = new CollisionListModel(this);

  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  mCounters = new WaypointCounters(body);
  layout->addWidget(mCounters);
  QVBoxLayout* tablesPage = buildStepsAndPages(body, layout);
  // Above the steps list and the step shown, across the dock: Back-ups only filters both.
  layout->insertLayout(1, buildFilters(body));
  buildTables(tablesPage);
  // Scrolls when the dock is shorter than its body: the window fits a 1000-pixel screen.
  setWidget(scrolled(body));

  sizeColumns();
  connectControls();
  connectSession();
  refresh();
}

QVBoxLayout* WaypointsDock::buildStepsAndPages(QWidget* body, QVBoxLayout* bodyLayout) {
  // The steps with back-ups (Back-ups only) at the left, the step shown at the right.
  auto* outer = new QSplitter(Qt::Horizontal, body);
  bodyLayout->addWidget(outer, 1);
  mSteps = new BackupStepsModel(this);
  mStepsTable = makeTable(mSteps, outer);
  mStepsTable->setObjectName(QStringLiteral("backupStepsTable"));
  mStepsTable->setToolTip(
      tr("Every held step in which CollisionAdvance backed up: click one to "
         "show it"));
  outer->addWidget(mStepsTable);
  mStepsTable->hide();

  mPages = new QStackedWidget(outer);
  outer->addWidget(mPages);
  outer->setStretchFactor(0, 1);
  outer->setStretchFactor(1, 3);

  mMessage = new QLabel(mPages);
  mMessage->setObjectName(QStringLiteral("waypointsMessage"));
  mMessage->setAlignment(Qt::AlignCenter);
  mMessage->setWordWrap(true);
  mMessage->setMargin(12);
  mPages->addWidget(mMessage);

  auto* content = new QWidget(mPages);
  auto* contentLayout = new QVBoxLayout(content);
  contentLayout->setContentsMargins(0, 0, 0, 0);
  contentLayout->setSpacing(3);
  return contentLayout;
}

QHBoxLayout* WaypointsDock::buildFilters(QWidget* body) {
  auto* filters = new QHBoxLayout;
  mBackupsOnly = new QCheckBox(tr("Back-ups only"), body);
  mBackupsOnly->setObjectName(QStringLiteral("waypointsBackupsOnly"));
  mBackupsOnly->setToolTip(
      tr("Show only the waypoints at which CollisionAdvance backs up in "
         "time (PRE_COLLISION, ADVANCE_SIM_COLLIDING, ADVANCE_SIM_FAIL, "
         "MAYBE_STUCK, STUCK)"));
  filters->addWidget(mBackupsOnly);
  mNameFilter = new QComboBox(body);
  mNameFilter->setObjectName(QStringLiteral("waypointsNameFilter"));
  mNameFilter->setToolTip(tr("Show only the waypoints of one kind"));
  mNameFilter->addItem(tr("All waypoints"), -1);
  for (int i = 0; i < kWayPointCount; ++i)
    mNameFilter->addItem(QString::fromLatin1(wayPointName(static_cast<WayPoint>(i))), i);
  mNameFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  filters->addWidget(mNameFilter);
  mSummary = new QLabel(body);
  mSummary->setObjectName(QStringLiteral("waypointsSummary"));
  mSummary->setWordWrap(true);  // two lines rather than cut off in a narrow dock
  filters->addWidget(mSummary, 1);
  return filters;
}

void WaypointsDock::buildTables(QVBoxLayout* page) {
  QWidget* content = page->parentWidget();
  auto* splitter = new QSplitter(Qt::Vertical, content);
  mSplitter = splitter;
  mWaypointTable = makeTable(mWaypoints, splitter);
  mWaypointTable->setObjectName(QStringLiteral("waypointTable"));
  splitter->addWidget(mWaypointTable);
  auto* lower = new QWidget(splitter);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->setSpacing(2);
  mCollisionsTitle = new QLabel(lower);
  mCollisionsTitle->setObjectName(QStringLiteral("waypointCollisionsTitle"));
  // Wrapped, so its text does not set the least width of the collisions' side.
  mCollisionsTitle->setWordWrap(true);
  lowerLayout->addWidget(mCollisionsTitle);
  mCollisionTable = makeTable(mCollisions, lower);
  mCollisionTable->setObjectName(QStringLiteral("waypointCollisionTable"));
  mCollisionTable->setSelectionMode(QAbstractItemView::NoSelection);
  lowerLayout->addWidget(mCollisionTable, 1);
  splitter->addWidget(lower);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  page->addWidget(splitter, 1);
  mPages->addWidget(content);
}

void WaypointsDock::sizeColumns() {
  // Column widths from typical contents, once: re-measuring hundreds of rows on
  // every step would cost more than the table itself.
  const QFontMetrics fm = mWaypointTable->fontMetrics();
  const auto width = [&](const char* sample) {
    return fm.horizontalAdvance(QString::fromLatin1(sample)) + 16;
  };
  auto* wh = mWaypointTable->horizontalHeader();
  wh->resizeSection(WaypointListModel::kIndex, width("0000"));
  wh->resizeSection(WaypointListModel::kTime, width("0.0000000000"));
  wh->resizeSection(WaypointListModel::kName, width("HANDLE_COLLISION_SUCCESS"));
  wh->resizeSection(WaypointListModel::kStepSize, width("0.0000e-05"));
  wh->resizeSection(WaypointListModel::kBinary, width("binary"));
  wh->resizeSection(WaypointListModel::kStuck, width("stuck"));
  auto* ch = mCollisionTable->horizontalHeader();
  ch->resizeSection(CollisionListModel::kBodies, width("block10 / WALL_BOTTOM"));
  ch->resizeSection(CollisionListModel::kKind, width("vertex/edge"));
  for (int c : {CollisionListModel::kDistance, CollisionListModel::kNormalVelocity})
    ch->resizeSection(c, width("-0.000e-05"));
  for (int c : {CollisionListModel::kEstimatedTime, CollisionListModel::kDetectedTime})
    ch->resizeSection(c, width("0.0000000000"));
  ch->resizeSection(CollisionListModel::kNeedsHandling, width("handle"));

  // The steps list is as wide as its three columns, the rest goes to the step shown.
  auto* sh = mStepsTable->horizontalHeader();
  sh->resizeSection(BackupStepsModel::kStep, width("000000"));
  sh->resizeSection(BackupStepsModel::kTime, width("000.00000"));
  sh->resizeSection(BackupStepsModel::kBackups, width("back-ups"));
  mStepsTable->setMinimumWidth(width("000000") + width("000.00000") + width("back-ups") +
                               mStepsTable->verticalScrollBar()->sizeHint().width() + 4);
  mStepsTable->setMaximumWidth(mStepsTable->minimumWidth() + 40);
}

void WaypointsDock::connectControls() {
  connect(mWaypointTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &WaypointsDock::onRowSelected);
  connect(mBackupsOnly, &QCheckBox::toggled, this, &WaypointsDock::applyFilter);
  connect(mStepsTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &WaypointsDock::onStepRowSelected);
  connect(mSplitter, &QSplitter::splitterMoved, this, [this] { mSplitMoved = true; });
  connect(mNameFilter, &QComboBox::currentIndexChanged, this, &WaypointsDock::applyFilter);
}

void WaypointsDock::connectSession() {
  connect(mSession, &Session::sceneLoaded, this, &WaypointsDock::refresh);
  connect(mSession, &Session::currentChanged, this, &WaypointsDock::refresh);
  connect(mSession, &Session::historyTruncated, this, &WaypointsDock::refresh);
  connect(mSession, &Session::stepped, this, &WaypointsDock::refreshSteps);
  connect(mSession, &Session::historyTruncated, this, &WaypointsDock::refreshSteps);
  // A new scene (or recording) is a new list; steps and truncations change its ends only.
  connect(mSession, &Session::sceneLoaded, this, [this] {
    mSteps->setHistory(nullptr);
    refreshSteps();
  });
  connect(mSession, &Session::selectionChanged, this, &WaypointsDock::syncSelection);
}

WaypointsDock::~WaypointsDock() = default;

QString WaypointsDock::message() const {
  return mPages->currentIndex() == 0 ? mMessage->text() : QString();
}

QString WaypointsDock::summaryText() const {
  return mSummary->text();
}

QString WaypointsDock::countersText() const {
  return mCounters->text();
}

void WaypointsDock::resizeEvent(QResizeEvent* event) {
  QDockWidget::resizeEvent(event);
  // A short, wide dock (the bottom row of the window) puts the collisions beside the
  // waypoints, so both keep a few rows; a tall one puts them below.
  const Qt::Orientation wanted = width() > 2 * height() ? Qt::Horizontal : Qt::Vertical;
  if (mSplitter->orientation() != wanted) {
    mSplitter->setOrientation(wanted);
    mSplitMoved = false;
  }
  // The waypoints are what one scans: three fifths of the room, until the user moves
  // the handle.
  if (!mSplitMoved) {
    const int room = wanted == Qt::Horizontal ? width() : height();
    mSplitter->setSizes({room * 3 / 5, room - room * 3 / 5});
  }
}

void WaypointsDock::showMessage(const QString& text) {
  const bool wasSyncing = mSyncing;
  mSyncing = true;
  mWaypoints->setTrace(nullptr);
  mCollisions->setWaypoint(nullptr, -1, {});
  mSyncing = wasSyncing;
  mMessage->setText(text);
  mPages->setCurrentIndex(0);
  updateSummary();
}

void WaypointsDock::refresh() {
  // A hidden dock does nothing but remember to catch up.
  if (!mWhenSeen.seenNow()) return;
  updateCounters();
  if (mStepsTable->isVisibleTo(this)) syncStepRow();
  const StepRecord* record = mSession->current();
  if (!mSession->hasScene() || !record) {
    showMessage(tr("No scene loaded."));
    return;
  }
  const long long step = record->step;
  if (step == 0) {
    showMessage(
        tr("Step 0 is the scene as loaded: no advance has run yet.\nTake a step to see "
           "the waypoints of CollisionAdvance."));
    return;
  }
  std::shared_ptr<const StepTrace> trace = record->trace;
  if (!trace) {
    // The Session re-derives it when paused; currentChanged brings it.
    showMessage(mSession->noTraceReason());
    return;
  }
  if (trace->waypoints.empty()) {
    showMessage(
        trace->timeStep
            ? tr("Step %1 has no waypoints: it was taken by the time stepper %2, which neither "
                 "backs up nor applies impulses. Its iterations are in the Time stepping dock.")
                  .arg(step)
                  .arg(QString::fromLatin1(
                      nameOf(static_cast<AdvanceKind>(trace->timeStep->scheme))))
            : tr("Step %1 has no waypoints: this scene is advanced by plain integrator steps, "
                 "without CollisionAdvance.")
                  .arg(step));
    return;
  }
  const bool wasSyncing = mSyncing;
  mSyncing = true;
  mWaypoints->setTrace(std::move(trace));
  mSyncing = wasSyncing;
  mPages->setCurrentIndex(1);
  updateSummary();
  syncSelection();
}

void WaypointsDock::applyFilter() {
  const int name = mNameFilter->currentData().toInt();
  const bool wasSyncing = mSyncing;
  mSyncing = true;
  mWaypoints->setFilter(
      mBackupsOnly->isChecked(),
      name >= 0 ? std::optional<WayPoint>(static_cast<WayPoint>(name)) : std::nullopt);
  mSyncing = wasSyncing;
  mStepsTable->setVisible(mBackupsOnly->isChecked());
  refreshSteps();
  updateSummary();
  syncSelection();
}

void WaypointsDock::refreshSteps() {
  if (!mBackupsOnly->isChecked()) return;
  if (!dockOnScreen(*this)) {
    mWhenSeen.owe();  // caught up when it comes into view
    return;
  }
  const bool wasSyncing = mSyncing;
  mSyncing = true;
  if (mSession->hasScene())
    mSteps->follow(mSession->history());
  else
    mSteps->setHistory(nullptr);
  mSyncing = wasSyncing;
  updateSummary();
  syncStepRow();
}

void WaypointsDock::syncStepRow() {
  const StepRecord* record = mSession->current();
  const int row = record ? mSteps->rowOfStep(record->step) : -1;
  const bool wasSyncing = mSyncing;
  mSyncing = true;
  if (row >= 0) {
    mStepsTable->selectRow(row);
    mStepsTable->scrollTo(mSteps->index(row, 0));
  } else {
    mStepsTable->clearSelection();
  }
  mSyncing = wasSyncing;
}

void WaypointsDock::onStepRowSelected() {
  if (mSyncing) return;
  const QModelIndexList rows = mStepsTable->selectionModel()->selectedRows();
  if (rows.isEmpty()) return;
  const int index = mSession->history().indexOfStep(mSteps->stepAt(rows.front().row()));
  if (index >= 0 && index != mSession->currentIndex()) mSession->showStep(index);
}

void WaypointsDock::syncSelection() {
  if (!dockOnScreen(*this) || mWhenSeen.owed() || mPages->currentIndex() != 1) return;
  const int selected = mSession->selectedWaypoint();
  const auto& trace = mWaypoints->trace();
  const int index = trace && selected < static_cast<int>(trace->waypoints.size()) ? selected : -1;
  const int row = mWaypoints->rowOf(index);
  const bool wasSyncing = mSyncing;
  mSyncing = true;
  if (row >= 0) {
    mWaypointTable->selectRow(row);
    mWaypointTable->scrollTo(mWaypoints->index(row, 0));
  } else {
    mWaypointTable->clearSelection();
  }
  mSyncing = wasSyncing;

  QStringList names;
  for (const Polygon& b : mSession->bodies()) names << QString::fromStdString(b.name());
  mCollisions->setWaypoint(trace, index, names);
  if (const Waypoint* w = mCollisions->waypoint()) {
    const QString what = tr("waypoint %1, %2 at t = %3")
                             .arg(index + 1)
                             .arg(QString::fromLatin1(wayPointName(w->point)))
                             .arg(w->time, 0, 'g', 10);
    mCollisionsTitle->setText(
        w->collisions.empty()
            ? tr("Collisions of %1: none considered.").arg(what)
            : tr("Collisions of %1: %n", nullptr, static_cast<int>(w->collisions.size()))
                  .arg(what));
  } else {
    mCollisionsTitle->setText(tr("Select a waypoint to see the collisions it considers."));
  }
}

void WaypointsDock::onRowSelected() {
  if (mSyncing) return;
  const QModelIndexList rows = mWaypointTable->selectionModel()->selectedRows();
  if (rows.isEmpty()) return;  // a cleared selection keeps the Session's
  const int index = mWaypoints->waypointAt(rows.front().row());
  if (index >= 0 && index != mSession->selectedWaypoint()) mSession->selectWaypoint(index);
}

void WaypointsDock::updateCounters() {
  const StepRecord* record = mSession->current();
  mCounters->showTotals(mSession->hasScene() && record ? &record->state.counters : nullptr);
}

void WaypointsDock::updateSummary() {
  QStringList parts;
  // With Back-ups only, the history's count first: the list at the left holds those steps.
  if (mBackupsOnly->isChecked())
    parts << tr("%1 backed up (%2)")
                 .arg(countText(mSteps->rowCount(), tr("step")),
                      countText(mSteps->backups(), tr("back-up")));
  if (const auto& trace = mWaypoints->trace()) {
    // Back-ups are the step's own count (StepStats, as the time series and time_series.csv);
    // a back-up shows as one or two waypoints (ADVANCE_SIM_COLLIDING, then PRE_COLLISION).
    const StepRecord* record = mSession->current();
    int backupWaypoints = 0;
    for (const Waypoint& w : trace->waypoints) backupWaypoints += isBackupWaypoint(w.point) ? 1 : 0;
    const int total = mWaypoints->waypointCount(), shown = mWaypoints->rowCount();
    QString text = shown == total ? countText(total, tr("waypoint"))
                                  : tr("%1 of %2").arg(shown).arg(countText(total, tr("waypoint")));
    if (record)
      text += tr("; this step: %1 (%2), %3")
                  .arg(countText(record->stats.backups, tr("back-up")),
                       countText(backupWaypoints, tr("back-up waypoint")),
                       countText(record->stats.collisions, tr("collision handled"),
                                 tr("collisions handled")));
    parts << text;
  }
  mSummary->setText(parts.join(QStringLiteral("; ")));
}

}  // namespace cl::widgets
