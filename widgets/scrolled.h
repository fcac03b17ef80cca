#pragma once
// A dock's body in a frameless scroll area, so that the dock can be as small as its
// neighbours want (the window fits a small screen) and still show all of the body.
class QScrollArea;
class QWidget;

namespace cl::widgets {

QScrollArea* scrolled(QWidget* body);

}  // namespace cl::widgets
