#pragma once
// MatrixDock: the A matrix of the selected solve as a colour map (QCustomPlot), with set C
// of the selected pivot, the driven contact and the selected contact marked, and a picker
// for the solves (subsets, impulses) of the step shown.
#include <Eigen/Dense>
#include <QDockWidget>
#include <QString>
#include <vector>

#include "widgets/dock_on_screen.h"

class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCustomPlot;
class QComboBox;
class QFont;
class QHBoxLayout;
class QLabel;
class QMouseEvent;
class QStackedWidget;

namespace cl {
struct SolveTrace;
}

namespace cl::widgets {

class Session;
class SolveListModel;

class MatrixDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit MatrixDock(Session* session, QWidget* parent = nullptr);
  ~MatrixDock() override;

  // Draws `trace` as it stood at `pivot` (-1: before the first decision) with row
  // `selectedContact` (-1 none) highlighted; null shows "No solve selected". The trace is
  // copied from, not kept. The Session's slots call this; tests call it with hand-made
  // traces.
  void showSolve(const SolveTrace* trace, int pivot, int selectedContact);

  // How the rows (and columns alike) are ordered: as the solve numbered its contacts; by
  // their set at the pivot shown (C, then NC, C_F, NC+, NC-, R, reRejects, untreated), so
  // Acc = A[C, C] is the top-left block and grows as the pivots go on; or Acc alone.
  enum class RowOrder { kAsSolved, kBySet, kAccOnly };
  RowOrder rowOrder() const;
  void setRowOrder(RowOrder order);

  // What is shown, for tests: positions count rows as drawn, top to bottom.
  int shownSize() const { return static_cast<int>(mShown.size()); }
  // The solve's row drawn at position i.
  int rowAt(int i) const { return mShown[static_cast<std::size_t>(i)]; }
  // The value the colour map holds for row i, column j (NaN outside the matrix).
  double cellValue(int i, int j) const;
  // "A[i, j] = value" with the row's and the column's contact labels.
  QString tooltipAt(int i, int j) const;
  // Positions of the members of set C (rows and columns of Acc) outlined, ascending.
  std::vector<int> outlinedRows() const { return mOutlined; }
  // The row's axis label, e.g. "3 block1/floor" or "4J pin/frame" for a joint.
  QString rowLabel(int i) const;
  // The label drawn at row i of the left axis ("" where labels are thinned out).
  QString shownTickLabel(int i) const;
  int drivenContact() const { return mDriven; }
  int highlightedContact() const { return mHighlighted; }
  // The header line, or the "nothing to show" text when there is no matrix.
  QString headerText() const;
  bool showsMatrix() const;
  // Solves offered by the picker (one line per solve of the step shown) and the one picked.
  QStringList solveChoices() const;
  int pickedSolve() const;
  // The kinds of solve the picker lists ("all solves (n)", "contact forces (n)",
  // "impulses (n)", "time-step LCPs (n)": those the step has), and choosing one, for tests.
  QStringList solveKinds() const;
  void pickSolveKind(int index);

  // Most tick labels per axis before they are thinned to every k-th.
  static constexpr int kMaxTickLabels = 40;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  // The constructor's steps, in the order it takes them.
  QHBoxLayout* buildPickers();   // solve kind, solve and row order, in one row
  QStackedWidget* buildStack();  // the message page and the plot page
  void setUpAxes(const QFont& tickFont);
  void buildColorMap(const QFont& tickFont);  // the map and its scale bar
  void setUpNavigation();  // zoom, pan, the joint axes following, the mouse on the cells
  void connectPickers();
  void connectSession();

  // Follows the Session: solve picker and matrix; skipped (marked stale) while hidden.
  void refresh();
  void refillSolvePicker();
  void showMessage(const QString& text);
  void updateTicks();
  // The whole matrix in view, with square cells (after a new size, or a double click).
  void showWhole();
  void updateOverlays();
  QCPItemRect* outline(int index);
  // Row and column under a widget position, false when outside the matrix.
  bool cellAt(const QPoint& pos, int* row, int* column) const;
  void onMouseMove(QMouseEvent* event);
  void onMousePress(QMouseEvent* event);

  Session* mSession;
  QComboBox* mSolvePicker = nullptr;
  SolveListModel* mSolves = nullptr;  // the picker's rows
  // Narrows the picker to one kind of solve: a pile step holds a few contact-force solves
  // among thousands of one-contact impulse solves. Its data: -1 for all, else a SolvePurpose.
  QComboBox* mSolveKind = nullptr;
  QComboBox* mOrder = nullptr;  // data: a RowOrder
  QLabel* mHeader = nullptr;
  QStackedWidget* mStack = nullptr;
  QLabel* mMessage = nullptr;
  QCustomPlot* mPlot = nullptr;
  QCPColorMap* mMap = nullptr;
  QCPColorScale* mScale = nullptr;
  std::vector<QCPItemRect*> mOutlines;  // pool: C blocks, then d, then the selection
  WorkWhenSeen mWhenSeen{this, [this] { refresh(); }};  // a Session change while hidden

  // The matrix shown (a copy: the Session's traces can be dropped by its budget).
  Eigen::MatrixXd mA;
  std::vector<int> mShown;       // per position drawn, the solve's row (rowOrder())
  int mRangeRows = -1;           // rows shown when the view was last fitted (showWhole)
  std::vector<bool> mJoint;      // per position
  std::vector<QString> mLabels;  // per position: context labels, "" without a context
  double mMaxAbs = 0.0;
  double mRcond = 0.0;  // 1 / condition number of A, 0 when singular, -1 not estimated
  int mRank = 0;        // numerical rank of A (when estimated)
  int mPivot = -1;
  int mPivotCount = 0;
  std::vector<int> mOutlined;        // positions
  int mDriven = -1;                  // position, -1 none (or not shown)
  int mHighlighted = -1;             // position, -1 none (or not shown)
  std::vector<QString> mTickLabels;  // per row, "" where thinned
};

}  // namespace cl::widgets
