#pragma once
// Text with a white halo, so that it reads over any fill or the grid: the scene view's wall
// names and the legends along its bottom edge. The halo is the text's outline stroked
// kHaloWidth wide, and building it costs about 2.5 ms a label (QPainterPath::addText and
// the stroker); a pile's redraw paid that for each of its half-dozen labels at every step.
// So a label is rendered once into an image, kept in a QCache under its text, font, colour
// and the device's pixel ratio, and each later redraw copies the image.
#include <QColor>
#include <QPointF>

class QFont;
class QPainter;
class QString;

namespace cl::widgets {

inline constexpr double kHaloWidth = 3.0;  // pixels
inline const QColor kHaloColor{255, 255, 255, 230};

// Draws `text` in `color` with its halo, the baseline starting at `origin` in the painter's
// coordinates (a rotated painter rotates the label with it).
void drawHaloText(QPainter& painter, QPointF origin, const QFont& font, const QString& text,
                  const QColor& color);

}  // namespace cl::widgets
