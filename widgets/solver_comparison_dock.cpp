#include "widgets/solver_comparison_dock.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QTableWidget>
#include <QThreadPool>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <exception>
#include <utility>

#include "engine/run/run_history.h"
#include "engine/solver/lcp_file.h"
#include "engine/solver/replay_solve.h"
#include "widgets/contact_numbers.h"
#include "widgets/dock_on_screen.h"
#include "widgets/nice_axis.h"
#include "widgets/performance_profile_view.h"
#include "widgets/read_only_table.h"
#include "widgets/scrolled.h"
#include "widgets/session.h"
#include "widgets/solver_colors.h"
#include "widgets/thread_handoff.h"
#include "widgets/wall_text.h"

namespace cl::widgets {

// What the worker and the UI thread share.
struct SolverComparisonDock::Job {
  std::atomic<bool> cancelled{false};
  bool compares = false;  // every solver, not only the iterations of one
  LcpSolverKind traced = LcpSolverKind::kComputeForces;  // whose iterations
  Selection selection;                                   // the solve
};

namespace {

QChartView* makeChartView(const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->legend()->hide();
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  auto* view = new QChartView(chart);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumSize(230, 150);
  return view;
}

// Replaces the chart's series by one bar per solver with `values`, on a value axis from 0.
// Each solver's bar is its own set (zero at the other solvers), so it has its colour.
void showBars(QChartView* view, const std::vector<LcpSolverKind>& solvers,
              const std::vector<double>& values, const QString& axisTitle) {
  QChart* chart = view->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) chart->removeAxis(axis);
  // Horizontal bars, so the solvers' names fit beside them; stacked, so each category's one
  // non-zero set fills the bar.
  auto* series = new QHorizontalStackedBarSeries;
  QStringList categories;
  double top = 0;
  for (std::size_t s = 0; s < solvers.size(); ++s) {
    auto* set = new QBarSet(QString::fromLatin1(nameOf(solvers[s])));
    // Categories run bottom-up: the first solver's at the top, as in the table.
    for (std::size_t k = solvers.size(); k-- > 0;) *set << (k == s ? values[s] : 0.0);
    set->setColor(solverColor(static_cast<int>(s)));
    set->setBorderColor(solverColor(static_cast<int>(s)));
    series->append(set);
    categories.prepend(QString::fromLatin1(nameOf(solvers[s])));
    if (std::isfinite(values[s])) top = std::max(top, values[s]);
  }
  series->setBarWidth(0.7);
  series->setLabelsVisible(false);
  chart->addSeries(series);
  auto* x = new QBarCategoryAxis;
  x->append(categories);
  QFont small = x->labelsFont();
  small.setPointSizeF(small.pointSizeF() * 0.8);
  x->setLabelsFont(small);
  x->setTruncateLabels(false);  // the solvers' names, not "..."
  QValueAxis* y = niceAxis(0, top > 0 ? top * 1.05 : 1.0, 3, axisTitle, QStringLiteral("%.4g"));
  y->setLabelsFont(small);
  chart->addAxis(x, Qt::AlignLeft);
  chart->addAxis(y, Qt::AlignBottom);
  series->attachAxis(x);
  series->attachAxis(y);
}

}  // namespace

std::vector<LcpSolverKind> SolverComparisonDock::solvers() {
  return allValues<LcpSolverKind>();
}

SolverComparisonDock::SolverComparisonDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Solver comparison"), parent), mSession(session) {
  setObjectName(QStringLiteral("solverComparisonDock"));
  // The solvers on a large problem take seconds (Lemke's tableau, Newton's dense factors,
  // then the traced replay): one thread of their own, so the window stays responsive.
  mPool = new QThreadPool(this);
  mPool->setMaxThreadCount(1);
  auto* body = new QWidget;
  QHBoxLayout* fileRow = buildFileRow();
  mSelectedLabel = new QLabel;
  mSelectedLabel->setWordWrap(true);
  buildTable();
  QHBoxLayout* bars = buildCharts();
  buildContactsTable();
  QHBoxLayout* iterationRow = buildIterationPicker();
  buildIterationTable();
  mProfileView = new PerformanceProfileView(mSession);

  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(3, 3, 3, 3);
  layout->addLayout(fileRow);
  layout->addWidget(mSelectedLabel);
  layout->addWidget(mTable);
  layout->addLayout(bars, 1);
  // The tables are what one reads row by row: they take twice the charts' share of a tall dock.
  layout->addWidget(mContacts, 2);
  layout->addLayout(iterationRow);
  layout->addWidget(mIterationTable, 2);
  layout->addWidget(mProfileView, 1);
  setWidget(scrolled(body));

  connectSession();
  connectIterations();
  refresh();
}

