#pragma once
// Task layouts: the window shows the few docks a task needs, large enough that their key
// content reads without scrolling on a 1280 x 800 screen, as Qt Creator's modes or a
// profiler's views keep a dense tool usable on a laptop. "Everything" is every dock at once
// (for a large screen). The window remembers each task's layout as the user leaves it and
// switches with the View menu's Layout entries, the toolbar's Layout box and Ctrl+1 to Ctrl+5.
#include <QDockWidget>
#include <QMainWindow>
#include <span>

#include "engine/math/named_enum.h"

namespace cl::workbench {

// X(kind, name, title, tip): each layout listed once; its enum value, its name in the settings
// (namesOf), its title in menus and the toolbar and its tooltip come from this list.
#define CL_TASK_LAYOUTS(X)                                                                       \
  X(kEverything, "everything", "Everything", "Every dock at once, for a large screen")           \
  X(kContactSolving, "contact_solving", "Contact solving",                                       \
    "The selected solve: its A matrix and b, f, a beside the scene, its pivots and sets below "  \
    "(single-step with P)")                                                                      \
  X(kCollisions, "collisions", "Collisions and back-ups",                                        \
    "CollisionAdvance: the waypoints and back-ups of the step below the scene (ghost bodies in " \
    "it), the time series beside")                                                               \
  X(kSolverComparison, "solver_comparison", "Solver comparison",                                 \
    "Every solver on the selected solve beside the scene, its vectors below")                    \
  X(kRunComparison, "run_comparison", "Run comparison",                                          \
    "The scene run two ways: the comparison below the scene, its second run's bodies drawn in it")

enum class TaskLayout {
#define CL_TASK_ENUM(kind, name, title, tip) kind,
  CL_TASK_LAYOUTS(CL_TASK_ENUM)
#undef CL_TASK_ENUM
};

inline constexpr NamedValue<TaskLayout> kTaskLayoutNames[] = {
#define CL_TASK_NAME(kind, name, title, tip) {TaskLayout::kind, name},
    CL_TASK_LAYOUTS(CL_TASK_NAME)
#undef CL_TASK_NAME
};
constexpr std::span<const NamedValue<TaskLayout>> namesOf(TaskLayout) {
  return kTaskLayoutNames;
}

// For menus and the toolbar: "Contact solving"; and what the layout shows, for tooltips.
const char* taskLayoutTitle(TaskLayout task);
const char* taskLayoutTip(TaskLayout task);

// The window's docks, by role.
struct TaskDocks {
  QDockWidget* controls = nullptr;
  QDockWidget* inspector = nullptr;
  QDockWidget* matrix = nullptr;
  QDockWidget* vectors = nullptr;
  QDockWidget* solverSteps = nullptr;
  QDockWidget* solverComparison = nullptr;
  QDockWidget* timeStep = nullptr;
  QDockWidget* waypoints = nullptr;
  QDockWidget* timeSeries = nullptr;
  QDockWidget* runComparison = nullptr;
};

// Places `docks` in `window` for `task` (not kEverything, which the window keeps as the state
// it was built in): docks the task does not use are closed (the View menu opens them), the
// others docked where the task wants them and sized from the window's present size.
void arrangeTask(QMainWindow& window, const TaskDocks& docks, TaskLayout task);

// The window's corners for `task` (not part of a saved state: set before restoring one).
void setTaskCorners(QMainWindow& window, TaskLayout task);

// A dock floated out of the window opens at a useful size: at least `useful` (its body's
// size hint when larger), within the screen, not the size it had squeezed into a column.
void openFloatedAtUsefulSize(QDockWidget* dock, QSize useful);

}  // namespace cl::workbench
