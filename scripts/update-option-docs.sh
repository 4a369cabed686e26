#!/usr/bin/env bash
# Rewrites the generated option table of every method page in docs/ (between <!-- options:NAME --> and
# <!-- /options:NAME -->) from the option tables in the code: `bash scripts/update-option-docs.sh [build/featrel]`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/featrel}
for page in docs/*.md; do
  for name in $(grep -o '<!-- options:[a-z]* -->' "$page" | sed 's/<!-- options:\([a-z]*\) -->/\1/'); do
    table=$("$bin" options "$name")
    /usr/bin/python3 - "$page" "$name" "$table" <<'PY'
import sys
page, name, table = sys.argv[1], sys.argv[2], sys.argv[3] + "\n"
text = open(page).read()
begin, end = f"<!-- options:{name} -->\n", f"<!-- /options:{name} -->"
a, b = text.index(begin) + len(begin), text.index(end)
open(page, "w").write(text[:a] + table + text[b:])
PY
  done
done
