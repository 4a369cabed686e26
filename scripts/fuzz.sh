#!/usr/bin/env bash
# Runs the libFuzzer harnesses, each for FUZZ_SECONDS (default 60) from its committed seed corpus (fuzz/corpus/NAME,
# copied so that the repository is not written to). Fails on any crash, sanitizer report, timeout (an input taking
# over 10 s) or out-of-memory (over 2 GB). The harnesses are built in FUZZ_BUILD (default build-sanitize), a folder
# configured by `make configure-sanitize` (clang, FEATREL_FUZZ=ON): `make fuzz` does both; after
# `make test-sanitize` nothing is rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
dir=${FUZZ_BUILD:-build-sanitize}
if ! grep -q "^FEATREL_FUZZ:BOOL=ON" "$dir/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz: $dir is not a build with FEATREL_FUZZ=ON; run make fuzz (or make configure-sanitize first)" >&2
  exit 2
fi
cmake --build "$dir" --target fuzz_csv fuzz_options fuzz_impacts fuzz_side_files -j"${JOBS:-2}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in csv options impacts side_files; do
  mkdir -p "$work/$name"
  cp fuzz/corpus/"$name"/* "$work/$name/"
  echo "fuzz: $name for $seconds s"
  (cd "$work" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$OLDPWD/$dir/fuzz/fuzz_$name" "$work/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 2>"$work/$name.log") || { tail -40 "$work/$name.log"; echo "fuzz: $name FAILED"; exit 1; }
  grep -E "stat::number_of_executed_units|cov:" "$work/$name.log" | tail -2
done
echo "fuzz: all harnesses ran clean"
