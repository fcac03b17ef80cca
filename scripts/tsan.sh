#!/usr/bin/env bash
# Builds the engine and the tests of its code that runs on several threads (the worker
# pool; a pile's whole run with every contact search split over two threads) with
# ThreadSanitizer in build-tsan/ and runs them; any report fails. The workbench's threads
# hand off through Qt's event loop, which TSan cannot see into without an instrumented
# Qt: they are not checked here (widgets/thread_handoff.h). -g1: line tables, all a report's
# stacks need (as scripts/sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
werror=OFF; [ -n "${CI:-}" ] && werror=ON
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCONTACTLAB_GUI=OFF -DCONTACTLAB_BENCH=OFF \
  -DCONTACTLAB_PYTHON=OFF -DCONTACTLAB_TSAN=ON -DCONTACTLAB_WERROR="$werror"
cmake --build build-tsan -j"$(nproc)" --target parallel_tests
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
ctest --test-dir build-tsan -R '^tsan:' --output-on-failure --no-tests=error
