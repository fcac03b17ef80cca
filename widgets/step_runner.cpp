#include "widgets/step_runner.h"

#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <algorithm>
#include <exception>
#include <utility>

#include "engine/contact/expand_trace.h"
#include "widgets/run_pacing.h"
#include "widgets/sim_worker.h"
#include "widgets/thread_handoff.h"

namespace cl::widgets {

namespace {
// Longest wall-clock interval one frame may make up for. After a stall (a modal dialog, a
// slow step) the run continues instead of racing to catch up. Also the frame a batch of
// steps is kept to, of simulated and of wall time (run_pacing.h).
constexpr double kMaxFrameSeconds = 0.1;
constexpr double kMinTimeRate = 0.1;
constexpr double kMaxTimeRate = 10.0;
}  // namespace

StepRunner::StepRunner(std::function<RunEnd()> end, QObject* parent)
    : QObject(parent), mEnd(std::move(end)) {
  qRegisterMetaType<StepBatch>();
  mThread = new QThread(this);
  mThread->setObjectName(QStringLiteral("contactlab-stepper"));
  mWorker = new SimWorker;
  mWorker->moveToThread(mThread);
  // The worker, and with it the simulation, dies on its own thread.
  connect(mThread, &QThread::finished, mWorker, &QObject::deleteLater);
  connect(mWorker, &SimWorker::advanced, this, &StepRunner::onAdvanced);
  connect(mWorker, &SimWorker::failed, this, &StepRunner::onFailed);
  connect(mWorker, &SimWorker::cancelled, this, &StepRunner::onCancelled);
  mThread->start();

  mTracePool = new QThreadPool(this);
  mTracePool->setMaxThreadCount(1);
  mDisposePool = new QThreadPool(this);
  mDisposePool->setMaxThreadCount(1);
  mDisposer = [this](std::shared_ptr<const StepTrace> trace) {
    mDisposePool->start([t = std::move(trace)]() mutable { t.reset(); });
  };

  mFrameTimer = new QTimer(this);
  mFrameTimer->setTimerType(Qt::PreciseTimer);
  mFrameTimer->setInterval(kFrameIntervalMs);
  connect(mFrameTimer, &QTimer::timeout, this, &StepRunner::onFrame);

  mBusyTimer = new QTimer(this);
  mBusyTimer->setSingleShot(true);
  mBusyTimer->setInterval(kBusyAfterMs);
  connect(mBusyTimer, &QTimer::timeout, this, [this] {
    if (mPending > 0 && !mBusy) {
      mBusy = true;
      emit busyChanged(true);
    }
  });
}

StepRunner::~StepRunner() {
  // A re-derivation in flight posts its answer to this object: let it finish first (the
  // answer is then discarded with the object).
  mTracePool->waitForDone();
  mDisposePool->waitForDone();
  // A long step in flight would hold the thread: cancel it.
  mWorker->requestCancel();
  mThread->quit();
  mThread->wait();
}

void StepRunner::startFrom(const SimState& state, long long step) {
  ++mGeneration;
  // A step still computing for the old generation is cancelled, so the new start does
  // not wait behind it.
  mWorker->requestCancel();
  endAllRequests();
  postTo(mWorker, [worker = mWorker, state, step, generation = mGeneration, tracing = mTracing] {
    worker->setTracing(tracing);
    worker->install(state, generation, step);
  });
}

// ---- Pacing

void StepRunner::setPacing(bool on) {
  if (on == mPacing) return;
  mPacing = on;
  if (!on) {
    mFrameTimer->stop();
    return;
  }
  mTargetTime = mEnd().time;
  mClock.start();
  mFrameTimer->start();
}

bool StepRunner::setTimeRate(double rate) {
  rate = std::clamp(rate, kMinTimeRate, kMaxTimeRate);
  if (rate == mTimeRate) return false;
  mTimeRate = rate;
  return true;
}

void StepRunner::onFrame() {
  // Real-time pacing (run_pacing.h): simulation time follows the wall clock (times the rate)
  // in whole steps, in batches of about a frame.
  mTargetTime += mTimeRate * std::min(mClock.restart() / 1000.0, kMaxFrameSeconds);
  if (mPending > 0) return;
  const RunEnd end = mEnd();
  const FrameSteps next = stepsForFrame(mTargetTime - end.time, end.timeStep, mTimeRate,
                                        kMaxFrameSeconds, mStepSeconds);
  if (next.steps == 0) return;
  if (next.capped) mTargetTime = end.time + next.steps * end.timeStep;  // behind the clock
  requestSteps(next.steps);
}

// ---- Requests

void StepRunner::requestSteps(int steps) {
  ++mPending;
  mRequestClock.start();
  mBusyTimer->start();
  const quint64 token = mWorker->cancelToken();
  postTo(mWorker, [worker = mWorker, steps, token] { worker->advanceAsync(steps, token); });
}

StepBatch StepRunner::advanceNow(int steps, std::optional<QString>& error) {
  bool cancelled = false;
  StepBatch result;
  const quint64 token = mWorker->cancelToken();
  postTo(
      mWorker, [&] { result = mWorker->advanceNow(steps, token, error, cancelled); },
      Qt::BlockingQueuedConnection);
  return result;
}

void StepRunner::endRequest() {
  mPending = std::max(0, mPending - 1);
  if (mPending > 0) return;
  mBusyTimer->stop();
  if (mBusy) {
    mBusy = false;
    emit busyChanged(false);
  }
}

void StepRunner::endAllRequests() {
  // As if the last request in flight were answered now: nothing pending, not busy.
  mPending = std::min(mPending, 1);
  endRequest();
}

void StepRunner::onAdvanced(const StepBatch& batch) {
  handoffAcquire();
  if (batch.generation != mGeneration) return;
  if (!batch.records.empty())
    mStepSeconds = busySeconds() / static_cast<double>(batch.records.size());
  endRequest();
  emit advanced(batch);
  // Running behind the clock: the next batch now, rather than at the next frame tick (the
  // worker would idle up to a 16 ms tick per batch).
  if (mPacing && mPending == 0) onFrame();
}

void StepRunner::onFailed(quint64 generation, const QString& message, const StepBatch& batch) {
  handoffAcquire();
  if (generation != mGeneration) return;
  endRequest();
  emit failed(message, batch);
}

void StepRunner::onCancelled(quint64 generation, const QString& message, const StepBatch& batch) {
  handoffAcquire();
  if (generation != mGeneration) return;
  const double seconds = busySeconds();
  endRequest();
  emit cancelled(message, batch, seconds);
}

// ---- Busy

long long StepRunner::stepInProgress() const {
  if (mPending == 0) return 0;
  // Before the worker starts the request, the step it will compute first.
  const long long step = mWorker->stepInProgress();
  return step > 0 ? step : mEnd().step + 1;
}

double StepRunner::busySeconds() const {
  return mPending > 0 && mRequestClock.isValid() ? mRequestClock.elapsed() / 1000.0 : 0.0;
}

void StepRunner::setBusyAfter(int ms) {
  mBusyTimer->setInterval(std::max(0, ms));
}

void StepRunner::cancel() {
  if (mPending > 0) mWorker->requestCancel();
}

// ---- Tracing, edits, re-derived traces

void StepRunner::setTracing(bool on) {
  mTracing = on;
  postTo(mWorker, [worker = mWorker, on] { worker->setTracing(on); });
}

void StepRunner::postEdit(SimEdit edit) {
  postTo(mWorker, [this, worker = mWorker, edit = std::move(edit), generation = mGeneration] {
    std::optional<SimState> state = worker->apply(edit);
    if (!state) return;  // it changed nothing: nothing to log or record
    postTo(this, [this, state = std::move(*state), generation, step = worker->steps(), edit] {
      if (generation == mGeneration) emit edited(state, step, edit);
    });
  });
}

void StepRunner::deriveTrace(const SimState& before, long long step) {
  if (mDerivingStep >= 0) return;
  mDerivingStep = step;
  ++mTraceJobs;
  // The state before the step is copied: the history may drop it meanwhile. Its structure
  // is shared and never changed, so cloning it on the pool's thread is safe.
  mTracePool->start([this, before, generation = mGeneration, step] {
    std::optional<StepRun> run;
    QString error;
    try {
      run = replayStep(before, StepTracing::kCompact);
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    postTo(this, [this, generation, step, run = std::move(run), error] {
      if (--mTraceJobs == 0) mDerivingStep = -1;
      emit traceDerived(generation == mGeneration, step, run, error);
    });
  });
}

void StepRunner::expandTrace(std::shared_ptr<const StepTrace> compact, long long step) {
  if (mExpanding || !compact) return;
  mExpanding = compact;
  mTracePool->start([this, compact = std::move(compact), generation = mGeneration, step] {
    auto full = std::make_shared<const StepTrace>(cl::openTrace(*compact));
    postTo(this, [this, generation, step, compact, full = std::move(full)] {
      mExpanding.reset();
      emit traceExpanded(generation == mGeneration, step, compact, full);
    });
  });
}

void StepRunner::expandSolve(std::shared_ptr<const StepTrace> opened, int position) {
  if (mSolvingAgain >= 0 || !opened) return;
  const CompactLcpSolve* c = compactLcpSolveAt(*opened, static_cast<std::size_t>(position));
  if (!c) return;
  mSolvingAgain = position;
  // `c` lives in `opened`, which the job holds: shared and never changed.
  mTracePool->start([this, opened = std::move(opened), position, c] {
    auto solve = std::make_shared<const SolveTrace>(expandCompactLcpSolve(*c));
    postTo(this, [this, opened, position, solve = std::move(solve)] {
      mSolvingAgain = -1;
      emit solveExpanded(opened, position, solve);
    });
  });
}

}  // namespace cl::widgets
