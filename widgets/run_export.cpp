#include "widgets/run_export.h"

#include <fmt/format.h>

#include <QDir>
#include <QFileInfo>
#include <QUuid>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/dynamics/state_csv.h"
#include "engine/io/atomic_file.h"
#include "engine/io/csv_field.h"
#include "engine/io/number_text.h"
#include "engine/run/state_json.h"
#include "engine/run/step_record.h"
#include "engine/trace/trace_csv.h"
#include "engine/trace/waypoint_csv.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

class Cancelled : public std::exception {};
}  // namespace

namespace {

// Record `last` of the history, -1 meaning the newest, clamped to the records held.
int lastOf(const RunHistory& history, int last) {
  return last < 0 || last >= history.size() ? history.size() - 1 : last;
}

}  // namespace

void writeBodyStatesCsv(std::ostream& out, const std::vector<Polygon>& bodies,
                        const RunHistory& history, int first, int last) {
  writeStateCsvHeader(out, std::span<const Polygon>(bodies));
  for (int i = std::max(0, first); i <= lastOf(history, last); ++i) {
    const StepRecord& r = history.at(i);
    writeStateCsvRow(out, r.step, r.state.time, r.stats.energy, r.state.vars);
  }
}

void writeTimeSeriesCsv(std::ostream& out, const RunHistory& history, int first, int last) {
  out << "step,time,kinetic_energy,potential_energy,total_energy,friction_loss,contacts,solves,"
         "pivots,"
         "pivots_per_solve,max_violation,min_distance,backups,collisions,wall_seconds\n";
  for (int i = std::max(0, first); i <= lastOf(history, last); ++i) {
    const StepRecord& r = history.at(i);
    const StepStats& s = r.stats;
    out << r.step << ',' << numberText(s.time) << ',' << numberText(s.energy.kinetic()) << ','
        << numberText(s.energy.potential) << ',' << numberText(s.energy.total()) << ','
        << numberText(s.energy.frictionLoss) << ',' << s.contacts << ',' << s.solves.solves << ','
        << s.solves.pivots << ',' << numberText(s.solves.pivotsPerSolve()) << ','
        << numberText(s.solves.maxViolation) << ',' << numberText(s.minDistance) << ',' << s.backups
        << ',' << s.collisions << ',' << numberText(s.wallSeconds) << '\n';
  }
}

void writeContactsCsv(std::ostream& out, const std::vector<Polygon>& bodies,
                      const RunHistory& history, int first, int last) {
  const auto name = [&](int body) {
    return body >= 0 && body < static_cast<int>(bodies.size())
               ? csvField(bodies[static_cast<std::size_t>(body)].name())
               : std::string("(world)");
  };
  out << "step,time,primary,normal_body,x,y,normal_x,normal_y,force,friction_force,slip,mode\n";
  for (int i = std::max(0, first); i <= lastOf(history, last); ++i) {
    const StepRecord& r = history.at(i);
    for (const ContactMark& c : r.draw.contacts)
      out << r.step << ',' << numberText(r.state.time) << ',' << name(c.primaryBody) << ','
          << name(c.normalBody) << ',' << numberText(c.point.x) << ',' << numberText(c.point.y)
          << ',' << numberText(c.normal.x) << ',' << numberText(c.normal.y) << ','
          << numberText(c.force) << ',' << numberText(c.frictionForce) << ',' << numberText(c.slip)
          << ',' << nameOf(c.mode) << '\n';
  }
}

bool writeWaypointsCsv(std::ostream& out, const RunHistory& history, int first, int last,
                       const std::function<bool(int, int)>& progress) {
  writeWaypointCsvHeader(out);
  const int total = last - first + 1;
  for (int i = first; i <= last && i < history.size(); ++i) {
    const StepRecord& r = history.at(i);
    std::shared_ptr<const StepTrace> trace = r.trace;
    if (!trace && i > 0) trace = replayStep(history.at(i - 1).state, StepTracing::kWaypoints).trace;
    if (trace && r.state.structure)
      for (std::size_t k = 0; k < trace->waypoints.size(); ++k)
        writeWaypointCsvRows(out, *r.state.structure, r.step, static_cast<int>(k) + 1,
                             trace->waypoints[k]);
    if (progress && !progress(i - first + 1, total)) return false;
  }
  return true;
}