QHBoxLayout* SolverComparisonDock::buildFileRow() {
  auto* open = new QPushButton(tr("Open LCP file…"));
  open->setObjectName(QStringLiteral("openLcpFileButton"));
  open->setToolTip(
      tr("Compare every solver on an LCP from a file: ContactLab JSON or CSV, or Siconos "
         "numerics .dat"));
  connect(open, &QPushButton::clicked, this, &SolverComparisonDock::openLcpFileDialog);
  mBackButton = new QPushButton(tr("Back to the selected solve"));
  mBackButton->setObjectName(QStringLiteral("backToSelectionButton"));
  mBackButton->setVisible(false);
  connect(mBackButton, &QPushButton::clicked, this, &SolverComparisonDock::backToSelection);
  auto* row = new QHBoxLayout;
  row->addWidget(open);
  row->addWidget(mBackButton);
  row->addStretch(1);
  return row;
}

void SolverComparisonDock::buildTable() {
  mTable = new QTableWidget(0, 6);
  mTable->setHorizontalHeaderLabels(
      {tr("solver"), tr("status"), tr("its"), tr("residual"), tr("natural map"), tr("time")});
  mTable->horizontalHeaderItem(2)->setToolTip(
      tr("Iterations: pivots (ComputeForces, Lemke), sweeps (PGS), Newton steps"));
  mTable->horizontalHeaderItem(3)->setToolTip(
      tr("Ours: max(-min a, -min f, max |f a|, max |a_joint|) / max |b|"));
  mTable->horizontalHeaderItem(4)->setToolTip(
      tr("Siconos' natural-map residual |f - max(0, f - a)|_2 / |b|_2"));
  mTable->horizontalHeaderItem(5)->setToolTip(
      tr("Median wall time of three solves (fewer once a solver has spent half a second), "
         "no trace"));
  mTable->verticalHeader()->hide();
  mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
  mTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  mTable->horizontalHeader()->setStretchLastSection(true);
  mTable->setRowCount(static_cast<int>(solvers().size()));
  mTable->setFixedHeight(mTable->horizontalHeader()->sizeHint().height() +
                         mTable->rowCount() * mTable->verticalHeader()->defaultSectionSize() + 4);
}

QHBoxLayout* SolverComparisonDock::buildCharts() {
  mTime = makeChartView(tr("time (µs)"));
  mIterationsChart = makeChartView(tr("iterations"));
  mDigits = makeChartView(tr("accurate digits"));
  mDigits->setToolTip(tr("-log10 of the relative residual (ours); 0 for a failed solve"));
  auto* bars = new QHBoxLayout;
  bars->addWidget(mTime);
  bars->addWidget(mIterationsChart);
  bars->addWidget(mDigits);
  return bars;
}

void SolverComparisonDock::buildContactsTable() {
  mContacts = new QTableWidget(0, 0);
  mContacts->setEditTriggers(QAbstractItemView::NoEditTriggers);
  mContacts->verticalHeader()->hide();
  mContacts->setMinimumHeight(180);  // about eight rows
  mContacts->setToolTip(
      tr("f and a = A f + b per contact, every solver side by side; the last "
         "column is f at the iteration chosen below"));
}

