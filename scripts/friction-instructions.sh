#!/usr/bin/env bash
# The instructions (callgrind's Ir) of pile_20 with friction 0.5 and the friction warm start
# for 12 simulated seconds, on perturbed trajectories 1..K (bench_friction --trajectory),
# each run on its own, and their median: how a change of a few percent in the friction
# solve is judged. A change that moves rounding sends the pile down another settling, and a
# few trajectories cost two to three times the rest, so neither one trajectory nor a sum
# shows it. About 40 s per trajectory.
#   scripts/friction-instructions.sh [K] [BENCH]   (K = 9, BENCH = build/bench/bench_friction)
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-9}
bench=${2:-build/bench/bench_friction}
command -v valgrind > /dev/null || { echo "friction-instructions: needs valgrind" >&2; exit 1; }
[ -x "$bench" ] || { echo "friction-instructions: no $bench (cmake --build build --target bench_friction)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
counts=()
for t in $(seq 1 "$k"); do
  valgrind --tool=callgrind --callgrind-out-file="$out/cg.$t" "$bench" 1 12 --max 20 \
    --trajectory "$t" > "$out/line.$t" 2> "$out/err.$t" ||
    { echo "friction-instructions: trajectory $t failed:" >&2; tail -3 "$out/err.$t" >&2; exit 1; }
  ir=$(grep -m1 '^summary:' "$out/cg.$t" | awk '{print $2}')
  counts+=("$ir")
  printf '%d  %.4g  %s\n' "$t" "$ir" "$(cat "$out/line.$t")"
done
printf 'median of %d: %.4g instructions\n' "$k" \
  "$(printf '%s\n' "${counts[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')"
