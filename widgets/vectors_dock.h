#pragma once
// VectorsDock: b, f and a of the selected solve at the selected pivot, and the
// complementarity violation, as bars per contact coloured by set (QCustomPlot).
#include <QColor>
#include <QDockWidget>
#include <QString>
#include <array>
#include <iterator>
#include <vector>

#include "engine/solver/solve_state.h"
#include "widgets/dock_on_screen.h"

class QCPAxisRect;
class QCPBars;
class QCPItemRect;
class QCPItemText;
class QCPMarginGroup;
class QCustomPlot;
class QFont;
class QLabel;
class QMouseEvent;
class QStackedWidget;

namespace cl {
struct SolveTrace;
}

namespace cl::widgets {

class Session;

class VectorsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit VectorsDock(Session* session, QWidget* parent = nullptr);
  ~VectorsDock() override;

  // How a bar is coloured: its contact's set, with treated joints apart.
  // The bars come in one series per contact set (ContactSet's order) and one for joints.
  static constexpr int kJointSeries = static_cast<int>(std::size(kContactSetNames));
  static constexpr int kBarSeries = kJointSeries + 1;

  // Draws `trace` as it stood at `pivot` (-1: before the first decision, f = 0, a = b)
  // with contact `selectedContact` (-1 none) highlighted; null shows "No solve
  // selected". Copies what it draws. The Session's slots call this; tests call it with
  // hand-made traces.
  void showSolve(const SolveTrace* trace, int pivot, int selectedContact);

  // What is drawn, for tests: per contact, in row order.
  std::vector<double> bValues() const { return mB; }
  std::vector<double> fValues() const { return mF; }
  std::vector<double> aValues() const { return mA; }
  std::vector<double> violationValues() const { return mViolation; }
  std::vector<ContactSet> barSets() const { return mSets; }
  // The series of contact i's bars: its set, or kJointSeries.
  int barSeries(int i) const;
  QColor barColor(int i) const;
  // The values the bars of one plot hold (0 b, 1 f, 2 a, 3 violation), read back from
  // the plot, by contact.
  std::vector<double> plottedValues(int plot) const;
  int shownPivot() const { return mPivot; }
  int drivenContact() const { return mDriven; }
  int limitingContact() const { return mLimiting; }
  int highlightedContact() const { return mHighlighted; }
  // The text line (pivot k of K, transition, step, max violation) or the "nothing to
  // show" text.
  QString statusText() const;
  bool showsBars() const;
  // "3 block1/floor: set C, b = ..., f = ..., a = ..." for the contact's bars.
  QString tooltipFor(int i) const;

 private:
  // The constructor's steps and the parts they build.
  QWidget* buildBody();
  QStackedWidget* buildStack();
  void buildPlots();
  void buildAxisRect(int p, QCPMarginGroup* margins, const QFont& small);
  void buildBands(int p);
  void buildBars(int p);
  void buildPivotMarks(const QFont& small);

  // Follows the Session; skipped (marked stale) while hidden.
  void refresh();
  void showMessage(const QString& text);
  void updateBars();
  void updateMarkers();
  int contactAt(const QPoint& pos) const;
  void onMouseMove(QMouseEvent* event);
  void onMousePress(QMouseEvent* event);

  Session* mSession;
  QLabel* mStatus = nullptr;
  QStackedWidget* mStack = nullptr;
  QLabel* mMessage = nullptr;
  QCustomPlot* mPlot = nullptr;
  static constexpr int kPlots = 4;  // b, f, a, violation
  std::array<QCPAxisRect*, kPlots> mRects{};
  std::array<std::array<QCPBars*, kBarSeries>, 3> mBars{};  // b, f, a by series
  QCPBars* mViolationBars = nullptr;
  // Per plot: bands behind the bars of d, j and the selected contact.
  std::array<std::array<QCPItemRect*, 3>, kPlots> mBands{};
  QCPItemText* mDrivenText = nullptr;
  QCPItemText* mLimitingText = nullptr;
  WorkWhenSeen mWhenSeen{this, [this] { refresh(); }};

  std::vector<double> mB, mF, mA, mViolation;
  std::vector<ContactSet> mSets;
  std::vector<bool> mJoint;
  std::vector<QString> mLabels;
  int mPivot = -1;
  int mDriven = -1;
  int mLimiting = -1;
  int mHighlighted = -1;
};

}  // namespace cl::widgets
