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

#include "engine/edit/sim_edit.h"
#include "widgets/scene_catalog.h"
#include "widgets/setting_editor.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
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
  // Rebuilds the scene with the settings shown and starts it again ("Restart with these
  // settings", and the toolbar's Restart while a setting is pending); says how it went.
  bool restartWithShownSettings();

 private:
  QWidget* buildSceneGroup();
  QWidget* buildContactAppGroup();
  QWidget* buildSettingsGroup();
  QWidget* buildRunGroup();

  // Reads every control's value from the newest record's simulation (what runs now).
  void refreshFromSession();
  // Lists the scenes of `folder` (scene_catalog.h) in the chooser, named in its title.
  void listScenesOf(const QString& folder);
  void selectCurrentScene();
  void showSceneDescription(int row);

  // Hands an edit to the Session (applied between two steps) and says so; `what` names it.
  void send(SimEdit edit, const QString& what);
  // Editor `index` of mSettingEditors changed: a live setting is applied now, a restart
  // setting waits for "Restart with these settings".
  void settingChanged(int index);
  // The settings the controls show.
  SimSettings settingsShown() const;
  void updateRestartNote();
  void setStatus(const QString& text, bool error = false);

  Session* mSession;
  QVector<SceneEntry> mScenes;
  QString mSceneFolder;  // the folder listed, absolute
  QGroupBox* mSceneGroup = nullptr;
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
  QSpinBox* mThreads = nullptr;  // WorkerPool::shared()'s
  QLabel* mStatus = nullptr;

  bool mApplying = false;  // our own edit is under way: ignore historyTruncated
};

}  // namespace cl::widgets
