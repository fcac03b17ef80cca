#pragma once
// The workbench's commands, each declared once in a table (as MuJoCo's simulate declares
// its UI and Tiled registers its actions by id): the object name tests and saved shortcuts
// find it by, the menu text, the tip, the shortcuts, the icon. makeWorkbenchActions makes
// one QAction per entry; MainWindow says what each does and where it appears.
#include <array>

class QAction;
class QWidget;

namespace cl::workbench {

enum class WorkbenchAction {
  kOpen,
  kReload,
  kSave,
  kOpenRecording,
  kOpenState,
  kOpenLcp,
  kSaveRecording,
  kExportAll,
  kScreenshot,
  kRun,
  kStep,
  kStepWaypoint,
  kStepPivot,
  kBringBack,
  kRestart,
  kSlower,
  kFaster,
  kFit,
  kFitMoving,
  kZoomIn,
  kZoomOut,
  kCheckDeterminism,
  kResetLayout,
  kQuit,
};
inline constexpr std::size_t kWorkbenchActionCount =
    static_cast<std::size_t>(WorkbenchAction::kQuit) + 1;

using WorkbenchActions = std::array<QAction*, kWorkbenchActionCount>;

// One QAction per entry of the table, children of `parent`, indexed by WorkbenchAction.
WorkbenchActions makeWorkbenchActions(QWidget* parent);

}  // namespace cl::workbench
