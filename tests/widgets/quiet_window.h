#pragma once
// The workbench window as the widget tests open it: the user's layout settings left alone and
// nothing modal (errors go to the status bar, questions are not asked).
#include "app/workbench/main_window.h"

namespace cl::testing {

inline workbench::MainWindow::Options quietOptions() {
  workbench::MainWindow::Options options;
  options.persistLayout = false;  // leave the user's settings alone
  options.errorDialogs = false;   // nothing modal in a test
  return options;
}

}  // namespace cl::testing
