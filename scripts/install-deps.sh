#!/usr/bin/env bash
# Installs every Debian 12 package featrel's build, tests and benchmarks need (apt-get only, idempotent).
# Runs as root without prompts; uses sudo when not root. Does nothing when everything is already installed.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libeigen3-dev            # dense linear algebra (Dataset, models)
  zlib1g-dev               # reading gzip-compressed CSV files (.csv.gz)
  libcli11-dev             # command-line parsing
  nlohmann-json3-dev       # result JSON
  libboost-math-dev        # Student-t and binomial distributions
  coinor-libclp-dev        # LP solver for FRI
  libxgboost-dev           # random-forest cross-check engine
  liblinear-dev libsvm-dev # linear and kernel SVM back ends
  libcpp-httplib-dev       # featrel explore: the local web server (docs/explore.md)
  chromium                 # featrel explore: the page tested in headless Chromium
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev lld # the instrumented build (make test-sanitize, make fuzz): libFuzzer, its linker
  # the Python package (docs/python.md): module build, pip install into a venv, its tests
  python3-dev pybind11-dev python3-pybind11 python3-venv python3-pip python3-setuptools
  python3-numpy python3-scipy python3-sklearn python3-joblib python3-pandas python3-matplotlib
  python3-pytest python3-dask python3-distributed
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