void writeCsvFile(const QString& path, const std::function<void(std::ostream&)>& write) {
  AtomicFile file(path.toStdString());
  write(file.stream());
  file.commit();
}

QString exportAll(Session& session, const QString& dir, const QImage& sceneImage,
                  const std::function<bool(int, int)>& progress, int first, int last) {
  if (!session.hasScene()) return QStringLiteral("no scene is loaded");
  const RunHistory& history = session.history();
  first = std::clamp(first, 0, history.size() - 1);
  last = std::clamp(lastOf(history, last), first, history.size() - 1);
  const QFileInfo target(dir);
  QDir parent = target.absoluteDir();
  if (!parent.exists() && !parent.mkpath(QStringLiteral(".")))
    return QStringLiteral("cannot create %1").arg(parent.absolutePath());
  const QString partial = parent.filePath(
      QStringLiteral(".%1.partial-%2")
          .arg(target.fileName(), QUuid::createUuid().toString(QUuid::Id128).left(8)));
  if (!QDir().mkpath(partial)) return QStringLiteral("cannot create %1").arg(partial);
  const auto path = [&](const char* name) {
    return QDir(partial).filePath(QString::fromLatin1(name));
  };
  // Steps: the fixed tables count as one each; waypoints as one per record.
  const int total = 5 + last - first + 1;
  int done = 0;
  const auto tick = [&] {
    ++done;
    if (progress && !progress(done, total)) throw Cancelled();
  };
  try {
    writeCsvFile(path("body_states.csv"), [&](std::ostream& o) {
      writeBodyStatesCsv(o, session.bodies(), history, first, last);
    });
    tick();
    writeCsvFile(path("time_series.csv"),
                 [&](std::ostream& o) { writeTimeSeriesCsv(o, history, first, last); });
    writeCsvFile(path("contacts.csv"), [&](std::ostream& o) {
      writeContactsCsv(o, session.bodies(), history, first, last);
    });
    tick();
    if (const SolveTrace* solve = session.selectedSolveTrace()) {
      const SolveOrigin origin = session.selectedSolveOrigin();
      writeCsvFile(path("solve_matrix.csv"),
                   [&](std::ostream& o) { writeSolveMatrixCsv(o, *solve, origin); });
      writeCsvFile(path("solve_vectors.csv"),
                   [&](std::ostream& o) { writeSolveVectorsCsv(o, *solve, origin); });
      writeCsvFile(path("pivots.csv"), [&](std::ostream& o) { writePivotsCsv(o, *solve, origin); });
    }
    tick();
    writeCsvFile(path("waypoints.csv"), [&](std::ostream& o) {
      const bool finished = writeWaypointsCsv(o, history, first, last, [&](int, int) {
        tick();
        return true;
      });
      if (!finished) throw Cancelled();
    });
    writeCsvFile(path("scene.json"),
                 [&](std::ostream& o) { o << sceneDocText(session.sceneDoc()); });
    // The state of the step shown, for `contactlab-cli run scene.json --initial-state
    // state.json` to go on from it with the same bits.
    if (const StepRecord* shown = session.current())
      writeCsvFile(path("state.json"), [&](std::ostream& o) {
        o << stateJson(shown->state, shown->step).dump(2) << '\n';
      });
    tick();
    if (!sceneImage.isNull() && !sceneImage.save(path("scene.png"), "PNG"))
      throw std::runtime_error("cannot write scene.png");
    tick();
  } catch (const Cancelled&) {
    QDir(partial).removeRecursively();
    return QStringLiteral("cancelled");
  } catch (const std::exception& e) {
    QDir(partial).removeRecursively();
    return QString::fromStdString(e.what());
  }
  // Into place: an existing folder is moved aside first and removed once the new one is in.
  const QString finalPath = target.absoluteFilePath();
  QString aside;
  if (QFileInfo::exists(finalPath)) {
    aside = partial + QStringLiteral(".old");
    if (!QDir().rename(finalPath, aside)) {
      QDir(partial).removeRecursively();
      return QStringLiteral("cannot replace %1").arg(finalPath);
    }
  }
  if (!QDir().rename(partial, finalPath)) {
    if (!aside.isEmpty()) QDir().rename(aside, finalPath);
    QDir(partial).removeRecursively();
    return QStringLiteral("cannot move the export into %1").arg(finalPath);
  }
  if (!aside.isEmpty()) QDir(aside).removeRecursively();
  return {};
}

}  // namespace cl::widgets
