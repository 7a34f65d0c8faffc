"""Run a block with the BLAS library single-threaded, when that can be controlled.

Encoding batches on two Python threads with one BLAS thread each beats one Python thread driving
a two-thread BLAS: the element-wise work (GELU, softmax, LayerNorm) runs in parallel too, and
small attention products skip BLAS's thread hand-off. The BLAS thread count is process-wide, so
nested and concurrent users share one limit, held while any of them is inside.
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


def _controller() -> Any:
    try:
        threadpoolctl = importlib.import_module("threadpoolctl")
    except ImportError:
        return None
    return threadpoolctl.ThreadpoolController()


@contextmanager
def single_threaded_blas() -> Iterator[bool]:
    """Yields whether BLAS is now limited to one thread (False without threadpoolctl)."""
    global _depth, _limiter
    with _lock:
        if _depth == 0:
            controller = _controller()
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
