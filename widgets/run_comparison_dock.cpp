#include "widgets/run_comparison_dock.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QThreadPool>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <iterator>

#include "widgets/nice_axis.h"
#include "widgets/read_only_table.h"
#include "widgets/scene_overlay.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"
#include "widgets/thread_handoff.h"

namespace cl::widgets {

namespace {

QChartView* makeChart(const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  // 140 px high: the two rows fit the run comparison layout of a 1280 x 800 screen (its
  // dock about 460 px under the scene) beside the controls and the table. The y axes are
  // titled by their units (the chart's title says what is plotted): a longer title is
  // elided on a plot that short.
  view->setMinimumSize(260, 140);
  view->setToolTip(QObject::tr("%1, against the simulated time t (s)").arg(title));
  return view;
}

// Replaces the chart's series by `lines` (name, colour, points) on nice axes fitted to them;
// `yFormat` labels the y ticks, at least `yMinStep` apart (1 for whole decades of a log).
void showLines(QChartView* view,
               const std::vector<std::tuple<QString, QColor, std::vector<QPointF>>>& lines,
               const QString& yTitle, const QString& yFormat, double yMinStep = 0) {
  QChart* chart = view->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) chart->removeAxis(axis);
  double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  bool any = false;
  for (const auto& [name, color, points] : lines)
    for (const QPointF& p : points) {
      x0 = any ? std::min(x0, p.x()) : p.x();
      x1 = any ? std::max(x1, p.x()) : p.x();
      y0 = any ? std::min(y0, p.y()) : p.y();
      y1 = any ? std::max(y1, p.y()) : p.y();
      any = true;
    }
  // No axis title for t: every chart here is against time (its tooltip says so), and the
  // room goes to the plot.
  QValueAxis* x = niceAxis(x0, x1, 5, QString(), QStringLiteral("%g"));
  QValueAxis* y = niceAxis(y0, y1, 4, yTitle, yFormat, yMinStep);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (const auto& [name, color, points] : lines) {
    auto* series = new QLineSeries;
    series->setName(name);
    series->setPen(QPen(color, 1.8));
    for (const QPointF& p : points) series->append(p);
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
  }
  // The table's advance names, in their lines' colours, are the legend: one here would take
  // most of a short chart's height.
  chart->legend()->setVisible(false);
}

// From this dock width (pixels) the charts go three to a row.
constexpr int kThreeChartsWidth = 1000;

}  // namespace

