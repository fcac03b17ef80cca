#pragma once
// VectorsDock: b, f and a of the selected solve at the selected pivot, as bars coloured by set.
// (Being written: this skeleton only gives the dock its place in the window.)
#include <QDockWidget>

namespace cl::widgets {

class Session;

class VectorsDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit VectorsDock(Session* session, QWidget* parent = nullptr);
  ~VectorsDock() override;

 private:
  Session* mSession;
};

}  // namespace cl::widgets
