#pragma once
// ControlsDock: the scene chooser, ContactApp's parameters (blocks, gravity, elasticity,
// damping, thrust) and the simulation's settings, one control per entry of the engine's
// settings table (engine/settings/sim_settings.h, made by setting_editor.h), plus what the
// run records.
// Settings the engine can change between two steps are applied to the running
// simulation at once; the others (the seed) wait for "Restart with these settings", and
// every control says which it is.
#include <QDockWidget>
#include <QVector>
#include <functional>
#include <vector>

#include "widgets/scene_catalog.h"
#include "widgets/setting_editor.h"

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
  // Editor `index` of mSettingEditors changed: a live setting is applied now, a restart
  // setting waits for "Restart with these settings".
  void settingChanged(int index);
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

  std::vector<SettingEditor> mSettingEditors;  // one per setting of the engine's table
  QPushButton* mRestartButton = nullptr;

  QCheckBox* mTracing = nullptr;
  QSpinBox* mBudget = nullptr;
  QLabel* mStatus = nullptr;

  unsigned mEdited = 0;     // Edited flags since the scene was loaded
  bool mKeepEdits = false;  // the next sceneLoaded is our own reload: keep mEdited
  bool mApplying = false;   // our own edit is under way: ignore historyTruncated
};

}  // namespace cl::widgets
