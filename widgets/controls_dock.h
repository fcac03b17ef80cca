#pragma once
// ControlsDock: the scene chooser, ContactApp's parameters (blocks, gravity, elasticity,
// damping, thrust) and the simulation's settings (time step, integrator, ExtraAccel,
// collision handling, contact policy, tolerances, warm start, seed), plus what the run
// records.
// Settings the engine can change between two steps are applied to the running
// simulation at once; the others (the seed) wait for "Restart with these settings", and
// every control says which it is.
#include <QDockWidget>
#include <QVector>
#include <functional>

#include "widgets/scene_catalog.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace cl {
class RigidBodySim;
struct SceneDoc;
struct SimSettings;
}  // namespace cl

namespace cl::widgets {

class Session;

class ControlsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit ControlsDock(Session* session, QWidget* parent = nullptr);
  ~ControlsDock() override;

  // The scenes offered (the scene folder's *.json, sorted).
  const QVector<SceneEntry>& scenes() const { return mScenes; }
  // Loads scenes()[row]; false when there is no such row or the load failed.
  bool loadSceneAt(int row);
  // What the status line says about the last change.
  QString status() const;
  // True when a restart-only setting differs from the running simulation's.
  bool restartPending() const;

 private:
  // Physical parameters that the controls may have changed: on a restart (or a new
  // block count) they are written into the scene's document so they are kept.
  enum Edited : unsigned {
    kGravityEdited = 1u << 0,
    kElasticityEdited = 1u << 1,
    kDampingEdited = 1u << 2,
    kThrustEdited = 1u << 3,
  };

  QWidget* buildSceneGroup();
  QWidget* buildContactAppGroup();
  QWidget* buildSettingsGroup();
  QWidget* buildRecordingGroup();

  // Reads every control's value from the newest record's simulation (what runs now).
  void refreshFromSession();
  void selectCurrentScene();
  void showSceneDescription(int row);

  // Applies a change to the running simulation between two steps.
  void applyNow(const QString& what, std::function<void(RigidBodySim&)> change);
  void applyGravity(double g);
  void applyElasticity(double e);
  void applyDamping(double k);
  void applyThrust(double magnitude);
  void applyTimeStep(double dt);
  void applyIntegrator(int index);
  void loadBlocks(int blocks);
  void restartWithSettings();
  // The settings the controls show.
  SimSettings settingsShown() const;
  // `doc` with the physical parameters changed here written in.
  void writeEditedParameters(SceneDoc& doc) const;
  void updateRestartNote();
  void setStatus(const QString& text, bool error = false);

  Session* mSession;
  QVector<SceneEntry> mScenes;
  QListWidget* mSceneList = nullptr;
  QLabel* mSceneDescription = nullptr;
  QPushButton* mLoadButton = nullptr;

  QSpinBox* mBlocks = nullptr;
  QLabel* mBlocksNote = nullptr;
  QDoubleSpinBox* mGravity = nullptr;
  QDoubleSpinBox* mElasticity = nullptr;
  QDoubleSpinBox* mDamping = nullptr;
  QDoubleSpinBox* mThrust = nullptr;

  QDoubleSpinBox* mTimeStep = nullptr;
  QComboBox* mIntegrator = nullptr;
  QComboBox* mExtraAccel = nullptr;
  QDoubleSpinBox* mExtraAccelTimeStep = nullptr;
  QComboBox* mCollisionHandling = nullptr;
  QComboBox* mContactPolicy = nullptr;
  QDoubleSpinBox* mDistanceTol = nullptr;
  QDoubleSpinBox* mVelocityTol = nullptr;
  QDoubleSpinBox* mSolverTol = nullptr;
  QCheckBox* mWarmStart = nullptr;
  QDoubleSpinBox* mCollisionAccuracy = nullptr;
  QCheckBox* mJointSmallImpacts = nullptr;
  QSpinBox* mSeed = nullptr;
  QLabel* mSeedNote = nullptr;
  QPushButton* mRestartButton = nullptr;

  QCheckBox* mTracing = nullptr;
  QSpinBox* mBudget = nullptr;
  QLabel* mStatus = nullptr;

  unsigned mEdited = 0;     // Edited flags since the scene was loaded
  bool mKeepEdits = false;  // the next sceneLoaded is our own reload: keep mEdited
  bool mApplying = false;   // our own edit is under way: ignore historyTruncated
};

}  // namespace cl::widgets