RunComparisonDock::RunComparisonDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Run comparison"), parent), mSession(session) {
  setObjectName(QStringLiteral("runComparisonDock"));
  mPool = new QThreadPool(this);
  mPool->setMaxThreadCount(1);

  auto* body = new QWidget;
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(3, 3, 3, 3);
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Run the scene as loaded with its advance and")));
  mOther = new QComboBox;
  for (const auto& n : kAdvanceKindNames)
    mOther->addItem(QString::fromLatin1(n.name), static_cast<int>(n.value));
  mOther->setCurrentIndex(mOther->findData(static_cast<int>(AdvanceKind::kLcpFixpoint)));
  row->addWidget(mOther);
  mRun = new QPushButton(tr("Compare to the newest step"));
  mRun->setToolTip(
      tr("Runs the scene as loaded twice, headless (edits made while running are not "
         "replayed), up to the time of the newest step; the second run's bodies are drawn as "
         "orange ghosts at the step shown"));
  row->addWidget(mRun);
  mCancel = new QPushButton(tr("Cancel"));
  mCancel->setToolTip(tr("Stops the two runs after their current step"));
  mCancel->hide();
  row->addWidget(mCancel);
  row->addStretch(1);
  layout->addLayout(row);
  mStatus = new QLabel;
  mStatus->setWordWrap(true);
  layout->addWidget(mStatus);
  mTable = makeReadOnlyTable({tr("advance"), tr("reached (s)"), tr("CPU s / sim s"),
                              tr("its / step"), tr("not converged"), tr("penetration"),
                              tr("dip below gap"), tr("joint gap"), tr("energy change")});
  mTable->setRowCount(2);
  mTable->setFixedHeight(mTable->horizontalHeader()->sizeHint().height() +
                         2 * mTable->verticalHeader()->defaultSectionSize() +
                         mTable->horizontalScrollBar()->sizeHint().height() + 4);
  layout->addWidget(mTable);
  // In this order, two or three to a row (placeCharts): where they part and the energies;
  // the smallest contact distance (penetration below 0) and the contact forces; the cost of
  // each step and its iterations.
  mCharts = new QGridLayout;
  mGap = makeChart(tr("where the bodies part (largest |x| or |y| difference)"));
  mEnergy = makeChart(tr("total energy"));
  mDistance = makeChart(tr("smallest contact distance (below 0: penetration)"));
  mForce = makeChart(tr("sum of contact forces (the weight carried at rest)"));
  mCost = makeChart(tr("wall time per step"));
  mIterations = makeChart(tr("iterations per step (time steppers)"));
  placeCharts(2);
  layout->addLayout(mCharts, 1);
  setWidget(scrolled(body));

  connect(mRun, &QPushButton::clicked, this,
          [this] { compareWith(static_cast<AdvanceKind>(mOther->currentData().toInt())); });
  connect(mCancel, &QPushButton::clicked, this, &RunComparisonDock::cancel);
  connect(mSession, &Session::sceneLoaded, this, [this] {
    ++mGeneration;
    if (mStop) *mStop = true;  // its answer would be dropped: stop computing it
    setRunning(false);
    clear(tr("Not compared yet: take some steps, pick a second advance, then compare."));
  });
  clear(tr("Not compared yet: take some steps, pick a second advance, then compare."));
}

RunComparisonDock::~RunComparisonDock() {
  if (mStop) *mStop = true;  // closing waits for one step, not for the runs to end
  mPool->waitForDone();
}

void RunComparisonDock::cancel() {
  if (mRunning && mStop) *mStop = true;
}

void RunComparisonDock::setRunning(bool running) {
  mRunning = running;
  mRun->setEnabled(!running);
  mCancel->setVisible(running);
  mCancel->setEnabled(running);
}

QString RunComparisonDock::statusText() const {
  return mStatus->text();
}

QString RunComparisonDock::tableText(int row, int column) const {
  const QTableWidgetItem* item = mTable->item(row, column);
  return item ? item->text() : QString();
}

void RunComparisonDock::clear(const QString& message) {
  mStatus->setText(message);
  mTable->clearContents();
  showLines(mGap, {}, tr("m"), QStringLiteral("%g"));
  showLines(mEnergy, {}, tr("J"), QStringLiteral("%g"));
  showLines(mDistance, {}, tr("m"), QStringLiteral("%g"));
  showLines(mForce, {}, tr("N"), QStringLiteral("%g"));
  showLines(mCost, {}, tr("ms"), QStringLiteral("%g"));
  showLines(mIterations, {}, tr("its"), QStringLiteral("%g"));
}

