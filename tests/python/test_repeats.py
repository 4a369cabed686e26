"""Resampled repeats through joblib: the same result sequentially, on threads and on a Dask cluster of 2 worker
processes, and the same frequencies as the CLI's --repeats."""

import json
import subprocess

import joblib
import numpy as np
import pytest

import featrel

from conftest import DATA, strip_timings




def _module_loaded():
    import sys

    return "featrel._featrel" in sys.modules


def test_repeats_give_selection_frequencies(breast_cancer):
    X, y = breast_cancer
    est = featrel.Boruta(random_state=3, repeats=4).fit(X, y)
    freq = est.selection_frequency_
    assert freq.shape == (X.shape[1],) and np.all((freq >= 0) & (freq <= 1))
    assert np.allclose(freq * 4, np.round(freq * 4))  # shares of 4 repeats
    assert est.result_["stability"]["n_sets"] == 4
    two = featrel.Boruta(random_state=3, repeats=4, n_jobs=2).fit(X, y)
    assert strip_timings(two.result_) == strip_timings(est.result_)


def test_repeats_equal_the_cli(cli, breast_cancer, tmp_path):
    X, y = breast_cancer
    out = tmp_path / "mrmr.json"
    subprocess.run([cli, "mrmr", str(DATA), "--seed", "5", "--repeats", "6", "--quiet", "--json", str(out)],
                   check=True)
    doc = json.loads(out.read_text())
    est = featrel.MRMR(random_state=5, repeats=6).fit(X, y)
    assert est.result_["features"] == doc["features"]
    assert est.result_["stability"] == doc["stability"]


def test_own_repeats_are_the_methods_option(breast_cancer):
    # crfe, rfe and ubayfs keep their own `repeats` (random splits); the shared resampling does not apply.
    assert "resample" not in featrel.CRFE().get_params() and "repeats" in featrel.CRFE().get_params()
    assert "resample" in featrel.FRI().get_params()


def test_repeats_on_a_dask_cluster_equal_the_local_run(breast_cancer):
    distributed = pytest.importorskip("distributed")
    X, y = breast_cancer
    params = dict(random_state=11, repeats=4, n_probes=20)
    local = featrel.FRI(**params).fit(X, y)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        with joblib.parallel_backend("dask"):
            remote = featrel.FRI(**params).fit(X, y)
        # The repeats ran in the worker processes: both imported the module.
        loaded = client.run(_module_loaded)
        assert len(loaded) == 2 and all(loaded.values())
    assert strip_timings(remote.result_) == strip_timings(local.result_)
    assert np.array_equal(remote.selection_frequency_, local.selection_frequency_)
