#include "widgets/performance_profile_view.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QThreadPool>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <utility>

#include "engine/contact/expand_trace.h"
#include "engine/run/run_history.h"
#include "widgets/session.h"
#include "widgets/solver_colors.h"
#include "widgets/thread_handoff.h"

namespace cl::widgets {

struct PerformanceProfileView::Job {
  std::atomic<bool> cancelled{false};
};

namespace {

// The contact-force solves of the history's held traces, newest first, at most `limit`.
std::vector<std::pair<std::string, LcpProblem>> heldSolves(const RunHistory& history, int limit) {
  std::vector<std::pair<std::string, LcpProblem>> out;
  const auto full = [&] { return static_cast<int>(out.size()) >= limit; };
  for (int i = history.size() - 1; i >= 0 && !full(); --i) {
    const StepRecord& r = history.at(i);
    if (!r.trace) continue;
    // Named by its place in the step's solve list (compact solves expanded).
    const auto name = [&](std::size_t position) {
      return "step " + std::to_string(r.step) + " solve " + std::to_string(position);
    };
    for (std::size_t k = 0; k < r.trace->solves.size() && !full(); ++k) {
      const SolveTrace& s = r.trace->solves[k];
      if (s.context.purpose != SolvePurpose::kContactForces || s.solve.b.size() == 0) continue;
      out.emplace_back(name(r.trace->positionOf(k)),
                       LcpProblem{s.solve.A, s.solve.b, s.solve.joint, {}});
    }
    // A compact trace's contact-force solves, their problems made again.
    for (const CompactLcpSolve& c : r.trace->compactLcpSolves) {
      if (full()) break;
      if (c.context.purpose != SolvePurpose::kContactForces || c.size() == 0) continue;
      LcpProblem p = compactProblem(c);
      out.emplace_back(name(static_cast<std::size_t>(c.position)),
                       LcpProblem{std::move(p.A), std::move(p.b), std::move(p.joint), {}});
    }
  }
  return out;
}

}  // namespace

PerformanceProfileView::PerformanceProfileView(Session* session, QWidget* parent)
    : QWidget(parent), mSession(session) {
  mPool = new QThreadPool(this);
  mPool->setMaxThreadCount(1);
  mButton = new QPushButton;
  mLabel = new QLabel;
  mLabel->setWordWrap(true);
  auto* chart = new QChart;
  chart->setTitle(tr("performance profile"));
  chart->setMargins(QMargins(2, 2, 2, 2));
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignRight);
  mView = new QChartView(chart);
  mView->setRenderHint(QPainter::Antialiasing);
  mView->setMinimumSize(230, 180);
  mView->setToolTip(
      tr("Dolan-Moré profile: for each solver, the fraction of the run's solves it "
         "solved within a factor tau of the fastest solver's time"));
  auto* row = new QHBoxLayout;
  row->addWidget(mButton);
  row->addWidget(mLabel, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row);
  layout->addWidget(mView, 1);
  clear();
  connect(mButton, &QPushButton::clicked, this, [this] { running() ? cancel() : start(); });
  connect(mSession, &Session::sceneLoaded, this, [this] {
    cancel();
    clear();
  });
}

PerformanceProfileView::~PerformanceProfileView() {
  if (mJob) mJob->cancelled = true;
  mPool->waitForDone();
}

void PerformanceProfileView::clear() {
  mProfile.clear();
  mProfiledSolves = 0;
  mView->chart()->removeAllSeries();
  for (QAbstractAxis* axis : mView->chart()->axes()) mView->chart()->removeAxis(axis);
  mLabel->setText(tr("Performance profile: not computed yet."));
  mButton->setText(tr("Profile the run's solves"));
  mButton->setToolTip(
      tr("Solve every contact-force solve held in the history (the most recent %1) with each "
         "solver and draw the Dolan-Moré performance profile")
          .arg(kMaxSolves));
}

QString PerformanceProfileView::statusText() const {
  return mLabel->text();
}

