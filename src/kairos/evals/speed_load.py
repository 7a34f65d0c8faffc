"""Closed-loop load: C clients, each sending its next request as soon as the last one ends, until
a fixed number of requests is done. Latency is per request; throughput is requests over the wall
time of the whole level. Loopback only, bounded counts."""

from __future__ import annotations

import asyncio
import itertools
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import httpx
from pydantic import BaseModel

Call = Callable[[int], Awaitable[float | None]]
"""One request; the argument is its sequence number (to rotate users, messages). It may return
its own latency in ms (a chat turn counts until its `result` event); else the call is timed."""


class LatencyFigures(BaseModel):
    workload: str
    clients: int
    requests: int
    errors: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    mean_ms: float
    throughput_per_s: float


def percentile(values: Sequence[float], q: int) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return round(values[0], 2)
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1], 2)


async def run_level(workload: str, call: Call, *, clients: int, requests: int) -> LatencyFigures:
    counter = itertools.count()
    latencies: list[float] = []
    errors = 0

    async def client() -> None:
        nonlocal errors
        while (n := next(counter)) < requests:
            started = time.perf_counter()
            try:
                own = await call(n)
            except Exception:
                errors += 1
                continue
            latencies.append(own if own is not None else (time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    wall = time.perf_counter() - started
    return LatencyFigures(
        workload=workload,
        clients=clients,
        requests=len(latencies),
        errors=errors,
        p50_ms=percentile(latencies, 50),
        p95_ms=percentile(latencies, 95),
        p99_ms=percentile(latencies, 99),
        mean_ms=round(statistics.fmean(latencies), 2) if latencies else 0.0,
        throughput_per_s=round(len(latencies) / wall, 2) if wall else 0.0,
    )


async def chat_until_result(client: httpx.AsyncClient, uid: str, message: str) -> float:
    """Milliseconds from sending a chat turn to its `result` event (the figure the issue names);
    the rest of the stream is read too, so the turn ends as it does for a real client."""
    headers = {"X-User-ID": uid, "Accept": "text/event-stream"}
    body: dict[str, Any] = {"message": message, "conversation_history": []}
    result_ms: float | None = None
    started = time.perf_counter()
    async with client.stream("POST", "/chat", json=body, headers=headers) as response:
        if response.status_code != 200:
            raise RuntimeError(f"chat answered {response.status_code}")
        async for line in response.aiter_lines():
            if line.startswith("event: error"):
                raise RuntimeError("chat turn failed")
            if result_ms is None and line.startswith("event: result"):
                result_ms = (time.perf_counter() - started) * 1000
    if result_ms is None:
        raise RuntimeError("chat stream ended without a result")
    return result_ms


async def expect_ok(response: Awaitable[httpx.Response]) -> httpx.Response:
    answered = await response
    if answered.status_code != 200:
        raise RuntimeError(f"{answered.request.url.path} answered {answered.status_code}")
    return answered
