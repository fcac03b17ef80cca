#include "engine/parallel/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace cl {

WorkerPool& WorkerPool::shared() {
  static WorkerPool pool;
  return pool;
}

void WorkerPool::setThreads(int threads) {
  const std::lock_guard run(mRunMutex);
  stopHelpers();
  {
    const std::lock_guard lock(mMutex);
    mStop = false;
  }
  for (int i = 1; i < std::max(1, threads); ++i) mHelpers.emplace_back([this] { helperLoop(); });
  mThreads = std::max(1, threads);
}

void WorkerPool::stopHelpers() {
  {
    const std::lock_guard lock(mMutex);
    mStop = true;
  }
  mWake.notify_all();
  for (std::thread& t : mHelpers) t.join();
  mHelpers.clear();
  mThreads = 1;
}

void WorkerPool::takeParts(unsigned long long generation) {
  for (;;) {
    int k = 0;
    const std::function<void(int)>* part = nullptr;
    {
      const std::lock_guard lock(mMutex);
      if (mGeneration.load() != generation || mNext >= mParts) return;
      k = mNext++;
      part = mPart;
    }
    try {
      (*part)(k);
    } catch (...) {
      const std::lock_guard lock(mMutex);
      if (!mError) mError = std::current_exception();
    }
    mUnfinished.fetch_sub(1, std::memory_order_release);
  }
}

void WorkerPool::helperLoop() {
  unsigned long long seen = mGeneration.load();
  for (;;) {
    // Spin a little for the next job: the searches of a step come tens of microseconds apart.
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::microseconds(kSpinMicroseconds);
    while (mGeneration.load(std::memory_order_acquire) == seen &&
           std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
    {
      std::unique_lock lock(mMutex);
      ++mSleeping;
      mWake.wait(lock, [&] { return mStop || mGeneration.load() != seen; });
      --mSleeping;
      if (mStop) return;
      seen = mGeneration.load();
    }
    takeParts(seen);
  }
}

void WorkerPool::run(int parts, const std::function<void(int)>& part) {
  std::unique_lock busy(mRunMutex, std::try_to_lock);
  if (!busy || mHelpers.empty() || parts < 2) {
    for (int k = 0; k < parts; ++k) part(k);
    return;
  }
  unsigned long long generation = 0;
  bool wake = false;
  {
    const std::lock_guard lock(mMutex);
    mPart = &part;
    mParts = parts;
    mNext = 0;
    mUnfinished = parts;
    mError = nullptr;
    generation = mGeneration.load() + 1;
    mGeneration.store(generation, std::memory_order_release);
    wake = mSleeping > 0;
  }
  if (wake) mWake.notify_all();
  takeParts(generation);
  // The helpers' parts are about as long as the caller's: spin for them.
  while (mUnfinished.load(std::memory_order_acquire) > 0) std::this_thread::yield();
  const std::lock_guard lock(mMutex);
  mPart = nullptr;
  if (mError) std::rethrow_exception(std::exchange(mError, nullptr));
}

}  // namespace cl
