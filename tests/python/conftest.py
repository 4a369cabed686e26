"""Shared fixtures of the Python package's tests: the bundled breast cancer data and the CLI to compare with."""

import os
import pathlib
import shutil

import matplotlib
import pytest

matplotlib.use("Agg")  # no display in CI

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "breast_cancer_wisconsin_diagnostic.csv"


@pytest.fixture(scope="session")
def breast_cancer():
    import pandas as pd

    # round_trip: the same doubles as the core's CSV reader (pandas' fast parser may differ in the last bit).
    df = pd.read_csv(DATA, float_precision="round_trip")
    return df.iloc[:, :-1], df.iloc[:, -1]


@pytest.fixture(scope="session")
def cli():
    """The featrel command-line tool of the same build (FEATREL_CLI, set by ctest), or skip."""
    path = os.environ.get("FEATREL_CLI") or str(REPO / "build" / "featrel")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)) and not shutil.which(path):
        pytest.skip("the featrel CLI is not built (set FEATREL_CLI)")
    return path


def strip_timings(doc):
    """A result document without what may differ between runs: every diagnostics block's seconds and threads."""
    if isinstance(doc, dict):
        out = {}
        for k, v in doc.items():
            if k == "diagnostics" and isinstance(v, dict):
                v = {dk: dv for dk, dv in v.items() if dk not in ("seconds", "threads")}
            out[k] = strip_timings(v)
        return out
    if isinstance(doc, list):
        return [strip_timings(v) for v in doc]
    return doc
