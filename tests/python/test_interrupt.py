"""Ctrl-C interrupts a long fit: SIGINT (as the terminal sends it) ends the fit with KeyboardInterrupt quickly."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import featrel


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals need the main thread")
def test_sigint_interrupts_a_long_fit():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 40))
    y = (X[:, 0] + X[:, 1] + rng.normal(size=400) > 0).astype(int)
    # 100000 probe LPs: minutes of work, so the fit cannot end before the signal.
    est = featrel.FRI(C=1.0, n_probes=100000)
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        est.fit(X, y)
    elapsed = time.monotonic() - start
    timer.join()
    assert 1.0 <= elapsed < 5.0, elapsed
    assert not hasattr(est, "result_")
