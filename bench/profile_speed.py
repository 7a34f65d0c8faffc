"""Where a chat turn's and a search's time goes at full size (issue 12, item 11).

    .venv/bin/python bench/profile_speed.py [--shared ../shared/data] [--turns 60] [--json]

Opens the speed suite's full-size scratch catalog in-process (build it first with
`kairos eval speed --full`), wraps the steps of a search and of a chat turn with perf_counter
timers, and runs, one at a time (one client):

- the speed suite's 16 search cases straight on HybridSearch (each twice: the first pass embeds
  the query, the second finds it in the query-vector cache, as a turn's later stages do);
- chat turns through the ASGI app (no network), the speed suite's messages, with the product's
  search cache and the query-vector caches emptied before each turn, so that every turn
  embeds and searches as on a fresh server.

Prints per-stage mean / p50 / p95 in ms, and the share of the total. Stages nest (a search's
arms are inside "search"), so shares do not add up to 100 %.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import statistics
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from kairos.evals.speed import TOKEN, chat_messages
from kairos.evals.speed_search import SEARCH_CASES, full_build, full_folder

Samples = dict[str, list[float]]
_current: dict[str, float] = defaultdict(float)


def timed(owner: Any, attr: str, name: str) -> Callable[[], None]:
    """Wrap `owner.attr` (a coroutine function) so each call adds its wall time to `name`."""
    original = getattr(owner, attr)

    @functools.wraps(original)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await original(*args, **kwargs)
        finally:
            _current[name] += (time.perf_counter() - started) * 1000

    setattr(owner, attr, wrapper)
    return lambda: setattr(owner, attr, original)


def timed_sync(owner: Any, attr: str, name: str) -> Callable[[], None]:
    original = getattr(owner, attr)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            _current[name] += (time.perf_counter() - started) * 1000

    setattr(owner, attr, wrapper)
    return lambda: setattr(owner, attr, original)


@contextmanager
def sample(into: Samples, total: str) -> Iterator[None]:
    _current.clear()
    started = time.perf_counter()
    yield
    _current[total] = (time.perf_counter() - started) * 1000
    for name, ms in _current.items():
        into[name].append(ms)


def instrument() -> list[Callable[[], None]]:
    from kairos.restaurants import chat, product, searching
    from kairos.restaurants.understand import Understand
    from kairos.search import hybrid
    from kairos.store import conversations, places

    undo = []
    h = hybrid.HybridSearch
    undo += [
        timed(h, "search", "search"),
        timed(h, "_embed", "search: embed query"),
        timed(h, "_text_arm", "search: text arm (SQL)"),
        timed(h, "_vector_arm", "search: vector arm"),
        timed(h, "_filtered_reviews", "search: vector arm: filtered count"),
        timed(h, "_ordered_rows", "search: ordered hit rows"),
        timed(h, "_hits", "search: hits (evidence, cards)"),
        timed(h, "_evidence", "search: hits: evidence"),
        timed(h, "_summaries", "search: hits: place rows"),
        timed(h, "_search_in_process", "search: in process (filters, arms, fusion)"),
        timed(h, "_text_ranking", "search: text arm: ranking (in process)"),
        timed(hybrid.CatalogService, "current", "catalog"),
    ]
    if hasattr(h, "_text_in_memory"):  # the in-process text arm (falls back to the SQL one)
        undo.append(timed(h, "_text_in_memory", "search: text arm (in process)"))
    for extra in ("_vector_ids", "_filter_ids"):  # present once the in-memory index is in
        if hasattr(h, extra):
            undo.append(timed(h, extra, f"search: vector arm: {extra.strip('_')}"))
    undo += [
        timed(searching, "search_with_traits", "turn: search with traits"),
        timed(searching.CachedSearch, "__call__", "turn: cached search"),
        timed(Understand, "__call__", "turn: understand"),
        timed(places.PlacesRepository, "records_at", "turn: load places"),
        timed(places.PlacesRepository, "reviews", "turn: load reviews"),
        timed(chat, "guard_places", "turn: guard"),
        timed_sync(chat, "consolidated_review", "turn: quotes (consolidated review)"),
        timed_sync(chat.evaluation, "aspects_for", "turn: aspects"),
        timed(conversations.ConversationStore, "load", "turn: conversation load"),
        timed(conversations.ConversationStore, "save", "turn: conversation save"),
        timed(product.RestaurantProduct, "_turn", "turn: setup"),
    ]
    return undo


def report(title: str, samples: Samples, total: str) -> dict[str, Any]:
    rows = {}
    base = statistics.fmean(samples[total]) if samples.get(total) else 1.0
    for name in sorted(samples, key=lambda n: -statistics.fmean(samples[n])):
        values = sorted(samples[name])
        n = len(samples[total])
        padded = values + [0.0] * (n - len(values))  # calls that did not reach this stage
        padded.sort()
        rows[name] = {
            "calls_with": len(values),
            "mean_ms": round(statistics.fmean(padded), 2),
            "p50_ms": round(padded[len(padded) // 2], 2),
            "p95_ms": round(padded[min(len(padded) - 1, int(0.95 * len(padded)))], 2),
            "share": round(statistics.fmean(padded) / base, 3),
        }
    print(f"\n{title} (n={len(samples.get(total, []))}, load {os.getloadavg()})")
    for name, r in rows.items():
        print(
            f"  {name:45s} mean {r['mean_ms']:7.2f}  p50 {r['p50_ms']:7.2f}  "
            f"p95 {r['p95_ms']:7.2f}  ({r['share'] * 100:5.1f} %)"
        )
    return rows


async def profile(shared: Path, turns: int, rounds: int) -> dict[str, Any]:
    from kairos.api.app import create_app
    from kairos.evals.contract import load_contract_set
    from kairos.evals.scratch import scratch_runtime
    from kairos.settings import get_settings

    os.environ["KAIROS_SERVICE_TOKEN"] = TOKEN
    get_settings.cache_clear()
    folder, build = full_folder(shared), full_build(shared)
    out: dict[str, Any] = {"load_at_start": os.getloadavg()}
    async with scratch_runtime(folder, build) as (runtime, info):
        out["places"], out["reviews"] = info.get("places"), info.get("reviews")
        undo = instrument()
        try:
            searches: Samples = defaultdict(list)
            for query, filters in SEARCH_CASES:  # warm: catalog, lexemes, plans
                await runtime.search.search(query, filters, limit=15)
            runtime.search._vectors.clear()
            for _ in range(rounds):
                runtime.search._vectors.clear()
                texts = getattr(runtime.search, "texts", None)
                if texts is not None and texts.snapshot is not None:
                    texts.snapshot._ranked.clear()  # each round ranks afresh, as it embeds
                for query, filters in SEARCH_CASES:
                    with sample(searches, "total"):
                        await runtime.search.search(query, filters, limit=15)
                for query, filters in SEARCH_CASES:
                    with sample(searches, "total"):
                        await runtime.search.search(query, filters, limit=15)
            out["search"] = report("search (16 cases)", searches, "total")

            app = create_app(runtime.settings, runtime=runtime)
            transport = httpx.ASGITransport(app=app)
            headers = {"X-Service-Token": TOKEN}
            async with httpx.AsyncClient(
                transport=transport, base_url="http://kairos.test", headers=headers
            ) as client:
                profiles = load_contract_set()["profiles"]
                uids = []
                for i in range(8):
                    uid = str(uuid.uuid4())
                    p = profiles[i % len(profiles)]
                    body = {"allergies": p["allergies"], "preferences": p["preferences"]}
                    answered = await client.post(f"/users/{uid}", json=body)
                    assert answered.status_code in (200, 201), answered.text
                    uids.append(uid)
                product = runtime.products["restaurants"]
                messages = chat_messages()
                turn_samples: Samples = defaultdict(list)
                for n in range(turns):
                    await product.search.cache.delete_prefix("")  # type: ignore[attr-defined]
                    runtime.search._vectors.clear()  # every turn embeds, as on a fresh server
                    if runtime.search.vectors.snapshot is not None:
                        runtime.search.vectors.snapshot._best.clear()
                    texts = getattr(runtime.search, "texts", None)
                    if texts is not None and texts.snapshot is not None:
                        texts.snapshot._ranked.clear()
                    uid = uids[n % len(uids)]
                    body = {"message": messages[n % len(messages)], "conversation_history": []}
                    with sample(turn_samples, "total"):
                        answered = await client.post("/chat", json=body, headers={"X-User-ID": uid})
                    assert answered.status_code == 200, answered.text
                    await runtime.drain()
                out["chat"] = report("chat turn (caches emptied)", turn_samples, "total")
                for uid in uids:
                    await client.delete(f"/users/{uid}", headers={"X-User-ID": uid})
        finally:
            for u in undo:
                u()
    out["load_at_end"] = os.getloadavg()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = asyncio.run(profile(args.shared, args.turns, args.rounds))
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