void RunComparisonDock::compareWith(AdvanceKind other) {
  if (!mSession->hasScene() || mRunning) return;
  const RunHistory& history = mSession->history();
  const double until = history.size() > 0 ? history.at(history.size() - 1).stats.time : 0.0;
  Scene scene = mSession->pristineScene();
  if (!scene.sim || !(until > scene.sim->time())) {
    clear(tr("Take some steps first: the runs go to the newest step's time."));
    emit finished();
    return;
  }
  setRunning(true);
  const AdvanceKind first = scene.settings.advance;
  mStatus->setText(tr("Running the scene with %1 and %2 to t = %3…")
                       .arg(QString::fromLatin1(nameOf(first)))
                       .arg(QString::fromLatin1(nameOf(other)))
                       .arg(until));
  mStop = std::make_shared<std::atomic<bool>>(false);
  mPool->start([this, scene = std::make_shared<Scene>(std::move(scene)), first, other, until,
                generation = mGeneration, stop = mStop] {
    // After each step: stop when asked; say how far the run is about ten times a second.
    auto shown = std::chrono::steady_clock::now();
    const auto watch = [&](AdvanceKind kind, int run) {
      return [&, kind, run](const AdvanceRun& r) {
        if (const auto now = std::chrono::steady_clock::now();
            now - shown > std::chrono::milliseconds(100)) {
          shown = now;
          const double time = r.steps.back().time;
          postTo(this, [this, generation, kind, run, time, until] {
            onProgress(generation, kind, run, time, until);
          });
        }
        return !stop->load();
      };
    };
    auto a =
        std::make_shared<const AdvanceRun>(runWithAdvance(*scene, first, until, watch(first, 1)));
    auto b = std::make_shared<AdvanceRun>();
    b->kind = other;
    b->cancelled = a->cancelled;  // the second run is not started
    if (!a->cancelled) *b = runWithAdvance(*scene, other, until, watch(other, 2));
    postTo(this, [this, generation, a, b = std::shared_ptr<const AdvanceRun>(std::move(b))] {
      onRuns(generation, a, b);
    });
  });
}

void RunComparisonDock::onProgress(quint64 generation, AdvanceKind kind, int run, double time,
                                   double until) {
  if (generation != mGeneration || !mRunning || mStop->load()) return;
  mStatus->setText(tr("Running the scene with %1 (run %2 of 2): t = %3 of %4 s…")
                       .arg(QString::fromLatin1(nameOf(kind)))
                       .arg(run)
                       .arg(time, 0, 'f', 3)
                       .arg(until, 0, 'f', 3));
}

