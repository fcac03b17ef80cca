// Haloed labels (halo_text.h): drawn once into a cached image, they must look as the label
// drawn directly does.
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>

#include "widgets/halo_text.h"

namespace {

const QColor kBackground(0xfb, 0xfb, 0xf8);

QImage blank() {
  QImage image(240, 60, QImage::Format_ARGB32_Premultiplied);
  image.fill(kBackground);
  return image;
}

// The label as the scene view drew it before the cache: the text's outline stroked
// kHaloWidth wide in the halo colour, then filled.
QImage drawnDirectly(QPointF origin, const QFont& font, const QString& text, QColor color) {
  QImage image = blank();
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  QPainterPath path;
  path.addText(origin, font, text);
  painter.strokePath(path, QPen(cl::widgets::kHaloColor, cl::widgets::kHaloWidth, Qt::SolidLine,
                                Qt::RoundCap, Qt::RoundJoin));
  painter.fillPath(path, color);
  return image;
}

QImage drawnCached(QPointF origin, const QFont& font, const QString& text, QColor color) {
  QImage image = blank();
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  cl::widgets::drawHaloText(painter, origin, font, text, color);
  return image;
}

// The largest difference of any channel at any pixel.
int largestDifference(const QImage& a, const QImage& b) {
  int most = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
      most = std::max({most, std::abs(p.red() - q.red()), std::abs(p.green() - q.green()),
                       std::abs(p.blue() - q.blue())});
    }
  return most;
}

int pixelsDarkerThan(const QImage& image, int level) {
  int count = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) count += qGray(image.pixel(x, y)) < level;
  return count;
}

}  // namespace

TEST_CASE("A haloed label drawn from its cached image has the pixels of the label drawn directly",
          "[halo_text]") {
  QFont font;
  font.setPointSizeF(11);
  const QString text = QStringLiteral("wall_left = force 9.81");
  const QColor color(0x50, 0x50, 0x50);
  const QPointF origin(12, 36);
  const QImage direct = drawnDirectly(origin, font, text, color);
  REQUIRE(pixelsDarkerThan(direct, 128) > 50);  // the text is there to compare
  // The first call renders the image, the second takes it from the cache: both put the
  // glyphs and their halo where the direct drawing does (blending the image onto the
  // background rounds differently from painting onto it: a unit or two a channel).
  const QImage first = drawnCached(origin, font, text, color);
  const QImage second = drawnCached(origin, font, text, color);
  CHECK(largestDifference(first, direct) <= 3);
  CHECK(largestDifference(second, first) == 0);
  // Moved by whole pixels, it moves with them.
  CHECK(largestDifference(drawnCached(origin + QPointF(7, -5), font, text, color),
                          drawnDirectly(origin + QPointF(7, -5), font, text, color)) <= 3);
  // The colour, the font and the text are each part of what is cached.
  const QColor red(0xc0, 0x20, 0x20);
  CHECK(largestDifference(drawnCached(origin, font, text, red),
                          drawnDirectly(origin, font, text, red)) <= 3);
  QFont bold = font;
  bold.setBold(true);
  CHECK(largestDifference(drawnCached(origin, bold, text, color),
                          drawnDirectly(origin, bold, text, color)) <= 3);
  CHECK(largestDifference(drawnCached(origin, font, QStringLiteral("pit_right"), color),
                          drawnDirectly(origin, font, QStringLiteral("pit_right"), color)) <= 3);
  // Nothing to draw draws nothing.
  CHECK(largestDifference(drawnCached(origin, font, QString(), color), blank()) == 0);
}
