#include "widgets/inspector_dock.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "engine/run/draw_data.h"
#include "engine/trace/step_trace.h"
#include "widgets/contact_numbers.h"
#include "widgets/dock_message.h"
#include "widgets/read_only_table.h"
#include "widgets/scene_overlay.h"
#include "widgets/session.h"

namespace cl::widgets {

namespace {

QString number(double v) {
  return QString::number(v, 'g', 6);
}

// The row of `solve` for the contact drawn as `mark`: the same bodies and a point within
// kSameContactDistance (the solve may come from an earlier evaluate of the step); -1 none.
int rowOf(const SolveTrace* solve, const ContactMark& mark) {
  if (!solve) return -1;
  const auto& rows = solve->context.contacts;
  int best = -1;
  double nearest = kSameContactDistance;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const SolveContact& c = rows[i];
    if (c.joint || c.primaryBody != mark.primaryBody || c.normalBody != mark.normalBody) continue;
    const double d = (c.point - mark.point).length();
    if (d <= nearest) nearest = d, best = static_cast<int>(i);
  }
  return best;
}

}  // namespace

InspectorDock::InspectorDock(Session* session, QWidget* parent)
    : QDockWidget(tr("Inspector"), parent), mSession(session) {
  setObjectName(QStringLiteral("inspectorDock"));
  mPages = new QStackedWidget(this);
  mMessage = makeDockMessage();
  mPages->addWidget(mMessage);

  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(3, 3, 3, 3);
  mTitle = new QLabel;
  mTitle->setWordWrap(true);
  mTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(mTitle);
  auto* split = new QSplitter(Qt::Vertical);
  mProperties = makeReadOnlyTable({tr("property"), tr("value")});
  mProperties->setToolTip(
      tr("The selected body at the record shown. Contact forces: the sum over its contacts of "
         "the normal and friction forces on it, and their torque about its centre of mass."));
  split->addWidget(mProperties);
  mContacts = makeReadOnlyTable({tr("with"), tr("mode"), tr("f (N)"), tr("friction (N)"),
                                 tr("slip (m/s)"), tr("row"), tr("distance"), tr("a")});
  mContacts->setToolTip(
      tr("The body's contacts at the record shown. Row, distance and a: the selected solve's "
         "row for the same contact, where it has one. Click one to select that row."));
  split->addWidget(mContacts);
  layout->addWidget(split, 1);
  // Rows one line high: the properties fit without scrolling in a dock of ordinary height.
  for (QTableWidget* t : {mProperties, mContacts})
    t->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  mPages->addWidget(content);
  setWidget(mPages);

  connect(mContacts, &QTableWidget::cellClicked, this, [this](int row, int) {
    if (row >= 0 && row < static_cast<int>(mContactRows.size()) &&
        mContactRows[static_cast<std::size_t>(row)] >= 0)
      mSession->selectContact(mContactRows[static_cast<std::size_t>(row)]);
  });
  connect(mSession, &Session::sceneLoaded, this, &InspectorDock::refresh);
  connect(mSession, &Session::currentChanged, this, &InspectorDock::refresh);
  connect(mSession, &Session::selectionChanged, this, &InspectorDock::refresh);
  refresh();
}

QString InspectorDock::message() const {
  return mPages->currentWidget() == mMessage ? mMessage->text() : QString();
}

QString InspectorDock::property(const QString& name) const {
  for (int r = 0; r < mProperties->rowCount(); ++r)
    if (mProperties->item(r, 0) && mProperties->item(r, 0)->text() == name)
      return mProperties->item(r, 1)->text();
  return {};
}

