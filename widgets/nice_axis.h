#pragma once
// A Qt Charts value axis that a reader takes in at a glance: its range widened to multiples of
// a tick step of 1, 2 or 5 times a power of ten (engine/math/nice_step.h), about `ticks`
// steps across, ticks anchored at 0, so that labels such as "4000" or "1e-5" fit side by side
// even in a small chart.
#include <QString>

class QValueAxis;

namespace cl::widgets {

// Covers [low, high] (high > low; a degenerate range is widened to one unit). At least
// `minStep` between ticks (1 for an axis of whole numbers).
QValueAxis* niceAxis(double low, double high, int ticks, const QString& title,
                     const QString& labelFormat, double minStep = 0);

}  // namespace cl::widgets
