#pragma once
// A Qt Charts value axis that a reader takes in at a glance: its range widened to multiples of
// a tick step of 1, 2 or 5 times a power of ten (engine/math/nice_step.h), about `ticks`
// steps across, ticks anchored at 0, so that labels such as "4000" or "1e-5" fit side by side
// even in a small chart. And the same for a QCustomPlot log axis.
#include <QString>

class QCPAxis;
class QValueAxis;

namespace cl::widgets {

// Covers [low, high] (high > low; a degenerate range is widened to one unit). At least
// `minStep` between ticks (1 for an axis of whole numbers).
QValueAxis* niceAxis(double low, double high, int ticks, const QString& title,
                     const QString& labelFormat, double minStep = 0);

// Sets a logarithmic axis (a QCPAxisTickerLog of base 10) to whole decades covering
// [low, high] (at least two decades, within 1e-100 to 1e100), widened to whole steps of
// 1, 2 or 5 times a power of ten decades, the smallest that needs at most four: so at most
// five labels, one at each end. In a plot a few tens of pixels high a label for each of
// eight decades would overlap the next.
void setNiceLogRange(QCPAxis* axis, double low, double high);

}  // namespace cl::widgets
