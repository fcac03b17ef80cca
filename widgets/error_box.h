#pragma once
// The workbench's error message box. A run's error can be long: a failed friction solve
// names every contact (50 lines on pile_20), which made the box taller than a laptop's
// screen with its OK button out of reach. A message of more than a few lines shows its first
// line, and the rest under Show Details (a scrolled text, selectable for a bug report).
#include <QMessageBox>
#include <QString>

namespace cl::widgets {

// The most lines a message shows in the box itself.
inline constexpr int kErrorBoxLines = 6;

// A warning box of `message` (not shown; deleted when closed).
QMessageBox* makeErrorBox(const QString& title, const QString& message, QWidget* parent);

}  // namespace cl::widgets
