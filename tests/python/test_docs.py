"""docs/python.md's worked example runs as written."""

import warnings

import featrel
from conftest import REPO
from docs_examples import run


def test_docs_python_examples_run():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", featrel.FeatrelWarning)
        assert run(REPO / "docs" / "python.md") >= 4
