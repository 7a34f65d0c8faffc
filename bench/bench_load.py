"""Load and fault benchmark (issue 10): a real `kairos serve` on 127.0.0.1, driven from outside.

Phases, in order, against one server process:

1. chat: N concurrent SSE chat streams (one per user, all opened at once), each read to its end
   event; errors by kind, time to the first event and to the end event, turns per second;
2. feed: R feed reads at concurrency C (closed loop, users rotated; each user's first read
   builds its feed, later ones are today's cached feed);
3. writes: U users x M concurrent writers, each writer owning one key (preferences `vibes`,
   preferences `cuisine_affinity`, or adding its own custom allergy entries) and sending K partial
   PATCHes; afterwards every acknowledged write must be in the stored profile;
4. kill: steady reads and acknowledged writes while the embedded PostgreSQL's postmaster is
   SIGKILLed; statuses while it is down (503 problem bodies expected, no other 5xx), seconds
   until `/ready` answers 200 again (the service itself is not restarted), acknowledged writes
   lost (must be 0).

Memory: the server's RSS and the embedded PostgreSQL's processes (RSS summed, and PSS, which
splits shared buffers instead of counting them once per backend) before, at peak and after each
phase, sampled every 0.25 s.

Credentials are what a deployment uses: the service token for `/users/...`, a user token from
`POST /users/{uid}/tokens` for chat and feed. The server runs with `KAIROS_ENV=production` and
the chat rate limits OFF (`KAIROS_CHAT_LIMIT_PER_USER=0`, `KAIROS_CHAT_LIMIT_PER_ADDRESS=0`):
every stream comes from one address, and the limits are not what is measured here.

Loopback only; every phase has a time limit and the whole run a deadline (`--time-limit`).

Run: .venv/bin/python bench/bench_load.py [--sample | --data-dir DIR] [--quick] [--out FILE]

`--sample` (the default) serves a fresh scratch data folder that ingests the committed sample
on start and is deleted afterwards. `--data-dir DIR` serves an existing, already ingested data
folder (users are added to it, and its database is killed once).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import signal
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import asyncpg
import httpx
from pydantic import BaseModel
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from kairos.evals.contract import load_contract_set
from kairos.evals.speed import Machine, chat_messages, machine
from kairos.evals.speed_load import percentile
from kairos.evals.speed_server import ServerProcess
from kairos.store.postmaster import leftover_processes, read_postmaster, running_postmaster

REPO = Path(__file__).resolve().parents[1]
RECOVERY_LIMIT_SECONDS = 30.0
SAMPLE_EVERY_SECONDS = 0.25
EPOCH = time.perf_counter()


# ---------------------------------------------------------------- configuration and results


@dataclass(frozen=True)
class Plan:
    streams: int = 200
    feed_reads: int = 1000
    feed_concurrency: int = 50
    write_users: int = 20
    writers_per_user: int = 4
    writes_per_writer: int = 10
    kill_readers: int = 8
    kill_writers: int = 4
    kill_warmup_seconds: float = 2.0
    kill_after_seconds: float = 3.0
    request_timeout: float = 60.0
    phase_limit_seconds: float = 300.0

    @classmethod
    def quick(cls) -> Plan:
        """Small counts for the smoke test: every phase runs, none takes long."""
        return cls(
            streams=6,
            feed_reads=20,
            feed_concurrency=4,
            write_users=2,
            writers_per_user=4,
            writes_per_writer=3,
            kill_readers=2,
            kill_writers=2,
            kill_warmup_seconds=0.5,
            kill_after_seconds=0.5,
            phase_limit_seconds=90.0,
        )


class MemoryFigures(BaseModel):
    server_rss_mb_before: float
    server_rss_mb_peak: float
    server_rss_mb_after: float
    postgres_rss_mb_before: float
    postgres_rss_mb_peak: float
    postgres_rss_mb_after: float
    postgres_pss_mb_before: float
    postgres_pss_mb_peak: float
    postgres_pss_mb_after: float
    postgres_processes_peak: int


class PhaseFigures(BaseModel):
    phase: str
    requests: int
    ok: int
    errors: int
    errors_by_kind: dict[str, int]
    p50_ms: float
    p95_ms: float
    throughput_per_s: float
    seconds: float
    extra: dict[str, Any] = {}
    ready_statuses: dict[int, int] = {}
    health_statuses: dict[int, int] = {}
    memory: MemoryFigures | None = None
    load_average_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_average_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    passed: bool = True
    failures: list[str] = []


class LoadReport(BaseModel):
    machine: Machine
    data: dict[str, Any]
    settings: dict[str, str]
    server_start_seconds: float
    phases: list[PhaseFigures]
    log: dict[str, int]
    passed: bool
    seconds: float


# ---------------------------------------------------------------- the server and its memory


class BenchServer(ServerProcess):
    """`kairos serve` as deployed: production settings, chat rate limits off for the bench."""

    RATE_LIMITS_OFF: ClassVar[dict[str, str]] = {
        "KAIROS_CHAT_LIMIT_PER_USER": "0",
        "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
    }

    def __init__(self, data_dir: Path, token: str, log_path: Path, *, ingest_sample: bool) -> None:
        super().__init__(data_dir, token, log_path)
        self.ingest_sample = ingest_sample

    def env(self) -> dict[str, str]:
        env = super().env()
        env.update(
            KAIROS_ENV="production",
            KAIROS_AUTO_INGEST_SAMPLE="true" if self.ingest_sample else "false",
            KAIROS_SAMPLE_DIR=str(REPO / "data" / "sample"),
            KAIROS_LOG_LEVEL="INFO",
            **self.RATE_LIMITS_OFF,
        )
        return env

    @property
    def pid(self) -> int:
        return self.process.pid if self.process else 0

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    @property
    def pgdata(self) -> Path:
        return self.data_dir / "pg"


def _proc_kb(path: str, field_name: str) -> int:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


@dataclass
class MemorySample:
    server_rss_mb: float
    postgres_rss_mb: float
    postgres_pss_mb: float
    postgres_processes: int


def memory_sample(server: BenchServer) -> MemorySample:
    pids = leftover_processes(server.pgdata)
    rss = sum(_proc_kb(f"/proc/{pid}/status", "VmRSS") for pid in pids)
    pss = sum(_proc_kb(f"/proc/{pid}/smaps_rollup", "Pss") for pid in pids)
    return MemorySample(
        server_rss_mb=round(_proc_kb(f"/proc/{server.pid}/status", "VmRSS") / 1024, 1),
        postgres_rss_mb=round(rss / 1024, 1),
        postgres_pss_mb=round(pss / 1024, 1),
        postgres_processes=len(pids),
    )


@contextlib.asynccontextmanager
async def watched_memory(server: BenchServer) -> AsyncIterator[list[MemorySample]]:
    """Samples the memory every `SAMPLE_EVERY_SECONDS` while the block runs: first = before,
    last = after."""
    samples = [await asyncio.to_thread(memory_sample, server)]
    stop = asyncio.Event()

    async def sample() -> None:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), SAMPLE_EVERY_SECONDS)
            samples.append(await asyncio.to_thread(memory_sample, server))

    task = asyncio.create_task(sample())
    try:
        yield samples
    finally:
        stop.set()
        await task


@contextlib.asynccontextmanager
async def watched_probes(base_url: str) -> AsyncIterator[tuple[Counter[int], Counter[int]]]:
    """`/ready` and `/health` statuses every 0.5 s while the block runs, on a connection of
    their own (as a load balancer and an orchestrator ask); a transport failure counts as 0."""
    ready, health = Counter[int](), Counter[int]()
    stop = asyncio.Event()

    async def probe() -> None:
        async with httpx.AsyncClient(base_url=base_url, timeout=10.0) as client:
            while not stop.is_set():
                for path, seen in (("/ready", ready), ("/health", health)):
                    try:
                        seen[(await client.get(path)).status_code] += 1
                    except httpx.HTTPError:
                        seen[0] += 1
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), 0.5)

    task = asyncio.create_task(probe())
    try:
        yield ready, health
    finally:
        stop.set()
        await task


def memory_figures(samples: list[MemorySample]) -> MemoryFigures:
    first, last = samples[0], samples[-1]
    return MemoryFigures(
        server_rss_mb_before=first.server_rss_mb,
        server_rss_mb_peak=max(s.server_rss_mb for s in samples),
        server_rss_mb_after=last.server_rss_mb,
        postgres_rss_mb_before=first.postgres_rss_mb,
        postgres_rss_mb_peak=max(s.postgres_rss_mb for s in samples),
        postgres_rss_mb_after=last.postgres_rss_mb,
        postgres_pss_mb_before=first.postgres_pss_mb,
        postgres_pss_mb_peak=max(s.postgres_pss_mb for s in samples),
        postgres_pss_mb_after=last.postgres_pss_mb,
        postgres_processes_peak=max(s.postgres_processes for s in samples),
    )


# ---------------------------------------------------------------- users and credentials


@dataclass
class User:
    uid: str
    token: str

    @property
    def bearer(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


async def _ok(response: Awaitable[httpx.Response], *expected: int) -> httpx.Response:
    answered = await response
    if answered.status_code not in expected:
        raise RuntimeError(
            f"{answered.request.method} {answered.request.url.path} answered "
            f"{answered.status_code}: {answered.text[:300]}"
        )
    return answered


async def create_users(service: httpx.AsyncClient, count: int, *, profiles: bool) -> list[User]:
    """Users (with the contract set's profiles when `profiles`) and a user token each."""
    shapes = load_contract_set()["profiles"]
    gate = asyncio.Semaphore(16)

    async def one(index: int) -> User:
        uid = str(uuid.uuid4())
        shape = shapes[index % len(shapes)]
        body = (
            {"allergies": shape["allergies"], "preferences": shape["preferences"]}
            if profiles
            else {}
        )
        async with gate:
            await _ok(service.post(f"/users/{uid}", json=body), 201)
            issued = await _ok(service.post(f"/users/{uid}/tokens", json={}), 201)
        return User(uid, issued.json()["token"])

    return list(await asyncio.gather(*(one(i) for i in range(count))))


# ---------------------------------------------------------------- phase helpers


def status_kind(response: httpx.Response) -> str:
    """`ok`, or what kind of failure a response is; a 503 counts as the outage's own answer only
    with a problem body and `Retry-After`."""
    code = response.status_code
    if code < 400:
        return "ok"
    if code == 503:
        is_problem = "problem+json" in response.headers.get("content-type", "")
        if is_problem and "Retry-After" in response.headers:
            return "503 problem"
        return "503 without problem body or Retry-After"
    return f"http {code}"


def transport_kind(error: Exception) -> str:
    if isinstance(error, httpx.TimeoutException):
        return "timeout"
    return f"transport: {type(error).__name__}"


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)

    def figures(
        self, phase: str, seconds: float, expected: frozenset[str] = frozenset(), **extra: Any
    ) -> PhaseFigures:
        """`expected`: failure kinds listed by kind but not counted as errors (the 503s of an
        outage)."""
        ok = self.kinds["ok"]
        failed = {k: v for k, v in sorted(self.kinds.items()) if k != "ok"}
        return PhaseFigures(
            phase=phase,
            requests=sum(self.kinds.values()),
            ok=ok,
            errors=sum(v for k, v in failed.items() if k not in expected),
            errors_by_kind=failed,
            p50_ms=percentile(self.latencies_ms, 50),
            p95_ms=percentile(self.latencies_ms, 95),
            throughput_per_s=round(ok / seconds, 1) if seconds else 0.0,
            seconds=round(seconds, 2),
            extra=extra,
        )


