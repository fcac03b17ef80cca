#pragma once
// PerformanceProfileView: the Dolan-Moré performance profile of every registered LCP solver
// over the contact-force solves held in the run's traces (engine/solver/solver_comparison.h):
// the fraction of them each solver solves within a factor tau of the fastest, drawn with Qt
// Charts. Profiling solves up to kMaxSolves problems with every solver, which takes seconds
// on a pile, so it runs on a thread of its own: the button turns into Cancel, the label counts
// the solves done, and the answer is drawn when it comes (dropped if the scene changed).
#include <QWidget>
#include <atomic>
#include <memory>
#include <vector>

#include "engine/solver/solver_comparison.h"

class QChartView;
class QLabel;
class QPushButton;
class QThreadPool;

namespace cl::widgets {

class Session;

class PerformanceProfileView : public QWidget {
  Q_OBJECT

 public:
  explicit PerformanceProfileView(Session* session, QWidget* parent = nullptr);
  ~PerformanceProfileView() override;

  // Starts profiling the most recent kMaxSolves contact-force solves held in the history
  // (finished() when it is drawn), or cancels the profiling under way.
  void start();
  void cancel();
  bool running() const { return mJob != nullptr; }
  // The last profile drawn (empty until one is) and how many solves it covers.
  const std::vector<ProfilePoint>& profile() const { return mProfile; }
  int profiledSolves() const { return mProfiledSolves; }
  QString statusText() const;

  static constexpr int kMaxSolves = 400;

 signals:
  void finished();

 private:
  struct Job;  // what the worker and the UI thread share: progress and a cancel flag
  void clear();
  void onProgress(const Job* job, int done, int total);
  void onProfiled(const Job* job, std::vector<ComparedProblem> compared);
  void draw(const std::vector<ComparedProblem>& compared);

  Session* mSession;
  QPushButton* mButton = nullptr;
  QLabel* mLabel = nullptr;
  QChartView* mView = nullptr;
  QThreadPool* mPool = nullptr;  // one thread
  std::shared_ptr<Job> mJob;     // the profiling under way, if any
  std::vector<ProfilePoint> mProfile;
  int mProfiledSolves = 0;
};

}  // namespace cl::widgets
