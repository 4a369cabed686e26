#!/usr/bin/env bash
# The README's install commands on a clean copy of the source tree: a venv with Debian's packages, pip install
# without build isolation and without any index, `import featrel`, and docs/python.md's examples with that venv.
# Usage: pip_install.sh SOURCE_DIR [PYTHON [BUILD_DIR]]
# With BUILD_DIR (ctest passes its own), pip installs the module that build already compiled (setup.py's
# FEATREL_BUILD_DIR) instead of compiling the core a second time; without it, pip compiles as a user's install does.
set -euo pipefail
src=$(cd "$1" && pwd)
python=${2:-/usr/bin/python3}
if [ -n "${3:-}" ]; then export FEATREL_BUILD_DIR=$(cd "$3" && pwd); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
# A clean clone of the working tree: the files git tracks plus new files that are not ignored (no build folders).
mkdir "$work/featrel"
(cd "$src" && git ls-files -z --cached --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$work/featrel"
cd "$work/featrel"
unset PYTHONPATH
start=$(date +%s)
"$python" -m venv --system-site-packages .venv
CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} .venv/bin/pip install --no-build-isolation --no-index -q .
echo "pip install took $(( $(date +%s) - start )) s"
cd "$work"
"$work/featrel/.venv/bin/python" -c "import featrel, sys; assert featrel.__file__.startswith('$work/featrel/.venv'), featrel.__file__; print('featrel', featrel.__version__, 'from', featrel.__file__)"
MPLBACKEND=Agg "$work/featrel/.venv/bin/python" "$work/featrel/tests/python/docs_examples.py" "$work/featrel/docs/python.md"
