"""Operator assistant speed (issue 15): `POST /operator/chat` on a real `kairos serve`.

The catalog is every venue source of `../shared/data` (the scratch database `bench_venues.py`
builds, with check-ins, inspections and opening hours) or, with `--sample`, the app's sample.
The server runs offline (no keys) with rate limits off.

Measured, sequentially after 5 warm-up sessions: N new sessions, each a first message naming a
catalog place, a baseline and a window, read as a stream (time to the first `thinking` event
and to the `result`: the first insight), then a correction and a "why?" in the same session
(JSON). Sources are served from the shared signal cache after their first fetch, as in use.

Run: .venv/bin/python bench/bench_operator.py [--sample] [--shared DIR] [--sessions N]
     [--out FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table
from sqlalchemy import text

from kairos.evals.scratch import Build, build_sample, sample_folder, scratch_runtime
from kairos.evals.venues_catalogue import VenueFiles, venue_build, venue_folder

TOKEN = "bench-token"
CARDS = ("staffing", "risk", "opportunity")
WHEN = ("this weekend", "next week", "on Friday", "tomorrow")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


async def _catalog(args: argparse.Namespace) -> tuple[Path, dict[str, Any]]:
    build: Build
    if args.sample:
        folder, build = sample_folder(), build_sample
    else:
        files = VenueFiles.under(args.shared)
        folder = venue_folder(files)
        build = venue_build(files, folder, None)
    async with scratch_runtime(folder, build) as (runtime, _), runtime.db.reading() as session:
        counts = (
            await session.execute(
                text(
                    "SELECT (SELECT count(*) FROM places), (SELECT count(*) FROM reviews), "
                    "(SELECT count(DISTINCT place_id) FROM venue_checkins)"
                )
            )
        ).one()
        rows = await session.execute(
            text(
                "SELECT name, city FROM places WHERE review_count > 0 AND city IS NOT NULL "
                "AND name ~ '^[A-Z]' ORDER BY review_count DESC, id LIMIT 200"
            )
        )
        places = [(r.name, r.city) for r in rows]
    info = {"places": counts[0], "reviews": counts[1], "places_with_checkins": counts[2]}
    return folder, {**info, "named": places}


def _first_message(i: int, place: tuple[str, str]) -> dict[str, Any]:
    covers = 100 + 20 * (i % 8)
    return {
        "message": f"I run {place[0]} in {place[1]}, usually {covers} covers on a Friday. "
        f"What should I do {WHEN[i % len(WHEN)]}?",
        "card": CARDS[i % len(CARDS)],
    }


async def _sessions(base: str, places: list[tuple[str, str]], count: int) -> dict[str, Any]:
    first_event, first_insight, follow_ups = [], [], []
    auth = {"X-Service-Token": TOKEN}
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        uid = str(uuid.uuid4())
        (await client.post(f"/users/{uid}", json={}, headers=auth)).raise_for_status()
        headers = {**auth, "X-User-ID": uid}
        for i in range(count + 5):
            body = _first_message(i, places[i % len(places)])
            started = time.perf_counter()
            seen_first, session_id = None, None
            async with client.stream(
                "POST", "/operator/chat", json=body, headers=headers
            ) as response:
                response.raise_for_status()
                event = None
                async for line in response.aiter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                        if seen_first is None:
                            seen_first = (time.perf_counter() - started) * 1000
                    elif line.startswith("data: ") and event == "result":
                        session_id = json.loads(line[6:])["session_id"]
                        done = (time.perf_counter() - started) * 1000
                    elif line.startswith("data: ") and event == "error":
                        raise RuntimeError(line)
            if i < 5:
                continue  # warm-up
            assert seen_first is not None and session_id is not None
            first_event.append(seen_first)
            first_insight.append(done)
            for message in ("actually more like 150 covers", "why?"):
                started = time.perf_counter()
                reply = await client.post(
                    "/operator/chat",
                    json={"message": message, "session_id": session_id},
                    headers={**headers, "Accept": "application/json"},
                )
                reply.raise_for_status()
                follow_ups.append((time.perf_counter() - started) * 1000)
    return {
        "sessions": len(first_insight),
        "first_event_p50_ms": _percentile(first_event, 0.5),
        "first_event_p95_ms": _percentile(first_event, 0.95),
        "first_insight_p50_ms": _percentile(first_insight, 0.5),
        "first_insight_p95_ms": _percentile(first_insight, 0.95),
        "follow_up_p50_ms": _percentile(follow_ups, 0.5),
        "follow_up_p95_ms": _percentile(follow_ups, 0.95),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--sessions", type=int, default=60)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, run as a file
    from tests.serving import kairos_serve

    console = Console()
    folder, info = asyncio.run(_catalog(args))
    env = {
        "KAIROS_ENV": "test",
        "KAIROS_DATA_DIR": str(folder),
        "KAIROS_AUTO_INGEST_SAMPLE": "false",
        "KAIROS_LOG_LEVEL": "WARNING",
        "KAIROS_SERVICE_TOKEN": TOKEN,
        "KAIROS_CHAT_LIMIT_PER_USER": "0",
        "KAIROS_CHAT_LIMIT_PER_ADDRESS": "0",
    }
    load_before = os.getloadavg()
    with kairos_serve(env, ready_within=180) as base:
        measured = asyncio.run(_sessions(base, info["named"], args.sessions))
    catalog = {k: v for k, v in info.items() if k != "named"}
    result = {
        "machine": {"cpus": os.cpu_count(), "load_before": load_before,
                    "load_after": os.getloadavg()},
        "catalog": catalog,
        "operator": measured,
    }  # fmt: skip
    table = Table(title=f"operator assistant, {catalog['places']} places "
                        f"({'sample' if args.sample else args.shared})")  # fmt: skip
    for column in ("what", "p50 ms", "p95 ms"):
        table.add_column(column, justify="right")
    m = measured
    table.add_row("first event (thinking)", str(m["first_event_p50_ms"]),
                  str(m["first_event_p95_ms"]))  # fmt: skip
    table.add_row("first insight (result)", str(m["first_insight_p50_ms"]),
                  str(m["first_insight_p95_ms"]))  # fmt: skip
    table.add_row("follow-up (JSON)", str(m["follow_up_p50_ms"]), str(m["follow_up_p95_ms"]))
    console.print(table)
    console.print(f"{m['sessions']} sessions; load average before {load_before}, after "
                  f"{os.getloadavg()}")  # fmt: skip
    if args.out:
        args.out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
