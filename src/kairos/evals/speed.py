"""The speed suite (`make bench`, `kairos eval speed`): latency of what a user waits for.

For each data size it builds (or reuses) a scratch database, starts a real `kairos serve` on
127.0.0.1 over it, and drives it with httpx clients at 1, 8 and 32 concurrent clients (each
level on its own client, with a pool of that many connections):

- chat: request → `result` event of a streamed turn; messages from the contract set that search,
  then the same in other cities, none sent twice in a run (`chat_messages`): every turn is a
  message the server has not seen, with the product's own caches on, as in use;
- feed cold: `GET /recommendations/{uid}?refresh=true` (the feed is rebuilt);
- feed warm: `GET /recommendations/{uid}` (today's cached feed);
- expand: `GET /recommendations/{uid}/{id}/expand` on ids from that user's feed;

then stops the server and times hybrid search in-process (there is no search route) at the same
concurrency. Memory is the server process's RSS (and peak), plus the embedded PostgreSQL's PSS.
Sizes: `sample` (data/sample), and with `--full` the whole restaurant_reviews set plus the 28.8k
metadata-only Yelp places.
"""

from __future__ import annotations

import asyncio
import os
import platform
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.evals.contract import load_contract_set
from kairos.evals.scaling import CurvePoint, curve_point
from kairos.evals.scratch import Build, build_sample, prepare, sample_folder, scratch_runtime
from kairos.evals.speed_load import (
    LatencyFigures,
    chat_until_result,
    expect_ok,
    run_level,
)
from kairos.evals.speed_search import SEARCH_CASES, embedding_figures, search_call
from kairos.evals.speed_server import Memory, ServerProcess
from kairos.ingest.runner import ProgressSink

LEVELS = (1, 8, 32)
USERS = 32
TOKEN = "speed-suite-token"
# requests per level; a level with C clients sends max(base, 4*C) requests, times --scale
BASE_REQUESTS = {"chat": 40, "feed cold": 30, "feed warm": 200, "expand": 40, "search": 60}


class Machine(BaseModel):
    cpus: int
    cpu_model: str
    ram_gb: float
    load_average_at_start: tuple[float, float, float]
    python: str


class SizeFigures(BaseModel):
    size: str
    places: int
    reviews: int
    build: dict[str, object]
    server_start_seconds: float
    server_workers: int = 1
    latency: list[LatencyFigures]
    memory: Memory
    load_average_after: tuple[float, float, float]


class SpeedReport(BaseModel):
    machine: Machine
    embedding: dict[str, float]
    sizes: list[SizeFigures]
    curve: list[CurvePoint] = []
    seconds: float


def machine() -> Machine:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024**3
    return Machine(
        cpus=os.cpu_count() or 0,
        cpu_model=model,
        ram_gb=round(ram, 1),
        load_average_at_start=os.getloadavg(),
        python=platform.python_version(),
    )


CITIES = ("austin", "london", "boston", "orlando", "atlanta", "columbus", "cambridge", "boulder",
          "hyderabad", "barcelona")  # fmt: skip
# a city or an area the contract set names, replaced by the variant's city
_NAMED_CITY = re.compile(
    r"\b(?:" + "|".join(CITIES) + r"|bostn|hitech city|shoreditch|harvard|mit)\b", re.IGNORECASE
)


def chat_messages(count: int = 0) -> list[str]:
    """Contract-set messages that lead to a search (no greetings, vague asks or follow-ups),
    then, up to `count`, the same messages in other cities (the city named replaced, or "in
    <city>" added): as varied as the contract set, and none said twice, so that every turn of a
    run is a new person's message, understood, searched and quoted afresh."""
    skip = {"hi", "food?", "somewhere good", "hungry", "what do you recommend?", "thanks!",
            "asdfghjkl", "yes", "ok", "anything is fine", "the second one", "cheap",
            "expensive", "dinner", "boston", "in london", "🍕🍕🍕"}  # fmt: skip
    base = [
        m["message"]
        for m in load_contract_set()["messages"]
        if not m.get("history") and m["message"] not in skip
    ]
    messages = list(dict.fromkeys(base))
    variants = (_in_city(message, city) for city in CITIES for message in base)
    for varied in variants:
        if len(messages) >= count:
            break
        if varied not in messages:
            messages.append(varied)
    return messages


def _in_city(message: str, city: str) -> str:
    if _NAMED_CITY.search(message):
        return _NAMED_CITY.sub(city, message)
    return f"{message.rstrip('?!. ')} in {city}"