class Bar:
    """One Rich progress task."""

    def __init__(self, progress: Progress, name: str, total: float | None) -> None:
        self.progress = progress
        self.task: TaskID = progress.add_task(name, total=total)

    def advance(self, amount: float = 1) -> None:
        self.progress.advance(self.task, amount)

    def say(self, text: str) -> None:
        self.progress.update(self.task, description=text)

    def done(self) -> None:
        task = self.progress.tasks[self.task]
        self.progress.update(self.task, total=task.completed or 1, completed=task.completed or 1)


# ---------------------------------------------------------------- 1. chat streams


@dataclass
class StreamOutcome:
    kind: str
    first_event_ms: float | None = None
    end_ms: float | None = None


async def one_stream(client: httpx.AsyncClient, user: User, message: str) -> StreamOutcome:
    headers = {**user.bearer, "Accept": "text/event-stream"}
    body = {"message": message, "conversation_history": []}
    started = time.perf_counter()
    outcome = StreamOutcome("stream ended without an end event")
    event = ""
    try:
        async with client.stream("POST", "/chat", json=body, headers=headers) as response:
            if response.status_code != 200:
                await response.aread()
                return StreamOutcome(status_kind(response))
            async for line in response.aiter_lines():
                if line.startswith("event:"):
                    event = line.removeprefix("event:").strip()
                    if outcome.first_event_ms is None:
                        outcome.first_event_ms = (time.perf_counter() - started) * 1000
                    if event == "result":
                        outcome.kind = "ok"
                        outcome.end_ms = (time.perf_counter() - started) * 1000
                elif line.startswith("data:") and event == "error":
                    title = json.loads(line.removeprefix("data:")).get("title", "?")
                    outcome.kind = f"error event: {title}"
                    outcome.end_ms = (time.perf_counter() - started) * 1000
    except httpx.HTTPError as error:
        outcome.kind = transport_kind(error)
    return outcome


