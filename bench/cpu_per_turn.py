"""CPU per chat turn at full size, in process, by thread and by PostgreSQL (issue 12, item 11).

    .venv/bin/python bench/cpu_per_turn.py [--shared ../shared/data] [--turns 80] [--profile F]

Opens the speed suite's full-size scratch catalog (build it first with `kairos eval speed
--full`), serves chat turns through the ASGI app (no network; the in-process httpx client's
own CPU is in the main thread's figure), the speed suite's messages, with the search caches
emptied before each turn so every turn embeds and searches as on a fresh server. Prints CPU
milliseconds per turn of each server thread and of the catalog's PostgreSQL (its postmaster's
processes only), the searches and the statements per turn by kind, and the collector's pauses;
with `--profile`, the main thread's cProfile of the measured turns (read it with pstats). CPU
time, unlike latency, hardly moves with the machine's load: the figure to compare changes by.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import cProfile
import gc
import os
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from kairos.evals.speed import TOKEN, chat_messages
from kairos.evals.speed_search import full_build, full_folder
from kairos.store.postmaster import read_postmaster

TICK = os.sysconf("SC_CLK_TCK")


def _ticks(path: Path) -> int:
    fields = path.read_text().rpartition(")")[2].split()
    return int(fields[11]) + int(fields[12])


def postgres_seconds(postmaster: int) -> float:
    """CPU seconds of the postmaster and its children (other servers on the machine excluded)."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            parent = int((proc / "stat").read_text().rpartition(")")[2].split()[1])
            if int(proc.name) == postmaster or parent == postmaster:
                total += _ticks(proc / "stat")
        except (OSError, ValueError):
            continue
    return total / TICK


def thread_seconds() -> dict[str, float]:
    names = {str(t.native_id): t.name for t in threading.enumerate()}
    out = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            out[names.get(task.name, f"native {task.name}")] = _ticks(task / "stat") / TICK
        except OSError:
            continue
    return out


