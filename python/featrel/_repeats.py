"""Resampled repeats (``repeats=R``) through joblib.

The full-data run and the repeat plan are made in C++ (featrel::resampling, as the CLI's ``--repeats``); every
repeat is an independent task (its index, seed and rows: plain data) that ``joblib.Parallel`` runs, so inside
``joblib.parallel_backend("dask")`` the repeats run on a Dask cluster. Each task rebuilds the data from the arrays
and runs the method without the GIL; its selection comes back as plain data and the summary (selection
frequencies, stability) is made in C++ again. Tasks carry their own seeds, so the result is the same whatever
runs them and in what order.
"""

import json

from joblib import Parallel, delayed

from . import _featrel


def _run_repeat(method, X, names, text, y, data_json, settings_json, task, threads):
    index, seed, rows = task
    return _featrel.run_task(method, X, names, text, y, data_json, settings_json, index, seed, rows, threads)


def fit_with_repeats(estimator, X, names, text, y, data, settings, resampling, seed, threads, verbose):
    data_json, settings_json = json.dumps(data), json.dumps(settings)
    fit = _featrel.RepeatedFit(
        estimator._method, X, names, text, y, data_json, settings_json, json.dumps(resampling), seed, threads, verbose
    )
    tasks = fit.tasks()
    n_jobs = estimator.n_jobs
    # One thread per task when joblib runs several at once; the core's own threads otherwise.
    task_threads = threads if n_jobs in (None, 1) else 1
    runs = Parallel(n_jobs=n_jobs, prefer="threads", verbose=10 if verbose else 0)(
        delayed(_run_repeat)(estimator._method, X, names, text, y, data_json, settings_json, task, task_threads)
        for task in tasks
    )
    return fit.finish(runs)