QHBoxLayout* SolverComparisonDock::buildIterationPicker() {
  mIterationSolver = new QComboBox;
  mIterationSolver->setObjectName(QStringLiteral("iterationSolver"));
  for (const auto& [kind, name] : kLcpSolverNames)
    mIterationSolver->addItem(QString::fromLatin1(name), static_cast<int>(kind));
  mIterationSolver->setCurrentIndex(
      mIterationSolver->findData(static_cast<int>(LcpSolverKind::kLemke)));
  mIterationSlider = new QSlider(Qt::Horizontal);
  mIterationSlider->setToolTip(tr("Step through the iterations (arrow keys when focused)"));
  mIterationLabel = new QLabel;
  auto* iterationRow = new QHBoxLayout;
  iterationRow->addWidget(new QLabel(tr("Iterations of")));
  iterationRow->addWidget(mIterationSolver);
  iterationRow->addWidget(mIterationSlider, 1);
  iterationRow->addWidget(mIterationLabel);
  return iterationRow;
}

void SolverComparisonDock::buildIterationTable() {
  mIterationTable =
      makeReadOnlyTable({tr("#"), tr("residual"), tr("merit / z0"), tr("step"), tr("note"),
                         tr("enters"), tr("leaves"), tr("active set / basis")});
  mIterationTable->horizontalHeaderItem(2)->setToolTip(
      tr("FB Newton: Psi = |Phi|^2 / 2; Lemke: the artificial variable z0"));
  mIterationTable->horizontalHeaderItem(4)->setToolTip(
      tr("FB Newton: a gradient step where the Newton direction was no descent direction; "
         "Lemke: f re-solved on its support (no pivot)"));
  mIterationTable->horizontalHeaderItem(5)->setToolTip(
      tr("Lemke's variables: w_i = i, z_i = m + i, z0 = 2 m (m = the contacts, joints being "
         "eliminated; contacts + joints where they are split)"));
  mIterationTable->setMinimumHeight(180);
}

void SolverComparisonDock::connectSession() {
  connect(mSession, &Session::selectionChanged, this, &SolverComparisonDock::refresh);
  connect(mSession, &Session::sceneLoaded, this, &SolverComparisonDock::refresh);
}

void SolverComparisonDock::connectIterations() {
  connect(mIterationSolver, &QComboBox::currentIndexChanged, this, [this] {
    // Another solver's iterations on the solve shown; a comparison under way traces them
    // when it is done.
    if (mJob && mJob->compares) return;
    startJob();
    showStatus();
  });
  connect(mIterationSlider, &QSlider::valueChanged, this, &SolverComparisonDock::showIteration);
  connect(mIterationTable, &QTableWidget::currentCellChanged, this,
          [this](int row) { mIterationSlider->setValue(row); });
}

SolverComparisonDock::~SolverComparisonDock() {
  cancelJob();
  mPool->waitForDone();
}

