#pragma once
// SettingEditor: the workbench control of one simulation setting, made from its entry in
// the engine's settings table (engine/settings/sim_settings.h): a spin box for a number, a
// check box for a flag, a combo box for a named enum. The controls dock lays them out and
// applies what they say; a new setting in the table gets its control here without code.
#include <QString>
#include <functional>
#include <string_view>
#include <vector>

#include "engine/settings/sim_settings.h"

class QLabel;
class QWidget;

namespace cl::widgets {

struct SettingEditor {
  const SettingInfo* info = nullptr;
  QWidget* control = nullptr;  // objectName: the SimSettings member (info->name)
  QLabel* note = nullptr;      // for a setting that applies on restart: "<name>Note"
  // Shows `settings`' value without emitting the control's change signal.
  std::function<void(const SimSettings&)> show;
  // Writes the control's value into `settings`.
  std::function<void(SimSettings&)> read;
  // The setting's value in `settings`, for status lines ("0.02", "on", "serial grouped
  // lastpass").
  std::function<QString(const SimSettings&)> textOf;
  // The value the control shows, the same way.
  QString shownText() const {
    SimSettings s;
    read(s);
    return textOf(s);
  }
};

// One editor per setting, in the table's order. `changed(i)` is called when the person
// changes editor i (typing is done, a box ticked, an item chosen).
std::vector<SettingEditor> makeSettingEditors(std::function<void(int)> changed);

// "serial_grouped_lastpass" -> "serial grouped lastpass", "modified-euler" -> "modified euler".
QString readableName(const char* engineName);
// The engine's UTF-8 text as a QString.
QString toQString(std::string_view text);

}  // namespace cl::widgets
