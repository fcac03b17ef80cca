#include "widgets/controls_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <thread>

#include "engine/contact/contact_sim.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/thruster_set.h"
#include "engine/parallel/worker_pool.h"
#include "engine/scene/scene.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

QDoubleSpinBox* numberBox(double low, double high, double step, int decimals) {
  auto* box = new QDoubleSpinBox;
  box->setRange(low, high);
  box->setSingleStep(step);
  box->setDecimals(decimals);
  // Applied when typing is done (Enter, focus out, arrows), not at every key.
  box->setKeyboardTracking(false);
  return box;
}

QLabel* noteLabel(const QString& text) {
  auto* note = new QLabel(text);
  note->setWordWrap(true);
  QFont f = note->font();
  f.setPointSizeF(std::max(6.0, f.pointSizeF() - 1.0));
  note->setFont(f);
  note->setStyleSheet(QStringLiteral("color: #606060"));
  return note;
}

template <typename Law>
const Law* firstLaw(const RigidBodySim& sim) {
  for (const auto& law : sim.forceLaws())
    if (const auto* l = dynamic_cast<const Law*>(law.get())) return l;
  return nullptr;
}

}  // namespace

ControlsDock::ControlsDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Controls"), parent), mSession(session) {
  setObjectName(QStringLiteral("controlsDock"));

  auto* content = new QWidget;
  auto* column = new QVBoxLayout(content);
  column->setContentsMargins(4, 4, 4, 4);
  column->setSpacing(6);
  column->addWidget(buildSceneGroup());
  column->addWidget(buildContactAppGroup());
  column->addWidget(buildSettingsGroup());
  column->addWidget(buildRunGroup());
  column->addStretch(1);

  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(content);
  // The status stays in view under the scrolling controls: it says what a change did.
  mStatus = noteLabel(tr("No scene loaded."));
  mStatus->setObjectName(QStringLiteral("status"));
  mStatus->setContentsMargins(6, 2, 6, 4);
  mStatus->setFrameShape(QFrame::StyledPanel);
  auto* outer = new QWidget;
  auto* outerLayout = new QVBoxLayout(outer);
  outerLayout->setContentsMargins(0, 0, 0, 0);
  outerLayout->setSpacing(2);
  outerLayout->addWidget(scroll, 1);
  outerLayout->addWidget(mStatus);
  setWidget(outer);

  connect(mSession, &Session::sceneLoaded, this, [this] {
    refreshFromSession();
    selectCurrentScene();
    setStatus(tr("Loaded \"%1\".").arg(mSession->title()));
  });
  // Going on from a past record puts back the simulation of that record, settings and
  // all; the controls follow (unless the truncation is our own edit's doing).
  connect(mSession, &Session::historyTruncated, this, [this] {
    if (!mApplying) refreshFromSession();
  });
  // An edit made elsewhere (the Solver steps dock's cold start) reaches the controls too.
  connect(mSession, &Session::notesChanged, this, [this] {
    if (!mApplying) refreshFromSession();
  });
  refreshFromSession();
  selectCurrentScene();
}

ControlsDock::~ControlsDock() = default;

// ---- Building the controls

QWidget* ControlsDock::buildSceneGroup() {
  auto* group = new QGroupBox(tr("Scene"));
  auto* layout = new QVBoxLayout(group);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(3);

  mSceneList = new QListWidget;
  mSceneList->setObjectName(QStringLiteral("sceneList"));
  mSceneList->setMinimumHeight(110);
  mSceneList->setMaximumHeight(150);
  mSceneList->setUniformItemSizes(true);
  mSceneGroup = group;
  listScenesOf(scenesDirectory());
  layout->addWidget(mSceneList);

  mSceneDescription = noteLabel(QString());
  mSceneDescription->setObjectName(QStringLiteral("sceneDescription"));
  layout->addWidget(mSceneDescription);

  mLoadButton = new QPushButton(tr("Load scene"));
  mLoadButton->setObjectName(QStringLiteral("loadScene"));
  mLoadButton->setToolTip(tr("Loads the highlighted scene (or double-click it)."));
  layout->addWidget(mLoadButton);

  connect(mSceneList, &QListWidget::currentRowChanged, this, &ControlsDock::showSceneDescription);
  connect(mSceneList, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { loadSceneAt(mSceneList->row(item)); });
  connect(mLoadButton, &QPushButton::clicked, this,
          [this] { loadSceneAt(mSceneList->currentRow()); });
  return group;
}

