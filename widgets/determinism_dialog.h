#pragma once
// DeterminismDialog: Simulation > Check Determinism. Re-runs every record the history holds
// from the oldest one's state (engine/run/determinism_check.h) on a thread of its own, with
// a progress bar and Cancel, and says whether every step reproduced to the bit or names the
// first step, body and variable that did not, with a button that shows that step.
#include <QProgressDialog>
#include <memory>

#include "engine/run/determinism_check.h"

class QThreadPool;

namespace cl::widgets {

class Session;

class DeterminismDialog : public QProgressDialog {
  Q_OBJECT

 public:
  explicit DeterminismDialog(Session* session, QWidget* parent = nullptr);
  ~DeterminismDialog() override;
  // Starts the check over the history as it is now (pausing the run).
  void start();
  // The outcome in words, once finished() (for tests and the message box).
  QString resultText() const { return mResult; }
  const DeterminismReport& report() const { return mReport; }
  // Whether the result is also shown in a message box (default on; tests turn it off).
  void setResultBox(bool on) { mResultBox = on; }

 signals:
  void checked();

 private:
  struct Job;
  void onDone(const Job* job, const DeterminismReport& report);

  Session* mSession;
  QThreadPool* mPool;
  std::shared_ptr<Job> mJob;
  long long mFirstStep = 0, mLastStep = 0;
  DeterminismReport mReport;
  QString mResult;
  bool mResultBox = true;
};

}  // namespace cl::widgets
