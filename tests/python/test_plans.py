"""A fit's task plans (FRI's blocks of bound and probe LPs, ParetoFCA's permutation blocks, UBayFS's split blocks,
SFC's blocks of forest fits) through joblib: inside a joblib backend context every
block is a task that runs wherever the backend puts it — threads, or the worker processes of a Dask cluster — and
the result equals the local fit to the last bit."""

import joblib
import numpy as np
import pytest

import featrel
from featrel import _featrel

from conftest import strip_timings


def _fit(X, y, **extra):
    return featrel.FRI(random_state=4, n_probes=20, cv_folds=3, **extra).fit(X, y)


def _count_plan_tasks(monkeypatch):
    """Wraps the module's worker entry; the returned list collects each task's plan kind as it runs."""
    calls = []
    original = _featrel.run_plan_task

    def counting(*args, **kwargs):
        calls.append(args[6])  # the plan's kind
        return original(*args, **kwargs)

    monkeypatch.setattr(_featrel, "run_plan_task", counting)
    return calls


def test_plans_on_joblib_threads_equal_the_local_fit(breast_cancer, monkeypatch):
    X, y = breast_cancer
    local = _fit(X, y)
    calls = _count_plan_tasks(monkeypatch)
    with joblib.parallel_backend("threading", n_jobs=2):
        shipped = _fit(X, y)
    # Bounds and probes of the one model class, 16 blocks each at most, all of kind fri.blocks.
    assert len(calls) >= 4 and set(calls) == {"fri.blocks"}
    assert strip_timings(shipped.result_) == strip_timings(local.result_)
    assert np.array_equal(shipped.interval_, local.interval_)


def test_pareto_permutation_blocks_on_joblib_threads_equal_the_local_fit(breast_cancer, monkeypatch):
    X, y = breast_cancer
    X = X.iloc[:, :6]

    def fit():
        return featrel.ParetoFCA(random_state=2, permutations=3, classifiers=("nb", "logreg", "rf")).fit(X, y)

    local = fit()
    calls = _count_plan_tasks(monkeypatch)
    with joblib.parallel_backend("threading", n_jobs=2):
        shipped = fit()
    # 3 classifiers x 6 features, in blocks: every task refits its classifier on the worker side.
    assert len(calls) == 18 and set(calls) == {"pareto.permutations"}
    assert strip_timings(shipped.result_) == strip_timings(local.result_)


def test_ubayfs_split_blocks_on_joblib_threads_equal_the_local_fit(breast_cancer, monkeypatch):
    X, y = breast_cancer

    def fit():
        return featrel.UBayFS(max_size=5, ensemble_size=12, random_state=3).fit(X, y)

    local = fit()
    calls = _count_plan_tasks(monkeypatch)
    with joblib.parallel_backend("threading", n_jobs=2):
        shipped = fit()
    assert len(calls) == 12 and set(calls) == {"ubayfs.splits"}  # one block per split when M <= 32
    assert strip_timings(shipped.result_) == strip_timings(local.result_)


def test_sfc_fit_blocks_on_joblib_threads_equal_the_local_fit(breast_cancer, monkeypatch):
    X, y = breast_cancer
    X = X.iloc[:, :10]

    def fit():
        return featrel.SFC(random_state=6, n_resampling=10, trees=40).fit(X, y)

    local = fit()
    calls = _count_plan_tasks(monkeypatch)
    with joblib.parallel_backend("threading", n_jobs=2):
        shipped = fit()
    # Three pools (importance + shadow null, score null, tests), each in blocks of fits.
    assert len(calls) > 3 and set(calls) == {"sfc.fits"}
    assert strip_timings(shipped.result_) == strip_timings(local.result_)
    assert np.array_equal(shipped.relevance_classes_, local.relevance_classes_)


def test_no_backend_context_means_no_plans(breast_cancer, monkeypatch):
    X, y = breast_cancer
    monkeypatch.setattr(_featrel, "run_plan_task", lambda *a, **k: pytest.fail("a plan left the process"))
    _fit(X.iloc[:, :8], y)


def test_a_failing_task_surfaces_as_an_error(breast_cancer, monkeypatch):
    X, y = breast_cancer

    def broken(*args, **kwargs):
        raise RuntimeError("worker lost")

    monkeypatch.setattr(_featrel, "run_plan_task", broken)
    with joblib.parallel_backend("threading", n_jobs=2):
        with pytest.raises(featrel.SolverError, match="worker lost"):
            _fit(X.iloc[:, :8], y)


def test_plans_on_a_dask_cluster_equal_the_local_fit(breast_cancer):
    distributed = pytest.importorskip("distributed")
    X, y = breast_cancer
    X = X.iloc[:, :12]
    local = _fit(X, y)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        with joblib.parallel_backend("dask"):
            remote = _fit(X, y)
    assert strip_timings(remote.result_) == strip_timings(local.result_)
