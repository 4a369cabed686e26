#!/usr/bin/env bash
# Omics width (bench/omics.py): every method with defaults at 200 x 2,000 and 200 x 20,000 features, wall and CPU
# seconds, peak memory and strong features found, beside scikit-learn's RFE and permutation importance (and
# BorutaPy when importable) measured in the same run. About 20 minutes on two cores; GROWTH=1 adds the growth
# exponents over d and n (another 20-30 minutes).
# Usage: bash bench/omics.sh [BUILD_DIR]   (SHAPES=200x2000 TIMEOUT=60 METHODS=rfe,crfe for a quicker look)
set -euo pipefail
build=${1:-build}
export OMP_WAIT_POLICY=passive
args=(--shapes "${SHAPES:-200x2000,200x20000}" --timeout "${TIMEOUT:-150}")
[ -n "${METHODS:-}" ] && args+=(--methods "$METHODS")
[ "${GROWTH:-0}" = 1 ] && args+=(--growth)
/usr/bin/python3 "$(dirname "$0")/omics.py" "$build/featrel" "${args[@]}"
