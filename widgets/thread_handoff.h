#pragma once
// Hand-offs between the UI thread and the threads that step (SimWorker) or re-run
// (Session::requestTrace) the simulation. Qt orders them: what one thread wrote before
// posting a call is seen by the thread that runs it. But Qt synchronises through its own
// futex-based mutexes, which ThreadSanitizer sees only when Qt itself is instrumented
// (Debian's is not), so every hand-off also tells TSan what Qt guarantees: a release
// before it is posted, an acquire where it runs. Outside a TSan build these are nothing.
#include <QMetaObject>
#include <QObject>
#include <utility>

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace cl::widgets {

#if defined(__SANITIZE_THREAD__)
inline char gHandoffClock;  // the one synchronisation object of all hand-offs
inline void handoffRelease() {
  __tsan_release(&gHandoffClock);
}
inline void handoffAcquire() {
  __tsan_acquire(&gHandoffClock);
}
#else
inline void handoffRelease() {}
inline void handoffAcquire() {}
#endif

// Runs `call` on `receiver`'s thread, queued (or blocking until it has run).
template <class F>
void postTo(QObject* receiver, F&& call, Qt::ConnectionType type = Qt::QueuedConnection) {
  handoffRelease();
  QMetaObject::invokeMethod(
      receiver,
      [call = std::forward<F>(call)]() mutable {
        handoffAcquire();
        call();
        handoffRelease();
      },
      type);
  if (type == Qt::BlockingQueuedConnection) handoffAcquire();
}

}  // namespace cl::widgets