void SolverComparisonDock::refresh() {
  // Each solver solves the selected problem up to three times: only while the dock is seen.
  if (!mWhenSeen.seenNow()) return;
  mWanted.reset();
  const Selection* at = compared();
  const auto same = [&](const Selection& next) {
    return at && at->problem.size() == next.problem.size() && at->problem.A == next.problem.A &&
           at->problem.b == next.problem.b && at->problem.joint == next.problem.joint;
  };
  if (mFile) {
    // A file opened stays until "Back to the selected solve": the run, selecting a solve at
    // every step, does not replace it. Compared again only when it is not what is shown
    // (a comparison of the selection under way when it was opened, or given up unseen).
    if (!same(*mFile)) compare(*mFile);
    return;
  }
  const SolveTrace* trace = mSession->selectedSolveTrace();
  if (trace && trace->solve.b.size() > 0 && !trace->solve.friction()) {
    // Every solver on it, after the comparison under way if there is one: while a run goes
    // on, the table shows one solve after another, each as it is done.
    Selection next;
    next.problem = LcpProblem{trace->solve.A, trace->solve.b, trace->solve.joint, {}};
    for (const QString& label : contactLabels(*trace)) next.labels.push_back(label);
    const int solve = mSession->selectedSolve() + 1;  // counted from 1, as people count
    const long long step = mSession->current() ? mSession->current()->step : 0;
    next.what = tr("solve %1 of step %2").arg(solve).arg(step);
    next.text = tr("Solve %1 of step %2 (%3, n = %4): every solver on the same A and b.")
                    .arg(solve)
                    .arg(step)
                    .arg(QString::fromLatin1(solvePurposeName(trace->context.purpose)))
                    .arg(next.problem.size());
    // A click on a pivot, contact or body selects again: the same solve is not solved again.
    if (same(next)) {
      if (at == &mShown) {
        mShown = std::move(next);  // the same problem, perhaps named for another step
        showStatus();
      }
      return;
    }
    compare(std::move(next));
    return;
  }
  cancelJob();
  mShown = Selection{};
  mSelected = ComparedProblem{};
  mIterations.clear();
  if (trace && trace->solve.friction()) {
    // The registered solvers take frictionless LCPs; a friction problem's 2n rows are not one.
    mShown.text =
        // Short lines: the dock is often narrower than its table.
        tr("Solve %1 has friction (2n = %2 rows, normals then frictions).\n"
           "The solvers here take frictionless LCPs: its forces and the\n"
           "five sets per pivot are in the Solver steps dock, and\n"
           "contactlab-cli run --lcp-dir writes it for solve-lcp.")
            .arg(mSession->selectedSolve() + 1)
            .arg(trace->solve.b.size());
  } else {
    mShown.text = mSession->noSolveReason();
  }
  showStatus();
  showSelected();
  showIterations();
}

void SolverComparisonDock::compare(Selection next) {
  mWanted = std::move(next);
  if (!mJob || !mJob->compares) startJob();
  showStatus();
}

const SolverComparisonDock::Selection* SolverComparisonDock::compared() const {
  if (mJob && mJob->compares) return &mJob->selection;
  return mSelected.runs.empty() ? nullptr : &mShown;
}

// ---- A file

SolverComparisonDock::Selection SolverComparisonDock::fileSelection(LcpProblem problem,
                                                                    const QString& path) {
  Selection file;
  file.labels.reserve(static_cast<std::size_t>(problem.size()));
  for (int i = 0; i < problem.size(); ++i)
    file.labels.push_back(problem.joint[static_cast<std::size_t>(i)]
                              ? tr("joint %1").arg(contactNumber(i))
                              : tr("row %1").arg(contactNumber(i)));
  file.what = QFileInfo(path).fileName();
  // Short lines: the dock is often narrower than its table.
  file.text = tr("%1 (n = %2): every solver on the same A and b,\nfrom a file.")
                  .arg(file.what)
                  .arg(problem.size());
  file.problem = std::move(problem);
  return file;
}

bool SolverComparisonDock::openLcpFile(const QString& path) {
  mFilePath = path;
  const QString name = QFileInfo(path).fileName();
  LcpFile file;
  // Read here, solved on the worker: reading even the largest file allowed (kMaxLcpRows)
  // takes a moment, its solves minutes.
  try {
    file = readLcpFile(path.toStdString());
  } catch (const LcpFileError& e) {
    return showFileError(QString::fromStdString(e.what()));  // names the file and the place
  } catch (const std::exception& e) {
    // Anything else (memory, on a huge file) is shown too, never a crash.
    return showFileError(tr("%1: %2").arg(path, QString::fromStdString(e.what())));
  }
  if (file.friction)
    return showFileError(tr("%1 holds a friction problem\n"
                            "(2n = %2 rows, normals then frictions).\n"
                            "The solvers compared here take frictionless\n"
                            "LCPs: contactlab-cli solve-lcp solves it.")
                             .arg(name)
                             .arg(file.friction->b.size()));
  if (file.problem.size() == 0)
    return showFileError(tr("%1 holds a problem of 0 rows: nothing to solve.").arg(name));
  mFileError.clear();
  mFile = fileSelection(std::move(file.problem), path);
  mBackButton->setVisible(true);
  // Compared even when it is the problem shown: the file asked for is what the dock names.
  compare(*mFile);
  return true;
}

