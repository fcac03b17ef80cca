#pragma once
// WorkerPool: the engine's helper threads, for work that splits into independent parts
// whose results are put together in the order of the parts (the narrow phase's pairs), so
// that a result has the same bits with one thread or several. run() does part 0 on the
// calling thread and hands the others to the helpers (a part not yet taken is done by
// whichever thread is free first); it returns when every part is done, rethrowing the
// first exception a part threw.
//
// A pile's step asks for thousands of short searches (tens of microseconds each), so
// waking a sleeping thread for each would cost more than it saves: a helper that has just
// finished a part spins for kSpinMicroseconds waiting for the next job before it sleeps,
// and the caller spins while the last parts finish.
//
// One pool serves the process (shared()): the workbench steps its simulation, re-derives
// traces and checks determinism on threads of its own, so a run() that finds the pool
// busy with another caller's parts does its own parts on its own thread instead of
// waiting. With one thread (the default) there are no helpers and run() is a loop.
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace cl {

class WorkerPool {
 public:
  static constexpr int kSpinMicroseconds = 200;

  explicit WorkerPool(int threads = 1) { setThreads(threads); }
  ~WorkerPool() { stopHelpers(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // The process's pool (1 thread until setThreads).
  static WorkerPool& shared();

  // Threads taking part in a run(), the caller's included (at least 1).
  void setThreads(int threads);
  int threads() const { return mThreads.load(std::memory_order_relaxed); }

  // Calls part(k) for every k in [0, parts), spread over the threads.
  void run(int parts, const std::function<void(int)>& part);

 private:
  void helperLoop();
  // Takes parts of job `generation` until none is left (a part that throws keeps its error
  // for run()). Parts are claimed under the lock with their job's number, so a helper that
  // wakes late never takes a part of the next job with the last one's function.
  void takeParts(unsigned long long generation);
  void stopHelpers();

  std::vector<std::thread> mHelpers;
  std::atomic<int> mThreads{1};
  std::mutex mRunMutex;  // one caller's parts at a time
  std::mutex mMutex;     // guards the job fields below
  std::condition_variable mWake;
  const std::function<void(int)>* mPart = nullptr;
  int mParts = 0;
  int mNext = 0;                    // the next part to take
  std::atomic<int> mUnfinished{0};  // parts not yet done
  std::atomic<unsigned long long> mGeneration{0};
  int mSleeping = 0;  // helpers waiting on mWake
  std::exception_ptr mError;
  bool mStop = false;
};

}  // namespace cl