async def _users(client: httpx.AsyncClient) -> list[str]:
    profiles = load_contract_set()["profiles"]
    uids = []
    for i in range(USERS):
        uid = str(uuid.uuid4())
        profile = profiles[i % len(profiles)]
        body = {"allergies": profile["allergies"], "preferences": profile["preferences"]}
        await expect_ok_created(client.post(f"/users/{uid}", json=body))
        uids.append(uid)
    return uids


async def expect_ok_created(response: Any) -> None:
    answered: httpx.Response = await response
    if answered.status_code not in (200, 201):
        raise RuntimeError(f"creating a user answered {answered.status_code}: {answered.text}")


def _requests(workload: str, clients: int, scale: float) -> int:
    return max(1, int(max(BASE_REQUESTS[workload], 4 * clients) * scale))


def _client(server: ServerProcess, clients: int) -> httpx.AsyncClient:
    """One level's client, its pool sized to the level: httpx checks every idle connection of
    its pool before each request (a poll per connection), so the 1-client levels measured on
    the pool the 32-client level left behind took 0.9 ms more per warm feed read, all of it
    in the load generator."""
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    headers = {"X-Service-Token": TOKEN}
    return httpx.AsyncClient(
        base_url=server.base_url, headers=headers, timeout=120.0, limits=limits
    )


LevelCall = Callable[[httpx.AsyncClient, int], Awaitable[float | None]]


async def _level(
    server: ServerProcess, workload: str, call: LevelCall, clients: int, scale: float
) -> LatencyFigures:
    async with _client(server, clients) as client:
        return await run_level(
            workload, lambda n: call(client, n), clients=clients,
            requests=_requests(workload, clients, scale),
        )  # fmt: skip


