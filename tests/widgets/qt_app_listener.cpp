// The QApplication every widget test needs, made by a Catch2 listener when the
// run starts. A custom main that built it would abort in the listing run that
// test discovery does without a display, silently registering no tests
// (CMake would register 0 tests); listing does not start listeners.
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <QApplication>
#include <catch2/catch.hpp>
#include <memory>

namespace {

class QtApplicationListener : public Catch::TestEventListenerBase {
 public:
  using TestEventListenerBase::TestEventListenerBase;

  void testRunStarting(const Catch::TestRunInfo& info) override {
    TestEventListenerBase::testRunStarting(info);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "widgets_tests";
    static char* argv[] = {name, nullptr};
    mApp = std::make_unique<QApplication>(argc, argv);
  }

  void testRunEnded(const Catch::TestRunStats& stats) override {
    mApp.reset();
    TestEventListenerBase::testRunEnded(stats);
  }

 private:
  std::unique_ptr<QApplication> mApp;
};

}  // namespace

CATCH_REGISTER_LISTENER(QtApplicationListener)
