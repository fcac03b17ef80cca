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

#include "engine/contact/contact_sim.h"
#include "engine/forces/damping_law.h"
#include "engine/forces/gravity_law.h"
#include "engine/forces/thruster_set.h"
#include "engine/scene/scene.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

// The rotate ratio the scene builder gives a damping law that names none (myPhysicsLab's
// DampingLaw), for a law the dock adds to a scene that had none.
constexpr double kAddedDampingRotateRatio = 1.0;

// Tolerances span many decades: shown as 1e-10, stepped by factors of ten.
class ToleranceSpinBox : public QDoubleSpinBox {
 public:
  ToleranceSpinBox(double low, double high) {
    setDecimals(30);  // QDoubleSpinBox rounds to its decimals: keep tiny values exact
    setRange(low, high);
    setKeyboardTracking(false);
  }
  QString textFromValue(double value) const override { return QString::number(value, 'g', 6); }
  double valueFromText(const QString& text) const override { return text.trimmed().toDouble(); }
  QValidator::State validate(QString& text, int&) const override {
    const QString t = text.trimmed();
    if (t.isEmpty()) return QValidator::Intermediate;
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok) {
      // "1e", "1e-" and the like on the way to a number.
      static const QRegularExpression partial(QStringLiteral("^[0-9.]*(e[-+]?)?[0-9]*$"),
                                              QRegularExpression::CaseInsensitiveOption);
      return partial.match(t).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
    }
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
  }
  void stepBy(int steps) override { setValue(value() * std::pow(10.0, steps)); }
};

QDoubleSpinBox* numberBox(double low, double high, double step, int decimals) {
  auto* box = new QDoubleSpinBox;
  box->setRange(low, high);
  box->setSingleStep(step);
  box->setDecimals(decimals);
  // Applied when typing is done (Enter, focus out, arrows), not at every key.
  box->setKeyboardTracking(false);
  return box;
}

