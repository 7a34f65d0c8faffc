"""The process settings a started runtime serves with (their effect is measured in bench/)."""

from __future__ import annotations

import sys
from typing import Any

from kairos.runtime import GIL_SWITCH_INTERVAL_SECONDS


async def test_a_started_runtime_hands_the_gil_back_within_a_millisecond(runtime: Any) -> None:
    assert GIL_SWITCH_INTERVAL_SECONDS <= 0.001
    assert sys.getswitchinterval() == GIL_SWITCH_INTERVAL_SECONDS


async def test_a_started_runtime_holds_blas_at_one_thread(runtime: Any) -> None:
    from threadpoolctl import threadpool_info

    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas, "numpy's BLAS is loaded"
    assert all(pool["num_threads"] == 1 for pool in blas)
