#!/usr/bin/env bash
# The README's main job (`make demo`). Until the first method lands: generate the paper's Sim1 data set with
# its ground truth and score a given selection against it.
set -euo pipefail
featrel=${1:-build/featrel}
out=${DEMO_OUT:-out/demo}
mkdir -p "$out"
"$featrel" generate --preset fri-sim1 --seed 0 --out "$out/sim1.csv" --truth "$out/sim1_truth.json"
"$featrel" evaluate data/demo/example_selection.json --truth "$out/sim1_truth.json" --json "$out/evaluation.json"
echo "demo: wrote $out/sim1.csv, $out/sim1_truth.json and $out/evaluation.json"
