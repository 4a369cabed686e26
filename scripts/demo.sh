#!/usr/bin/env bash
# The README's main job (`make demo`): feature relevance intervals (featrel fri) on the bundled Wisconsin
# diagnostic breast cancer data (569 tumours, 30 features, target `malignant`). Prints the relevance table and
# writes the relevance-bar chart and the full result JSON. Takes well under a second once built.
set -euo pipefail
featrel=${1:-build/featrel}
out=${DEMO_OUT:-out/demo}
mkdir -p "$out"
"$featrel" fri data/breast_cancer_wisconsin_diagnostic.csv --target malignant \
  --svg "$out/fri_breast_cancer.svg" --json "$out/fri_breast_cancer.json"
echo
echo "demo: wrote $out/fri_breast_cancer.svg (relevance bars; open it in a browser) and $out/fri_breast_cancer.json"
