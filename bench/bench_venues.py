"""Venue planner speed (issue 14): `POST /api/plan` and `WS /api/ws/plan` on a real `kairos serve`.

The catalog is every venue source of `../shared/data` (restaurant_reviews with the metadata-only
Yelp file, yelp Boston 2015 with tips, check-ins and inspections, pois) in one scratch database
built once under `.kairos/eval-cache/venues-<digest>/` with its vibe vectors; `--sample` uses the
app's sample instead. The server runs offline (no keys) with rate limits off (one address).

Measured, sequentially after 5 warm-up plans: N plans over HTTP (client latency; the server's own
`timings_ms.total`), then M plans over the WebSocket (time from sending the request to the first
log line, and to the result). Prompts rotate over activities × the catalog's cities, with and
without groups, budgets, dates and member locations.

Run: .venv/bin/python bench/bench_venues.py [--sample] [--shared DIR] [--requests N]
     [--sockets M] [--out FILE]
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
import websockets
from rich.console import Console
from rich.table import Table

from kairos.evals.scratch import Build, build_sample, sample_folder, scratch_runtime
from kairos.evals.venues_catalogue import VenueFiles, venue_build, venue_folder
from kairos.evals.venues_run import ensure_vibes

TOKEN = "bench-token"
PROMPTS = (
    "cozy dinner in {city} for 6 under $180 this saturday evening",
    "drinks in {city} for 10, lively",
    "brunch in {city} for 4 on sunday",
    "coffee in {city} to work from",
    "romantic dinner in {city} for 2, splurge",
    "museum afternoon in {city} for 5",
    "cheap eats in {city} for 8",
    "thai food in {city} for 3 tonight",
)
MEMBERS = [
    {
        "name": "Sam",
        "allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
    },
    {"name": "Ana", "diets": ["vegetarian"]},
]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def _bodies(cities: list[str], count: int) -> list[dict[str, Any]]:
    bodies = []
    for i in range(count):
        body: dict[str, Any] = {
            "prompt": PROMPTS[i % len(PROMPTS)].format(city=cities[i % len(cities)])
        }
        if i % 3 == 0:
            body["members"] = MEMBERS
        bodies.append(body)
    return bodies


async def _catalog(args: argparse.Namespace) -> tuple[Path, dict[str, object]]:
    build: Build
    if args.sample:
        folder, build = sample_folder(), build_sample
    else:
        files = VenueFiles.under(args.shared)
        folder = venue_folder(files)
        build = venue_build(files, folder, None)
    async with scratch_runtime(folder, build) as (runtime, info):
        info = dict(info)
        info["vibes_computed_now"] = await ensure_vibes(runtime)
        async with runtime.db.reading() as session:
            from sqlalchemy import text

            counts = (
                await session.execute(
                    text(
                        "SELECT (SELECT count(*) FROM places), (SELECT count(*) FROM reviews), "
                        "(SELECT count(*) FROM venue_vibes), "
                        "(SELECT count(*) FROM venue_checkins), "
                        "(SELECT count(*) FROM venue_inspections)"
                    )
                )
            ).one()
            (
                info["places"],
                info["texts"],
                info["vibe_vectors"],
                info["checkin_rows"],
                info["inspections"],
            ) = map(int, counts)
            cities = await session.execute(
                text(
                    "SELECT lower(city) FROM places WHERE city IS NOT NULL GROUP BY lower(city) "
                    "ORDER BY count(*) DESC LIMIT 6"
                )
            )
            info["cities"] = [r[0] for r in cities]
    return folder, info


async def _http(base: str, token: str, bodies: list[dict[str, Any]]) -> dict[str, Any]:
    client_ms, server_ms = [], []
    async with httpx.AsyncClient(
        base_url=base, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        for body in bodies[:5]:
            (await client.post("/api/plan", json=body)).raise_for_status()
        for body in bodies:
            started = time.perf_counter()
            response = await client.post("/api/plan", json=body)
            client_ms.append((time.perf_counter() - started) * 1000)
            response.raise_for_status()
            server_ms.append(response.json()["timings_ms"]["total"])
    return {
        "n": len(client_ms),
        "p50_ms": _percentile(client_ms, 0.5),
        "p95_ms": _percentile(client_ms, 0.95),
        "max_ms": round(max(client_ms), 1),
        "server_p50_ms": _percentile(server_ms, 0.5),
        "server_p95_ms": _percentile(server_ms, 0.95),
    }


async def _sockets(base: str, token: str, bodies: list[dict[str, Any]]) -> dict[str, Any]:
    first, done = [], []
    url = base.replace("http://", "ws://") + f"/api/ws/plan?access_token={token}"
    for body in bodies:
        async with websockets.connect(url) as socket:
            started = time.perf_counter()
            await socket.send(json.dumps(body))
            first_log = None
            async for raw in socket:
                message = json.loads(raw)
                if first_log is None and message["type"] == "log":
                    first_log = (time.perf_counter() - started) * 1000
                if message["type"] in ("result", "error"):
                    assert message["type"] == "result", message
                    done.append((time.perf_counter() - started) * 1000)
                    break
            assert first_log is not None
            first.append(first_log)
    return {
        "n": len(first),
        "first_log_p50_ms": _percentile(first, 0.5),
        "first_log_p95_ms": _percentile(first, 0.95),
        "result_p50_ms": _percentile(done, 0.5),
        "result_p95_ms": _percentile(done, 0.95),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--sockets", type=int, default=30)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, run as a file
    from tests.serving import kairos_serve

    console = Console()
    folder, info = asyncio.run(_catalog(args))
    cities = [str(c) for c in info["cities"]]  # type: ignore[attr-defined]
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
        uid = str(uuid.uuid4())
        auth = {"X-Service-Token": TOKEN}
        httpx.post(f"{base}/users/{uid}", json={}, headers=auth, timeout=30).raise_for_status()
        token = httpx.post(f"{base}/users/{uid}/tokens", json={}, headers=auth, timeout=30).json()[
            "token"
        ]
        http = asyncio.run(_http(base, token, _bodies(cities, args.requests)))
        sockets = asyncio.run(_sockets(base, token, _bodies(list(reversed(cities)), args.sockets)))
    result = {
        "machine": {
            "cpus": os.cpu_count(),
            "load_before": load_before,
            "load_after": os.getloadavg(),
        },
        "catalog": {
            k: info[k]
            for k in ("places", "texts", "vibe_vectors", "checkin_rows", "inspections", "cities")
        },
        "http": http,
        "websocket": sockets,
    }
    table = Table(
        title=f"venue planner, {info['places']} places ({'sample' if args.sample else args.shared})"
    )
    for column in ("what", "n", "p50 ms", "p95 ms"):
        table.add_column(column, justify="right")
    table.add_row(
        "POST /api/plan (client)", str(http["n"]), str(http["p50_ms"]), str(http["p95_ms"])
    )
    table.add_row(
        "  server total", str(http["n"]), str(http["server_p50_ms"]), str(http["server_p95_ms"])
    )
    table.add_row(
        "WS first log",
        str(sockets["n"]),
        str(sockets["first_log_p50_ms"]),
        str(sockets["first_log_p95_ms"]),
    )
    table.add_row(
        "WS result", str(sockets["n"]), str(sockets["result_p50_ms"]), str(sockets["result_p95_ms"])
    )
    console.print(table)
    console.print(f"load average before {load_before}, after {os.getloadavg()}")
    if args.out:
        args.out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
