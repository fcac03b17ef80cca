#pragma once
// SimWorker: owns the simulation being stepped and lives on the stepping
// thread. Session talks to it only through queued calls, so the simulation is
// touched by one thread alone and the UI sees copies (SimSnapshot).
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

#include "engine/scene/scene.h"
#include "widgets/sim_snapshot.h"

namespace cl::widgets {

class SimWorker : public QObject {
  Q_OBJECT

 public:
  SimWorker() = default;
  ~SimWorker() override;

  // Takes the scene over; later calls refer to `generation`.
  void install(std::shared_ptr<Scene> scene, quint64 generation);
  // Takes `steps` time steps and emits advanced, or failed on SimulationError.
  void advanceAsync(int steps);
  // The same, answered by return value instead of a signal (for a caller that
  // blocks on this thread); the message is set on failure.
  SimSnapshot advanceNow(int steps, std::optional<QString>& error);
  // Changes the simulation between steps (switch a thruster, nudge a body).
  void edit(const std::function<void(RigidBodySim&)>& change);

  // The snapshot of a simulation as it is now, with no energy samples.
  static SimSnapshot snapshotOf(const RigidBodySim& sim, long long steps, quint64 generation);

 signals:
  void advanced(const cl::widgets::SimSnapshot& snapshot);
  void failed(quint64 generation, const QString& message, const cl::widgets::SimSnapshot& last);

 private:
  std::shared_ptr<Scene> mScene;
  std::unique_ptr<AdvanceStrategy> mAdvance;
  quint64 mGeneration = 0;
  long long mSteps = 0;  // successful steps since install
};

}  // namespace cl::widgets
