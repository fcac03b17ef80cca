#include "widgets/dock_message.h"

#include <QLabel>
#include <QPalette>

namespace cl::widgets {

QLabel* makeDockMessage() {
  auto* label = new QLabel;
  label->setAlignment(Qt::AlignCenter);
  label->setWordWrap(true);
  QPalette pal = label->palette();
  pal.setColor(QPalette::WindowText, QColor(0x60, 0x60, 0x60));
  label->setPalette(pal);
  return label;
}

}  // namespace cl::widgets
