#pragma once
// How the workbench's QCustomPlots refresh: a replot marks the plot for the window's next
// paint instead of repainting the window there and then, QCustomPlot's default
// (QCP::phImmediateRefresh). While pile_200 ran, that forced repaint came straight after the
// step's records were taken and painted the whole window inside the same event, blocking
// input for 60 to 90 ms; deferred, the two are separate events and input gets in between.
#include <qcustomplot.h>

namespace cl::widgets {

inline void deferRepaint(QCustomPlot* plot) {
  plot->setPlottingHint(QCP::phImmediateRefresh, false);
}

}  // namespace cl::widgets