async def phase_chat(
    client: httpx.AsyncClient, users: list[User], plan: Plan, bar: Bar
) -> PhaseFigures:
    messages = chat_messages()
    tally = Tally()
    first: list[float] = []

    async def stream(index: int) -> None:
        outcome = await one_stream(
            client, users[index % len(users)], messages[index % len(messages)]
        )
        tally.kinds[outcome.kind] += 1
        if outcome.first_event_ms is not None:
            first.append(outcome.first_event_ms)
        if outcome.kind == "ok" and outcome.end_ms is not None:
            tally.latencies_ms.append(outcome.end_ms)
        bar.advance()

    started = time.perf_counter()
    await asyncio.gather(*(stream(i) for i in range(plan.streams)))
    seconds = time.perf_counter() - started
    figures = tally.figures(
        "chat streams",
        seconds,
        concurrency=plan.streams,
        first_event_p50_ms=percentile(first, 50),
        first_event_p95_ms=percentile(first, 95),
    )
    if figures.errors:
        figures.passed = False
        figures.failures.append(f"{figures.errors} stream(s) failed: {figures.errors_by_kind}")
    return figures


# ---------------------------------------------------------------- 2. feed reads


async def closed_loop(
    requests: int, concurrency: int, call: Callable[[int], Awaitable[str]], tally: Tally
) -> float:
    """`concurrency` clients, each sending its next request when the last ends; returns the wall
    time. `call` returns the request's kind (`ok` or the failure)."""
    counter = iter(range(requests))

    async def client() -> None:
        for n in counter:
            started = time.perf_counter()
            try:
                kind = await call(n)
            except httpx.HTTPError as error:
                kind = transport_kind(error)
            tally.kinds[kind] += 1
            if kind == "ok":
                tally.latencies_ms.append((time.perf_counter() - started) * 1000)

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(concurrency)))
    return time.perf_counter() - started