void RunComparisonDock::onRuns(quint64 generation, std::shared_ptr<const AdvanceRun> first,
                               std::shared_ptr<const AdvanceRun> second) {
  if (generation != mGeneration) return;  // a scene load came in between
  setRunning(false);
  if (first->cancelled || second->cancelled) {
    const AdvanceRun& stopped = first->cancelled ? *first : *second;
    clear(tr("Cancelled: the run with %1 stopped at t = %2; nothing compared.")
              .arg(QString::fromLatin1(nameOf(stopped.kind)))
              .arg(stopped.reached, 0, 'f', 3));
    mSession->setComparison(nullptr);  // no ghosts of an earlier comparison either
    emit finished();
    return;
  }
  const double gap = mSession->settings().distanceTol / 2;
  const AdvanceRun* runs[] = {first.get(), second.get()};
  // Each run's colour in the charts, its name in the table in it: the charts' legend.
  const QColor colors[] = {QColor(0x31, 0x6b, 0xb0), QColor::fromRgba(overlay_colors::kSecondRun)};
  for (int r = 0; r < 2; ++r) {
    const AdvanceRun& run = *runs[r];
    const bool stepper = run.kind != AdvanceKind::kCollisionAdvance;
    const double steps = static_cast<double>(std::max<std::size_t>(1, run.steps.size()));
    setRowTexts(
        mTable, r,
        {QString::fromLatin1(nameOf(run.kind)),
         QString::number(run.reached, 'g', 6) + (run.failure.empty() ? "" : tr(" (failed)")),
         QString::number(run.reached > 0 ? run.cpuSeconds / run.reached : 0.0, 'g', 3),
         stepper ? QString::number(static_cast<double>(run.iterations()) / steps, 'f', 2)
                 : QStringLiteral("-"),
         stepper ? QString::number(run.unconverged()) : QStringLiteral("-"),
         QString::number(run.penetration(), 'g', 3), QString::number(run.dip(gap), 'g', 3),
         QString::number(run.maxJointGap(), 'g', 3), QString::number(run.energyChange(), 'g', 6)});
    QTableWidgetItem* name = mTable->item(r, 0);
    name->setForeground(colors[r]);
    QFont bold = name->font();
    bold.setBold(true);
    name->setFont(bold);
    name->setToolTip(tr("Its lines in the charts below are drawn in this colour"));
  }
  mTable->resizeColumnsToContents();
  const RunDivergence d = compareRuns(*first, *second, {1e-9, 1e-6, 1e-3, 2 * gap});
  QStringList parts;
  for (const auto& [threshold, time] : d.firstAbove)
    parts << tr("> %1 m at %2")
                 .arg(threshold)
                 .arg(std::isnan(time) ? tr("never") : tr("t = %1").arg(time, 0, 'g', 6));
  QString status = tr("The bodies part: %1.").arg(parts.join(QStringLiteral(", ")));
  for (const AdvanceRun* run : runs)
    if (!run->failure.empty())
      status += QStringLiteral("\n") + tr("%1 stopped: %2")
                                           .arg(QString::fromLatin1(nameOf(run->kind)))
                                           .arg(QString::fromStdString(run->failure));
  mStatus->setText(status);

  std::vector<QPointF> gapPoints;
  for (std::size_t k = 0; k < d.time.size(); ++k)
    gapPoints.emplace_back(d.time[k], std::log10(std::max(d.positionGap[k], 1e-16)));
  showLines(mGap, {{tr("position gap"), QColor::fromRgba(overlay_colors::kSecondRun), gapPoints}},
            tr("m"), QStringLiteral("1e%.0f"), 1.0);  // whole decades
  // One line per run of a step statistic (steps where it is NaN, no contacts, left out), or
  // per time-stepper run only.
  const auto perRun = [&](const std::function<double(const StepStats&)>& value,
                          bool steppersOnly = false) {
    std::vector<std::tuple<QString, QColor, std::vector<QPointF>>> lines;
    for (int r = 0; r < 2; ++r) {
      if (steppersOnly && runs[r]->kind == AdvanceKind::kCollisionAdvance) continue;
      std::vector<QPointF> points;
      for (const StepStats& s : runs[r]->steps)
        if (const double v = value(s); std::isfinite(v)) points.emplace_back(s.time, v);
      lines.emplace_back(QString::fromLatin1(nameOf(runs[r]->kind)), colors[r], points);
    }
    return lines;
  };
  showLines(mEnergy, perRun([](const StepStats& s) { return s.energy.total(); }), tr("J"),
            QStringLiteral("%g"));
  showLines(mDistance, perRun([](const StepStats& s) { return s.minDistance; }), tr("m"),
            QStringLiteral("%g"));
  showLines(mForce, perRun([](const StepStats& s) { return s.contactForce; }), tr("N"),
            QStringLiteral("%g"));
  showLines(mCost, perRun([](const StepStats& s) { return 1e3 * s.wallSeconds; }), tr("ms"),
            QStringLiteral("%g"));
  showLines(mIterations,
            perRun([](const StepStats& s) { return static_cast<double>(s.iterations); }, true),
            tr("its"), QStringLiteral("%g"));
  mSession->setComparison(second);
  emit finished();
}

void RunComparisonDock::placeCharts(int columns) {
  if (columns == mChartColumns) return;
  mChartColumns = columns;
  QChartView* const order[] = {mGap, mEnergy, mDistance, mForce, mCost, mIterations};
  for (QChartView* chart : order) mCharts->removeWidget(chart);
  for (int i = 0; i < static_cast<int>(std::size(order)); ++i)
    mCharts->addWidget(order[i], i / columns, i % columns);
}

void RunComparisonDock::resizeEvent(QResizeEvent* event) {
  QDockWidget::resizeEvent(event);
  placeCharts(width() >= kThreeChartsWidth ? 3 : 2);
}

}  // namespace cl::widgets
