#include "widgets/error_box.h"

#include <QStringList>

#include "widgets/count_text.h"

namespace cl::widgets {

QMessageBox* makeErrorBox(const QString& title, const QString& message, QWidget* parent) {
  auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setTextInteractionFlags(Qt::TextSelectableByMouse);
  const QStringList lines = message.split(QLatin1Char('\n'));
  if (lines.size() > kErrorBoxLines) {
    box->setText(lines.first());
    box->setInformativeText(QMessageBox::tr("%1 under Show Details.")
                                .arg(countText(lines.size() - 1, QMessageBox::tr("more line"),
                                               QMessageBox::tr("more lines"))));
    box->setDetailedText(lines.mid(1).join(QLatin1Char('\n')));
  }
  return box;
}

}  // namespace cl::widgets
