#!/usr/bin/env bash
# FRI on noisy redundant features (issue 15 part 1; docs/fri.md#what-the-model-class-means): the share of data sets
# where the selected set (class >= 1) is exactly the relevant one and where every feature's class (strong / weak /
# irrelevant) is exactly the true one, over feature noise 0 ... 0.3, for the fixed and the calibrated loss budget.
# Data: the reference's own kind, 300 rows, 2 strong, 2 weak (one redundant pair), 2 irrelevant
# (`featrel generate --task classification --n-samples 300 --n-features 6 --n-strong 2 --n-weak 2 --noise σ`),
# FRI with default options otherwise, through the CLI and its JSON (read with /usr/bin/python3). A few minutes on two cores.
#
# Usage: bash bench/fri_noise_curve.sh [BUILD_DIR]
#   SEEDS="0 1 2 ..." (default 1..10), NOISE="0 0.05 0.1 0.2 0.3", BUDGETS="fixed calibrated",
#   EXTRA="--task regression"-style generator flags are not supported: the curve is the classification one.
set -euo pipefail
build=${1:-build}
featrel="$build/featrel"
[ -x "$featrel" ] || { echo "fri_noise_curve: $featrel not found; build the featrel_cli target first" >&2; exit 2; }
export OMP_WAIT_POLICY=passive
seeds=${SEEDS:-"1 2 3 4 5 6 7 8 9 10"}
noises=${NOISE:-"0 0.05 0.1 0.2 0.3"}
budgets=${BUDGETS:-"fixed calibrated"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n_seeds=$(echo $seeds | wc -w)
echo "FRI exact recovery, 300 x 6 (2 strong, 2 weak, 2 irrelevant), seeds: $seeds"
printf '%-6s | %-10s | %15s | %13s\n' noise budget "exact selection" "exact classes"
for noise in $noises; do
  for s in $seeds; do
    "$featrel" generate --task classification --n-samples 300 --n-features 6 --n-strong 2 --n-weak 2 \
      --noise "$noise" --seed "$s" --out "$tmp/d_${noise}_$s.csv" --truth "$tmp/t_${noise}_$s.json" >/dev/null 2>&1
  done
  for budget in $budgets; do
    sel=0 cls=0
    for s in $seeds; do
      "$featrel" fri "$tmp/d_${noise}_$s.csv" --seed "$s" --budget "$budget" --quiet --json "$tmp/r.json" >/dev/null
      # Truth classes by column name, FRI classes by feature name (2 strong, 1 weak, 0 irrelevant).
      read -r same_sel same_cls < <(/usr/bin/python3 - "$tmp/t_${noise}_$s.json" "$tmp/r.json" <<'PY'
import json, sys
truth = json.load(open(sys.argv[1]))
t = dict(zip(truth["names"], truth["classes"]))
g = {f["name"]: f["class"] for f in json.load(open(sys.argv[2]))["features"]}
print(str(all((t[k] >= 1) == (g[k] >= 1) for k in t)).lower(), str(all(t[k] == g[k] for k in t)).lower())
PY
)
      [ "$same_sel" = true ] && sel=$((sel + 1))
      [ "$same_cls" = true ] && cls=$((cls + 1))
    done
    printf '%-6s | %-10s | %15s | %13s\n' "$noise" "$budget" "$sel/$n_seeds" "$cls/$n_seeds"
  done
done
