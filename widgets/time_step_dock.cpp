#include "widgets/time_step_dock.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "engine/dynamics/advance_kind.h"
#include "engine/run/run_history.h"
#include "widgets/contact_numbers.h"
#include "widgets/dock_message.h"
#include "widgets/nice_axis.h"
#include "widgets/read_only_table.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

QString number(double v, int digits = 4) {
  return QString::number(v, 'g', digits);
}

}  // namespace

TimeStepDock::TimeStepDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Time stepping"), parent), mSession(session) {
  setObjectName(QStringLiteral("timeStepDock"));
  mPages = new QStackedWidget(this);
  mMessage = makeDockMessage();
  mPages->addWidget(mMessage);

  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(3, 3, 3, 3);
  mHeader = new QLabel;
  mHeader->setWordWrap(true);
  layout->addWidget(mHeader);

  auto* chart = new QChart;
  chart->legend()->hide();
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  mResiduals = new QChartView(chart);
  mResiduals->setRenderHint(QPainter::Antialiasing);
  mResiduals->setMinimumHeight(130);

  mIterations = makeReadOnlyTable({tr("#"), tr("residual"), tr("step"), tr("|f' - f|"), tr("note"),
                                   tr("records"), tr("LCP"), tr("held (Newton) / active set")});
  mIterations->horizontalHeaderItem(1)->setToolTip(
      tr("Newton with release: the largest gap violation (m); Fischer-Burmeister: max |Phi| "
         "(m); fixpoint: how far the end-of-step positions moved in the round"));
  mIterations->horizontalHeaderItem(6)->setToolTip(
      tr("Fixpoint: the round's Lemke LCP among the step's solves; choosing the round shows it "
         "in the A matrix, vectors and solver-steps docks"));

  auto* sliderRow = new QHBoxLayout;
  sliderRow->addWidget(new QLabel(tr("Iteration")));
  mSlider = new QSlider(Qt::Horizontal);
  mSlider->setToolTip(tr("Step through the iterations (arrow keys when focused)"));
  sliderRow->addWidget(mSlider, 1);

  mRecords = makeReadOnlyTable(
      {tr("record"), tr("kind"), tr("f (N)"), tr("gap (m)"), tr("final f"), tr("final gap")});
  mRecords->horizontalHeaderItem(3)->setToolTip(
      tr("delta = distance - target gap, at the iterate (0 wanted where f > 0)"));

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(mResiduals);
  splitter->addWidget(mIterations);
  auto* lower = new QWidget;
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->addLayout(sliderRow);
  lowerLayout->addWidget(mRecords, 1);
  splitter->addWidget(lower);
  layout->addWidget(splitter, 1);
  mPages->addWidget(scrolled(content));
  setWidget(mPages);

  connect(mSession, &Session::currentChanged, this, &TimeStepDock::refresh);
  connect(mSession, &Session::sceneLoaded, this, &TimeStepDock::refresh);
  connect(mSlider, &QSlider::valueChanged, this, &TimeStepDock::showIteration);
  connect(mIterations, &QTableWidget::currentCellChanged, this,
          [this](int row) { mSlider->setValue(row); });
  refresh();
}

QString TimeStepDock::headerText() const {
  return mPages->currentWidget() == mMessage ? mMessage->text() : mHeader->text();
}

QString TimeStepDock::iterationText(int row, int column) const {
  const QTableWidgetItem* item = mIterations->item(row, column);
  return item ? item->text() : QString();
}

QString TimeStepDock::recordText(int row, int column) const {
  const QTableWidgetItem* item = mRecords->item(row, column);
  return item ? item->text() : QString();
}