async def phase_feed(
    client: httpx.AsyncClient, users: list[User], plan: Plan, bar: Bar
) -> PhaseFigures:
    tally = Tally()
    empty = 0

    async def read(n: int) -> str:
        nonlocal empty
        user = users[n % len(users)]
        response = await client.get(f"/recommendations/{user.uid}", headers=user.bearer)
        bar.advance()
        kind = status_kind(response)
        if kind == "ok" and not response.json().get("recommendations"):
            empty += 1
        return kind

    seconds = await closed_loop(plan.feed_reads, plan.feed_concurrency, read, tally)
    figures = tally.figures(
        "feed reads",
        seconds,
        concurrency=plan.feed_concurrency,
        cold_reads=min(len(users), plan.feed_reads),
        empty_feeds=empty,
    )
    if figures.errors:
        figures.passed = False
        figures.failures.append(f"{figures.errors} read(s) failed: {figures.errors_by_kind}")
    return figures


# ---------------------------------------------------------------- 3. concurrent profile writes


PREFERENCE_KEYS = ("vibes", "cuisine_affinity")


@dataclass
class WriterLedger:
    """What one writer sent and what the service acknowledged. The writer owns one thing of one
    user: a preferences key (it sends the values acknowledged so far plus a new one, as a
    partial PATCH of that key alone), or its own custom allergy entries (it adds one per PATCH
    through `severity`; entries accumulate on the server)."""

    uid: str
    key: str
    name: str
    acknowledged: list[str] = field(default_factory=list)
    attempted: int = 0
    timings: dict[str, tuple[float, float]] = field(default_factory=dict)

    def _request(self, n: int) -> tuple[str, str, dict[str, Any]]:
        if self.key in PREFERENCE_KEYS:
            value = f"{self.name} {n}"
            return value, "", {"preferences": {self.key: [*self.acknowledged, value]}}
        # made-up words (letters and digits) that no lexicon entry matches: stored as written
        value = f"zorblat {self.name} {n}"
        return value, "/allergies", {"severity": {value: "moderate"}}

    def found_in(self, user: dict[str, Any]) -> int:
        if self.key in PREFERENCE_KEYS:
            stored = set(user["preferences"][self.key])
        else:
            stored = set(user["allergies"]["severity"])
        return sum(1 for value in self.acknowledged if value in stored)

    async def write(self, service: httpx.AsyncClient) -> str:
        value, suffix, body = self._request(self.attempted)
        self.attempted += 1
        sent = time.perf_counter()
        try:
            response = await service.patch(f"/users/{self.uid}{suffix}", json=body)
        except httpx.HTTPError as error:
            return transport_kind(error)
        kind = status_kind(response)
        if kind == "ok":
            self.acknowledged.append(value)
            self.timings[value] = (sent, time.perf_counter())
        return kind

    def missing(self, user: dict[str, Any]) -> list[str]:
        if self.key in PREFERENCE_KEYS:
            stored = set(user["preferences"][self.key])
        else:
            stored = set(user["allergies"]["severity"])
        return [value for value in self.acknowledged if value not in stored]


WRITER_KEYS = ("vibes", "cuisine_affinity", "allergies", "allergies")
KILL_WRITER_KEYS = ("vibes", "allergies")
KILL_WRITES_PER_USER = 40


