#include "widgets/scrolled.h"

#include <QScrollArea>

namespace cl::widgets {

QScrollArea* scrolled(QWidget* body) {
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(body);
  return scroll;
}

}  // namespace cl::widgets