void TimeStepDock::refresh() {
  mShown.clear();
  mIteration = -1;
  const StepTrace* trace = mSession->currentTrace();
  if (!trace || !trace->timeStep) {
    const QString reason = mSession->noTraceReason();
    mMessage->setText(!trace ? reason
                             : tr("This step was taken by CollisionAdvance (the scene's advance "
                                  "is collision_advance): its decisions are in the Waypoints "
                                  "and Solver steps docks. Choose a time stepper with the "
                                  "'Advance' setting to see its iterations here."));
    mPages->setCurrentWidget(mMessage);
    return;
  }
  mSummary = *trace->timeStep;
  mShown = trace->timeStepIterations;
  mHeader->setText(tr("<b>%1</b> at t = %2, dt = %3: <b>%4</b> after %5 iteration(s), "
                      "residual %6, %7 record(s)")
                       .arg(QString::fromLatin1(nameOf(static_cast<AdvanceKind>(mSummary.scheme))))
                       .arg(mSummary.time, 0, 'g', 8)
                       .arg(mSummary.dt)
                       .arg(QString::fromLatin1(timeStepStatusName(mSummary.status)))
                       .arg(mSummary.iterations)
                       .arg(number(mSummary.residual, 3))
                       .arg(mSummary.records.size()));
  mPages->setCurrentIndex(1);

  // log10 of the residual per iteration (zeros drawn at the floor), on a value axis whose
  // ticks are a nice number of decades apart, so that labels fit in a short chart.
  QChart* chart = mResiduals->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) chart->removeAxis(axis);
  auto* line = new QLineSeries;
  auto* dots = new QScatterSeries;
  dots->setMarkerSize(6);
  double low = 0, high = -300;
  bool any = false;
  for (const TimeStepIteration& it : mShown)
    if (it.residual > 0) {
      const double e = std::log10(it.residual);
      low = any ? std::min(low, e) : e;
      high = any ? std::max(high, e) : e;
      any = true;
    }
  if (!any) low = high = 0;
  const double bottom = std::floor(low), top = std::max(std::ceil(high), bottom + 1);
  for (const TimeStepIteration& it : mShown) {
    const double y = it.residual > 0 ? std::log10(it.residual) : bottom;
    line->append(it.index + 1, y);  // iterations counted from 1, as the table counts them
    dots->append(it.index + 1, y);
  }
  chart->addSeries(line);
  chart->addSeries(dots);
  QValueAxis* x = niceAxis(1, std::max<double>(2, static_cast<double>(mShown.size())), 6,
                           tr("iteration"), QStringLiteral("%d"), 1.0);
  QValueAxis* y = niceAxis(bottom, top, 3, tr("residual"), QStringLiteral("1e%.0f"));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (QAbstractSeries* s : chart->series()) {
    s->attachAxis(x);
    s->attachAxis(y);
  }

  const int count = static_cast<int>(mShown.size());
  mIterations->setUpdatesEnabled(false);
  mIterations->setRowCount(count);
  for (int k = 0; k < count; ++k) {
    const TimeStepIteration& it = mShown[static_cast<std::size_t>(k)];
    QStringList active;
    for (int i : it.active) active << contactNumber(i);
    const QStringList cells{
        QString::number(it.index + 1),  // from 1, as the slider counts
        number(it.residual, 3),
        it.stepLength != 0 ? number(it.stepLength) : QString(),
        number(it.change, 3),
        it.gradientStep ? tr("gradient step") : QString(),
        QString::number(it.records),
        it.solve >= 0 ? QString::number(it.solve + 1) : QString(),  // "solve k of n"
        active.join(QLatin1Char(' '))};
    setRowTexts(mIterations, k, cells);
  }
  mIterations->resizeColumnsToContents();
  mIterations->setUpdatesEnabled(true);
  resetRowSlider(mSlider, count);
  showIteration(count - 1);
}

void TimeStepDock::showIteration(int index) {
  const int count = static_cast<int>(mShown.size());
  mIteration = count > 0 ? std::clamp(index, 0, count - 1) : -1;
  if (mIteration >= 0 && mIterations->currentRow() != mIteration) {
    const QSignalBlocker block(mIterations);
    mIterations->selectRow(mIteration);
  }
  // A fixpoint round: its LCP becomes the selected solve, for the other docks.
  if (mIteration >= 0) {
    const int solve = mShown[static_cast<std::size_t>(mIteration)].solve;
    if (solve >= 0 && solve != mSession->selectedSolve()) mSession->selectSolve(solve);
  }
  showRecords();
}

void TimeStepDock::showRecords() {
  const int n = static_cast<int>(mSummary.records.size());
  const TimeStepIteration* it =
      mIteration >= 0 ? &mShown[static_cast<std::size_t>(mIteration)] : nullptr;
  mRecords->setUpdatesEnabled(false);
  mRecords->setRowCount(n);
  const auto at = [](const Eigen::VectorXd& v, int i) {
    return i < v.size() ? number(v[i]) : QStringLiteral("-");
  };
  for (int i = 0; i < n; ++i) {
    const SolveContact& c = mSummary.records[static_cast<std::size_t>(i)];
    const QStringList cells{
        QStringLiteral("%1 %2").arg(contactNumber(i), QString::fromStdString(c.label)),
        QString::fromLatin1(c.kind) + (c.joint ? tr(" (joint)") : QString()),
        it ? at(it->f, i) : QString(),
        it ? at(it->gap, i) : QString(),
        at(mSummary.f, i),
        at(mSummary.gap, i)};
    setRowTexts(mRecords, i, cells);
  }
  mRecords->resizeColumnsToContents();
  mRecords->setUpdatesEnabled(true);
}

}  // namespace cl::widgets
