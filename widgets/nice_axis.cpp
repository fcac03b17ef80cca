#include "widgets/nice_axis.h"

#include <qcustomplot.h>

#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "engine/math/nice_step.h"

namespace cl::widgets {

QValueAxis* niceAxis(double low, double high, int ticks, const QString& title,
                     const QString& labelFormat, double minStep) {
  if (!(high > low)) high = low + 1;
  // A series constant to rounding (a force of 98 N that varies by 1e-12) is drawn flat on an
  // axis of at least a millionth of its size: its ticks then need at most about 8 digits.
  const double size = std::max(std::abs(low), std::abs(high));
  if (high - low < 1e-6 * size) {
    const double mid = low / 2 + high / 2;
    low = mid - 0.5e-6 * size;
    high = mid + 0.5e-6 * size;
  }
  const double step = std::max(minStep, niceStep((high - low) / std::max(1, ticks)));
  auto* axis = new QValueAxis;
  axis->setRange(std::floor(low / step) * step, std::ceil(high / step) * step);
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickAnchor(0);
  axis->setTickInterval(step);
  axis->setTitleText(title);
  // "%g" keeps 6 significant digits: ticks 2e-6 apart near 98 all read "98". As many
  // digits as tell neighbouring ticks apart instead.
  QString format = labelFormat;
  if (format == QStringLiteral("%g")) {
    const double largest = std::max(std::abs(axis->min()), std::abs(axis->max()));
    const int digits =
        largest > 0 ? static_cast<int>(std::ceil(std::log10(largest / step))) + 1 : 1;
    format = QStringLiteral("%.%1g").arg(std::clamp(digits, 1, 15));
  }
  axis->setLabelFormat(format);
  // Qt Charts shortens labels it thinks too wide to "…": a short axis showed only "…".
  axis->setTruncateLabels(false);
  return axis;
}

void setNiceLogRange(QCPAxis* axis, double low, double high) {
  axis->setRange(low, high);
  const double decades = std::max(1.0, std::round(std::log10(high / low)));
  const double step = std::max(1.0, niceStep(decades / 4));  // at most 4 steps: 5 labels
  // QCPAxisTickerLog spaces its ticks by decades / tickCount rounded to such a step.
  axis->ticker()->setTickCount(std::max(1, static_cast<int>(std::lround(decades / step))));
}

}  // namespace cl::widgets
