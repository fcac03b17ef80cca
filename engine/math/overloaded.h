#pragma once
// Overloaded: one callable made of several lambdas, for std::visit over a variant with a
// lambda per alternative.

namespace cl {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
// Spelled out for compilers without C++20's aggregate deduction (clang 14).
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace cl
