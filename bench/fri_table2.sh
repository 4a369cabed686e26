#!/usr/bin/env bash
# Reproduces the FRI paper's Table II for featrel (Sim1-Sim5, 500 x 30, SEEDS data sets each, default 50 as in the
# paper): precision, recall and F1 per set next to the paper's numbers. Takes about a minute on two cores.
# Usage: bash bench/fri_table2.sh [BUILD_DIR]   (SEEDS=10 for a quicker look; BUDGET=fixed for the paper's class)
set -euo pipefail
build=${1:-build}
export OMP_WAIT_POLICY=passive
"$build/bench/fri_table2" --seeds "${SEEDS:-50}" --budget "${BUDGET:-calibrated}"
