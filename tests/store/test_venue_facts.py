"""Venue facts read for many places in one statement: check-ins, inspections, price signals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import text

from kairos.ingest.runner import ingest
from kairos.store.venue_facts import VenueFacts
from tests.conftest import REPO

YELP_SMALL = REPO / "tests" / "data" / "yelp_small"


def _row(source: str, source_id: str, level: int | None) -> dict[str, Any]:
    return {
        "restaurant_id": source_id, "source": source, "name": "Priced Twice Noodle Bar",
        "city": "Testville", "cuisines": ["Noodles"], "price_level": level,
        "lat": 40.0001, "lng": -70.0001,
    }  # fmt: skip


async def _ingest_rows(runtime: Any, folder: Path, rows: list[dict[str, Any]]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / "restaurants.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    await ingest(runtime.db, "restaurant_reviews", folder, runtime.embedder)


async def _id_of(runtime: Any, source_id: str) -> int:
    async with runtime.db.session() as session:
        found = await session.execute(
            text("SELECT place_id FROM place_sources WHERE source_id = :id"), {"id": source_id}
        )
        return int(found.scalar_one())


async def test_both_sources_price_levels_survive_merge_and_reingest(
    runtime: Any, tmp_path: Path
) -> None:
    first, second = (
        _row("test_price_a", "test_price_a1", 2),
        _row("test_price_b", "test_price_b1", 3),
    )
    await _ingest_rows(runtime, tmp_path / "a", [first])
    await _ingest_rows(runtime, tmp_path / "b", [second])
    pid = await _id_of(runtime, "test_price_a1")
    assert pid == await _id_of(runtime, "test_price_b1"), "one place, two sources"
    facts = VenueFacts(runtime.db)
    both = {"test_price_a": 2, "test_price_b": 3}
    assert await facts.price_signals(place_ids=[pid]) == {pid: both}
    await _ingest_rows(runtime, tmp_path / "a", [first])
    await _ingest_rows(runtime, tmp_path / "b", [second])
    assert await facts.price_signals(place_ids=[pid]) == {pid: both}
    # a source that stops pricing the place does not erase the other's signal
    await _ingest_rows(runtime, tmp_path / "b", [_row("test_price_b", "test_price_b1", None)])
    assert (await facts.price_signals(place_ids=[pid]))[pid]["test_price_a"] == 2


async def test_price_signal_of_a_place_stored_before_sources_were_kept(
    runtime: Any, tmp_path: Path
) -> None:
    old = {**_row("test_price_old", "test_price_old1", 4), "name": "Priced Once Diner"}
    await _ingest_rows(runtime, tmp_path / "old", [old])
    pid = await _id_of(runtime, "test_price_old1")
    async with runtime.db.session() as session, session.begin():
        await session.execute(
            text("UPDATE places SET price_raw = '{}' WHERE id = :id"), {"id": pid}
        )
    signals = await VenueFacts(runtime.db).price_signals(place_ids=[pid, -1])
    assert signals == {pid: {"test_price_old": 4}}


async def test_yelp_2015_and_newer_yelp_both_price_a_merged_place(runtime: Any) -> None:
    await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    async with runtime.db.session() as session:
        merged = list(
            (
                await session.execute(
                    text(
                        "SELECT place_id FROM place_sources GROUP BY place_id HAVING "
                        "bool_or(source = 'yelp_boston_2015') "
                        "AND bool_or(source = 'yelp_boston_cambridge')"
                    )
                )
            ).scalars()
        )
    assert merged
    signals = await VenueFacts(runtime.db).price_signals(place_ids=merged)
    assert any({"yelp_boston_2015", "yelp_boston_cambridge"} <= set(s) for s in signals.values())


async def test_reads_take_many_places_and_leave_out_unknown_ones(runtime: Any) -> None:
    await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    async with runtime.db.session() as session:
        ids = list(
            (
                await session.execute(
                    text("SELECT DISTINCT place_id FROM venue_inspections ORDER BY place_id")
                )
            ).scalars()
        )
    facts = VenueFacts(runtime.db)
    found = await facts.inspections(place_ids=[*ids, -5])
    assert set(found) == set(ids)
    for rows in found.values():
        keys = [(i.inspected_on, i.source_inspection_id) for i in rows]
        assert keys == sorted(keys, reverse=True)
    assert await facts.checkins(place_ids=[]) == {}
    assert await facts.inspections(place_ids=[-5]) == {}
