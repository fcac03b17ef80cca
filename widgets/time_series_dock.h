#pragma once
// TimeSeriesDock: per-step statistics of the run against time (energies, contacts, pivots
// per solve, complementarity violation, minimum distance, back-ups and collisions), one
// plot per kind stacked on a shared time axis, with a cursor at the record shown; a click
// in a plot shows the record nearest to the time clicked.
#include <QDockWidget>
#include <QVector>
#include <array>

#include "widgets/dock_on_screen.h"

class QCustomPlot;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLegend;
class QCPMarginGroup;
class QCheckBox;
class QLabel;
class QMouseEvent;
class QScrollArea;
class QStackedWidget;

namespace cl {
struct StepRecord;
}

namespace cl::widgets {

class Session;

class TimeSeriesDock : public QDockWidget {
  Q_OBJECT

 public:
  // One curve each.
  enum class Series {
    kKinetic,
    kPotential,
    kTotal,
    kFrictionLoss,
    kContacts,
    kPivotsPerSolve,
    kMaxViolation,
    kMinDistance,
    kBackups,
    kCollisions,
  };
  static constexpr int kSeriesCount = 10;
  // One stacked plot each, top to bottom.
  enum class Plot { kEnergy, kContacts, kPivots, kViolation, kMinDistance, kBackups };
  static constexpr int kPlotCount = 6;

  // Points per curve before the run is thinned to every other step.
  static constexpr int kMaxPoints = 20000;

  explicit TimeSeriesDock(Session* session, QWidget* parent = nullptr);
  ~TimeSeriesDock() override;

  // What the plots hold, for tests. Values are as plotted: NaN where there is nothing to
  // plot (no contact for the minimum distance, a violation of 0 on the log axis).
  int pointCount(Series s) const;
  QVector<double> times(Series s) const;
  QVector<double> values(Series s) const;
  // Whether the curve is drawn and named in its legend (the friction loss only once some
  // record has one).
  bool isCurveShown(Series s) const;
  // Every `stride`-th step is plotted (1 until a run outgrows kMaxPoints).
  int stride() const { return mStride; }
  // Time of the record shown (NaN without a scene).
  double cursorTime() const { return mCursorTime; }
  // The plot's time range.
  double timeMin() const;
  double timeMax() const;

  bool isPlotShown(Plot p) const;
  void setPlotShown(Plot p, bool shown);

  // The record nearest to time `t` in the session's history (-1 when it is empty).
  int recordNearest(double t) const;

 private:
  // The constructor's parts. Each axis rect enters the plot's layout before its cursor and
  // note are made, and the graphs follow the rects they are drawn in.
  void buildPlots(const QFont& tickFont);
  QCPAxisRect* addAxisRect(int p, const QFont& tickFont);
  void addLegend(QCPAxisRect* rect, const QFont& legendFont);
  void addCursor(int p);
  void addEmptyNote(int p, const QFont& noteFont);
  void buildGraphs();
  // The show/hide column, returned for buildPages to place beside the plots.
  QWidget* buildToggles(const QFont& hintFont);
  // The pages of the dock: "no scene", or the toggles beside the plots.
  void buildPages(QWidget* toggles);
  void connectScrubbing();
  void connectSession();

  void rebuild();
  void appendNew();
  void appendRecord(const StepRecord& r);
  void showFrictionLoss(bool shown);
  QCPLegend* legendOf(Plot p) const;
  void updateRanges();
  void updateCursor();
  void layoutPlots();
  void updateEmptyNotes();
  void requestReplot();
  void scrubTo(const QMouseEvent* event);

  Session* mSession;
  QStackedWidget* mStack = nullptr;
  QLabel* mNothing = nullptr;  // shown without a scene
  QScrollArea* mScroll = nullptr;
  QLabel* mNoPlot = nullptr;  // shown when every plot is switched off
  QCustomPlot* mPlot = nullptr;
  QCPMarginGroup* mMargins = nullptr;
  std::array<QCPAxisRect*, kPlotCount> mRects{};
  std::array<QCPItemStraightLine*, kPlotCount> mCursors{};
  std::array<QCPItemText*, kPlotCount> mEmptyNotes{};
  std::array<QCheckBox*, kPlotCount> mToggles{};
  std::array<bool, kPlotCount> mShown{};
  std::array<QCPGraph*, kSeriesCount> mGraphs{};
  // Smallest and largest finite value plotted per plot (positive only on the log axis).
  std::array<double, kPlotCount> mLow{};
  std::array<double, kPlotCount> mHigh{};

  int mStride = 1;
  long long mLastStep = -1;  // step of the newest record plotted (-1: none)
  bool mTailExtra = false;   // the last point is the newest step, off the stride
  long long mDropped = 0;    // history().droppedRecords() when last rebuilt
  double mFirstTime = 0.0;
  double mLastTime = 0.0;
  double mCursorTime = 0.0;
  // Whether some record has lost energy to friction: until then its curve (all zeros) is
  // neither drawn nor named in the legend, nor pulls the energy axis to 0.
  bool mFrictionSeen = false;
  bool mRebuilding = false;
  WorkWhenSeen mWhenSeen{this, [this] { requestReplot(); }};  // replot owed while hidden
};

}  // namespace cl::widgets
