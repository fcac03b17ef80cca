#pragma once
// Scenes built in code for the widget tests, so they do not depend on the
// scene files' contents, and the helpers every widget test uses.
#include <QDir>
#include <QElapsedTimer>
#include <QString>
#include <QTest>
#include <cstring>
#include <vector>

#include "engine/scene/scene.h"
#include "engine/trace/solver_trace.h"
#include "widgets/scene_paths.h"

namespace cl::testing {

// The path of one of the example scenes (resources/scenes).
inline QString scenePath(const char* file) {
  return QDir(cl::widgets::scenesDirectory()).filePath(QString::fromLatin1(file));
}

// Whether two states' variables hold the same bits (-0.0 and 0.0, or two NaNs, told apart).
inline bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(double) * a.size()) == 0;
}

// Edits reach the simulation between steps on the worker thread and come back to the
// history by a queued answer: waits (up to 5 s) for `done`, and says whether it came.
template <typename Pred>
bool waitFor(Pred done) {
  QElapsedTimer clock;
  clock.start();
  while (!done() && clock.elapsed() < 5000) QTest::qWait(2);
  return done();
}

// A 12 x 8 walled box under gravity 3 holding, in this order after the four
// walls: "block" (1 x 2, tilted), "ball" (radius 0.6) and "frame" (2.4 x 2,
// walls 0.3 thick, so its centre of mass lies in its hole). Time step 0.025.
Scene boxScene();
inline constexpr int kFirstMovable = 4;  // index of "block"

// The two pivots of a = A f + b with A = [[2, 1], [1, 2]], b = [-1, -1], solved by hand as
// Baraff's algorithm does it. Driving contact 0 alone: f0 = 1/2 makes a0 = 0 (a1 = -1/2).
// Driving 1 with 0 kept in C: delta_f = (-1/2, 1), delta_a = (0, 3/2), s = 1/3, so
// f = (1/3, 1/3), a = 0, both in C.
std::vector<SolverPivot> handPivots2x2();

}  // namespace cl::testing
