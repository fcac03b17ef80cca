#include "widgets/determinism_dialog.h"

#include <QMessageBox>
#include <QPushButton>
#include <QThreadPool>
#include <atomic>

#include "widgets/session.h"
#include "widgets/thread_handoff.h"

namespace cl::widgets {

struct DeterminismDialog::Job {
  std::atomic<bool> cancelled{false};
};

DeterminismDialog::DeterminismDialog(Session* session, QWidget* parent)
    : QProgressDialog(parent), mSession(session) {
  setObjectName(QStringLiteral("determinismDialog"));
  setWindowTitle(tr("Check Determinism"));
  setMinimumDuration(300);
  setAutoReset(false);
  setAutoClose(false);
  mPool = new QThreadPool(this);
  mPool->setMaxThreadCount(1);
  connect(this, &QProgressDialog::canceled, this, [this] {
    if (mJob) mJob->cancelled = true;
  });
}

DeterminismDialog::~DeterminismDialog() {
  if (mJob) mJob->cancelled = true;
  mPool->waitForDone();
}

void DeterminismDialog::start() {
  if (mJob) mJob->cancelled = true;
  mSession->setRunning(false);
  const RunHistory& history = mSession->history();
  std::vector<RecordedState> records = recordedStates(history, mSession->editLog());
  mFirstStep = records.empty() ? 0 : records.front().step;
  mLastStep = records.empty() ? 0 : records.back().step;
  const int total = static_cast<int>(records.size()) - 1;
  setLabelText(tr("Re-running steps %1 to %2 from the state of step %3 and comparing each "
                  "with the record, bit for bit…")
                   .arg(mFirstStep + 1)
                   .arg(mLastStep)
                   .arg(mFirstStep));
  setRange(0, std::max(total, 1));
  setValue(0);
  mJob = std::make_shared<Job>();
  mPool->start([this, job = mJob, records = std::move(records)] {
    const DeterminismReport report = checkDeterminism(
        records,
        [&](long long done) {
          if (done % 10 == 0)
            postTo(this, [this, job, done] {
              if (job == mJob) setValue(static_cast<int>(done));
            });
          return !job->cancelled;
        },
        [&] { return job->cancelled.load(); });
    postTo(this, [this, job, report] { onDone(job.get(), report); });
  });
}

void DeterminismDialog::onDone(const Job* job, const DeterminismReport& report) {
  if (job != mJob.get()) return;  // a newer check runs
  mJob.reset();
  mReport = report;
  reset();
  hide();
  if (report.divergedAt)
    mResult = tr("Step %1 does not reproduce: %2 (the %3 step(s) re-run before it did, from "
                 "step %4).")
                  .arg(*report.divergedAt)
                  .arg(QString::fromStdString(report.difference))
                  .arg(report.compared - 1)
                  .arg(mFirstStep);
  else if (!report.failure.empty())
    mResult = tr("The re-run failed: %1").arg(QString::fromStdString(report.failure));
  else if (report.cancelled)
    mResult = tr("Cancelled after %1 steps, all reproduced to the bit.").arg(report.compared);
  else if (report.compared == 0 && report.resyncs == 0)
    mResult = tr("Nothing to check: the history holds no step after step %1.").arg(mFirstStep);
  else
    mResult = tr("Every step from %1 to %2 reproduced to the bit (%3 re-run from step %4%5).")
                  .arg(mFirstStep + 1)
                  .arg(mLastStep)
                  .arg(report.compared)
                  .arg(mFirstStep)
                  .arg(report.resyncs > 0
                           ? tr("; %n restart(s) after edits between steps", "", report.resyncs)
                           : QString());
  emit checked();
  if (!mResultBox) return;
  QMessageBox box(report.reproduced() ? QMessageBox::Information : QMessageBox::Warning,
                  tr("Check Determinism"), mResult, QMessageBox::Close, parentWidget());
  QPushButton* show = nullptr;
  if (report.divergedAt)
    show = box.addButton(tr("Show step %1").arg(*report.divergedAt), QMessageBox::AcceptRole);
  box.exec();
  if (show && box.clickedButton() == show)
    mSession->showStep(mSession->history().indexOfStep(*report.divergedAt));
}

}  // namespace cl::widgets