void InspectorDock::refresh() {
  const int body = mSession->hasScene() ? mSession->selectedBody() : -1;
  const auto& bodies = mSession->bodies();
  const SimSnapshot& snapshot = mSession->snapshot();
  if (body < 0 || body >= static_cast<int>(bodies.size()) ||
      body >= static_cast<int>(snapshot.states.size())) {
    mMessage->setText(mSession->hasScene() ? tr("Click a body in the scene to inspect it.")
                                           : tr("No scene loaded."));
    mPages->setCurrentWidget(mMessage);
    mShownBody = -1;
    return;
  }
  // A newly clicked body brings the dock forward from behind its tab (unless it was closed).
  if (body != mShownBody && toggleViewAction()->isChecked()) raise();
  mShownBody = body;
  const Polygon& shape = bodies[static_cast<std::size_t>(body)];
  const BodyState& s = snapshot.states[static_cast<std::size_t>(body)];
  const bool fixed = shape.isFixed();
  mTitle->setText(tr("<b>%1</b> (%2, body %3 of %4) at t = %5 s, step %6")
                      .arg(QString::fromStdString(shape.name()).toHtmlEscaped(),
                           fixed ? tr("fixed") : tr("movable"))
                      .arg(body + 1)
                      .arg(bodies.size())
                      .arg(snapshot.time, 0, 'f', 4)
                      .arg(snapshot.steps));

  // The contact forces on the body: +(f n + f_t t) at `point` on the primary body,
  // the opposite at `otherPoint` on the normal body (t is n turned +90 degrees).
  Vec2 force;
  double torque = 0;
  const SolveTrace* solve = mSession->selectedSolveTrace();
  mContactRows.clear();
  struct Row {
    QStringList cells;
    int solveRow;
  };
  std::vector<Row> rows;
  for (const ContactMark& c : snapshot.contacts) {
    const bool primary = c.primaryBody == body;
    if (!primary && c.normalBody != body) continue;
    const Vec2 tangent{-c.normal.y, c.normal.x};
    const Vec2 onPrimary = c.normal * c.force + tangent * c.frictionForce;
    const Vec2 f = primary ? onPrimary : onPrimary * -1.0;
    force += f;
    torque += cross((primary ? c.point : c.otherPoint) - s.position(), f);
    const int other = primary ? c.normalBody : c.primaryBody;
    const QString with =
        other >= 0 && other < static_cast<int>(bodies.size())
            ? QString::fromStdString(bodies[static_cast<std::size_t>(other)].name())
            : tr("(world)");
    const int r = rowOf(solve, c);
    QStringList cells{
        with,
        QString::fromLatin1(nameOf(c.mode)),
        number(c.force),
        number(c.frictionForce),
        number(c.slip),
        r >= 0 ? contactNumber(r) : QString(),
        r >= 0 ? number(solve->context.contacts[static_cast<std::size_t>(r)].distance) : QString(),
        r >= 0 && r < solve->solve.a.size() ? number(solve->solve.a(r)) : QString()};
    rows.push_back({cells, r});
  }

  const double kinetic = fixed ? 0.0
                               : 0.5 * shape.mass() * (s.vx * s.vx + s.vy * s.vy) +
                                     0.5 * shape.moment() * s.omega * s.omega;
  const std::vector<std::pair<QString, QString>> properties{
      {tr("mass"), fixed ? tr("infinite") : number(shape.mass())},
      {tr("moment"), fixed ? tr("infinite") : number(shape.moment())},
      {tr("x"), number(s.x)},
      {tr("y"), number(s.y)},
      {tr("angle"), number(s.angle)},
      {tr("vx"), number(s.vx)},
      {tr("vy"), number(s.vy)},
      {tr("omega"), number(s.omega)},
      {tr("kinetic energy"), number(kinetic)},
      {tr("contacts"), QString::number(rows.size())},
      {tr("contact force x"), number(force.x)},
      {tr("contact force y"), number(force.y)},
      {tr("contact torque"), number(torque)},
  };
  {
    const QSignalBlocker block(mProperties);
    mProperties->setRowCount(static_cast<int>(properties.size()));
    for (std::size_t i = 0; i < properties.size(); ++i)
      setRowTexts(mProperties, static_cast<int>(i), {properties[i].first, properties[i].second});
    mProperties->resizeColumnsToContents();
  }
  {
    const QSignalBlocker block(mContacts);
    mContacts->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
      setRowTexts(mContacts, static_cast<int>(i), rows[i].cells);
      mContactRows.push_back(rows[i].solveRow);
      if (rows[i].solveRow >= 0 && rows[i].solveRow == mSession->selectedContact())
        mContacts->selectRow(static_cast<int>(i));
    }
    mContacts->resizeColumnsToContents();
  }
  mPages->setCurrentIndex(1);
}

}  // namespace cl::widgets
