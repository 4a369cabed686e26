#!/usr/bin/env bash
# Reproduces the SFC paper's Tables 3 and 6 (all-relevant precision, recall, F1 and training accuracy) and the
# class-level Tables 8 and 10 for featrel's SFC and Boruta on generated data (docs/boruta.md#paper-targets protocol),
# next to the paper's SQ numbers. Takes a few minutes on two cores with the default 10 seeds.
# Usage: bash bench/sfc_tables.sh [BUILD_DIR] [ARGS...]   (SEEDS=5 for a quicker look). ARGS go to sfc_tables:
# --seed-start K (data seeds other than 0..S-1), --sets 1,5,NL1, --set KEY=VALUE (an SFC option), --no-boruta.
# Below each SFC row it prints where the errors come from (FP in A or in M \ A, strong features missed and why), and
# with SEEDS >= 20 the spread of 10-seed means against the paper's number and a model-free ceiling (top-k by |r|).
set -euo pipefail
build=${1:-build}
shift || true
export OMP_WAIT_POLICY=passive
"$build/bench/sfc_tables" --seeds "${SEEDS:-10}" --threads "${THREADS:-2}" "$@"