async def lost_writes(
    service: httpx.AsyncClient, ledgers: list[WriterLedger]
) -> tuple[int, int, list[str]]:
    """(acknowledged, found, details of any loss) read back through the API."""
    acknowledged = found = 0
    lost: list[str] = []
    stored: dict[str, dict[str, Any]] = {}
    for ledger in ledgers:
        if ledger.uid not in stored:
            answered = await _ok(service.get(f"/users/{ledger.uid}"), 200)
            stored[ledger.uid] = answered.json()
        here = ledger.found_in(stored[ledger.uid])
        acknowledged += len(ledger.acknowledged)
        found += here
        if here < len(ledger.acknowledged):
            gone = ledger.missing(stored[ledger.uid])
            when = [tuple(round(t - EPOCH, 3) for t in ledger.timings[v]) for v in gone]
            lost.append(f"{ledger.uid} {ledger.key}: {len(gone)} lost {gone} sent/acked {when}")
    return acknowledged, found, lost


async def phase_writes(service: httpx.AsyncClient, plan: Plan, bar: Bar) -> PhaseFigures:
    users = await create_users(service, plan.write_users, profiles=False)
    keys = [WRITER_KEYS[i % len(WRITER_KEYS)] for i in range(plan.writers_per_user)]
    ledgers = [
        WriterLedger(u.uid, key, f"u{i}w{j}")
        for i, u in enumerate(users)
        for j, key in enumerate(keys)
    ]
    tally = Tally()

    async def writer(ledger: WriterLedger) -> None:
        for _ in range(plan.writes_per_writer):
            started = time.perf_counter()
            kind = await ledger.write(service)
            tally.kinds[kind] += 1
            if kind == "ok":
                tally.latencies_ms.append((time.perf_counter() - started) * 1000)
            bar.advance()

    started = time.perf_counter()
    await asyncio.gather(*(writer(ledger) for ledger in ledgers))
    seconds = time.perf_counter() - started
    acknowledged, found, lost = await lost_writes(service, ledgers)
    figures = tally.figures(
        "profile writes",
        seconds,
        users=plan.write_users,
        writers_per_user=plan.writers_per_user,
        writes_per_writer=plan.writes_per_writer,
        acknowledged=acknowledged,
        found=found,
        lost=acknowledged - found,
    )
    if figures.errors:
        figures.passed = False
        figures.failures.append(f"{figures.errors} write(s) refused: {figures.errors_by_kind}")
    if lost:
        figures.passed = False
        figures.failures.append(f"acknowledged writes lost: {lost[:5]}")
    return figures


# ---------------------------------------------------------------- 4. database kill under load


@dataclass
class Outage:
    killed_at: float = 0.0
    old_postmaster: int = 0
    not_ready_seen_at: float | None = None
    ready_again_at: float | None = None
    first_write_after: float | None = None
    health: Counter[int] = field(default_factory=Counter)
    recovered: asyncio.Event = field(default_factory=asyncio.Event)

    def down(self, at: float) -> bool:
        """Whether `at` falls between the kill and /ready answering 200 again."""
        end = self.ready_again_at if self.ready_again_at is not None else float("inf")
        return self.killed_at > 0 and self.killed_at <= at <= end


async def watch_readiness(
    client: httpx.AsyncClient, outage: Outage, stop: asyncio.Event, bar: Bar
) -> None:
    """Polls /ready and /health every 0.1 s once the postmaster has been killed."""
    while not stop.is_set():
        await asyncio.sleep(0.1)
        if not outage.killed_at or outage.ready_again_at is not None:
            continue
        now = time.perf_counter()
        try:
            ready = (await client.get("/ready", timeout=5)).status_code
            outage.health[(await client.get("/health", timeout=5)).status_code] += 1
        except httpx.HTTPError:
            continue
        if ready != 200 and outage.not_ready_seen_at is None:
            outage.not_ready_seen_at = now
            bar.say("kill: database down")
        elif ready == 200 and outage.not_ready_seen_at is not None:
            outage.ready_again_at = now
            outage.recovered.set()
            bar.say(f"kill: ready again after {now - outage.killed_at:.1f} s")


