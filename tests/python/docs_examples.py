"""Runs the Python examples of docs/python.md: every ```python block (not ```python skip), in order, in one
namespace, from the repository root (the examples read data/...). Used by the pytest suite and by the pip test.

    python3 tests/python/docs_examples.py docs/python.md
"""

import os
import pathlib
import re
import sys


def blocks(markdown):
    return re.findall(r"^```python\n(.*?)^```", markdown, flags=re.S | re.M)


def run(path):
    path = pathlib.Path(path).resolve()
    code = blocks(path.read_text())
    if not code:
        raise SystemExit(f"{path}: no ```python blocks")
    import matplotlib

    matplotlib.use("Agg")
    namespace = {"__name__": "__docs__"}
    cwd = os.getcwd()
    os.chdir(path.parents[1])
    try:
        for i, block in enumerate(code):
            exec(compile(block, f"{path.name}[block {i + 1}]", "exec"), namespace)
    finally:
        os.chdir(cwd)
    return len(code)


if __name__ == "__main__":
    print(f"ran {run(sys.argv[1])} examples of {sys.argv[1]}")
