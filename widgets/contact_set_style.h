#pragma once
// The colours of the pivoting algorithm's sets (ContactSet: untreated, C, NC, R, reRejects;
// and a friction solve's C_F, NC+, NC-) and of joints, the same in every dock that shows them.
#include <QColor>

#include "engine/solver/lcp_problem.h"

namespace cl::widgets {

inline QColor contactSetColor(ContactSet set) {
  switch (set) {
    case ContactSet::kUntreated:
      return {0xbd, 0xbd, 0xbd};
    case ContactSet::kC:
      return {0x31, 0x6b, 0xb0};
    case ContactSet::kNC:
      return {0xf2, 0x8e, 0x2b};
    case ContactSet::kR:
      return {0xd6, 0x27, 0x28};
    case ContactSet::kReReject:
      return {0x7f, 0x3b, 0x08};
    // Friction rows: sticking in the scene's friction green, slipping at the cone's edge in
    // teal (NC+) and olive (NC-).
    case ContactSet::kCF:
      return {0x2c, 0xa0, 0x2c};
    case ContactSet::kNCPlus:
      return {0x17, 0xa2, 0xb8};
    case ContactSet::kNCMinus:
      return {0x9a, 0x9c, 0x1a};
  }
  return Qt::black;
}

// Joints are bilateral: whatever set they are in, they are drawn as joints.
inline QColor jointColor() {
  return {0x7b, 0x3f, 0xa0};
}

}  // namespace cl::widgets