async def _http_levels(server: ServerProcess, scale: float) -> list[LatencyFigures]:
    figures: list[LatencyFigures] = []
    async with _client(server, 1) as client:
        uids = await _users(client)
        feeds: dict[str, list[int]] = {}
        for uid in uids:  # one cold build per user, so that warm reads and expand have a feed
            answered = await expect_ok(client.get(f"/recommendations/{uid}", headers=_as(uid)))
            feeds[uid] = [r["restaurant"]["id"] for r in answered.json()["recommendations"]]
    messages = chat_messages(sum(_requests("chat", clients, scale) for clients in LEVELS))
    offset = 0
    for clients in LEVELS:
        start = offset

        async def chat(client: httpx.AsyncClient, n: int, start: int = start) -> float:
            uid = uids[n % USERS]
            return await chat_until_result(client, uid, messages[(start + n) % len(messages)])

        figures.append(await _level(server, "chat", chat, clients, scale))
        offset += _requests("chat", clients, scale)

    async def cold(client: httpx.AsyncClient, n: int) -> None:
        uid = uids[n % USERS]
        await expect_ok(client.get(f"/recommendations/{uid}?refresh=true", headers=_as(uid)))

    async def warm(client: httpx.AsyncClient, n: int) -> None:
        uid = uids[n % USERS]
        await expect_ok(client.get(f"/recommendations/{uid}", headers=_as(uid)))

    async def expand(client: httpx.AsyncClient, n: int) -> None:
        uid = uids[n % USERS]
        ids = feeds[uid] or [0]
        place = ids[(n // USERS) % len(ids)]
        await expect_ok(client.get(f"/recommendations/{uid}/{place}/expand", headers=_as(uid)))

    for name, call in (("feed cold", cold), ("feed warm", warm), ("expand", expand)):
        for clients in LEVELS:
            figures.append(await _level(server, name, call, clients, scale))
    async with _client(server, 1) as client:
        for uid in uids:
            await client.delete(f"/users/{uid}")
    return figures


def _as(uid: str) -> dict[str, str]:
    return {"X-User-ID": uid}


async def measure_size(
    size: str,
    folder: Path,
    build: Build,
    *,
    scale: float,
    progress: ProgressSink | None,
    workers: int = 1,
) -> SizeFigures:
    info = await prepare(folder, build, progress=progress)
    server = ServerProcess(folder, TOKEN, folder / "speed-server.log", workers=workers)
    await server.start()
    try:
        latency = await _http_levels(server, scale)
        memory = server.memory()
    finally:
        await server.stop()
    async with scratch_runtime(folder, build) as (runtime, _):
        for clients in LEVELS:
            count = _requests("search", clients, scale)
            call = search_call(runtime, SEARCH_CASES)
            latency.append(await run_level("search", call, clients=clients, requests=count))
    return SizeFigures(
        size=size,
        places=int(str(info.get("places", 0))),
        reviews=int(str(info.get("reviews", 0))),
        build=info,
        server_start_seconds=server.started_seconds,
        server_workers=workers,
        latency=latency,
        memory=memory,
        load_average_after=os.getloadavg(),
    )


async def evaluate_speed(
    *,
    full: bool = False,
    shared: Path = Path("../shared/data"),
    scale: float = 1.0,
    replicas: tuple[int, ...] = (),
    sample: bool = True,
    progress: ProgressSink | None = None,
    workers: int = 1,
) -> SpeedReport:
    """`replicas` (e.g. 10, 100) adds the search scaling curve over restaurant_reviews × k, with
    1× first; `sample=False` skips the sample size (to re-measure only the full size)."""
    from kairos.evals.speed_search import full_build, full_files, full_folder

    started = time.perf_counter()
    report_machine = machine()
    sizes = []
    if sample:
        sizes.append(
            await measure_size(
                "sample",
                sample_folder(),
                build_sample,
                scale=scale,
                progress=progress,
                workers=workers,
            )
        )
    if full:
        folder, build = full_folder(shared), full_build(shared)
        sizes.append(
            await measure_size(
                "full", folder, build, scale=scale, progress=progress, workers=workers
            )
        )
    curve = []
    if replicas:
        restaurants, reviews, _ = full_files(shared)
        for k in sorted({1, *replicas}):
            curve.append(await curve_point(restaurants, reviews, k, scale=scale, progress=progress))
    async with scratch_runtime(sample_folder(), build_sample) as (runtime, _):
        embedding = await asyncio.to_thread(embedding_figures, runtime)
    return SpeedReport(
        machine=report_machine,
        embedding=embedding,
        sizes=sizes,
        curve=curve,
        seconds=round(time.perf_counter() - started, 1),
    )


def render_speed_report(report: SpeedReport, console: Console) -> None:
    m = report.machine
    console.print(
        f"machine: {m.cpus} CPUs ({m.cpu_model}), {m.ram_gb} GB RAM, Python {m.python}; "
        f"load average at start {m.load_average_at_start}"
    )
    for size in report.sizes:
        table = Table(
            title=f"{size.size}: {size.places} places, {size.reviews} reviews — "
            f"{size.server_workers} worker(s) ready "
            f"in {size.server_start_seconds:.1f} s; RSS {size.memory.server_rss_mb} MB "
            f"(peak {size.memory.server_peak_rss_mb}), PostgreSQL PSS "
            f"{size.memory.postgres_pss_mb} MB"
        )
        for column in ("workload", "clients", "requests", "errors", "p50 ms", "p95 ms",
                       "p99 ms", "req/s"):  # fmt: skip
            table.add_column(column, justify="left" if column == "workload" else "right")
        for f in size.latency:
            table.add_row(
                f.workload, str(f.clients), str(f.requests), str(f.errors), f"{f.p50_ms:.1f}",
                f"{f.p95_ms:.1f}", f"{f.p99_ms:.1f}", f"{f.throughput_per_s:.1f}",
            )  # fmt: skip
        console.print(table)
        console.print(f"load average after: {size.load_average_after}")
    if report.curve:
        _render_curve(report, console)
    e = report.embedding
    console.print(
        f"query embedding p50 {e['query_p50_ms']:.2f} ms, p95 {e['query_p95_ms']:.2f} ms; "
        f"batch {e['batch_texts_per_s']:.1f} texts/s over {e['batch_texts']:.0f} sample reviews "
        f"({e.get('batch_mean_chars', 0):.0f} characters on average)"
    )


def _render_curve(report: SpeedReport, console: Console) -> None:
    table = Table(title="search scaling curve: restaurant_reviews replicated k× (jittered)")
    for column in ("replicas", "places", "reviews", "clients", "p50 ms", "p95 ms", "p99 ms",
                   "req/s", "vector strategy", "ingest reviews/s"):  # fmt: skip
        table.add_column(column, justify="right")
    for point in report.curve:
        for f in point.search:
            strategies = ", ".join(f"{k} {v}" for k, v in sorted(point.strategies.items()))
            table.add_row(
                f"{point.replicas}×", str(point.places), str(point.reviews), str(f.clients),
                f"{f.p50_ms:.1f}", f"{f.p95_ms:.1f}", f"{f.p99_ms:.1f}",
                f"{f.throughput_per_s:.1f}", strategies,
                str(point.build.get("ingest_reviews_per_s", "")),
            )  # fmt: skip
    console.print(table)


__all__ = ["SpeedReport", "evaluate_speed", "render_speed_report"]
