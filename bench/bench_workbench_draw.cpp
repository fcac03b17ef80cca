// bench_workbench_draw [runs]: how fast the workbench redraws when a person single-steps
// through a large solve. One frame is what stepping one pivot costs the UI: the A matrix
// dock and the vectors dock take the new pivot, and they and the scene view repaint.
// The window is 1440 x 900 with every dock shown, the scene has 100 bodies, and the
// solve is a 300 x 300 LCP (A = B B^T + I with random B, so ComputeForces visits
// hundreds of pivots). Prints the median frame time over the pivots of each run and the
// median over runs, and the frames per second that makes.
// Then, whether the window stays responsive while it runs pile_200 at 1x with traces
// recorded (the simulation cannot keep up, so its worker thread is never idle): a 5 ms
// timer on the UI thread measures how long the event loop was blocked between its ticks,
// for `seconds` of wall time per run (default 10). Input waits at most that long. And how
// often the scene moves on to a newer step meanwhile: the steps shown, and the longest wall
// time between two of them. Last, each tick blocked 30 ms or more with the events the UI
// thread handled before it, and what each took: what to make cheaper.
//   build/bench/bench_workbench_draw [runs] [--run-seconds S]
#include <QApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "app/workbench/main_window.h"
#include "bench/median.h"
#include "engine/scene/scene.h"
#include "engine/solver/compute_forces.h"
#include "engine/trace/step_trace.h"
#include "widgets/matrix_dock.h"
#include "widgets/scene_view.h"
#include "widgets/session.h"
#include "widgets/vectors_dock.h"

namespace {

constexpr int kBodies = 100;
constexpr int kContacts = 300;
constexpr int kFramesPerRun = 120;

// 100 blocks in a 10 x 10 grid above a floor.
std::string gridScene() {
  std::string bodies = R"({"name": "floor", "shape": "wall", "width": 40, "height": 1,
                           "position": [0, -0.5]})";
  for (int i = 0; i < kBodies; ++i)
    bodies += ",{\"name\": \"b" + std::to_string(i) + "\", \"shape\": \"block\", \"width\": 0.8, " +
              "\"height\": 0.6, \"position\": [" + std::to_string(-9.0 + 2.0 * (i % 10)) + ", " +
              std::to_string(1.0 + 1.5 * (i / 10)) + "]}";
  return R"({"format": "contactlab-scene", "version": 3, "title": "100 blocks",
             "bodies": [)" +
         bodies + "]}";
}

cl::SolveTrace largeSolve() {
  std::mt19937 gen(7);
  std::normal_distribution<double> normal;
  Eigen::MatrixXd B(kContacts, kContacts / 2);
  for (Eigen::Index i = 0; i < B.rows(); ++i)
    for (Eigen::Index j = 0; j < B.cols(); ++j) B(i, j) = normal(gen);
  cl::LcpProblem p;
  p.A = B * B.transpose() + Eigen::MatrixXd::Identity(kContacts, kContacts);
  p.b = Eigen::VectorXd(kContacts);
  for (Eigen::Index i = 0; i < p.b.size(); ++i) p.b(i) = normal(gen);
  p.joint.assign(kContacts, false);
  cl::StepTraceRecorder recorder;
  cl::SolveContext context;
  for (int i = 0; i < kContacts; ++i) {
    cl::SolveContact contact;
    contact.primaryBody = i % kBodies + 1;
    contact.normalBody = 0;
    contact.label = "b" + std::to_string(i % kBodies) + "/floor";
    context.contacts.push_back(contact);
  }
  recorder.onSolveContext(std::move(context));
  cl::ComputeForces solver;
  solver.setTraceSink(&recorder);
  solver.solve(p);
  return recorder.take().solves.front();
}