void PerformanceProfileView::start() {
  cancel();
  auto problems = heldSolves(mSession->history(), kMaxSolves);
  if (problems.empty()) {
    clear();
    mLabel->setText(
        tr("No contact-force solve is held in the history: take steps with "
           "tracing on, then profile."));
    emit finished();
    return;
  }
  mJob = std::make_shared<Job>();
  mButton->setText(tr("Cancel profiling"));
  onProgress(mJob.get(), 0, static_cast<int>(problems.size()));
  mPool->start([this, job = mJob, problems = std::move(problems)] {
    const std::vector<LcpSolverKind> kinds = allValues<LcpSolverKind>();
    CompareOptions options;
    options.repeats = 1;
    std::vector<ComparedProblem> compared;
    const int total = static_cast<int>(problems.size());
    for (const auto& [name, p] : problems) {
      if (job->cancelled) return;
      compared.push_back(compareSolvers(name, p, kinds, options));
      const int done = static_cast<int>(compared.size());
      if (done % 20 == 0 && done < total)
        postTo(this, [this, job, done, total] { onProgress(job.get(), done, total); });
    }
    postTo(this, [this, job, compared = std::move(compared)]() mutable {
      onProfiled(job.get(), std::move(compared));
    });
  });
}

void PerformanceProfileView::cancel() {
  if (!mJob) return;
  mJob->cancelled = true;
  mJob.reset();
  mButton->setText(tr("Profile the run's solves"));
  mLabel->setText(mProfile.empty() ? tr("Profiling cancelled.")
                                   : tr("Profiling cancelled; the profile shown is the last one "
                                        "(%1 solves).")
                                         .arg(mProfiledSolves));
}

void PerformanceProfileView::onProgress(const Job* job, int done, int total) {
  if (job != mJob.get()) return;  // cancelled, or a newer one runs
  mLabel->setText(tr("Profiling: %1 of %2 solves, each with %3 solvers…")
                      .arg(done)
                      .arg(total)
                      .arg(static_cast<int>(std::size(kLcpSolverNames))));
}

void PerformanceProfileView::onProfiled(const Job* job, std::vector<ComparedProblem> compared) {
  if (job != mJob.get()) return;
  mJob.reset();
  mButton->setText(tr("Profile the run's solves"));
  mProfiledSolves = static_cast<int>(compared.size());
  mProfile = performanceProfile(compared, defaultProfileTaus());
  draw(compared);
  emit finished();
}

void PerformanceProfileView::draw(const std::vector<ComparedProblem>& compared) {
  QChart* chart = mView->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) chart->removeAxis(axis);
  auto* x = new QLogValueAxis;
  x->setBase(10);
  x->setRange(1, 1000);
  x->setTitleText(tr("tau: within this factor of the fastest solver"));
  x->setLabelFormat(QStringLiteral("%g"));
  x->setMinorTickCount(8);
  auto* y = new QValueAxis;
  y->setRange(0, 1);
  y->setTickCount(6);
  y->setLabelFormat(QStringLiteral("%.1f"));
  // Short: a vertical title longer than a short chart is cut to "fraction of …".
  y->setTitleText(tr("fraction"));
  for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(x), static_cast<QAbstractAxis*>(y)})
    axis->setTruncateLabels(false);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  const std::vector<LcpSolverKind> kinds = allValues<LcpSolverKind>();
  for (std::size_t s = 0; s < kinds.size(); ++s) {
    auto* line = new QLineSeries;
    line->setName(QString::fromLatin1(nameOf(kinds[s])));
    // A step function: the fraction holds from one tau to the next.
    for (std::size_t k = 0; k < mProfile.size(); ++k) {
      line->append(mProfile[k].tau, mProfile[k].fraction[s]);
      if (k + 1 < mProfile.size()) line->append(mProfile[k + 1].tau, mProfile[k].fraction[s]);
    }
    QPen pen(solverColor(static_cast<int>(s)));
    pen.setWidthF(2.0);
    line->setPen(pen);
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
  }
  const auto solvedByAll = std::count_if(compared.begin(), compared.end(), [](const auto& p) {
    return std::all_of(p.runs.begin(), p.runs.end(), [](const SolverRun& r) { return r.solved; });
  });
  mLabel->setText(tr("%1 contact-force solves of the history (newest first); solved: status ok "
                     "and residual <= 1e-9. %2 of them solved by every solver.")
                      .arg(compared.size())
                      .arg(solvedByAll));
}

}  // namespace cl::widgets
