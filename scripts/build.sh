#!/usr/bin/env bash
# Configures and builds ContactLab in build/ (extra arguments go to cmake's configure step).
# Under CI (the CI variable set and not empty) compiler warnings are errors.
set -euo pipefail
cd "$(dirname "$0")/.."
werror=OFF; [ -n "${CI:-}" ] && werror=ON
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCONTACTLAB_WERROR="$werror" "$@"
cmake --build build -j"$(nproc)"
