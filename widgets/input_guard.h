#pragma once
// InputGuard: input goes to the control a person is using, not to one the mouse passes.
//   - The wheel changes a spin box or a combo box only while it has the keyboard focus (a
//     click or Tab gives it); over one that has not, the wheel scrolls what holds it, as
//     over a label, so that scrolling a dock never changes a setting on its way. Every spin
//     box and combo box is given Qt::StrongFocus when first polished, so that the wheel
//     does not focus it.
//   - A focused slider keeps its own keys (Home, End, Page Up/Down, the arrows) from the
//     window's shortcuts.
// Installed once on the application.
#include <QObject>

namespace cl::widgets {

class InputGuard : public QObject {
 public:
  // Installs the guard on the application (once; later calls do nothing).
  static void install();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  using QObject::QObject;
};

}  // namespace cl::widgets
