#pragma once
// How Catch2 prints Qt values in failure messages (otherwise "{?}").
#include <QColor>
#include <QPointF>
#include <QString>
#include <catch2/catch.hpp>
#include <string>

namespace Catch {

template <>
struct StringMaker<QColor> {
  static std::string convert(const QColor& c) {
    return c.isValid() ? c.name(QColor::HexArgb).toStdString() : std::string("(invalid colour)");
  }
};

template <>
struct StringMaker<QPointF> {
  static std::string convert(const QPointF& p) {
    return "(" + std::to_string(p.x()) + ", " + std::to_string(p.y()) + ")";
  }
};

template <>
struct StringMaker<QString> {
  static std::string convert(const QString& s) { return '"' + s.toStdString() + '"'; }
};

}  // namespace Catch