async def measure(shared: Path, turns: int, profile: Path | None) -> None:
    from sqlalchemy import event

    from kairos.api.app import create_app
    from kairos.evals.contract import load_contract_set
    from kairos.evals.scratch import scratch_runtime
    from kairos.settings import get_settings

    os.environ["KAIROS_SERVICE_TOKEN"] = TOKEN
    os.environ["KAIROS_CHAT_LIMIT_PER_USER"] = "0"  # one client sends every turn
    os.environ["KAIROS_CHAT_LIMIT_PER_ADDRESS"] = "0"
    get_settings.cache_clear()
    folder = full_folder(shared)
    async with scratch_runtime(folder, full_build(shared)) as (runtime, info):
        postmaster = read_postmaster(folder / "pg")
        assert postmaster is not None, "the scratch catalog's PostgreSQL is running"
        app = create_app(runtime.settings, runtime=runtime)
        transport = httpx.ASGITransport(app=app)
        headers = {"X-Service-Token": TOKEN}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://k", headers=headers
        ) as client:
            profiles = load_contract_set()["profiles"]
            uids = []
            for i in range(8):
                uid, p = str(uuid.uuid4()), profiles[i % len(profiles)]
                body = {"allergies": p["allergies"], "preferences": p["preferences"]}
                assert (await client.post(f"/users/{uid}", json=body)).status_code in (200, 201)
                uids.append(uid)
            messages = chat_messages()
            slowest: list[tuple[float, int, int, str]] = []
            searches = {"n": 0, "cpu": 0.0, "wall": 0.0}
            product: Any = runtime.products["restaurants"]

            async def turn(n: int) -> float:
                await product.search.cache.delete_prefix("")
                runtime.search._vectors.clear()
                for snapshot in (runtime.search.vectors.snapshot, runtime.search.texts.snapshot):
                    if snapshot is not None:
                        getattr(snapshot, "_best", getattr(snapshot, "_ranked", {})).clear()
                body = {"message": messages[n % len(messages)], "conversation_history": []}
                searched = searches["n"]
                began = time.perf_counter()
                answered = await client.post("/chat", json=body, headers={"X-User-ID": uids[n % 8]})
                assert answered.status_code == 200, answered.text
                took = (time.perf_counter() - began) * 1000
                slowest.append((took, searches["n"] - searched, n % 8, body["message"]))
                await runtime.drain()
                return took

            for n in range(10):  # warm: parsers, plans, prepared statements
                await turn(n)
            gc.collect()
            gc.freeze()  # as the server does once its products are warm
            statements: collections.Counter[str] = collections.Counter()

            @event.listens_for(runtime.db.engine.sync_engine, "before_cursor_execute")
            def count(_c: Any, _cur: Any, statement: str, *_: Any) -> None:
                statements["SQLAlchemy: " + " ".join(statement.split())[:70]] += 1

            fetched: collections.Counter[str] = collections.Counter()
            plain_fetch = runtime.db.fetch

            async def counted(sql: str, params: Any = None) -> list[Any]:
                fetched["fetch: " + " ".join(sql.split())[:70]] += 1
                return await plain_fetch(sql, params)

            runtime.db.fetch = counted  # type: ignore[method-assign]
            searches.update(n=0, cpu=0.0, wall=0.0)
            slowest.clear()
            plain_search = runtime.search.search

            async def timed_search(*args: Any, **kwargs: Any) -> Any:
                cpu, wall = time.thread_time(), time.perf_counter()
                try:
                    return await plain_search(*args, **kwargs)
                finally:
                    searches["n"] += 1
                    searches["cpu"] += time.thread_time() - cpu
                    searches["wall"] += time.perf_counter() - wall

            runtime.search.search = timed_search  # type: ignore[method-assign]
            pauses: list[float] = []
            started: list[float] = []

            def collector(phase: str, info: dict[str, int]) -> None:
                if phase == "start":
                    started.append(time.perf_counter())
                elif info["generation"] == 2 and started:
                    pauses.append((time.perf_counter() - started.pop()) * 1000)
                elif started:
                    started.pop()

            gc.callbacks.append(collector)
            threads0, pg0, wall0 = (
                thread_seconds(),
                postgres_seconds(postmaster.pid),
                time.perf_counter(),
            )
            profiler = cProfile.Profile() if profile else None
            if profiler is not None:
                profiler.enable()
            latencies = sorted([await turn(n) for n in range(turns)])
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            threads1, pg1 = thread_seconds(), postgres_seconds(postmaster.pid)
            gc.callbacks.remove(collector)
    per_turn = 1000 / turns
    print(f"{turns} turns, {info.get('places')} places, load {os.getloadavg()[0]:.2f}")
    for name, seconds in sorted(threads1.items(), key=lambda kv: threads0.get(kv[0], 0) - kv[1]):
        spent = (seconds - threads0.get(name, 0.0)) * per_turn
        if spent >= 0.05:
            print(f"  {name:<24} {spent:6.1f} ms CPU / turn")
    print(f"  {'PostgreSQL':<24} {(pg1 - pg0) * per_turn:6.1f} ms CPU / turn")
    print(
        f"  wall {(time.perf_counter() - wall0) * per_turn:.1f} ms / turn; latency p50 "
        f"{latencies[len(latencies) // 2]:.1f}, p95 {latencies[int(0.95 * len(latencies))]:.1f} ms"
    )
    print(f"  full collections: {len(pauses)}, longest {max(pauses, default=0):.1f} ms")
    print(f"  statements through SQLAlchemy per turn: {sum(statements.values()) / turns:.2f}")
    for text, n in statements.most_common(8):
        print(f"    {n / turns:5.2f}  {text}")
    print(
        f"  searches per turn {searches['n'] / turns:.2f}: main-thread CPU while searching "
        f"{searches['cpu'] * per_turn:.1f} ms, wall {searches['wall'] * per_turn:.1f} ms / turn"
    )
    print("  slowest turns (ms, searches, user, message):")
    for took, count, user, message in sorted(slowest, reverse=True)[:6]:
        print(f"    {took:6.1f} {count:3d}  u{user} {message[:60]}")
    print(f"  statements through Database.fetch per turn: {sum(fetched.values()) / turns:.2f}")
    for text, n in fetched.most_common(12):
        print(f"    {n / turns:5.2f}  {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--turns", type=int, default=80)
    parser.add_argument("--profile", type=Path, help="also write the main thread's cProfile here")
    args = parser.parse_args()
    asyncio.run(measure(args.shared, args.turns, args.profile))


if __name__ == "__main__":
    main()
