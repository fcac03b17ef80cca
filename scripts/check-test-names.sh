#!/usr/bin/env bash
# Fails when a Catch2 test name holds a ';'. catch_discover_tests hands every name to CTest,
# which splits lists on ';': such a test is registered as two filters that match nothing,
# and "No test cases matched" passes, so the test silently never runs in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=$(grep -rn --include='*.cpp' -E 'TEST_CASE\("[^"]*;' tests || true)
if [ -n "$bad" ]; then
  echo "check-test-names: a test name with ';' would never run under ctest:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "check-test-names: no test name holds a ';'"
