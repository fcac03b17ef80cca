#include "widgets/halo_text.h"

#include <QCache>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <QRect>
#include <QString>
#include <algorithm>

namespace cl::widgets {

namespace {

// The label's image, and where its top left corner lies from the baseline's start.
struct HaloImage {
  QImage image;
  QPoint offset;
};

HaloImage renderHalo(const QFont& font, const QString& text, const QColor& color, double ratio) {
  QPainterPath path;
  path.addText(QPointF(0, 0), font, text);
  // The halo reaches kHaloWidth / 2 beyond the glyphs; one pixel more for antialiasing.
  const double reach = kHaloWidth / 2 + 1;
  const QRect box = path.boundingRect().adjusted(-reach, -reach, reach, reach).toAlignedRect();
  QImage image(box.size() * ratio, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(ratio);
  image.fill(Qt::transparent);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.translate(-box.topLeft());
  painter.strokePath(path,
                     QPen(kHaloColor, kHaloWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
  painter.fillPath(path, color);
  painter.end();
  return {image, box.topLeft()};
}

}  // namespace

void drawHaloText(QPainter& painter, QPointF origin, const QFont& font, const QString& text,
                  const QColor& color) {
  if (text.isEmpty()) return;
  // A scene's labels are its fixed bodies' names and a few legends, far under 4 MB. (Images,
  // not pixmaps: the cache outlives the application object.)
  static QCache<QString, HaloImage> cache(4 << 20);
  const double ratio = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
  const QString key = QStringLiteral("%1|%2|%3|%4")
                          .arg(font.key(), color.name(QColor::HexArgb))
                          .arg(ratio)
                          .arg(text);
  if (const HaloImage* cached = cache.object(key)) {
    painter.drawImage(origin + cached->offset, cached->image);
    return;
  }
  const HaloImage made = renderHalo(font, text, color, ratio);
  // QImage is shared, not copied; a label bigger than the whole cache is dropped at once.
  cache.insert(key, new HaloImage(made), std::max<qsizetype>(1, made.image.sizeInBytes()));
  painter.drawImage(origin + made.offset, made.image);
}

}  // namespace cl::widgets