void SolverComparisonDock::openLcpFileDialog() {
  // In the last file's folder; the first time, wherever the platform's dialog starts.
  const QString start = mFilePath.isEmpty() ? QString() : QFileInfo(mFilePath).absolutePath();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open LCP Problem"), start, tr("LCP problems (*.json *.csv *.dat);;All files (*)"));
  if (!path.isEmpty()) openLcpFile(path);
}

void SolverComparisonDock::backToSelection() {
  mFile.reset();
  mFileError.clear();
  mBackButton->setVisible(false);
  refresh();
  showStatus();  // the error cleared even when the dock, unseen, refreshes later
}

bool SolverComparisonDock::showFileError(const QString& message) {
  mFileError = message;
  showStatus();
  return false;
}

void SolverComparisonDock::startJob() {
  cancelJob();
  const LcpSolverKind traced = static_cast<LcpSolverKind>(mIterationSolver->currentData().toInt());
  auto job = std::make_shared<Job>();
  job->traced = traced;
  job->compares = mWanted.has_value();
  job->selection = job->compares ? std::move(*mWanted) : mShown;
  mWanted.reset();
  if (job->selection.problem.size() == 0) return;
  mJob = job;
  mPool->start([this, job] {
    if (job->cancelled) return;  // superseded while it waited for the thread
    JobResult result;
    if (job->compares) {
      // One solver at a time, so that a cancel (a newer job, the dock closing) waits for one
      // solver's solves at most, not for all of them.
      ComparedProblem compared{"selected", job->selection.problem.size(), {}};
      for (const LcpSolverKind kind : solvers()) {
        if (job->cancelled) return;
        const std::array<LcpSolverKind, 1> one{kind};
        compared.runs.push_back(compareSolvers("selected", job->selection.problem, one).runs[0]);
      }
      result.compared = std::move(compared);
    }
    if (job->cancelled) return;
    result.iterations = iterationsOf(job->selection.problem, job->traced);
    postTo(this, [this, job, result = std::move(result)]() mutable {
      onJobDone(job.get(), std::move(result));
    });
  });
}

void SolverComparisonDock::cancelJob() {
  if (!mJob) return;
  mJob->cancelled = true;
  mJob.reset();
}

void SolverComparisonDock::onJobDone(const Job* job, JobResult result) {
  if (job != mJob.get()) return;  // cancelled, or a newer one runs
  const std::shared_ptr<Job> done = std::move(mJob);
  if (result.compared) {
    mShown = done->selection;
    mSelected = std::move(*result.compared);
    showSelected();
  }
  mIterations = std::move(result.iterations);
  showIterations();
  // What was asked meanwhile: a newer solve, or another solver's iterations; behind a tab
  // (or closed) the dock leaves it until it comes into view.
  const bool otherSolver =
      static_cast<LcpSolverKind>(mIterationSolver->currentData().toInt()) != done->traced;
  if (!dockOnScreen(*this)) {
    if (mWanted || otherSolver) mWhenSeen.owe();
    mWanted.reset();
  } else if (mWanted || otherSolver) {
    startJob();
  }
  showStatus();
  emit computed();
}

void SolverComparisonDock::showStatus() {
  QString text = mShown.text;
  if (mJob) {
    if (!text.isEmpty()) text += QLatin1Char('\n');
    text += mJob->compares
                ? tr("Solving %1 with every solver, off the UI thread…").arg(mJob->selection.what)
                : tr("Tracing %1's iterations…").arg(QString::fromLatin1(nameOf(mJob->traced)));
  }
  if (mFileError.isEmpty()) {
    mSelectedLabel->setTextFormat(Qt::PlainText);
    mSelectedLabel->setText(text);
    return;
  }
  // A file not shown: in red, above what the dock still shows, until another is opened or
  // the dock goes back to the selection.
  const auto html = [](const QString& plain) {
    return plain.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
  };
  mSelectedLabel->setTextFormat(Qt::RichText);
  mSelectedLabel->setText(QStringLiteral("<span style='color:#c01010'>%1</span><br>%2")
                              .arg(html(mFileError), html(text)));
}

