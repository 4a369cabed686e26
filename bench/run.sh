#!/usr/bin/env bash
# Runs every benchmark binary of a build folder (default build/) and prints its results, then the scripts that
# reproduce the papers' tables (bench/fri_table2.sh: the FRI paper's Table II, a minute or two; bench/sfc_tables.sh:
# the SFC paper's Tables 3 and 6, a few minutes; bench/fri_noise_curve.sh: FRI's exact recovery over feature noise;
# bench/omics.sh: every method on wide data beside scikit-learn, about 20 minutes).
set -euo pipefail
build=${1:-build}
export OMP_WAIT_POLICY=passive
status=0
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" --benchmark_min_time=0.2 || status=1
done
echo "== fri_table2 (FRI paper Table II)"
bash "$(dirname "$0")/fri_table2.sh" "$build" || status=1
echo "== fri_noise_curve (FRI on noisy redundant features, fixed vs calibrated budget)"
bash "$(dirname "$0")/fri_noise_curve.sh" "$build" || status=1
echo "== sfc_tables (SFC paper Tables 3 and 6)"
bash "$(dirname "$0")/sfc_tables.sh" "$build" || status=1
echo "== omics (every method at 200 x 2,000 and 200 x 20,000 features, beside scikit-learn)"
bash "$(dirname "$0")/omics.sh" "$build" || status=1
exit $status
