"""Operator first turns in process, as `kairos eval operator` times them: the gate's scripts'
first messages over the app's sample, each after creating its conversation's user (so a new
profile's restaurants feed prewarm runs beside it, as in the gate), after 14 warm-up turns.
Prints wall time per first turn (p50, p95, max, by shape) and the event loop thread's CPU time
per turn; `--no-prewarm` replaces the restaurants prewarm with nothing (the control);
`--profile FILE` writes a cProfile of the timed turns.

Run: .venv/bin/python bench/operator_first_turns.py [--turns 84] [--no-prewarm]
     [--profile FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import secrets
import time
import uuid

import httpx
import numpy as np
from pydantic import SecretStr

from kairos.evals.operator_scripts import catalog_places, scripts
from kairos.evals.scratch import build_sample, sample_folder, scratch_runtime

WARM_UP = 14


async def run(turns: int, profile: str | None) -> None:
    from kairos.api.app import create_app

    async with scratch_runtime(sample_folder(), build_sample) as (runtime, _):
        token = secrets.token_hex(8)
        settings = runtime.settings.model_copy(
            update={"chat_limit_per_user": 0, "chat_limit_per_address": 0,
                    "service_token": SecretStr(token)}
        )  # fmt: skip
        app = create_app(settings, runtime=runtime)
        made = scripts(await catalog_places(runtime), turns + WARM_UP)
        base = {"X-Service-Token": token, "Accept": "application/json"}
        profiler = cProfile.Profile() if profile else None
        wall: list[tuple[float, str]] = []
        cpu: list[float] = []
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as http:
            for k, script in enumerate(made):
                uid = str(uuid.uuid4())
                await http.post(f"/users/{uid}", json={}, headers=base)
                if profiler is not None and k == WARM_UP:
                    profiler.enable()
                started, thread = time.perf_counter(), time.thread_time()
                await http.post(
                    "/operator/chat", json=script.steps[0].body, headers={**base, "X-User-ID": uid}
                )
                if k >= WARM_UP:
                    wall.append(((time.perf_counter() - started) * 1000, script.name))
                    cpu.append((time.thread_time() - thread) * 1000)
        if profiler is not None and profile:
            profiler.disable()
            profiler.dump_stats(profile)
    ms = [t for t, _ in wall]
    print(f"load {os.getloadavg()}; {len(ms)} first turns")
    print(f"wall p50 {np.percentile(ms, 50):.1f} p95 {np.percentile(ms, 95):.1f} max {max(ms):.1f}")
    print(f"cpu  p50 {np.percentile(cpu, 50):.1f} p95 {np.percentile(cpu, 95):.1f} ms")
    shapes: dict[str, list[float]] = {}
    for t, name in wall:
        shapes.setdefault(name.split("-")[0], []).append(t)
    for shape, times in shapes.items():
        print(
            f"  {shape:12} n={len(times)} p50 {np.percentile(times, 50):.1f} max {max(times):.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=84)
    parser.add_argument("--no-prewarm", action="store_true")
    parser.add_argument("--profile", default=None)
    args = parser.parse_args()
    if args.no_prewarm:
        from kairos.restaurants.product import RestaurantProduct

        async def nothing(self: RestaurantProduct, uid: uuid.UUID) -> None:
            return None

        RestaurantProduct._prewarm_soon = nothing  # type: ignore[method-assign]
    asyncio.run(run(args.turns, args.profile))


if __name__ == "__main__":
    main()