QString readableName(const char* engineName) {
  return QString::fromLatin1(engineName).replace(QLatin1Char('_'), QLatin1Char(' '));
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

template <typename Law>
int countLaws(const RigidBodySim& sim) {
  int n = 0;
  for (const auto& law : sim.forceLaws())
    if (dynamic_cast<const Law*>(law.get())) ++n;
  return n;
}

void selectData(QComboBox* combo, int value) {
  const int i = combo->findData(value);
  if (i >= 0) combo->setCurrentIndex(i);
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
  column->addWidget(buildRecordingGroup());
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
    if (!mKeepEdits) mEdited = 0;
    mKeepEdits = false;
    refreshFromSession();
    selectCurrentScene();
    setStatus(tr("Loaded \"%1\".").arg(mSession->title()));
  });
  // Going on from a past record puts back the simulation of that record, settings and
  // all; the controls follow (unless the truncation is our own edit's doing).
  connect(mSession, &Session::historyTruncated, this, [this] {
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
  mScenes = sceneCatalog(scenesDirectory());
  for (const SceneEntry& e : mScenes) {
    auto* item = new QListWidgetItem(e.valid() ? e.title : tr("%1 (unreadable)").arg(e.fileName));
    item->setToolTip(e.valid() ? tr("%1\n\n%2").arg(e.fileName, e.description)
                               : tr("%1 cannot be loaded:\n%2").arg(e.fileName, e.error));
    if (!e.valid()) item->setForeground(QColor(0x90, 0x90, 0x90));
    mSceneList->addItem(item);
  }
  if (mScenes.isEmpty()) {
    auto* item = new QListWidgetItem(tr("No scene files in %1").arg(scenesDirectory()));
    item->setFlags(Qt::NoItemFlags);
    mSceneList->addItem(item);
  }
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
  connect(loadBlocksButton, &QPushButton::clicked, this, [this] { loadBlocks(mBlocks->value()); });
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

  connect(mBlocks, &QSpinBox::valueChanged, this, &ControlsDock::loadBlocks);
  connect(mGravity, &QDoubleSpinBox::valueChanged, this, &ControlsDock::applyGravity);
  connect(mElasticity, &QDoubleSpinBox::valueChanged, this, &ControlsDock::applyElasticity);
  connect(mDamping, &QDoubleSpinBox::valueChanged, this, &ControlsDock::applyDamping);
  connect(mThrust, &QDoubleSpinBox::valueChanged, this, &ControlsDock::applyThrust);
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

  const auto combo = [](const char* name) {
    auto* box = new QComboBox;
    box->setObjectName(QString::fromLatin1(name));
    // Long engine names must not make the dock wide: the box elides, the tooltip tells.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(8);
    return box;
  };

  mTimeStep = numberBox(1e-5, 1.0, 0.005, 5);
  mTimeStep->setObjectName(QStringLiteral("timeStep"));
  mTimeStep->setToolTip(tr("Time step of the advance (s); applied now."));
  form->addRow(tr("Time step"), mTimeStep);

  mIntegrator = combo("integrator");
  mIntegrator->addItem(tr("Euler"), static_cast<int>(IntegratorKind::Euler));
  mIntegrator->addItem(tr("Modified Euler"), static_cast<int>(IntegratorKind::ModifiedEuler));
  mIntegrator->addItem(tr("Runge-Kutta 4"), static_cast<int>(IntegratorKind::RungeKutta));
  mIntegrator->setToolTip(tr("ODE integrator; applied now."));
  form->addRow(tr("Integrator"), mIntegrator);

  mExtraAccel = combo("extraAccel");
  for (ExtraAccel e : {ExtraAccel::NONE, ExtraAccel::VELOCITY, ExtraAccel::VELOCITY_AND_DISTANCE,
                       ExtraAccel::VELOCITY_JOINTS, ExtraAccel::VELOCITY_AND_DISTANCE_JOINTS})
    mExtraAccel->addItem(readableName(extraAccelName(e)), static_cast<int>(e));
  mExtraAccel->setToolTip(
      tr("ExtraAccel: the extra acceleration that settles resting "
         "contacts at the target gap; applied now."));
  form->addRow(tr("ExtraAccel"), mExtraAccel);

  mExtraAccelTimeStep = numberBox(0.001, 1.0, 0.005, 4);
  mExtraAccelTimeStep->setObjectName(QStringLiteral("extraAccelTimeStep"));
  mExtraAccelTimeStep->setToolTip(tr("The h of the ExtraAccel formulas; applied now."));
  form->addRow(tr("ExtraAccel h"), mExtraAccelTimeStep);

  mCollisionHandling = combo("collisionHandling");
  for (CollisionHandling h : kCollisionHandlings)
    mCollisionHandling->addItem(readableName(collisionHandlingName(h)), static_cast<int>(h));
  mCollisionHandling->setToolTip(tr("How simultaneous collisions are resolved; applied now."));
  form->addRow(tr("Collisions"), mCollisionHandling);

  mContactPolicy = combo("contactPolicy");
  for (NextContactPolicy p : {NextContactPolicy::HYBRID, NextContactPolicy::MIN_ACCEL,
                              NextContactPolicy::RANDOM, NextContactPolicy::PRE_ORDERED})
    mContactPolicy->addItem(readableName(policyName(p)), static_cast<int>(p));
  mContactPolicy->setToolTip(
      tr("NextContactPolicy: the order in which ComputeForces treats "
         "contacts; applied now."));
  form->addRow(tr("Contact order"), mContactPolicy);

  mDistanceTol = new ToleranceSpinBox(1e-6, 1.0);
  mDistanceTol->setObjectName(QStringLiteral("distanceTol"));
  mDistanceTol->setToolTip(tr("Contact distance tolerance; the arrows step by 10x; applied now."));
  form->addRow(tr("Distance tol"), mDistanceTol);
  mVelocityTol = new ToleranceSpinBox(1e-6, 100.0);
  mVelocityTol->setObjectName(QStringLiteral("velocityTol"));
  mVelocityTol->setToolTip(tr("Contact velocity tolerance; applied now."));
  form->addRow(tr("Velocity tol"), mVelocityTol);
  mSolverTol = new ToleranceSpinBox(1e-16, 1e-2);
  mSolverTol->setObjectName(QStringLiteral("solverTolerance"));
  mSolverTol->setToolTip(tr("ComputeForces' tolerance on unwanted accelerations; applied now."));
  form->addRow(tr("Solver tol"), mSolverTol);
  mWarmStart = new QCheckBox(tr("Warm start"));
  mWarmStart->setObjectName(QStringLiteral("warmStart"));
  mWarmStart->setToolTip(
      tr("Each contact-force solve first tries the contacts that carried force in the "
         "previous evaluation as ComputeForces' set C; the same forces to rounding, in "
         "fewer pivots. Off, every solve pivots from C = {} (the cold sequence), so the "
         "Solver steps dock shows every pivot. Applied now."));
  form->addRow(mWarmStart);
  mCollisionAccuracy = numberBox(0.01, 1.0, 0.05, 3);
  mCollisionAccuracy->setObjectName(QStringLiteral("collisionAccuracy"));
  mCollisionAccuracy->setToolTip(
      tr("Collision accuracy in (0, 1]: how close to the target gap "
         "CollisionAdvance backs up; applied now."));
  form->addRow(tr("Coll. accuracy"), mCollisionAccuracy);
  mJointSmallImpacts = new QCheckBox(tr("Joint small impacts"));
  mJointSmallImpacts->setObjectName(QStringLiteral("jointSmallImpacts"));
  mJointSmallImpacts->setToolTip(
      tr("Resolve small velocity errors at joints with impulses "
         "after a step without collisions; applied now."));
  form->addRow(mJointSmallImpacts);

  mSeed = new QSpinBox;
  mSeed->setObjectName(QStringLiteral("seed"));
  mSeed->setRange(0, std::numeric_limits<int>::max());
  mSeed->setKeyboardTracking(false);
  mSeed->setToolTip(
      tr("Seed of the simulation's random generator (contact order, serial "
         "collisions, random polygons): applies on restart."));
  form->addRow(tr("Seed"), mSeed);
  mSeedNote = noteLabel(tr("applies on restart"));
  mSeedNote->setObjectName(QStringLiteral("seedNote"));
  form->addRow(mSeedNote);

  mRestartButton = new QPushButton(tr("Restart with these settings"));
  mRestartButton->setObjectName(QStringLiteral("restartWithSettings"));
  mRestartButton->setToolTip(
      tr("Rebuilds the scene with every setting and parameter shown "
         "here and starts it again."));
  form->addRow(mRestartButton);

  connect(mTimeStep, &QDoubleSpinBox::valueChanged, this, &ControlsDock::applyTimeStep);
  connect(mIntegrator, &QComboBox::activated, this, &ControlsDock::applyIntegrator);
  connect(mExtraAccel, &QComboBox::activated, this, [this] {
    const auto e = static_cast<ExtraAccel>(mExtraAccel->currentData().toInt());
    applyNow(tr("ExtraAccel %1").arg(mExtraAccel->currentText()), [e](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setExtraAccel(e);
    });
  });
  connect(mExtraAccelTimeStep, &QDoubleSpinBox::valueChanged, this, [this](double h) {
    applyNow(tr("ExtraAccel h = %1").arg(h), [h](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setExtraAccelTimeStep(h);
    });
  });
  connect(mCollisionHandling, &QComboBox::activated, this, [this] {
    const auto h = static_cast<CollisionHandling>(mCollisionHandling->currentData().toInt());
    applyNow(tr("Collision handling %1").arg(mCollisionHandling->currentText()),
             [h](RigidBodySim& sim) {
               if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setCollisionHandling(h);
             });
  });
  connect(mContactPolicy, &QComboBox::activated, this, [this] {
    const auto p = static_cast<NextContactPolicy>(mContactPolicy->currentData().toInt());
    applyNow(tr("Contact order %1").arg(mContactPolicy->currentText()), [p](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setContactPolicy(p);
    });
  });
  connect(mDistanceTol, &QDoubleSpinBox::valueChanged, this, [this](double d) {
    applyNow(tr("Distance tolerance %1").arg(d), [d](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setDistanceTol(d);
    });
  });
  connect(mVelocityTol, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    applyNow(tr("Velocity tolerance %1").arg(v), [v](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setVelocityTol(v);
    });
  });
  connect(mSolverTol, &QDoubleSpinBox::valueChanged, this, [this](double tol) {
    applyNow(tr("Solver tolerance %1").arg(tol), [tol](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setSolverTolerance(tol);
    });
  });
  connect(mWarmStart, &QCheckBox::toggled, this, [this](bool on) {
    applyNow(on ? tr("Warm start on") : tr("Warm start off"), [on](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setWarmStart(on);
    });
  });
  connect(mCollisionAccuracy, &QDoubleSpinBox::valueChanged, this, [this](double a) {
    applyNow(tr("Collision accuracy %1").arg(a), [a](RigidBodySim& sim) {
      if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setCollisionAccuracy(a);
    });
  });
  connect(mJointSmallImpacts, &QCheckBox::toggled, this, [this](bool on) {
    applyNow(on ? tr("Joint small impacts on") : tr("Joint small impacts off"),
             [on](RigidBodySim& sim) {
               if (auto* cs = dynamic_cast<ContactSim*>(&sim)) cs->setJointSmallImpacts(on);
             });
  });
  connect(mSeed, &QSpinBox::valueChanged, this, [this](int seed) {
    updateRestartNote();
    setStatus(tr("Seed %1: applies on restart (Restart with these settings).").arg(seed));
  });
  connect(mRestartButton, &QPushButton::clicked, this, &ControlsDock::restartWithSettings);
  return group;
}

