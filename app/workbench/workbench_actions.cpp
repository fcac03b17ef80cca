#include "app/workbench/workbench_actions.h"

#include <QAction>
#include <QCoreApplication>
#include <QKeySequence>
#include <QStyle>
#include <QWidget>

namespace cl::workbench {

namespace {

struct ActionSpec {
  WorkbenchAction id;
  const char* name;  // the QAction's objectName
  const char* text;  // translated in the MainWindow context
  const char* tip;
  // The platform's keys for a standard command, or keys of its own in portable text
  // ("Shift+Home", several separated by "; ").
  QKeySequence::StandardKey standard = QKeySequence::UnknownKey;
  const char* keys = "";
  QStyle::StandardPixmap icon = QStyle::SP_CustomBase;  // SP_CustomBase: none
  bool checkable = false;
};

using A = WorkbenchAction;

// N for "next": the arrows and S D F E J K L I are kept for thruster keys.
constexpr ActionSpec kActions[] = {
    {.id = A::kOpen,
     .name = "openAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Open Scene..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Load a scene file (JSON)"),
     .standard = QKeySequence::Open,
     .icon = QStyle::SP_DialogOpenButton},
    {.id = A::kReload,
     .name = "reloadAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Re&load Scene"),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Read the scene file again (edits show) and start at time 0"),
     .keys = "F5"},
    {.id = A::kSave,
     .name = "saveAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Save Scene As..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Write the scene as loaded to a file"),
     .standard = QKeySequence::Save,
     .icon = QStyle::SP_DialogSaveButton},
    {.id = A::kOpenRecording,
     .name = "openRecordingAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Open Re&cording..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Open a recorded run (saved here or by contactlab-cli run "
                              "--record) to scrub and inspect it"),
     .keys = "Ctrl+Shift+O"},
    {.id = A::kOpenState,
     .name = "openStateAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Open S&tate..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Run the scene on from a saved state (contactlab-cli run "
                              "--final-state, Export All's state.json): its time, bodies and "
                              "warm start, bit for bit")},
    // P, not L: the File menu's L is Re&load's. No keys: no free one reads as "LCP".
    {.id = A::kOpenLcp,
     .name = "openLcpAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Open LC&P Problem..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Compare every solver on an LCP problem from a file (JSON, CSV, "
                              "Siconos .dat)")},
    {.id = A::kSaveRecording,
     .name = "saveRecordingAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Save Recordin&g As..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Write the run as held (every step's state, statistics and "
                              "picture, and the edits made) to a file, to reopen later; traces "
                              "are re-derived when a step is inspected"),
     .keys = "Ctrl+Shift+S"},
    {.id = A::kExportAll,
     .name = "exportAllAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Export All..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Write every table, the scene and a picture into a folder"),
     .keys = "Ctrl+E"},
    {.id = A::kScreenshot,
     .name = "screenshotAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Screens&hot..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Save the window as a PNG"),
     .keys = "F12"},
    {.id = A::kRun,
     .name = "runAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Run"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Run the simulation in real time, or pause it"),
     .keys = "Space",
     .icon = QStyle::SP_MediaPlay,
     .checkable = true},
    {.id = A::kStep,
     .name = "stepAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Step"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Pause and advance by one time step"),
     .keys = "N",
     .icon = QStyle::SP_MediaSkipForward},
    {.id = A::kStepWaypoint,
     .name = "stepWaypointAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Step &Waypoint"),
     .tip = QT_TRANSLATE_NOOP(
         "MainWindow", "Select the next CollisionAdvance waypoint (a new step after the last)"),
     .keys = "W"},
    {.id = A::kStepPivot,
     .name = "stepPivotAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Step &Pivot"),
     .tip = QT_TRANSLATE_NOOP(
         "MainWindow", "Select the next decision of ComputeForces (then the next solve, step)"),
     .keys = "P"},
    {.id = A::kBringBack,
     .name = "bringBackAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Bring Back Steps Set Aside"),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Put back the steps set aside when the run went on from a past "
                              "step (what followed that step since is set aside in turn)"),
     .standard = QKeySequence::Undo},
    {.id = A::kRestart,
     .name = "restartAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Res&tart"),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Start the scene again at time 0 (with the settings shown, when "
                              "one that applies on restart was changed)"),
     .keys = "Ctrl+R",
     .icon = QStyle::SP_BrowserReload},
    {.id = A::kSlower,
     .name = "slowerAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "S&lower"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Halve the time rate"),
     .keys = "["},
    {.id = A::kFaster,
     .name = "fasterAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Faster"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Double the time rate"),
     .keys = "]"},
    {.id = A::kFit,
     .name = "fitAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Fit View"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Zoom and pan so every body is in view"),
     .keys = "Home; 0"},
    {.id = A::kFitMoving,
     .name = "fitMovingAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Fit &Moving Bodies"),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Zoom and pan so every movable body is in view (a pile, not the "
                              "pit around it)"),
     .keys = "Shift+Home"},
    {.id = A::kZoomIn,
     .name = "zoomInAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Zoom &In"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Zoom in"),
     .standard = QKeySequence::ZoomIn},
    {.id = A::kZoomOut,
     .name = "zoomOutAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Zoom &Out"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Zoom out"),
     .standard = QKeySequence::ZoomOut},
    {.id = A::kCheckDeterminism,
     .name = "checkDeterminismAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "Check &Determinism..."),
     .tip = QT_TRANSLATE_NOOP("MainWindow",
                              "Re-run every step the history holds from its oldest state and "
                              "compare each with the record, bit for bit")},
    {.id = A::kResetLayout,
     .name = "resetLayoutAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Reset Layout"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Put every dock back where it starts")},
    {.id = A::kQuit,
     .name = "quitAction",
     .text = QT_TRANSLATE_NOOP("MainWindow", "&Quit"),
     .tip = QT_TRANSLATE_NOOP("MainWindow", "Quit ContactLab"),
     .standard = QKeySequence::Quit},
};

// The table is indexed by WorkbenchAction: one entry per command, in its order.
constexpr bool inIdOrder() {
  std::size_t i = 0;
  for (const ActionSpec& spec : kActions)
    if (static_cast<std::size_t>(spec.id) != i++) return false;
  return i == kWorkbenchActionCount;
}
static_assert(inIdOrder(), "kActions lists every WorkbenchAction once, in its order");

}  // namespace

WorkbenchActions makeWorkbenchActions(QWidget* parent) {
  WorkbenchActions actions{};
  for (const ActionSpec& spec : kActions) {
    auto* a = new QAction(QCoreApplication::translate("MainWindow", spec.text), parent);
    a->setObjectName(QString::fromLatin1(spec.name));
    const QString tip = QCoreApplication::translate("MainWindow", spec.tip);
    a->setStatusTip(tip);
    a->setToolTip(tip);
    if (spec.standard != QKeySequence::UnknownKey)
      a->setShortcuts(spec.standard);
    else if (*spec.keys)
      a->setShortcuts(QKeySequence::listFromString(QString::fromLatin1(spec.keys)));
    if (spec.icon != QStyle::SP_CustomBase) a->setIcon(parent->style()->standardIcon(spec.icon));
    a->setCheckable(spec.checkable);
    actions[static_cast<std::size_t>(spec.id)] = a;
  }
  return actions;
}

}  // namespace cl::workbench
