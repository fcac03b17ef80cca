#include "widgets/input_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QWheelEvent>

namespace cl::widgets {
namespace {

bool isValueBox(const QObject* o) {
  return qobject_cast<const QAbstractSpinBox*>(o) || qobject_cast<const QComboBox*>(o);
}

// The keys a slider moves by.
bool isSliderKey(const QKeyEvent* key) {
  if (key->modifiers() & ~Qt::KeypadModifier) return false;
  switch (key->key()) {
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
      return true;
    default:
      return false;
  }
}

}  // namespace

void InputGuard::install() {
  static InputGuard* guard = nullptr;
  if (guard || !qApp) return;
  guard = new InputGuard(qApp);
  qApp->installEventFilter(guard);
}

bool InputGuard::eventFilter(QObject* watched, QEvent* event) {
  switch (event->type()) {
    case QEvent::Polish:
      if (isValueBox(watched)) {
        auto* box = static_cast<QWidget*>(watched);
        if (box->focusPolicy() == Qt::WheelFocus) box->setFocusPolicy(Qt::StrongFocus);
      }
      return false;
    case QEvent::ShortcutOverride:
      // Accepting the override makes the key a key press for the slider, not a shortcut.
      if (qobject_cast<QAbstractSlider*>(watched) && isSliderKey(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
      }
      return false;
    case QEvent::Wheel: {
      if (!isValueBox(watched)) return false;
      auto* box = static_cast<QWidget*>(watched);
      if (box->hasFocus()) return false;
      // Unfocused: the wheel goes to the nearest scroll area around it, else nowhere.
      for (QWidget* w = box->parentWidget(); w; w = w->parentWidget())
        if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
          QCoreApplication::sendEvent(area->viewport(), event);
          break;
        }
      return true;
    }
    default:
      return false;
  }
}

}  // namespace cl::widgets