QWidget* ControlsDock::buildRecordingGroup() {
  auto* group = new QGroupBox(tr("Recording"));
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

  connect(mTracing, &QCheckBox::toggled, this, [this](bool on) {
    mSession->setTracing(on);
    setStatus(on ? tr("Record traces on: applied from the next step.")
                 : tr("Record traces off: applied from the next step."));
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
  for (QWidget* w : std::initializer_list<QWidget*>{
           mBlocks, mGravity, mElasticity, mDamping, mThrust, mTimeStep, mIntegrator, mExtraAccel,
           mExtraAccelTimeStep, mCollisionHandling, mContactPolicy, mDistanceTol, mVelocityTol,
           mSolverTol, mWarmStart, mCollisionAccuracy, mJointSmallImpacts, mSeed, mRestartButton})
    w->setEnabled(has);
  mBlocks->setEnabled(true);  // loads a ContactApp scene even when none is loaded

  {
    const QSignalBlocker b1(mTracing), b2(mBudget), b3(mBlocks);
    mTracing->setChecked(mSession->tracing());
    mBudget->setValue(static_cast<int>(history.budget() >> 20));
    const int blocks = contactAppBlockCount(mSession->scenePath());
    if (blocks > 0) mBlocks->setValue(blocks);
    mBlocksNote->setText(blocks > 0 ? tr("loads that ContactApp scene now")
                                    : tr("not a ContactApp scene: a count loads one now"));
  }
  if (!has) {
    updateRestartNote();
    return;
  }

  // What runs now: the newest record's simulation, with every edit made so far.
  const SimState& state = history.back().state;
  const RigidBodySim& sim = *state.structure;
  const auto* cs = dynamic_cast<const ContactSim*>(&sim);
  const QSignalBlocker blockers[] = {QSignalBlocker(mGravity),
                                     QSignalBlocker(mElasticity),
                                     QSignalBlocker(mDamping),
                                     QSignalBlocker(mThrust),
                                     QSignalBlocker(mTimeStep),
                                     QSignalBlocker(mIntegrator),
                                     QSignalBlocker(mExtraAccel),
                                     QSignalBlocker(mExtraAccelTimeStep),
                                     QSignalBlocker(mCollisionHandling),
                                     QSignalBlocker(mContactPolicy),
                                     QSignalBlocker(mDistanceTol),
                                     QSignalBlocker(mVelocityTol),
                                     QSignalBlocker(mSolverTol),
                                     QSignalBlocker(mWarmStart),
                                     QSignalBlocker(mCollisionAccuracy),
                                     QSignalBlocker(mJointSmallImpacts),
                                     QSignalBlocker(mSeed)};

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

  mTimeStep->setValue(state.timeStep > 0.0 ? state.timeStep : mSession->timeStep());
  selectData(mIntegrator, static_cast<int>(state.integrator));
  mSeed->setValue(static_cast<int>(std::min<std::uint32_t>(
      mSession->settings().seed, static_cast<std::uint32_t>(std::numeric_limits<int>::max()))));

  // The contact settings belong to a ContactSim; a plain RigidBodySim has none.
  for (QWidget* w : std::initializer_list<QWidget*>{
           mExtraAccel, mExtraAccelTimeStep, mCollisionHandling, mContactPolicy, mDistanceTol,
           mVelocityTol, mSolverTol, mWarmStart, mCollisionAccuracy, mJointSmallImpacts})
    w->setEnabled(cs != nullptr);
  if (cs) {
    selectData(mExtraAccel, static_cast<int>(cs->extraAccel()));
    mExtraAccelTimeStep->setValue(cs->extraAccelTimeStep());
    selectData(mCollisionHandling, static_cast<int>(cs->collisionHandling()));
    selectData(mContactPolicy, static_cast<int>(cs->contactPolicy()));
    mDistanceTol->setValue(cs->distanceTol());
    mVelocityTol->setValue(cs->velocityTol());
    mSolverTol->setValue(cs->solverTolerance());
    mWarmStart->setChecked(cs->warmStart());
    mCollisionAccuracy->setValue(cs->collisionAccuracy());
    mJointSmallImpacts->setChecked(cs->jointSmallImpacts());
  }
  updateRestartNote();
}

void ControlsDock::selectCurrentScene() {
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
  showSceneDescription(mSceneList->currentRow());
}

void ControlsDock::showSceneDescription(int row) {
  if (row < 0 || row >= mScenes.size()) {
    mSceneDescription->setText(
        mSession->hasScene()
            ? tr("Running \"%1\" (not from the scene folder).").arg(mSession->title())
            : tr("Choose a scene and load it."));
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
    setStatus(tr("Could not load %1: %2").arg(mScenes[row].fileName, mScenes[row].error), true);
    return false;
  }
  return true;
}

void ControlsDock::loadBlocks(int blocks) {
  const QString path = contactAppScenePath(scenesDirectory(), blocks);
  QFile in(path);
  if (!in.open(QIODevice::ReadOnly)) {
    setStatus(tr("No ContactApp scene with %1 blocks: %2").arg(blocks).arg(in.errorString()), true);
    return;
  }
  const QByteArray text = in.readAll();
  try {
    SceneDoc doc =
        parseScene(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
                   path.toStdString());
    // ContactApp keeps its parameters when the number of blocks changes.
    writeEditedParameters(doc);
    Scene scene = makeScene(std::move(doc));
    mKeepEdits = true;
    mSession->setScene(std::move(scene), QFileInfo(path).absoluteFilePath());
  } catch (const std::exception& e) {
    mKeepEdits = false;
    setStatus(tr("Could not load %1: %2").arg(path, QString::fromStdString(e.what())), true);
  }
}

SimSettings ControlsDock::settingsShown() const {
  SimSettings s = mSession->settings();
  s.timeStep = mTimeStep->value();
  s.integrator = static_cast<IntegratorKind>(mIntegrator->currentData().toInt());
  s.seed = static_cast<std::uint32_t>(mSeed->value());
  if (mExtraAccel->isEnabled()) {
    s.extraAccel = static_cast<ExtraAccel>(mExtraAccel->currentData().toInt());
    s.extraAccelTimeStep = mExtraAccelTimeStep->value();
    s.collisionHandling = static_cast<CollisionHandling>(mCollisionHandling->currentData().toInt());
    s.contactPolicy = static_cast<NextContactPolicy>(mContactPolicy->currentData().toInt());
    s.distanceTol = mDistanceTol->value();
    s.velocityTol = mVelocityTol->value();
    s.solverTolerance = mSolverTol->value();
    s.warmStart = mWarmStart->isChecked();
    s.collisionAccuracy = mCollisionAccuracy->value();
    s.jointSmallImpacts = mJointSmallImpacts->isChecked();
  }
  return s;
}

void ControlsDock::writeEditedParameters(SceneDoc& doc) const {
  const auto forEachForce = [&doc](auto&& visit) {
    if (!doc.forces) return;
    for (ForceDoc& f : *doc.forces) visit(f);
  };
  if (mEdited & kGravityEdited) {
    bool found = false;
    forEachForce([&](ForceDoc& f) {
      if (auto* g = std::get_if<GravityDoc>(&f)) g->g = mGravity->value(), found = true;
    });
    if (!found && mGravity->value() != 0.0) {
      if (!doc.forces) doc.forces.emplace();
      GravityDoc gravity;
      gravity.g = mGravity->value();
      doc.forces->push_back(gravity);
    }
  }
  if (mEdited & kDampingEdited) {
    bool found = false;
    forEachForce([&](ForceDoc& f) {
      if (auto* d = std::get_if<DampingDoc>(&f)) d->k = mDamping->value(), found = true;
    });
    if (!found && mDamping->value() != 0.0) {
      if (!doc.forces) doc.forces.emplace();
      DampingDoc damping;
      damping.k = mDamping->value();
      damping.rotateRatio = kAddedDampingRotateRatio;
      doc.forces->push_back(damping);
    }
  }
  if (mEdited & kThrustEdited) {
    forEachForce([&](ForceDoc& f) {
      if (auto* t = std::get_if<ThrustersDoc>(&f)) t->magnitude = mThrust->value();
    });
  }
  if (mEdited & kElasticityEdited) {
    for (BodyDoc& b : doc.bodies) b.elasticity = mElasticity->value();
    if (doc.walls) doc.walls->elasticity = mElasticity->value();
  }
}

void ControlsDock::restartWithSettings() {
  if (!mSession->hasScene()) return;
  const SceneDoc& current = mSession->sceneDoc();
  if (current.bodies.empty() && !mSession->bodies().empty()) {
    setStatus(tr("This scene was built in code and has no document to rebuild it from: "
                 "settings that apply on restart cannot be applied."),
              true);
    return;
  }
  try {
    Scene base;
    base.doc = current;
    writeEditedParameters(base.doc);
    // rebuildScene builds from the document alone and records the settings in it.
    Scene scene = rebuildScene(base, settingsShown());
    mKeepEdits = true;
    mSession->setScene(std::move(scene), mSession->scenePath());
    setStatus(tr("Restarted \"%1\" with the settings shown (seed %2).")
                  .arg(mSession->title())
                  .arg(mSession->settings().seed));
  } catch (const std::exception& e) {
    mKeepEdits = false;
    setStatus(tr("Settings not applied: %1").arg(QString::fromStdString(e.what())), true);
  }
}

// ---- Changes applied now

void ControlsDock::applyNow(const QString& what, std::function<void(RigidBodySim&)> change) {
  if (!mSession->hasScene()) {
    setStatus(tr("%1: no scene to apply it to.").arg(what), true);
    return;
  }
  const bool dropsFuture = !mSession->atLatest();
  // editSim goes on from the record shown, dropping the ones after it: the controls keep
  // the value just chosen instead of re-reading that older record.
  mApplying = true;
  mSession->editSim(std::move(change));
  mApplying = false;
  const double t = mSession->history().back().stats.time;
  setStatus(dropsFuture ? tr("%1: applied now, from t = %2 s (the steps after it were dropped).")
                              .arg(what)
                              .arg(t, 0, 'g', 6)
                        : tr("%1: applied now, from t = %2 s.").arg(what).arg(t, 0, 'g', 6));
}

void ControlsDock::applyGravity(double g) {
  mEdited |= kGravityEdited;
  applyNow(tr("Gravity %1").arg(g), [g](RigidBodySim& sim) {
    bool found = false;
    for (const auto& law : sim.forceLaws())
      if (auto* gravity = dynamic_cast<GravityLaw*>(law.get())) {
        gravity->setGravity(g);
        found = true;
      }
    // A scene without gravity gets a law for every movable body.
    if (!found && g != 0.0) sim.addForceLaw(std::make_unique<GravityLaw>(g));
  });
}

void ControlsDock::applyElasticity(double e) {
  mEdited |= kElasticityEdited;
  applyNow(tr("Elasticity %1").arg(e), [e](RigidBodySim& sim) {
    for (int i = 0; i < sim.bodyCount(); ++i) sim.body(i).setElasticity(e);
  });
}

void ControlsDock::applyDamping(double k) {
  mEdited |= kDampingEdited;
  applyNow(tr("Damping %1").arg(k), [k](RigidBodySim& sim) {
    bool found = false;
    for (const auto& law : sim.forceLaws())
      if (auto* damping = dynamic_cast<DampingLaw*>(law.get())) {
        damping->setDamping(k);
        found = true;
      }
    if (!found && k != 0.0)
      sim.addForceLaw(std::make_unique<DampingLaw>(k, kAddedDampingRotateRatio));
  });
}

void ControlsDock::applyThrust(double magnitude) {
  mEdited |= kThrustEdited;
  applyNow(tr("Thrust %1").arg(magnitude), [magnitude](RigidBodySim& sim) {
    for (const auto& law : sim.forceLaws())
      if (auto* thrusters = dynamic_cast<ThrusterSet*>(law.get()))
        thrusters->setMagnitude(magnitude);
  });
}

void ControlsDock::applyTimeStep(double dt) {
  if (!mSession->hasScene()) return;
  const bool dropsFuture = !mSession->atLatest();
  mApplying = true;
  mSession->setTimeStep(dt);
  mApplying = false;
  setStatus(
      tr("Time step %1 s: applied now, from the next step%2.")
          .arg(dt)
          .arg(dropsFuture ? tr(" (the steps after the one shown were dropped)") : QString()));
}

void ControlsDock::applyIntegrator(int index) {
  if (!mSession->hasScene()) return;
  const auto kind = static_cast<IntegratorKind>(mIntegrator->itemData(index).toInt());
  mApplying = true;
  mSession->editAdvance([kind](AdvanceStrategy& a) { a.setIntegrator(kind); });
  mApplying = false;
  setStatus(
      tr("Integrator %1: applied now, from the next step.").arg(mIntegrator->itemText(index)));
}

// ---- Notes

bool ControlsDock::restartPending() const {
  return mSession->hasScene() &&
         static_cast<std::uint32_t>(mSeed->value()) != mSession->settings().seed;
}

void ControlsDock::updateRestartNote() {
  if (restartPending()) {
    mSeedNote->setText(tr("applies on restart: pending, the run still uses seed %1")
                           .arg(mSession->settings().seed));
    mSeedNote->setStyleSheet(QStringLiteral("color: #b35900; font-weight: bold"));
  } else {
    mSeedNote->setText(tr("applies on restart"));
    mSeedNote->setStyleSheet(QStringLiteral("color: #606060"));
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
