// niceAxis (widgets/nice_axis.h): with "%g", neighbouring ticks read differently however
// narrow the range is beside its magnitude, and labels are never shortened to "…".
#include <QValueAxis>
#include <catch2/catch.hpp>
#include <memory>

#include "tests/widgets/qt_string_makers.h"
#include "widgets/nice_axis.h"

namespace {

// The labels of the axis's ticks, as its format prints them.
QStringList tickLabels(const QValueAxis& axis) {
  QStringList labels;
  const QByteArray format = axis.labelFormat().toLatin1();
  for (double t = axis.min(); t <= axis.max() + 0.5 * axis.tickInterval(); t += axis.tickInterval())
    labels << QString::asprintf(format.constData(), t);
  return labels;
}

}  // namespace

TEST_CASE("niceAxis labels neighbouring ticks apart", "[widgets]") {
  // A force that barely moves (98 N to 1e-5): "%g" read "98" at every tick.
  std::unique_ptr<QValueAxis> force(
      cl::widgets::niceAxis(98.0, 98.00001, 4, {}, QStringLiteral("%g")));
  QStringList f = tickLabels(*force);
  REQUIRE(f.size() >= 3);
  CHECK(f.removeDuplicates() == 0);
  CHECK_FALSE(force->truncateLabels());
  // Constant to rounding (1e-12 apart): drawn flat on an axis a millionth of 98 wide, whose
  // labels need no more than 8 or 9 digits.
  std::unique_ptr<QValueAxis> flat(
      cl::widgets::niceAxis(98.0, 98.0 + 1e-12, 4, {}, QStringLiteral("%g")));
  CHECK(flat->max() - flat->min() >= 0.99e-6 * 98);
  QStringList fl = tickLabels(*flat);
  CHECK(fl.removeDuplicates() == 0);
  for (const QString& label : tickLabels(*flat)) CHECK(label.size() <= 11);

  // An energy near zero: 5e-16 apart.
  std::unique_ptr<QValueAxis> energy(
      cl::widgets::niceAxis(5e-16, 1.5e-15, 4, {}, QStringLiteral("%g")));
  QStringList e = tickLabels(*energy);
  REQUIRE(e.size() >= 3);
  CHECK(e.removeDuplicates() == 0);

  // Whole numbers keep their own format.
  std::unique_ptr<QValueAxis> iterations(
      cl::widgets::niceAxis(0, 40, 6, {}, QStringLiteral("%d"), 1.0));
  CHECK(iterations->labelFormat() == QStringLiteral("%d"));
}
