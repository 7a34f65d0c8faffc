"""Check-ins and inspections of the Boston 2015 Yelp subset, ingested into the real database."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import text

from kairos.ingest.adapters.yelp_checkins import local_checkins
from kairos.ingest.runner import ingest
from kairos.store.venue_facts import VenueFacts
from tests.conftest import REPO

YELP_SMALL = REPO / "tests" / "data" / "yelp_small"
SOURCE = "yelp_boston_2015"


async def _place_id(runtime: Any, business_id: str) -> int:
    async with runtime.db.session() as session:
        found = await session.execute(
            text("SELECT place_id FROM place_sources WHERE source = :s AND source_id = :id"),
            {"s": SOURCE, "id": business_id},
        )
        return int(found.scalar_one())


async def _table_count(runtime: Any, table: str) -> int:
    async with runtime.db.session() as session:
        return int((await session.execute(text(f"SELECT count(*) FROM {table}"))).scalar_one())


def _first_checkin_row() -> dict[str, Any]:
    first = (YELP_SMALL / "boston_checkin.jsonl").read_text().splitlines()[0]
    return dict(json.loads(first))


def test_checkin_cells_move_from_pacific_hours_to_boston_with_monday_first() -> None:
    cells, bad = local_checkins({"9-0": 2, "23-6": 1, "21-3": 4, "0-0": 1})
    assert bad == []
    assert cells == {(0, 12): 2, (0, 2): 1, (4, 0): 4, (0, 3): 1}


def test_unreadable_checkin_keys_are_reported_and_skipped() -> None:
    cells, bad = local_checkins({"25-1": 1, "x": 1, "3-7": 1, "4-2": -1, "5-2": 3})
    assert cells == {(2, 8): 3}
    assert len(bad) == 4


async def test_yelp_ingest_writes_checkins_and_inspections(runtime: Any) -> None:
    report = await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    assert report.bad_rows == []
    row = _first_checkin_row()
    expected, _ = local_checkins(row["checkin_info"])
    pid = await _place_id(runtime, row["business_id"])
    facts = VenueFacts(runtime.db)
    assert (await facts.checkins(place_ids=[pid]))[pid] == expected
    # 50 real inspections of 17 restaurants, each mapped to one business of the fixture, and
    # one inspection of a restaurant Yelp listed twice, mapped to both.
    assert report.inspections == 52
    twice = [
        await _place_id(runtime, b) for b in ("P5nd7-vewW3i3E9SdeziXQ", "a4bQNqkMT0mgR7Lp3iJYAA")
    ]
    found = await facts.inspections(place_ids=twice)
    for place in twice:
        assert ("900001", date(2014, 3, 2), 2, 1, 0) in [
            (i.source_inspection_id, i.inspected_on, i.minor, i.major, i.severe)
            for i in found[place]
        ]
    # a mapping row with one id outside the business file still maps to the one inside it
    mapped = await _place_id(runtime, "uy4W88iRBhtRKi_SkgEoOg")
    rows = (await facts.inspections(place_ids=[mapped]))[mapped]
    assert {"24647", "8082", "30022"} <= {i.source_inspection_id for i in rows}
    dates = [i.inspected_on for i in rows]
    assert dates == sorted(dates, reverse=True)

    cells, inspections = (
        await _table_count(runtime, "venue_checkins"),
        await _table_count(runtime, "venue_inspections"),
    )
    again = await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    assert again.inspections == 52
    assert (
        await _table_count(runtime, "venue_checkins"),
        await _table_count(runtime, "venue_inspections"),
    ) == (cells, inspections)


async def test_reingest_replaces_a_places_checkins(runtime: Any, tmp_path: Path) -> None:
    folder = tmp_path / "yelp"
    shutil.copytree(YELP_SMALL, folder)
    row = _first_checkin_row()
    lines = (folder / "boston_checkin.jsonl").read_text().splitlines()
    lines[0] = json.dumps({**row, "checkin_info": {"9-5": 7}})
    (folder / "boston_checkin.jsonl").write_text("\n".join(lines) + "\n")
    try:
        await ingest(runtime.db, "yelp", folder, runtime.embedder)
        pid = await _place_id(runtime, row["business_id"])
        assert (await VenueFacts(runtime.db).checkins(place_ids=[pid]))[pid] == {(5, 12): 7}
    finally:
        await ingest(runtime.db, "yelp", YELP_SMALL, runtime.embedder)
    expected, _ = local_checkins(row["checkin_info"])
    assert (await VenueFacts(runtime.db).checkins(place_ids=[pid]))[pid] == expected


async def test_bad_checkin_and_inspection_rows_are_counted(runtime: Any, tmp_path: Path) -> None:
    folder = tmp_path / "yelp"
    shutil.copytree(YELP_SMALL, folder)
    with (folder / "boston_checkin.jsonl").open("a") as handle:
        handle.write('{"checkin_info": {"9-0": 1}, "type": "checkin"}\n')
        handle.write('{"checkin_info": {"25-1": 2}, "business_id": "-H8_P6JiRTyEnCga6omUzQ"}\n')
        handle.write("{not json\n")
    with (folder / "boston_inspection_id_mapping.csv").open("a") as handle:
        handle.write("TESTnone,not_in_the_file,,,\n")
        handle.write(",,,,\n")
    with (folder / "boston_inspections.csv").open("a") as handle:
        handle.write("900002,2014-13-45,TESTtwo1,0,0,0\n")
        handle.write("900003,2014-03-03,TESTtwo1,x,0,0\n")
        handle.write("900004,2014-03-04,TESTtwo1,0,-1,0\n")
        handle.write(",2014-03-04,TESTtwo1,0,0,0\n")
        handle.write("900005,2014-03-04,NOMAPPING,0,0,0\n")
        handle.write("900006,2014-03-04,TESTnone,0,0,0\n")
    report = await ingest(runtime.db, "yelp", folder, runtime.embedder)
    assert report.places_read == 20 and report.inspections == 52
    assert report.bad_reasons() == {
        "checkin: missing business_id": 1,
        "checkin: key out of range '25-1'": 1,
        "not valid JSON (Expecting property name enclosed in double quotes)": 1,
        "mapping: no mapped Yelp id in the business file": 1,
        "mapping: missing restaurant_id or Yelp id": 1,
        "inspection: bad date": 1,
        "inspection: bad violation count": 1,
        "inspection: negative violation count": 1,
        "inspection: missing id": 1,
        "inspection: restaurant_id maps to no known business": 2,
    }


async def test_the_sample_holds_venue_data(runtime: Any) -> None:
    """`make run` on an empty store: check-ins, inspections, two price signals on merged places
    and points of interest in fifteen cities (the eight of the POI sets, and those the notable
    landmarks add: Tokyo, Kyoto, Osaka, Edinburgh, Glasgow, London, Barcelona), with no tip
    embedding left to compute."""
    async with runtime.db.session() as session:
        counts = (
            await session.execute(
                text(
                    "SELECT (SELECT count(DISTINCT place_id) FROM venue_checkins), "
                    "(SELECT count(*) FROM venue_inspections), "
                    "(SELECT count(DISTINCT city) FROM places WHERE attributes ? 'poi'), "
                    "(SELECT count(*) FROM reviews WHERE source = 'yelp_boston_2015_tip' "
                    "AND embedding IS NULL), "
                    "(SELECT count(*) FROM places WHERE jsonb_typeof(price_raw -> 'sources') = "
                    "'object' AND price_raw -> 'sources' ? 'yelp_boston_2015' "
                    "AND price_raw -> 'sources' ? 'yelp_boston_cambridge')"
                )
            )
        ).one()
    checkin_places, inspections, poi_cities, unembedded, two_prices = counts
    assert checkin_places >= 70 and inspections >= 1500
    assert poi_cities == 15 and unembedded == 0
    assert two_prices >= 30