void SolverComparisonDock::showSelected() {
  const std::vector<LcpSolverKind> kinds = solvers();
  std::vector<double> time, iterations, digits;
  for (int s = 0; s < static_cast<int>(kinds.size()); ++s) {
    const SolverRun* run =
        s < static_cast<int>(mSelected.runs.size()) ? &mSelected.runs[s] : nullptr;
    const auto put = [&](int column, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      if (run && !run->result.ok() && column == 1) item->setForeground(QColor(0xc0, 0x10, 0x10));
      mTable->setItem(s, column, item);
    };
    put(0, QString::fromLatin1(nameOf(kinds[static_cast<std::size_t>(s)])));
    mTable->item(s, 0)->setForeground(solverColor(s));
    mTable->item(s, 0)->setToolTip(
        QString::fromLatin1(solverTitle(kinds[static_cast<std::size_t>(s)])));
    if (!run) {
      for (int c = 1; c < 6; ++c) put(c, QString());
      time.push_back(0);
      iterations.push_back(0);
      digits.push_back(0);
      continue;
    }
    const LcpResult& r = run->result;
    put(1, QString::fromLatin1(errorName(r.error)));
    if (!r.reason.empty()) mTable->item(s, 1)->setToolTip(QString::fromStdString(r.reason));
    put(2, QString::number(r.iterations));
    put(3, QString::number(r.residuals.relative(), 'g', 3));
    put(4, QString::number(r.residuals.naturalMap, 'g', 3));
    put(5, wallText(run->seconds));
    mTable->item(s, 5)->setToolTip(run->solves == 1 ? tr("One solve")
                                                    : tr("Median of %1 solves").arg(run->solves));
    time.push_back(run->seconds * 1e6);
    iterations.push_back(r.iterations);
    const double rel = r.residuals.relative();
    digits.push_back(r.ok() ? std::clamp(-std::log10(std::max(rel, 1e-17)), 0.0, 17.0) : 0.0);
  }
  showBars(mTime, kinds, time, tr("µs"));
  showBars(mIterationsChart, kinds, iterations, tr("iterations"));
  showBars(mDigits, kinds, digits, tr("digits"));
}

void SolverComparisonDock::showContacts() {
  const std::vector<LcpSolverKind> kinds = solvers();
  const int n = static_cast<int>(mShown.labels.size());
  const int columns = 2 + 2 * static_cast<int>(kinds.size());
  mContacts->setUpdatesEnabled(false);
  mContacts->clear();
  mContacts->setColumnCount(columns);
  mContacts->setRowCount(n);
  QStringList heads{tr("contact")};
  for (const LcpSolverKind k : kinds) heads << tr("f %1").arg(QString::fromLatin1(nameOf(k)));
  for (const LcpSolverKind k : kinds) heads << tr("a %1").arg(QString::fromLatin1(nameOf(k)));
  heads << (mIteration >= 0 ? tr("f at #%1").arg(mIteration + 1) : tr("f at #"));
  mContacts->setHorizontalHeaderLabels(heads);
  for (int i = 0; i < n; ++i) {
    mContacts->setItem(i, 0, new QTableWidgetItem(mShown.labels[static_cast<std::size_t>(i)]));
    for (std::size_t s = 0; s < mSelected.runs.size(); ++s) {
      const LcpResult& r = mSelected.runs[s].result;
      const int column = 1 + static_cast<int>(s);
      if (r.f.size() == n) {
        auto* f = new QTableWidgetItem(QString::number(r.f[i], 'g', 6));
        f->setToolTip(QString::number(r.f[i], 'g', 17));
        f->setForeground(solverColor(static_cast<int>(s)));
        mContacts->setItem(i, column, f);
      }
      if (r.a.size() == n) {
        auto* a = new QTableWidgetItem(QString::number(r.a[i], 'g', 3));
        a->setToolTip(QString::number(r.a[i], 'g', 17));
        mContacts->setItem(i, column + static_cast<int>(kinds.size()), a);
      }
    }
    if (mIteration >= 0 && mIteration < static_cast<int>(mIterations.size()) &&
        mIterations[static_cast<std::size_t>(mIteration)].f.size() == n) {
      const double f = mIterations[static_cast<std::size_t>(mIteration)].f[i];
      auto* item = new QTableWidgetItem(QString::number(f, 'g', 6));
      item->setToolTip(QString::number(f, 'g', 17));
      mContacts->setItem(i, columns - 1, item);
    }
  }
  mContacts->resizeColumnsToContents();
  mContacts->setUpdatesEnabled(true);
}

