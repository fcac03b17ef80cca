#pragma once
// Whether a dock's contents can be seen, for the docks that defer their work while they
// cannot (redraws, the solver comparison's solves). QWidget::isVisible() does not say: in
// a tabbed dock area Qt keeps every tab's dock visible, those behind the current tab
// covered by it, and a dock that works for it there costs the run its frames. Qt's signal
// for a tab coming to the front or going behind is visibilityChanged, which
// whenDockComesIntoView follows and dockOnScreen reads.
#include <functional>

class QDockWidget;

namespace cl::widgets {

// Shown, and not behind another tab.
bool dockOnScreen(const QDockWidget& dock);

// Calls `catchUp` each time the dock comes into view (shown, floated or docked, or its tab
// brought to the front), dockOnScreen true by then.
void whenDockComesIntoView(QDockWidget* dock, std::function<void()> catchUp);

// The work of a dock (its redraw, its solves) done only while the dock can be seen: the dock
// asks seenNow() before it works; while it cannot be seen the work is owed, and the dock
// coming into view calls `catchUp` if anything is owed. A member of the dock it watches.
class WorkWhenSeen {
 public:
  WorkWhenSeen(QDockWidget* dock, std::function<void()> catchUp, bool owedAtFirst = false);
  WorkWhenSeen(const WorkWhenSeen&) = delete;
  WorkWhenSeen& operator=(const WorkWhenSeen&) = delete;

  // True when the dock can be seen (nothing is owed from then on); false, the work owed,
  // when it cannot.
  bool seenNow();
  // Owes the work without asking (something arrived for it while the dock was hidden).
  void owe() { mOwed = true; }
  bool owed() const { return mOwed; }

 private:
  QDockWidget* mDock;
  bool mOwed;
};

}  // namespace cl::widgets
