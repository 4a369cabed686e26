#!/usr/bin/env bash
# Runs every benchmark binary of a build folder (default build/) and prints its results.
set -euo pipefail
build=${1:-build}
export OMP_WAIT_POLICY=passive
status=0
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" --benchmark_min_time=0.2 || status=1
done
exit $status