void SolverComparisonDock::showIterationsOf(LcpSolverKind solver) {
  mIterationSolver->setCurrentIndex(mIterationSolver->findData(static_cast<int>(solver)));
}

std::vector<SolverIteration> SolverComparisonDock::iterationsOf(const LcpProblem& problem,
                                                                LcpSolverKind solver) {
  ReplayOptions o;
  o.solver = solver;
  const ReplayResult replay = replaySolve(problem, o);
  std::vector<SolverIteration> iterations = replay.iterations;
  // ComputeForces' decisions, as iterations: f after each one and its residual.
  for (const SolverPivot& p : replay.pivots) {
    SolverIteration it;
    it.index = p.index;
    it.f = p.f;
    it.entering = p.d;
    it.leaving = p.j;
    it.stepLength = p.step;
    it.active = p.C;
    if (p.f.size() == problem.size())
      it.residual = computeResiduals(problem, p.f, problem.A * p.f + problem.b).relative();
    iterations.push_back(std::move(it));
  }
  return iterations;
}

void SolverComparisonDock::showIterations() {
  const int count = static_cast<int>(mIterations.size());
  mIterationTable->setUpdatesEnabled(false);
  mIterationTable->setRowCount(count);
  const auto list = [](const std::vector<int>& v) {
    QStringList s;
    for (const int i : v) s << contactNumber(i);
    return s.join(QLatin1Char(' '));
  };
  for (int k = 0; k < count; ++k) {
    const SolverIteration& it = mIterations[static_cast<std::size_t>(k)];
    const QStringList cells{QString::number(it.index + 1),  // from 1, as the slider counts
                            QString::number(it.residual, 'g', 3),
                            QString::number(it.merit, 'g', 4),
                            it.stepLength != 0 ? QString::number(it.stepLength, 'g', 4) : QString(),
                            it.gradientStep   ? tr("gradient step")
                            : it.supportSolve ? tr("support re-solve")
                                              : QString(),
                            it.entering >= 0 ? contactNumber(it.entering) : QString(),
                            it.leaving >= 0 ? contactNumber(it.leaving) : QString(),
                            list(it.active)};
    setRowTexts(mIterationTable, k, cells);
  }
  mIterationTable->resizeColumnsToContents();
  mIterationTable->setUpdatesEnabled(true);
  resetRowSlider(mIterationSlider, count);
  mIteration = -1;
  showIteration(count - 1);
}

void SolverComparisonDock::showIteration(int index) {
  const int count = static_cast<int>(mIterations.size());
  mIteration = count > 0 ? std::clamp(index, 0, count - 1) : -1;
  mIterationLabel->setText(count > 0 ? tr("%1 of %2").arg(mIteration + 1).arg(count)
                                     : tr("no iterations"));
  if (mIteration >= 0 && mIterationTable->currentRow() != mIteration) {
    const QSignalBlocker block(mIterationTable);
    mIterationTable->selectRow(mIteration);
  }
  showContacts();
}

QString SolverComparisonDock::contactText(int row, int column) const {
  const QTableWidgetItem* item = mContacts->item(row, column);
  return item ? item->text() : QString();
}

QString SolverComparisonDock::tableText(int row, int column) const {
  const QTableWidgetItem* item = mTable->item(row, column);
  return item ? item->text() : QString();
}

QString SolverComparisonDock::statusText() const {
  return mSelectedLabel->text();
}

}  // namespace cl::widgets
