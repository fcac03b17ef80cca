#include "widgets/dock_on_screen.h"

#include <QDockWidget>
#include <QVariant>

namespace cl::widgets {

namespace {
// The dock's last visibilityChanged (Qt's signal for shown, hidden, and a tab brought to or
// taken from the front), kept on the dock itself.
constexpr char kInView[] = "contactlabInView";
}  // namespace

bool dockOnScreen(const QDockWidget& dock) {
  // Without a signal yet (a dock never shown, or one whose coming into view is not followed)
  // isVisible() alone decides.
  const QVariant inView = dock.property(kInView);
  return dock.isVisible() && (!inView.isValid() || inView.toBool());
}

void whenDockComesIntoView(QDockWidget* dock, std::function<void()> catchUp) {
  QObject::connect(dock, &QDockWidget::visibilityChanged, dock,
                   [dock, catchUp = std::move(catchUp)](bool visible) {
                     dock->setProperty(kInView, visible);
                     if (visible) catchUp();
                   });
}

WorkWhenSeen::WorkWhenSeen(QDockWidget* dock, std::function<void()> catchUp, bool owedAtFirst)
    : mDock(dock), mOwed(owedAtFirst) {
  whenDockComesIntoView(dock, [this, catchUp = std::move(catchUp)] {
    if (mOwed) catchUp();
  });
}

bool WorkWhenSeen::seenNow() {
  mOwed = !dockOnScreen(*mDock);
  return !mOwed;
}

}  // namespace cl::widgets
