// InputGuard: the wheel over an unfocused spin box or combo box scrolls what holds it and
// leaves the value alone (it had run the time step down to 0.00001); focused, the box takes
// it. A focused slider keeps Home from the window's Fit View shortcut.
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <catch2/catch.hpp>

#include "widgets/input_guard.h"

namespace {

// One notch of the wheel, away from the user (up), over the middle of `w`.
void wheelUp(QWidget* w) {
  const QPointF at(w->width() / 2.0, w->height() / 2.0);
  QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                Qt::NoScrollPhase, false);
  QApplication::sendEvent(w, &e);
}

}  // namespace

TEST_CASE("InputGuard: the wheel changes a value box only while it has the focus",
          "[input_guard]") {
  cl::widgets::InputGuard::install();
  QScrollArea area;
  auto* content = new QWidget;
  auto* column = new QVBoxLayout(content);
  auto* spin = new QDoubleSpinBox;
  spin->setRange(0, 1);
  spin->setSingleStep(0.01);
  spin->setValue(0.5);
  auto* combo = new QComboBox;
  combo->addItems({"euler", "modified euler", "runge kutta"});
  combo->setCurrentIndex(1);
  column->addWidget(spin);
  column->addWidget(combo);
  column->addSpacing(2000);  // taller than the area: it scrolls
  area.setWidget(content);
  area.resize(300, 200);
  area.show();
  REQUIRE(QTest::qWaitForWindowExposed(&area));
  CHECK(spin->focusPolicy() == Qt::StrongFocus);  // the wheel does not focus it
  area.setFocus();                                // showing the window focused its first box
  REQUIRE_FALSE(spin->hasFocus());
  area.verticalScrollBar()->setValue(100);
  const int scrolled = area.verticalScrollBar()->value();
  wheelUp(spin);
  wheelUp(combo);
  CHECK(spin->value() == 0.5);
  CHECK(combo->currentIndex() == 1);
  CHECK(area.verticalScrollBar()->value() < scrolled);  // the area scrolled instead
  spin->setFocus();
  REQUIRE(spin->hasFocus());
  wheelUp(spin);
  CHECK(spin->value() == Approx(0.51));
}

TEST_CASE("InputGuard: a focused slider keeps Home from the window's shortcut", "[input_guard]") {
  cl::widgets::InputGuard::install();
  QMainWindow window;
  auto* slider = new QSlider(Qt::Horizontal);
  slider->setRange(0, 100);
  slider->setValue(60);
  window.setCentralWidget(slider);
  auto* fit = new QAction(QStringLiteral("Fit View"), &window);
  fit->setShortcut(Qt::Key_Home);
  window.addAction(fit);
  int fits = 0;
  QObject::connect(fit, &QAction::triggered, [&] { ++fits; });
  window.show();
  REQUIRE(QTest::qWaitForWindowActive(&window));
  slider->setFocus();
  QTest::keyClick(slider, Qt::Key_Home);
  CHECK(slider->value() == 0);
  CHECK(fits == 0);
  // Elsewhere Home is still Fit View.
  slider->clearFocus();
  window.setFocus();
  QTest::keyClick(&window, Qt::Key_Home);
  CHECK(fits == 1);
}
