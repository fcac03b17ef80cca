// The workbench's error box (widgets/error_box.h): a long message (a failed friction solve
// names every contact) shows its first line, the rest under Show Details, so that the box
// fits a laptop's screen with its OK button in reach; a short one is shown whole.
#include <QMessageBox>
#include <QStringList>
#include <catch2/catch.hpp>
#include <memory>

#include "tests/widgets/qt_string_makers.h"
#include "widgets/error_box.h"

using cl::widgets::kErrorBoxLines;
using cl::widgets::makeErrorBox;

TEST_CASE("Error box: a message of many lines keeps them under Show Details", "[error_box]") {
  // As ContactSim's message of a failed friction solve on pile_20: a line, then 50 contacts.
  QStringList lines{QStringLiteral(
      "Simulation stopped at t = 4.225 s: contact forces with friction failed "
      "(too-many-pivots) with 50 contacts (friction_compliance is off: on, a problem like this "
      "one is solved with a small contact compliance, and counted):")};
  for (int i = 0; i < 50; ++i)
    lines << QStringLiteral(
                 "  vertex/edge 'block%1' on 'pit_left' at (-3.66812, -5.61438) "
                 "normal (0.707107, 0.707107) distance 0.00734697")
                 .arg(i);
  const std::unique_ptr<QMessageBox> box(makeErrorBox("ContactLab", lines.join('\n'), nullptr));
  CHECK(box->icon() == QMessageBox::Warning);
  CHECK(box->text() == lines.first());
  CHECK(box->informativeText() == "50 more lines under Show Details.");
  CHECK(box->detailedText() == lines.mid(1).join('\n'));
  // Laid out, it fits the 800 pixels of a 1280 x 800 screen (it was over 1 000 tall).
  box->adjustSize();
  CHECK(box->height() < 700);
}

TEST_CASE("Error box: a message of a few lines is shown whole", "[error_box]") {
  QStringList lines;
  for (int i = 0; i < kErrorBoxLines; ++i) lines << QStringLiteral("line %1").arg(i);
  const std::unique_ptr<QMessageBox> box(makeErrorBox("ContactLab", lines.join('\n'), nullptr));
  CHECK(box->text() == lines.join('\n'));
  CHECK(box->informativeText().isEmpty());
  CHECK(box->detailedText().isEmpty());
}