// Times the events the UI thread handles while `timing` is set: the outermost ones that took
// kPartMs or more, and the events nested in them that did (a paint of the window sends each
// widget's paint event inside it). The probe below reads them at each tick: what blocked the
// event loop since the tick before.
class TimedApplication : public QApplication {
 public:
  static constexpr double kPartMs = 2;
  struct Part {
    int depth = 0;
    double ms = 0;
    QString what;
  };
  using QApplication::QApplication;
  bool notify(QObject* receiver, QEvent* event) override {
    // The worker thread's events (its batches of steps) come through here too.
    if (!timing || QThread::currentThread() != thread())
      return QApplication::notify(receiver, event);
    const int depth = mDepth++;
    QElapsedTimer timer;
    timer.start();
    const int type = event->type();
    const bool result = QApplication::notify(receiver, event);
    --mDepth;
    const double ms = timer.nsecsElapsed() / 1e6;
    if (ms >= kPartMs) sinceTick.push_back({depth, ms, describe(receiver, type)});
    return result;
  }
  bool timing = false;
  std::vector<Part> sinceTick;  // in the order they ended: nested events before their parent

 private:
  // "type Class 'name'", or the nearest object above it named by us (not Qt's "qt_...").
  static QString describe(QObject* receiver, int type) {
    QString out = QStringLiteral("%1 %2").arg(type).arg(
        QString::fromLatin1(receiver->metaObject()->className()));
    const QObject* named = receiver;
    while (named && (named->objectName().isEmpty() || named->objectName().startsWith("qt_")))
      named = named->parent();
    if (named == receiver)
      out += " '" + named->objectName() + "'";
    else if (named)
      out += " in '" + named->objectName() + "'";
    return out;
  }
  int mDepth = 0;
};

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[static_cast<std::size_t>(p * (v.size() - 1))];
}

struct Stalls {
  std::vector<double> blockedMs;  // per tick: the gap between ticks beyond the period
  long long steps = 0;            // time steps the run took
  double simSeconds = 0;
  int shown = 0;             // times the scene moved to a newer step (Session::currentChanged)
  double longestShowMs = 0;  // the longest wall time between two of them
  struct Slow {
    double blockedMs = 0;
    std::vector<TimedApplication::Part> events;  // handled since the tick before
  };
  std::vector<Slow> slow;  // the ticks blocked kSlowMs or more
};
constexpr double kSlowMs = 30;

// Runs the session's scene for `seconds` of wall time at 1x; a timer of period kProbeMs on
// the UI thread records, at each tick, how much later than its period it came.
Stalls measureStalls(cl::widgets::Session& session, double seconds) {
  constexpr int kProbeMs = 5;
  Stalls s;
  const double t0 = session.current() ? session.current()->stats.time : 0.0;
  const long long steps0 = session.history().size();
  QTimer probe;
  probe.setTimerType(Qt::PreciseTimer);
  probe.setInterval(kProbeMs);
  QElapsedTimer gap;
  auto* app = static_cast<TimedApplication*>(QApplication::instance());
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const double blocked = std::max(0.0, gap.nsecsElapsed() / 1e6 - kProbeMs);
    s.blockedMs.push_back(blocked);
    if (blocked >= kSlowMs) s.slow.push_back({blocked, std::move(app->sinceTick)});
    app->sinceTick.clear();
    gap.restart();
  });
  QElapsedTimer sinceShown;
  const QMetaObject::Connection shown =
      QObject::connect(&session, &cl::widgets::Session::currentChanged, [&] {
        if (!session.isRunning()) return;
        if (s.shown++ > 0)
          s.longestShowMs = std::max(s.longestShowMs, sinceShown.nsecsElapsed() / 1e6);
        sinceShown.restart();
      });
  session.setTimeRate(1.0);
  session.setRunning(true);
  gap.start();
  probe.start();
  QElapsedTimer wall;
  wall.start();
  while (wall.nsecsElapsed() < seconds * 1e9)
    QApplication::processEvents(QEventLoop::AllEvents, 50);
  probe.stop();
  QObject::disconnect(shown);
  session.setRunning(false);
  s.steps = session.history().size() - steps0;
  s.simSeconds = (session.current() ? session.current()->stats.time : 0.0) - t0;
  return s;
}

}  // namespace