QWidget* ControlsDock::buildContactAppGroup() {
  auto* group = new QGroupBox(tr("ContactApp"));
  auto* form = new QFormLayout(group);
  form->setContentsMargins(4, 4, 4, 4);
  form->setVerticalSpacing(3);
  form->addRow(noteLabel(tr("Changes apply at once to the running simulation.")));

  mBlocks = new QSpinBox;
  mBlocks->setObjectName(QStringLiteral("blocks"));
  mBlocks->setRange(1, 6);
  mBlocks->setKeyboardTracking(false);
  mBlocks->setToolTip(
      tr("Loads contact_app_N.json now, keeping the gravity, elasticity, "
         "damping and thrust changed here."));
  auto* loadBlocksButton = new QPushButton(tr("Load"));
  loadBlocksButton->setObjectName(QStringLiteral("loadBlocks"));
  loadBlocksButton->setToolTip(mBlocks->toolTip());
  auto* blocksRow = new QHBoxLayout;
  blocksRow->setSpacing(4);
  blocksRow->addWidget(mBlocks, 1);
  blocksRow->addWidget(loadBlocksButton);
  form->addRow(tr("Blocks"), blocksRow);
  const auto loadBlocks = [this] {
    // ContactApp keeps its parameters when the number of blocks changes.
    const QString path = contactAppScenePath(scenesDirectory(), mBlocks->value());
    if (!mSession->loadScene(path, /*keepEdits=*/true) && !mSession->loadDeclined())
      setStatus(tr("Could not load the ContactApp scene with %1 blocks (%2).")
                    .arg(mBlocks->value())
                    .arg(path),
                true);
  };
  connect(loadBlocksButton, &QPushButton::clicked, this, loadBlocks);
  mBlocksNote = noteLabel(tr("loads that ContactApp scene now"));
  mBlocksNote->setObjectName(QStringLiteral("blocksNote"));
  form->addRow(mBlocksNote);

  mGravity = numberBox(-100.0, 100.0, 0.5, 3);
  mGravity->setObjectName(QStringLiteral("gravity"));
  mGravity->setToolTip(tr("Uniform gravity g (downwards when positive); applied now."));
  form->addRow(tr("Gravity"), mGravity);
  mElasticity = numberBox(0.0, 1.0, 0.05, 3);
  mElasticity->setObjectName(QStringLiteral("elasticity"));
  mElasticity->setToolTip(
      tr("Elasticity of every body and wall (a collision uses the "
         "smaller of the two); applied now."));
  form->addRow(tr("Elasticity"), mElasticity);
  mDamping = numberBox(0.0, 100.0, 0.05, 3);
  mDamping->setObjectName(QStringLiteral("damping"));
  mDamping->setToolTip(tr("Damping k: F = -k v on every movable body; applied now."));
  form->addRow(tr("Damping"), mDamping);
  mThrust = numberBox(0.0, 1000.0, 0.5, 3);
  mThrust->setObjectName(QStringLiteral("thrust"));
  mThrust->setToolTip(tr("Magnitude of every thruster set; applied now."));
  form->addRow(tr("Thrust"), mThrust);

  connect(mBlocks, &QSpinBox::valueChanged, this, loadBlocks);
  connect(mGravity, &QDoubleSpinBox::valueChanged, this,
          [this](double g) { send(SetGravity{g}, tr("Gravity %1").arg(g)); });
  connect(mElasticity, &QDoubleSpinBox::valueChanged, this,
          [this](double e) { send(SetElasticity{e}, tr("Elasticity %1").arg(e)); });
  connect(mDamping, &QDoubleSpinBox::valueChanged, this,
          [this](double k) { send(SetDamping{k}, tr("Damping %1").arg(k)); });
  connect(mThrust, &QDoubleSpinBox::valueChanged, this,
          [this](double m) { send(SetThrust{m}, tr("Thrust %1").arg(m)); });
  return group;
}

QWidget* ControlsDock::buildSettingsGroup() {
  auto* group = new QGroupBox(tr("Simulation"));
  auto* form = new QFormLayout(group);
  form->setContentsMargins(4, 4, 4, 4);
  form->setVerticalSpacing(3);
  form->addRow(
      noteLabel(tr("Changes apply at once, except where marked \"applies on "
                   "restart\".")));

  mSettingEditors = makeSettingEditors([this](int index) { settingChanged(index); });
  for (SettingEditor& e : mSettingEditors) {
    // A check box carries its own label.
    if (qobject_cast<QCheckBox*>(e.control))
      form->addRow(e.control);
    else
      form->addRow(toQString(e.info->label), e.control);
    if (e.info->apply == SettingApply::kRestart) {
      e.note = noteLabel(tr("applies on restart"));
      e.note->setObjectName(e.control->objectName() + QStringLiteral("Note"));
      form->addRow(e.note);
    }
  }

  mRestartButton = new QPushButton(tr("Restart with these settings"));
  mRestartButton->setObjectName(QStringLiteral("restartWithSettings"));
  mRestartButton->setToolTip(
      tr("Rebuilds the scene with every setting and parameter shown "
         "here and starts it again."));
  form->addRow(mRestartButton);
  connect(mRestartButton, &QPushButton::clicked, this, &ControlsDock::restartWithShownSettings);
  return group;
}

