#pragma once
// RunExport: the workbench's CSV exports (header row, one file per table; columns in
// docs/workbench.md). Every file is written whole or not at all (AtomicFile), and
// exportAll writes its folder beside the target and renames it into place only when
// every file is done, so a cancelled or failed export leaves nothing half-written.
//
// body_states.csv   state_csv.h's columns, one row per held record
// time_series.csv   step, time, kinetic/potential/total energy, contacts, solves, pivots,
//                   pivots_per_solve, max_violation, min_distance, backups, collisions,
//                   wall_seconds
// contacts.csv      step, time, primary, normal_body, x, y, normal_x, normal_y, force,
//                   friction_force, slip, mode: every contact of every held record as the
//                   scene draws it (DrawData: the mode is the engine's one classification,
//                   the one the scene's dots, its key and the Inspector show)
// solve_matrix.csv, solve_vectors.csv, pivots.csv   trace_csv.h, the selected solve
// waypoints.csv     waypoint_csv.h, every held step (traces re-derived where dropped)
// scene.json, scene.png   the scene's document and a picture of the scene view
// state.json        the state of the step shown (state_json.h): `contactlab-cli run
//                   scene.json --initial-state state.json` goes on from it
#include <QImage>
#include <QString>
#include <functional>
#include <ostream>

#include "engine/run/run_history.h"

namespace cl::widgets {

class Session;

// The tables over records [first, last] of the history (last -1: to the newest).
void writeBodyStatesCsv(std::ostream& out, const std::vector<Polygon>& bodies,
                        const RunHistory& history, int first = 0, int last = -1);
void writeTimeSeriesCsv(std::ostream& out, const RunHistory& history, int first = 0, int last = -1);
void writeContactsCsv(std::ostream& out, const std::vector<Polygon>& bodies,
                      const RunHistory& history, int first = 0, int last = -1);
// Waypoints of records [first, last]; a record without a trace is re-run to get one.
// `progress(done, total)` is asked after each record; false cancels (returns false).
bool writeWaypointsCsv(std::ostream& out, const RunHistory& history, int first, int last,
                       const std::function<bool(int, int)>& progress = {});

// Writes one table to `path` (whole or not at all); throws std::runtime_error.
void writeCsvFile(const QString& path, const std::function<void(std::ostream&)>& write);

// Everything above into folder `dir` (created; an existing folder of that name is
// replaced only when the export succeeds), the per-step tables over records [first, last]
// of the history (last -1: to the newest; a long pile run's waypoints alone reach hundreds
// of MB). `progress(done, total)` returns false to cancel. Returns an empty string on
// success, "cancelled", or the error.
QString exportAll(Session& session, const QString& dir, const QImage& sceneImage,
                  const std::function<bool(int, int)>& progress = {}, int first = 0, int last = -1);

}  // namespace cl::widgets
