#include "engine/trace/trace_csv.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/io/csv_field.h"
#include "engine/io/number_text.h"

namespace cl {

namespace {

std::string label(const SolveTrace& s, int row) {
  if (row >= 0 && row < static_cast<int>(s.context.contacts.size()))
    return s.context.contacts[static_cast<std::size_t>(row)].label;
  return row >= 0 ? fmt::format("contact {}", row) : std::string();
}

std::string members(const std::vector<int>& set) {
  std::string out;
  for (int i : set) out += (out.empty() ? "" : " ") + std::to_string(i);
  return out;
}

// The columns every row starts with.
constexpr const char* kOriginHeader = "time_step,solve,";
std::string originFields(SolveOrigin o) {
  return fmt::format("{},{},", o.step, o.solve);
}

bool isJoint(const SolveTrace& s, Eigen::Index i) {
  return static_cast<std::size_t>(i) < s.solve.joint.size() &&
         s.solve.joint[static_cast<std::size_t>(i)];
}

}  // namespace

void writeSolveMatrixCsv(std::ostream& out, const SolveTrace& s, SolveOrigin origin) {
  const Eigen::MatrixXd& A = s.solve.A;
  const std::string from = originFields(origin);
  out << kOriginHeader << "row,label,joint";
  for (Eigen::Index k = 0; k < A.cols(); ++k) out << ",A_" << k;
  out << '\n';
  for (Eigen::Index i = 0; i < A.rows(); ++i) {
    out << from << i << ',' << csvField(label(s, static_cast<int>(i))) << ','
        << (isJoint(s, i) ? 1 : 0);
    for (Eigen::Index k = 0; k < A.cols(); ++k) out << ',' << numberText(A(i, k));
    out << '\n';
  }
}

void writeSolveVectorsCsv(std::ostream& out, const SolveTrace& s, SolveOrigin origin) {
  const std::string from = originFields(origin);
  const Eigen::Index n = s.solve.b.size();
  const bool haveResult = s.solve.f.size() == n && s.solve.a.size() == n;
  const Eigen::VectorXd violation =
      haveResult ? complementarityViolation(s.solve.f, s.solve.a, s.solve.joint)
                 : Eigen::VectorXd::Constant(n, std::nan(""));
  out << kOriginHeader << "row,label,kind,primary,normal_body,joint,b,f,a,violation\n";
  for (Eigen::Index i = 0; i < n; ++i) {
    const bool known = i < static_cast<Eigen::Index>(s.context.contacts.size());
    const SolveContact* c = known ? &s.context.contacts[static_cast<std::size_t>(i)] : nullptr;
    out << from << i << ',' << csvField(label(s, static_cast<int>(i))) << ',' << (c ? c->kind : "")
        << ',' << (c ? c->primaryBody : -1) << ',' << (c ? c->normalBody : -1) << ','
        << (isJoint(s, i) ? 1 : 0) << ',' << numberText(s.solve.b(i)) << ','
        << numberText(haveResult ? s.solve.f(i) : std::nan("")) << ','
        << numberText(haveResult ? s.solve.a(i) : std::nan("")) << ',' << numberText(violation(i))
        << '\n';
  }
}

void writePivotsCsv(std::ostream& out, const SolveTrace& s, SolveOrigin origin) {
  const std::string from = originFields(origin);
  out << kOriginHeader
      << "decision,d,d_label,j,j_label,step_size,step_taken,zero_step,transition,C,NC,R,"
         "reRejects,max_violation\n";
  for (const SolverPivot& p : s.pivots) {
    const double worst = p.f.size() == p.a.size() && p.a.size() > 0
                             ? complementarityViolation(p.f, p.a, s.solve.joint).maxCoeff()
                             : std::nan("");
    out << from << p.index + 1 << ',' << p.d << ',' << csvField(label(s, p.d)) << ',' << p.j << ','
        << csvField(label(s, p.j)) << ',' << numberText(p.step) << ',' << (p.stepTaken ? 1 : 0)
        << ',' << (p.zeroStep ? 1 : 0) << ',' << csvField(transitionName(p.transition)) << ','
        << members(p.C) << ',' << members(p.NC) << ',' << members(p.R) << ','
        << members(p.reRejects) << ',' << numberText(worst) << '\n';
  }
}

}  // namespace cl