bool ControlsDock::restartWithShownSettings() {
  if (!mSession->hasScene()) return false;
  if (!mSession->canRebuild()) {
    setStatus(tr("This scene was built in code and has no document to rebuild it from: "
                 "settings that apply on restart cannot be applied."),
              true);
    return false;
  }
  if (!mSession->restartWithSettings(settingsShown())) {
    // Declined at the question whether to drop the run: the settings stay pending.
    if (mSession->loadDeclined()) return false;
    setStatus(tr("Settings not applied: see the message."), true);
    return false;
  }
  setStatus(tr("Restarted \"%1\" with the settings shown (seed %2).")
                .arg(mSession->title())
                .arg(mSession->settings().seed));
  return true;
}

QWidget* ControlsDock::buildRunGroup() {
  auto* group = new QGroupBox(tr("Run"));
  auto* form = new QFormLayout(group);
  form->setContentsMargins(4, 4, 4, 4);
  form->setVerticalSpacing(3);

  mTracing = new QCheckBox(tr("Record traces"));
  mTracing->setObjectName(QStringLiteral("tracing"));
  mTracing->setToolTip(
      tr("Record every step's solves, pivots and waypoints (applies from the "
         "next step). Off, the run is faster and a step's trace is re-derived "
         "when it is inspected."));
  form->addRow(mTracing);

  mBudget = new QSpinBox;
  mBudget->setObjectName(QStringLiteral("historyBudget"));
  mBudget->setRange(16, 1 << 16);
  mBudget->setSingleStep(64);
  mBudget->setSuffix(tr(" MB"));
  mBudget->setKeyboardTracking(false);
  mBudget->setToolTip(
      tr("Memory the run's history may use; traces are dropped first, then the "
         "oldest records. Applied now."));
  form->addRow(tr("History"), mBudget);

  // The engine's helper threads (contact detection's candidate pairs, split from 256 pairs
  // on): the same bits with any count, so it applies at once, to every run in the process.
  mThreads = new QSpinBox;
  mThreads->setObjectName(QStringLiteral("threads"));
  mThreads->setRange(1, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  mThreads->setKeyboardTracking(false);
  mThreads->setValue(WorkerPool::shared().threads());
  mThreads->setToolTip(
      tr("Threads sharing a contact search's candidate pairs (searches of 256 pairs or more). "
         "The results are the same bits with any count. Applied now."));
  form->addRow(tr("Threads"), mThreads);

  connect(mTracing, &QCheckBox::toggled, this, [this](bool on) {
    mSession->setTracing(on);
    setStatus(on ? tr("Record traces on: applied from the next step.")
                 : tr("Record traces off: applied from the next step."));
  });
  connect(mThreads, &QSpinBox::valueChanged, this, [this](int threads) {
    WorkerPool::shared().setThreads(threads);
    setStatus(threads == 1 ? tr("Contact searches on one thread: applied now.")
                           : tr("Contact searches on %1 threads: applied now.").arg(threads));
  });
  connect(mBudget, &QSpinBox::valueChanged, this, [this](int mb) {
    mSession->setHistoryBudget(static_cast<std::size_t>(mb) << 20);
    setStatus(tr("History budget %1 MB: applied now (%2 records held).")
                  .arg(mb)
                  .arg(mSession->history().size()));
  });
  return group;
}

// ---- Reading the session

void ControlsDock::refreshFromSession() {
  const RunHistory& history = mSession->history();
  const bool has = mSession->hasScene() && !history.empty() && history.back().state.structure;
  for (QWidget* w : std::initializer_list<QWidget*>{mBlocks, mGravity, mElasticity, mDamping,
                                                    mThrust, mRestartButton})
    w->setEnabled(has);
  for (const SettingEditor& e : mSettingEditors) e.control->setEnabled(has);
  mBlocks->setEnabled(true);  // loads a ContactApp scene even when none is loaded

  {
    const QSignalBlocker b1(mTracing), b2(mBudget), b3(mBlocks), b4(mThreads);
    mTracing->setChecked(mSession->tracing());
    mThreads->setValue(WorkerPool::shared().threads());
    mBudget->setValue(static_cast<int>(history.budget() >> 20));
    const int blocks = contactAppBlockCount(mSession->scenePath());
    if (blocks > 0) mBlocks->setValue(blocks);
    mBlocksNote->setText(blocks > 0 ? tr("loads that ContactApp scene now")
                                    : tr("not a ContactApp scene: a count loads one now"));
  }
  if (!has) {
    // Disabled, the controls show the defaults a scene starts from, not whatever the
    // widgets' own minimums are.
    const SimSettings defaults;
    for (const SettingEditor& e : mSettingEditors) {
      const QSignalBlocker block(e.control);
      e.show(defaults);
    }
    updateRestartNote();
    return;
  }

  // What runs now: the newest record's simulation, with every edit made so far.
  const SimState& state = history.back().state;
  const RigidBodySim& sim = *state.structure;
  const auto* cs = dynamic_cast<const ContactSim*>(&sim);
  const QSignalBlocker blockers[] = {QSignalBlocker(mGravity), QSignalBlocker(mElasticity),
                                     QSignalBlocker(mDamping), QSignalBlocker(mThrust)};

  const GravityLaw* gravity = firstLaw<GravityLaw>(sim);
  mGravity->setValue(gravity ? gravity->gravity() : 0.0);
  const DampingLaw* damping = firstLaw<DampingLaw>(sim);
  mDamping->setValue(damping ? damping->damping() : 0.0);
  const ThrusterSet* thrusters = firstLaw<ThrusterSet>(sim);
  mThrust->setValue(thrusters ? thrusters->magnitude() : 0.0);
  mThrust->setEnabled(thrusters != nullptr);
  mThrust->setToolTip(thrusters ? tr("Magnitude of every thruster set; applied now.")
                                : tr("This scene has no thrusters."));
  // The first movable body speaks for all: the control sets every body alike.
  double elasticity = 1.0;
  for (const Polygon& body : sim.bodies())
    if (!body.isFixed()) {
      elasticity = body.elasticity();
      break;
    }
  mElasticity->setValue(elasticity);

  const SimSettings live = mSession->liveSettings();
  for (const SettingEditor& e : mSettingEditors) {
    e.show(live);
    // The contact settings belong to a ContactSim; a plain RigidBodySim has none.
    if (e.info->holder == SettingHolder::kContact) e.control->setEnabled(cs != nullptr);
  }
  updateRestartNote();
}

void ControlsDock::listScenesOf(const QString& folder) {
  mSceneFolder = QFileInfo(folder).absoluteFilePath();
  mScenes = sceneCatalog(mSceneFolder);
  const QSignalBlocker blocker(mSceneList);
  mSceneList->clear();
  for (const SceneEntry& e : mScenes) {
    auto* item = new QListWidgetItem(e.valid() ? e.title : tr("%1 (unreadable)").arg(e.fileName));
    item->setToolTip(e.valid() ? tr("%1\n\n%2").arg(e.fileName, e.description)
                               : tr("%1 cannot be loaded:\n%2").arg(e.fileName, e.error));
    if (!e.valid()) item->setForeground(QColor(0x90, 0x90, 0x90));
    mSceneList->addItem(item);
  }
  if (mScenes.isEmpty()) {
    auto* item = new QListWidgetItem(tr("No scene files in %1").arg(mSceneFolder));
    item->setFlags(Qt::NoItemFlags);
    mSceneList->addItem(item);
  }
  // The folder listed, named: it follows the scene opened last.
  const QFileInfo folderInfo(mSceneFolder);
  mSceneGroup->setTitle(
      tr("Scenes: %1/%2")
          .arg(QFileInfo(folderInfo.absolutePath()).fileName(), folderInfo.fileName()));
  mSceneGroup->setToolTip(mSceneFolder);
}

void ControlsDock::selectCurrentScene() {
  // A scene opened from another folder brings that folder's scenes into the list.
  if (const QFileInfo scene(mSession->scenePath());
      !mSession->scenePath().isEmpty() && scene.absolutePath() != mSceneFolder)
    listScenesOf(scene.absolutePath());
  const QString current = QFileInfo(mSession->scenePath()).absoluteFilePath();
  for (int i = 0; i < mScenes.size(); ++i) {
    if (!mSession->scenePath().isEmpty() && mScenes[i].path == current) {
      const QSignalBlocker blocker(mSceneList);
      mSceneList->setCurrentRow(i);
      mSceneList->scrollToItem(mSceneList->item(i));
      showSceneDescription(i);
      return;
    }
  }
  // Not a scene of the folder (a recording's, one built in code): no row stays selected.
  const QSignalBlocker blocker(mSceneList);
  mSceneList->setCurrentRow(-1);
  showSceneDescription(-1);
}

void ControlsDock::showSceneDescription(int row) {
  if (row < 0 || row >= mScenes.size()) {
    mSceneDescription->setText(
        !mSession->hasScene() ? tr("Choose a scene and load it.")
        : mSession->recordingPath().isEmpty()
            ? tr("Running \"%1\" (not from the scene folder).").arg(mSession->title())
            : tr("Running \"%1\" from the recording %2.")
                  .arg(mSession->title(), QFileInfo(mSession->recordingPath()).fileName()));
    mSceneDescription->setToolTip(QString());
    mLoadButton->setEnabled(false);
    return;
  }
  const SceneEntry& e = mScenes[row];
  QString text = e.valid() ? e.description : tr("Cannot be loaded: %1").arg(e.error);
  // The list is short on room: a few lines here, the whole text in the tooltip.
  constexpr int kMaxChars = 180;
  mSceneDescription->setToolTip(text);
  if (text.size() > kMaxChars) text = text.left(kMaxChars).trimmed() + QChar(0x2026);
  mSceneDescription->setText(text.isEmpty() ? e.fileName : text);
  mLoadButton->setEnabled(true);
}

// ---- Scene and restart

bool ControlsDock::loadSceneAt(int row) {
  if (row < 0 || row >= mScenes.size()) return false;
  if (!mSession->loadScene(mScenes[row].path)) {
    if (mSession->loadDeclined()) return false;
    setStatus(tr("Could not load %1: %2").arg(mScenes[row].fileName, mScenes[row].error), true);
    return false;
  }
  return true;
}

SimSettings ControlsDock::settingsShown() const {
  SimSettings s = mSession->liveSettings();
  for (const SettingEditor& e : mSettingEditors)
    if (e.control->isEnabled()) e.read(s);
  return s;
}

void ControlsDock::send(SimEdit edit, const QString& what) {
  if (!mSession->hasScene()) {
    setStatus(tr("%1: no scene to apply it to.").arg(what), true);
    return;
  }
  const bool dropsFuture = !mSession->atLatest();
  // The edit goes on from the record shown, dropping the ones after it: the controls keep
  // the value just chosen instead of re-reading that older record.
  mApplying = true;
  mSession->apply(std::move(edit));
  mApplying = false;
  const double t = mSession->history().back().stats.time;
  setStatus(dropsFuture ? tr("%1: applied now, from t = %2 s (the steps after it were dropped).")
                              .arg(what)
                              .arg(t, 0, 'g', 6)
                        : tr("%1: applied now, from t = %2 s.").arg(what).arg(t, 0, 'g', 6));
}

void ControlsDock::settingChanged(int index) {
  const SettingEditor& e = mSettingEditors[static_cast<std::size_t>(index)];
  const QString what = toQString(e.info->label) + QLatin1Char(' ') + e.shownText();
  if (e.info->apply == SettingApply::kRestart) {
    updateRestartNote();
    setStatus(tr("%1: applies on restart (Restart with these settings).").arg(what));
    return;
  }
  const SimSettings live = mSession->liveSettings();
  SimSettings shown = live;
  e.read(shown);
  send(SetSettings{settingsChanged(live, shown)}, what);
}

// ---- Notes

bool ControlsDock::restartPending() const {
  if (!mSession->hasScene()) return false;
  for (const SettingEditor& e : mSettingEditors)
    if (e.note) {
      SimSettings shown = mSession->settings();
      e.read(shown);
      if (!(shown == mSession->settings())) return true;
    }
  return false;
}

void ControlsDock::updateRestartNote() {
  for (const SettingEditor& e : mSettingEditors) {
    if (!e.note) continue;
    SimSettings shown = mSession->settings();
    e.read(shown);
    if (mSession->hasScene() && !(shown == mSession->settings())) {
      e.note->setText(tr("applies on restart: pending, the run still uses %1 %2")
                          .arg(toQString(e.info->key), e.textOf(mSession->settings())));
      e.note->setStyleSheet(QStringLiteral("color: #b35900; font-weight: bold"));
    } else {
      e.note->setText(tr("applies on restart"));
      e.note->setStyleSheet(QStringLiteral("color: #606060"));
    }
  }
}

QString ControlsDock::status() const {
  return mStatus->text();
}

void ControlsDock::setStatus(const QString& text, bool error) {
  mStatus->setText(text);
  mStatus->setStyleSheet(error ? QStringLiteral("color: #b00020")
                               : QStringLiteral("color: #606060"));
}

}  // namespace cl::widgets
