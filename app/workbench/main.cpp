// contactlab [SCENE.json] [--initial-state STATE.json] [--screenshot FILE.png [--steps N]]
// Opens the workbench on a scene (default resources/scenes/stack_hit_by_block.json), run on
// from a saved state when one is given.
// With --screenshot it takes N steps, renders the window to FILE.png and exits.
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

#include "app/workbench/main_window.h"
#include "widgets/scene_paths.h"
#include "widgets/session.h"

namespace {

// Time for the offscreen platform to lay out the docks and the chart before
// the grab; without it the chart can still be at its initial size.
constexpr int kScreenshotDelayMs = 300;

int fail(const QString& message, int code) {
  std::fprintf(stderr, "contactlab: %s\n", qPrintable(message));
  return code;
}

}  // namespace

int main(int argc, char* argv[]) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("ContactLab"));
  QApplication::setApplicationName(QStringLiteral("contactlab"));
  QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("ContactLab workbench: watch a 2D rigid-body contact simulation."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(
      QStringLiteral("scene"),
      QStringLiteral("Scene file to open (default %1), or a run's recording (.clrun).")
          .arg(cl::widgets::defaultScenePath()),
      QStringLiteral("[SCENE.json | RUN.clrun]"));
  const QCommandLineOption screenshotOption(
      QStringLiteral("screenshot"),
      QStringLiteral("Render the window to FILE (PNG) and exit: 0 when written, 1 when the file "
                     "cannot be written, 2 when the scene failed to load or to run."),
      QStringLiteral("FILE"));
  const QCommandLineOption stepsOption(
      QStringLiteral("steps"), QStringLiteral("With --screenshot: time steps to take first."),
      QStringLiteral("N"), QStringLiteral("0"));
  const QCommandLineOption stateOption(
      QStringLiteral("initial-state"),
      QStringLiteral("Run the scene on from a saved state (contactlab-cli run --final-state, "
                     "Export All's state.json), as contactlab-cli run --initial-state does."),
      QStringLiteral("STATE"));
  parser.addOption(stateOption);
  parser.addOption(screenshotOption);
  parser.addOption(stepsOption);
  parser.process(app);

  const QStringList positional = parser.positionalArguments();
  if (positional.size() > 1)
    return fail(QStringLiteral("give at most one scene file or recording"), 2);
  bool stepsOk = false;
  const int steps = parser.value(stepsOption).toInt(&stepsOk);
  if (!stepsOk || steps < 0)
    return fail(QStringLiteral("--steps wants a whole number >= 0, not '%1'")
                    .arg(parser.value(stepsOption)),
                2);

  const bool screenshot = parser.isSet(screenshotOption);
  cl::workbench::MainWindow::Options options;
  // A screenshot shows the default layout, whatever a user last arranged.
  options.persistLayout = !screenshot;
  cl::workbench::MainWindow window(options);

  const QString scenePath =
      positional.isEmpty() ? cl::widgets::defaultScenePath() : positional.front();
  // A bad file leaves the window open and empty, with the error shown.
  // A state that does not fit leaves the scene as loaded, with the error shown.
  const bool loaded =
      window.openFile(scenePath) &&
      (!parser.isSet(stateOption) || window.session()->openState(parser.value(stateOption)));

  if (!screenshot) {
    window.show();
    return app.exec();
  }

  const bool ran = loaded && window.session()->stepNow(steps);
  window.show();
  const QString file = parser.value(screenshotOption);
  int exitCode = 0;
  QTimer::singleShot(kScreenshotDelayMs, &window, [&] {
    const QPixmap shot = window.grab();
    if (!shot.save(file, "PNG")) {
      exitCode = fail(QStringLiteral("cannot write screenshot '%1'").arg(file), 1);
    } else {
      std::printf("wrote %s (%dx%d)\n", qPrintable(QFileInfo(file).absoluteFilePath()),
                  shot.width(), shot.height());
      if (!ran) exitCode = 2;
    }
    app.exit(exitCode);
  });
  app.exec();
  return exitCode;
}