async def phase_kill(
    server: BenchServer,
    client: httpx.AsyncClient,
    service: httpx.AsyncClient,
    readers: list[User],
    plan: Plan,
    bar: Bar,
) -> PhaseFigures:
    writers = await create_users(service, plan.kill_writers, profiles=False)
    ledgers: list[WriterLedger] = []
    created: list[str] = []
    tally, down = Tally(), Counter[str]()
    outage = Outage()
    stop, watch_stop = asyncio.Event(), asyncio.Event()

    def record(kind: str, started: float) -> None:
        tally.kinds[kind] += 1
        if kind == "ok":
            tally.latencies_ms.append((time.perf_counter() - started) * 1000)
        if outage.down(started) or outage.down(time.perf_counter()):
            down[kind] += 1

    async def reader(index: int) -> None:
        user = readers[index % len(readers)]
        n = 0
        while not stop.is_set():
            n += 1
            feed = n % 2 == 1
            started = time.perf_counter()
            try:
                if feed:
                    answered = await client.get(f"/recommendations/{user.uid}", headers=user.bearer)
                else:
                    answered = await service.get(f"/users/{user.uid}")
                kind = status_kind(answered)
            except httpx.HTTPError as error:
                kind = transport_kind(error)
            record(kind, started)
            await asyncio.sleep(0.02)

    def ledgers_for(uid: str, index: int) -> list[WriterLedger]:
        mine = [WriterLedger(uid, key, f"k{index}x{len(ledgers)}") for key in KILL_WRITER_KEYS]
        ledgers.extend(mine)
        return mine

    async def writer(index: int) -> None:
        """Its user's vibes and allergies, and a new user per round; after
        `KILL_WRITES_PER_USER` rounds it moves on to one of the users it created (a profile
        holds at most 64 allergy entries)."""
        mine = ledgers_for(writers[index].uid, index)
        own_created: list[str] = []
        while not stop.is_set():
            if mine[0].attempted >= KILL_WRITES_PER_USER and own_created:
                mine = ledgers_for(own_created[-1], index)
            for ledger in mine:
                started = time.perf_counter()
                kind = await ledger.write(service)
                record(kind, started)
                after_kill = outage.killed_at and started > outage.killed_at
                if kind == "ok" and after_kill and outage.first_write_after is None:
                    outage.first_write_after = time.perf_counter()
            new_uid = str(uuid.uuid4())
            started = time.perf_counter()
            try:
                kind = status_kind(await service.post(f"/users/{new_uid}", json={}))
            except httpx.HTTPError as error:
                kind = transport_kind(error)
            record(kind, started)
            if kind == "ok":
                created.append(new_uid)
                own_created.append(new_uid)
            await asyncio.sleep(0.02)

    workers = [asyncio.create_task(reader(i)) for i in range(plan.kill_readers)]
    workers += [asyncio.create_task(writer(i)) for i in range(plan.kill_writers)]
    watcher = asyncio.create_task(watch_readiness(client, outage, watch_stop, bar))
    started = time.perf_counter()
    try:
        await asyncio.sleep(plan.kill_warmup_seconds)
        postmaster = running_postmaster(server.pgdata)
        if postmaster is None:
            raise RuntimeError("the embedded PostgreSQL is not running: nothing to kill")
        outage.old_postmaster = postmaster.pid
        outage.killed_at = time.perf_counter()
        os.kill(postmaster.pid, signal.SIGKILL)  # started by the server this bench started
        bar.say("kill: postmaster killed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(outage.recovered.wait(), 2 * RECOVERY_LIMIT_SECONDS)
        await asyncio.sleep(plan.kill_after_seconds)
    finally:
        stop.set()
        watch_stop.set()
        await asyncio.gather(*workers, watcher)
    seconds = time.perf_counter() - started
    bar.advance()

    acknowledged, found, lost = await lost_writes(service, ledgers)
    missing_users = 0
    for uid in created:
        if (await service.get(f"/users/{uid}")).status_code != 200:
            missing_users += 1
    new_postmaster = read_postmaster(server.pgdata)
    recovery = round(outage.ready_again_at - outage.killed_at, 2) if outage.ready_again_at else None
    first_write = (
        round(outage.first_write_after - outage.killed_at, 2) if outage.first_write_after else None
    )
    figures = tally.figures(
        "database kill",
        seconds,
        expected=frozenset({"503 problem"}),
        readers=plan.kill_readers,
        writers=plan.kill_writers,
        statuses_while_down=dict(sorted(down.items())),
        ready_again_after_s=recovery,
        first_acknowledged_write_after_s=first_write,
        health_while_down=dict(sorted(outage.health.items())),
        service_restarted=not server.alive,
        postmaster_before=outage.old_postmaster,
        killed_at=round(outage.killed_at - EPOCH, 3),
        not_ready_seen_at=round((outage.not_ready_seen_at or EPOCH) - EPOCH, 3),
        ready_again_at=round((outage.ready_again_at or EPOCH) - EPOCH, 3),
        postmaster_after=new_postmaster.pid if new_postmaster else None,
        acknowledged=acknowledged + len(created),
        found=found + len(created) - missing_users,
        lost=acknowledged - found + missing_users,
    )
    bad = {k: v for k, v in tally.kinds.items() if k not in ("ok", "503 problem")}
    if bad:
        figures.failures.append(f"answers other than 2xx or a 503 problem body: {bad}")
    if down.get("503 problem", 0) == 0:
        figures.failures.append("no request met the outage: the phase did not test it")
    if recovery is None or recovery > RECOVERY_LIMIT_SECONDS:
        figures.failures.append(f"not ready again within {RECOVERY_LIMIT_SECONDS:.0f} s")
    if not server.alive:
        figures.failures.append("the service process itself ended")
    if lost or missing_users:
        figures.failures.append(f"acknowledged writes lost: {lost[:5]}, users {missing_users}")
    if set(outage.health) - {200}:
        figures.failures.append(f"/health failed within the grace period: {outage.health}")
    figures.passed = not figures.failures
    return figures


# ---------------------------------------------------------------- the run


@contextlib.contextmanager
def data_folder(given: Path | None, keep: bool) -> Iterator[tuple[Path, bool]]:
    """(folder, ingest the sample?): the given folder, or a fresh scratch one under /tmp (short
    paths keep PostgreSQL's socket inside it), deleted afterwards unless `keep`."""
    if given is not None:
        yield given.resolve(), False
        return
    folder = Path(tempfile.mkdtemp(prefix="kairos-load-"))
    try:
        yield folder, True
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


async def catalog_size(server: BenchServer) -> dict[str, Any]:
    """Rows in the served store, read over the embedded server's own socket."""
    postmaster = read_postmaster(server.pgdata)
    if postmaster is None or postmaster.socket_dir is None:
        return {}
    connection = await asyncpg.connect(
        host=str(postmaster.socket_dir), port=postmaster.port, user="postgres", database="kairos"
    )
    try:
        counts = {}
        for table in ("places", "reviews", "users"):
            counts[table] = int(await connection.fetchval(f"SELECT count(*) FROM {table}"))
        return counts
    finally:
        await connection.close()


def log_figures(log_path: Path) -> dict[str, int]:
    text = log_path.read_text(errors="replace")
    return {
        "bytes": len(text.encode()),
        "tracebacks": text.count("Traceback"),
        "outage_started_lines": text.count("database unreachable ("),
        "database_restarted_lines": text.count("started it again"),
        "reachable_again_lines": text.count("database reachable again after"),
    }


async def run(
    plan: Plan, data_dir: Path | None, keep: bool, console: Console, time_limit: float
) -> LoadReport:
    started = time.perf_counter()
    report_machine = machine()
    token = secrets.token_urlsafe(36)
    with data_folder(data_dir, keep) as (folder, ingest):
        server = BenchServer(folder, token, folder / "bench-load-server.log", ingest_sample=ingest)
        console.print(f"starting kairos serve on {folder} (log {server.log_path}) …")
        await server.start()
        data: dict[str, Any] = {"data_dir": str(folder), "sample": ingest}
        phases: list[PhaseFigures] = []
        try:
            data["before"] = await catalog_size(server)
            async with asyncio.timeout(time_limit):
                phases = await _phases(server, plan, console)
        finally:
            await server.stop()
            _stop_leftover_postmaster(server)
        log = log_figures(server.log_path)
    for phase in phases:
        if phase.phase != "database kill":
            continue
        if log["tracebacks"]:
            phase.failures.append(f"{log['tracebacks']} traceback(s) in the server log")
        if log["outage_started_lines"] != 1:
            phase.failures.append(
                f"the log reports {log['outage_started_lines']} database outages; one was caused"
            )
        phase.passed = not phase.failures
    return LoadReport(
        machine=report_machine,
        data=data,
        settings={"KAIROS_ENV": "production", **BenchServer.RATE_LIMITS_OFF},
        server_start_seconds=server.started_seconds,
        phases=phases,
        log=log,
        passed=all(p.passed for p in phases),
        seconds=round(time.perf_counter() - started, 1),
    )


def _stop_leftover_postmaster(server: BenchServer) -> None:
    """The server stops its database on exit; if it died instead, stop the postmaster it
    started (found by its data folder, never by name)."""
    running = running_postmaster(server.pgdata)
    if running is not None and not server.alive:
        os.kill(running.pid, signal.SIGINT)
        deadline = time.monotonic() + 15
        while running_postmaster(server.pgdata) is not None and time.monotonic() < deadline:
            time.sleep(0.1)


async def _phases(server: BenchServer, plan: Plan, console: Console) -> list[PhaseFigures]:
    # idle connections are dropped before uvicorn closes them (its keep-alive is 5 s): reusing
    # one the server is closing at that moment is a client-side race, not a server failure
    limits = httpx.Limits(
        max_connections=plan.streams + 64, max_keepalive_connections=256, keepalive_expiry=2.0
    )
    timeout = httpx.Timeout(plan.request_timeout)
    auth = {"X-Service-Token": server.token}
    async with (
        httpx.AsyncClient(base_url=server.base_url, limits=limits, timeout=timeout) as client,
        httpx.AsyncClient(
            base_url=server.base_url, headers=auth, limits=limits, timeout=timeout
        ) as service,
    ):
        users = await create_users(service, plan.streams, profiles=True)
        phases: list[PhaseFigures] = []
        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.completed:.0f}/{task.total:.0f}"),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=console, transient=False) as progress:
            steps: list[tuple[str, float, Callable[[Bar], Awaitable[PhaseFigures]]]] = [
                ("chat streams", plan.streams, lambda b: phase_chat(client, users, plan, b)),
                ("feed reads", plan.feed_reads, lambda b: phase_feed(client, users, plan, b)),
                (
                    "profile writes",
                    plan.write_users * plan.writers_per_user * plan.writes_per_writer,
                    lambda b: phase_writes(service, plan, b),
                ),
                (
                    "database kill",
                    1,
                    lambda b: phase_kill(server, client, service, users, plan, b),
                ),
            ]
            for name, total, step in steps:
                bar = Bar(progress, name, total)
                load_before = os.getloadavg()
                async with (
                    watched_memory(server) as samples,
                    watched_probes(server.base_url) as (ready, health),
                    asyncio.timeout(plan.phase_limit_seconds),
                ):
                    figures = await step(bar)
                figures.memory = memory_figures(samples)
                figures.ready_statuses = dict(sorted(ready.items()))
                figures.health_statuses = dict(sorted(health.items()))
                if name != "database kill" and set(ready) | set(health) != {200}:
                    figures.passed = False
                    figures.failures.append(
                        f"/ready {figures.ready_statuses}, /health {figures.health_statuses} "
                        "with the database up: load taken for an outage"
                    )
                figures.load_average_before = load_before
                figures.load_average_after = os.getloadavg()
                bar.done()
                phases.append(figures)
        return phases


