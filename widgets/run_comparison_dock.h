#pragma once
// RunComparisonDock: the scene as loaded run two ways, its own advance and another
// (CollisionAdvance or a time stepper of Hotz et al.), up to the newest step, headless on a
// thread of its own (engine/run/advance_run.h): a table of how far each got, its cost,
// iterations, penetration, joint gap and energy change; charts of where their bodies part
// (the largest |x| or |y| difference, log scale) and, for both runs over time, the total
// energy, the smallest contact distance and the wall time of each step. The
// second run's bodies are drawn as orange ghosts in the scene view at the step shown.
#include <QDockWidget>
#include <atomic>
#include <memory>

#include "engine/run/advance_run.h"

class QChartView;
class QComboBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QTableWidget;
class QThreadPool;

namespace cl::widgets {

class Session;

class RunComparisonDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit RunComparisonDock(Session* session, QWidget* parent = nullptr);
  ~RunComparisonDock() override;

  // Runs the scene with its advance and `other` to the newest step's time (finished() when
  // drawn), saying how far each run has got as it goes; what is shown, for tests.
  void compareWith(AdvanceKind other);
  // Stops the runs under way after their current step (the Cancel button; a scene load and
  // closing the window do it too); finished() follows.
  void cancel();
  bool running() const { return mRunning; }
  QString statusText() const;
  QString tableText(int row, int column) const;

 signals:
  void finished();

 protected:
  // Wide (the Run comparison layout spans the window) the six charts go in two rows of
  // three, so that they fit under the table; narrower, in three rows of two.
  void resizeEvent(QResizeEvent* event) override;

 private:
  void placeCharts(int columns);
  void onRuns(quint64 generation, std::shared_ptr<const AdvanceRun> first,
              std::shared_ptr<const AdvanceRun> second);
  void onProgress(quint64 generation, AdvanceKind kind, int run, double time, double until);
  void setRunning(bool running);
  void clear(const QString& message);

  Session* mSession;
  QComboBox* mOther = nullptr;
  QPushButton* mRun = nullptr;
  QPushButton* mCancel = nullptr;  // shown while the runs are under way
  QLabel* mStatus = nullptr;
  QTableWidget* mTable = nullptr;
  QChartView* mGap = nullptr;
  QChartView* mEnergy = nullptr;
  QChartView* mDistance = nullptr;
  QChartView* mForce = nullptr;
  QChartView* mCost = nullptr;
  QChartView* mIterations = nullptr;
  QGridLayout* mCharts = nullptr;
  int mChartColumns = 0;
  QThreadPool* mPool = nullptr;
  quint64 mGeneration = 0;  // bumped by a scene load: answers of an older scene are dropped
  bool mRunning = false;
  // Set to stop the runs under way: read by the pool's thread after each step.
  std::shared_ptr<std::atomic<bool>> mStop;
};

}  // namespace cl::widgets
