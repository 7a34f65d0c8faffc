"""Hold the BLAS library at one thread while the embedder runs, when that can be controlled.

Two Python workers with one BLAS thread each beat one worker driving a two-thread BLAS: the
element-wise work (GELU, softmax, LayerNorm) runs in parallel too, and small products skip BLAS's
thread hand-off. Single-threaded BLAS also matters for latency on a busy machine: OpenBLAS
threads spin while they wait, and with other processes on the cores a short query's p95 went from
20 ms to 490 ms. The thread count is process-wide, so concurrent users share one limit, held
while any of them is inside, and restored when the last one leaves.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_lock = threading.Lock()
_depth = 0
_limiter: Any = None
_controller: Any = None
_looked_up = False


def _get_controller() -> Any:
    """threadpoolctl's controller, built once (it scans the loaded libraries, ~1 ms)."""
    global _controller, _looked_up
    if not _looked_up:
        try:
            _controller = importlib.import_module("threadpoolctl").ThreadpoolController()
        except ImportError:
            _controller = None
        _looked_up = True
    return _controller


def blas_threads_controllable() -> bool:
    with _lock:
        return _get_controller() is not None


@contextmanager
def single_threaded_blas() -> Iterator[bool]:
    """Yields whether BLAS is now limited to one thread (False without threadpoolctl)."""
    global _depth, _limiter
    with _lock:
        if _depth == 0:
            controller = _get_controller()
            _limiter = controller.limit(limits=1, user_api="blas") if controller else None
        _depth += 1
        limited = _limiter is not None
    try:
        yield limited
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _limiter is not None:
                _limiter.restore_original_limits()
                _limiter = None


def serve_with_one_blas_thread() -> bool:
    """Hold BLAS at one thread for the rest of the process; returns whether that was possible.

    A server answers many small requests at once: every product of its own is small, and an
    OpenBLAS worker left spinning after any unscoped numpy product (a vibe, an aspect, a quote's
    similarity) took 19–42 ms of CPU per chat turn from the other core.
    """
    with _lock:
        controller = _get_controller()
        if controller is None:
            return False
        controller.limit(limits=1, user_api="blas")
        return True
