"""A fit's task plans through joblib.

Inside ``with joblib.parallel_backend(...)`` (e.g. ``"dask"`` for a Dask cluster), a fit hands the plain-data task
plans of the C++ core (FRI's blocks of bound and probe LPs; see featrel/task_plan.hpp) to ``joblib.Parallel``:
every task travels as JSON text with the data arrays (and a data frame's text columns), runs in whatever worker
the backend chooses, and returns its result as JSON text. A task's result depends only on the data and the plan,
so the fit equals the local one to the last bit. Outside such a context the plans run on the core's own threads
(no copies, no serialisation).
"""

import joblib
from joblib import Parallel, delayed

from . import _featrel


def _active_backend():
    """The backend of an enclosing ``joblib.parallel_backend`` context, or None outside one."""
    local = getattr(joblib.parallel, "_backend", None)
    if getattr(local, "backend_and_jobs", None) is None:
        return None
    return joblib.parallel.get_active_backend()


def _run_plan_task(method, X, names, text, y, data_json, kind, shared_json, task):
    # A module-level function (picklable by reference for process and Dask workers, unlike the module's builtin).
    return _featrel.run_plan_task(method, X, names, text, y, data_json, kind, shared_json, task, 1)


def plan_callback(method, X, names, text, y, data_json):
    """The callable the core calls with a plan, or None when no joblib backend context is active.

    The backend is captured here, in the fitting thread: joblib keeps the active backend per thread, and the core
    calls back from its own worker thread.
    """
    active = _active_backend()
    if active is None:
        return None
    backend, n_jobs = active

    def run(kind, stage, shared_json, tasks):
        with joblib.parallel_backend(backend, n_jobs=n_jobs):
            return Parallel()(
                delayed(_run_plan_task)(method, X, names, text, y, data_json, kind, shared_json, task)
                for task in tasks
            )

    return run
