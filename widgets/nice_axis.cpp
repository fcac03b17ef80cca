#include "widgets/nice_axis.h"

#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "engine/math/nice_step.h"

namespace cl::widgets {

QValueAxis* niceAxis(double low, double high, int ticks, const QString& title,
                     const QString& labelFormat, double minStep) {
  if (!(high > low)) high = low + 1;
  const double step = std::max(minStep, niceStep((high - low) / std::max(1, ticks)));
  auto* axis = new QValueAxis;
  axis->setRange(std::floor(low / step) * step, std::ceil(high / step) * step);
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickAnchor(0);
  axis->setTickInterval(step);
  axis->setTitleText(title);
  axis->setLabelFormat(labelFormat);
  return axis;
}

}  // namespace cl::widgets
