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
  // Whole decades around the values, at least two so that the ticks have labels, within
  // 1e-100 to 1e100: a zero or denormal low has no usable logarithm, and QCustomPlot
  // refuses a log range whose upper / lower overflows a double (over 308 decades).
  const auto decadeOf = [](double x, double (*toWhole)(double)) {
    return std::clamp(x > 0 ? toWhole(std::log10(x)) : -100.0, -100.0, 100.0);
  };
  double lo = decadeOf(low, std::floor);
  double hi = std::max(decadeOf(high, std::ceil), lo + 1);
  if (hi - lo < 2) --lo, ++hi;
  // The step, and the range widened to whole steps, so that the ticks (multiples of the
  // step, counted from 10^0) fall on both ends: at most four steps, five labels.
  double step = 1, from = lo, to = hi;
  for (;; step = niceStep(step * 1.5)) {
    from = std::floor(lo / step) * step;
    to = std::ceil(hi / step) * step;
    if (to - from <= 4 * step) break;
  }
  axis->setRange(std::pow(10.0, from), std::pow(10.0, to));
  // QCPAxisTickerLog spaces its ticks by about decades / tickCount, rounded to 1, 2, 2.5
  // or 5 times a power of ten (an integer number of decades): exactly the step here.
  axis->ticker()->setTickCount(static_cast<int>(std::lround((to - from) / step)));
}

}  // namespace cl::widgets