int main(int argc, char* argv[]) {
  if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  TimedApplication app(argc, argv);
  int runs = 5;
  double runSeconds = 10;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--run-seconds") == 0 && i + 1 < argc)
      runSeconds = std::max(1.0, std::atof(argv[++i]));
    else
      runs = std::max(1, std::atoi(argv[i]));
  }

  cl::workbench::MainWindow::Options options;
  options.persistLayout = false;
  options.errorDialogs = false;
  cl::workbench::MainWindow window(options);
  window.resize(1440, 900);
  window.session()->setScene(cl::loadScene(gridScene(), "grid"));
  window.show();
  QApplication::processEvents();

  const cl::SolveTrace solve = largeSolve();
  const int pivots = static_cast<int>(solve.pivots.size());
  std::printf("bench_workbench_draw: %d bodies, %d x %d A matrix, %d pivots, window %dx%d\n\n",
              kBodies, kContacts, kContacts, pivots, window.width(), window.height());
  std::printf("| run | frames | median frame ms | max frame ms | fps (1000 / median) |\n");
  std::printf("|---|---|---|---|---|\n");
  std::vector<double> medians;
  for (int run = 1; run <= runs; ++run) {
    std::vector<double> frames;
    for (int f = 0; f < kFramesPerRun; ++f) {
      const int pivot = (f * std::max(1, pivots / kFramesPerRun)) % std::max(1, pivots);
      QElapsedTimer timer;
      timer.start();
      window.matrixDock()->showSolve(&solve, pivot, f % kContacts);
      window.vectorsDock()->showSolve(&solve, pivot, f % kContacts);
      window.matrixDock()->repaint();
      window.vectorsDock()->repaint();
      window.sceneView()->repaint();
      QApplication::processEvents();
      frames.push_back(timer.nsecsElapsed() / 1e6);
    }
    const double m = median(frames);
    medians.push_back(m);
    std::printf("| %d | %zu | %.2f | %.2f | %.0f |\n", run, frames.size(), m,
                *std::max_element(frames.begin(), frames.end()), 1000.0 / m);
  }
  const double m = median(medians);
  std::printf("\nmedian over runs: %.2f ms per frame = %.0f frames per second (target >= 60)\n", m,
              1000.0 / m);

  const auto pile = std::filesystem::path(CONTACTLAB_SCENES_DIR) / "pile_200.json";
  std::printf(
      "\nRunning %s at 1x with traces, %.0f wall s per run: how long the UI thread's "
      "event loop was blocked between ticks of a 5 ms timer\n\n",
      pile.filename().c_str(), runSeconds);
  std::printf(
      "| run | steps | simulated s | steps shown | longest ms between shown steps | ticks | "
      "median blocked ms | 99th pct ms | max ms | ticks blocked > 50 ms |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  std::vector<double> maxima;
  std::vector<std::vector<Stalls::Slow>> slow;  // each run's
  for (int run = 1; run <= runs; ++run) {
    if (!window.session()->loadScene(QString::fromStdString(pile.string()))) {
      std::fprintf(stderr, "bench_workbench_draw: cannot load %s\n", pile.c_str());
      return 1;
    }
    app.timing = true;
    const Stalls s = measureStalls(*window.session(), runSeconds);
    app.timing = false;
    const double worst = *std::max_element(s.blockedMs.begin(), s.blockedMs.end());
    maxima.push_back(worst);
    std::printf("| %d | %lld | %.2f | %d | %.0f | %zu | %.2f | %.2f | %.2f | %lld |\n", run,
                s.steps, s.simSeconds, s.shown, s.longestShowMs, s.blockedMs.size(),
                median(s.blockedMs), percentile(s.blockedMs, 0.99), worst,
                static_cast<long long>(std::count_if(s.blockedMs.begin(), s.blockedMs.end(),
                                                     [](double ms) { return ms > 50; })));
    slow.push_back(s.slow);
  }
  std::printf(
      "\nTicks blocked %.0f ms or more, and what the UI thread handled since the tick before "
      "(each event of %.0f ms or more: [nesting depth, ms, QEvent type, receiver]):\n",
      kSlowMs, TimedApplication::kPartMs);
  if (std::all_of(slow.begin(), slow.end(), [](const auto& r) { return r.empty(); }))
    std::printf("none\n");
  for (std::size_t run = 0; run < slow.size(); ++run)
    for (const auto& t : slow[run]) {
      std::printf("run %zu, %.1f ms:", run + 1, t.blockedMs);
      for (const auto& p : t.events)
        std::printf(" [%d %.1f %s]", p.depth, p.ms, p.what.toUtf8().constData());
      std::printf("\n");
    }
  std::printf("\nmedian over runs of the longest block: %.2f ms (target <= 50)\n", median(maxima));
  return 0;
}
