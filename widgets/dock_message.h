#pragma once
// The centred, wrapped grey text a dock shows in place of its plot when there is nothing
// to show (no solve selected, an empty trace): one look for every dock that has one.
class QLabel;

namespace cl::widgets {

QLabel* makeDockMessage();

}  // namespace cl::widgets