# ---------------------------------------------------------------- output


def render(report: LoadReport, console: Console) -> None:
    m = report.machine
    console.print(
        f"machine: {m.cpus} CPUs ({m.cpu_model}), {m.ram_gb} GB RAM, Python {m.python}; "
        f"load average at start {m.load_average_at_start}; server ready in "
        f"{report.server_start_seconds} s; settings {report.settings}"
    )
    table = Table(title="load and faults")
    for column in ("phase", "requests", "errors", "p50 ms", "p95 ms", "ok/s", "server RSS MB",
                   "PostgreSQL PSS MB", "/ready non-200", "load 1 min", "passed"):  # fmt: skip
        table.add_column(column, justify="left" if column == "phase" else "right")
    for p in report.phases:
        mem = p.memory
        server_mb = (
            f"{mem.server_rss_mb_before:.0f} → {mem.server_rss_mb_peak:.0f} → "
            f"{mem.server_rss_mb_after:.0f}"
            if mem
            else ""
        )
        pg_mb = (
            f"{mem.postgres_pss_mb_before:.0f} → {mem.postgres_pss_mb_peak:.0f} → "
            f"{mem.postgres_pss_mb_after:.0f}"
            if mem
            else ""
        )
        not_ready = sum(v for k, v in p.ready_statuses.items() if k != 200)
        table.add_row(
            p.phase, str(p.requests), str(p.errors), f"{p.p50_ms:.1f}", f"{p.p95_ms:.1f}",
            f"{p.throughput_per_s:.1f}", server_mb, pg_mb,
            f"{not_ready}/{sum(p.ready_statuses.values())}",
            f"{p.load_average_before[0]:.1f} → {p.load_average_after[0]:.1f}",
            "yes" if p.passed else "[red]NO[/red]",
        )  # fmt: skip
    console.print(table)
    for p in report.phases:
        console.print(f"[bold]{p.phase}[/bold]: errors {p.errors_by_kind or 'none'}; {p.extra}")
        for failure in p.failures:
            console.print(f"  [red]FAILED[/red] {failure}")
    console.print(f"server log: {report.log}")
    console.print(f"{'PASSED' if report.passed else 'FAILED'} in {report.seconds} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--sample", action="store_true", help="a fresh folder with the sample")
    where.add_argument(
        "--data-dir",
        type=Path,
        help="an existing, ingested KAIROS_DATA_DIR that no other kairos serve is using "
        "(users are added to it and its database is killed once)",
    )
    parser.add_argument("--quick", action="store_true", help="small counts (smoke test)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder and log")
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "load.json")
    parser.add_argument("--time-limit", type=float, default=900.0, help="seconds for all phases")
    args = parser.parse_args(argv)
    plan = Plan.quick() if args.quick else Plan()
    console = Console()
    if not console.is_terminal:
        console = Console(width=150)
    report = asyncio.run(run(plan, args.data_dir, args.keep, console, args.time_limit))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report.model_dump_json(indent=2))
    render(report, console)
    console.print(f"JSON: {args.out}")
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
