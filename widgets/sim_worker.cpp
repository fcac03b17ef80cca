#include "widgets/sim_worker.h"

namespace cl::widgets {

SimWorker::~SimWorker() = default;

void SimWorker::install(std::shared_ptr<Scene> scene, quint64 generation) {
  // The strategy refers to scene->sim, so it goes before the scene it steps.
  mAdvance.reset();
  mScene = std::move(scene);
  mGeneration = generation;
  mSteps = 0;
  if (mScene && mScene->sim) mAdvance = mScene->makeAdvance();
}

SimSnapshot SimWorker::snapshotOf(const RigidBodySim& sim, long long steps, quint64 generation) {
  SimSnapshot s;
  s.generation = generation;
  s.time = sim.time();
  s.steps = steps;
  s.states.reserve(sim.bodyCount());
  for (int i = 0; i < sim.bodyCount(); ++i) s.states.push_back(sim.bodyState(i));
  s.energy = sim.energy();
  return s;
}

SimSnapshot SimWorker::advanceNow(int steps, std::optional<QString>& error) {
  error.reset();
  if (!mAdvance) {
    error = QStringLiteral("no scene is loaded");
    return {};
  }
  RigidBodySim& sim = mAdvance->sim();
  std::vector<EnergySample> samples;
  samples.reserve(steps > 0 ? steps : 0);
  std::vector<double> before;
  for (int i = 0; i < steps; ++i) {
    before = sim.vars();
    const double timeBefore = sim.time();
    try {
      mAdvance->advance(mAdvance->timeStep());
    } catch (const std::exception& e) {
      // Put the last good state back so the picture, the snapshot and the
      // simulation agree on where the run stopped.
      sim.vars() = std::move(before);
      sim.setTime(timeBefore);
      error = QString::fromStdString(e.what());
      break;
    }
    ++mSteps;
    samples.push_back({sim.time(), sim.energy()});
  }
  SimSnapshot s = snapshotOf(sim, mSteps, mGeneration);
  s.samples = std::move(samples);
  return s;
}

void SimWorker::advanceAsync(int steps) {
  std::optional<QString> error;
  SimSnapshot s = advanceNow(steps, error);
  if (error)
    emit failed(mGeneration, *error, s);
  else
    emit advanced(s);
}

void SimWorker::edit(const std::function<void(RigidBodySim&)>& change) {
  if (mAdvance) change(mAdvance->sim());
}

}  // namespace cl::widgets
