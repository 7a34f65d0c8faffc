"""Check-ins and health inspections of the Boston 2015 Yelp subset, keyed by Yelp business id.

Check-ins (`checkin_info {"hour-day": count}`): Yelp's documentation of that release says day 0
is Sunday, but the Boston file itself says otherwise, and says its hours are US Pacific time
(Yelp's own), not Boston's. Measured over its 1,054 rows: coffee shops open at hour 4 and peak
at 6, bars close at 22–23, dance clubs peak at 20 — Boston's 7, 9, 1–2 am and 11 pm, three hours
later; late bar check-ins peak on days 4 and 5 and brunch places' on days 5 and 6, which only
Friday/Saturday nights and Saturday/Sunday brunch explain (with day 0 = Sunday, brunch would
peak on Friday). So day 0 is Monday, and a cell moves three hours later, into the next day when
it passes midnight. The figures are in docs/BENCHMARKS.md ("Venue data").

Inspections (`boston_inspections.csv`: id, date, restaurant_id, `*`, `**`, `***`) are keyed by
an inspection restaurant id that `boston_inspection_id_mapping.csv` maps to up to four Yelp ids;
an inspection belongs to every one of those that the business file holds.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Final

from kairos.ingest.adapters.jsonl import find_file, iter_jsonl, open_text
from kairos.ingest.records import BadRow, Checkins, InspectionRecord

__all__ = [
    "HOURS_BEHIND_BOSTON",
    "INSPECTION_SOURCE",
    "local_checkins",
    "read_checkins",
    "read_inspections",
]

HOURS_BEHIND_BOSTON: Final = 3
"""The file's hours are US Pacific; Boston is three hours later all year (same DST rules)."""
INSPECTION_SOURCE: Final = "boston_inspections_2015"
_MAPPED_IDS: Final = ("yelp_id_0", "yelp_id_1", "yelp_id_2", "yelp_id_3")
_COUNTS: Final = ("*", "**", "***")


def local_checkins(info: object) -> tuple[Checkins, list[str]]:
    """Boston (weekday 0 = Monday, hour) -> count, and the keys that could not be read."""
    cells: Checkins = {}
    bad: list[str] = []
    if not isinstance(info, dict):
        return cells, ["checkin_info is not an object"]
    for key, count in info.items():
        try:
            hour_text, day_text = str(key).split("-")
            hour, day = int(hour_text), int(day_text)
        except ValueError:
            bad.append(f"bad key {key!r}")
            continue
        if not (0 <= hour <= 23 and 0 <= day <= 6):
            bad.append(f"key out of range {key!r}")
            continue
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            bad.append(f"bad count for {key!r}")
            continue
        shifted = hour + HOURS_BEHIND_BOSTON
        cell = ((day + shifted // 24) % 7, shifted % 24)
        cells[cell] = cells.get(cell, 0) + count
    return cells, bad


def read_checkins(folder: Path, bad_rows: list[BadRow]) -> dict[str, Checkins] | None:
    """None when the folder has no check-in file (stored check-ins are then left alone)."""
    try:
        path = find_file(folder, "boston_checkin.jsonl")
    except FileNotFoundError:
        return None
    found: dict[str, Checkins] = {}
    for line, row in iter_jsonl(path, bad_rows):
        business = row.get("business_id")
        if not isinstance(business, str) or not business:
            bad_rows.append(BadRow(line, "checkin: missing business_id"))
            continue
        cells, bad = local_checkins(row.get("checkin_info"))
        if bad:
            bad_rows.append(BadRow(line, f"checkin: {bad[0]}"))
        found.setdefault(business, {})
        for cell, count in cells.items():
            found[business][cell] = found[business].get(cell, 0) + count
    return found


def _csv_rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    with open_text(path) as handle:
        yield from enumerate(csv.DictReader(handle), start=2)


def _mapping(folder: Path, businesses: set[str], bad_rows: list[BadRow]) -> dict[str, list[str]]:
    mapped: dict[str, list[str]] = {}
    for line, row in _csv_rows(find_file(folder, "boston_inspection_id_mapping.csv")):
        restaurant = (row.get("restaurant_id") or "").strip()
        ids = [i for c in _MAPPED_IDS if (i := (row.get(c) or "").strip())]
        if not restaurant or not ids:
            bad_rows.append(BadRow(line, "mapping: missing restaurant_id or Yelp id"))
            continue
        known = [i for i in ids if i in businesses]
        if not known:
            bad_rows.append(BadRow(line, "mapping: no mapped Yelp id in the business file"))
            continue
        mapped[restaurant] = known
    return mapped


def _inspection(row: dict[str, str]) -> InspectionRecord:
    inspection_id = (row.get("id") or "").strip()
    if not inspection_id:
        raise ValueError("missing id")
    try:
        inspected_on = date.fromisoformat((row.get("date") or "").strip())
    except ValueError:
        raise ValueError("bad date") from None
    try:
        minor, major, severe = (int((row.get(c) or "").strip()) for c in _COUNTS)
    except ValueError:
        raise ValueError("bad violation count") from None
    if min(minor, major, severe) < 0:
        raise ValueError("negative violation count")
    return InspectionRecord(INSPECTION_SOURCE, inspection_id, inspected_on, minor, major, severe)


def read_inspections(
    folder: Path, businesses: set[str], bad_rows: list[BadRow]
) -> dict[str, list[InspectionRecord]]:
    """Yelp business id -> its inspections; empty when the folder has no inspection files."""
    try:
        path = find_file(folder, "boston_inspections.csv")
    except FileNotFoundError:
        return {}
    mapped = _mapping(folder, businesses, bad_rows)
    found: dict[str, list[InspectionRecord]] = defaultdict(list)
    for line, row in _csv_rows(path):
        try:
            inspection = _inspection(row)
        except ValueError as exc:
            bad_rows.append(BadRow(line, f"inspection: {exc}"))
            continue
        targets = mapped.get((row.get("restaurant_id") or "").strip())
        if not targets:
            bad_rows.append(BadRow(line, "inspection: restaurant_id maps to no known business"))
            continue
        for business in targets:
            found[business].append(inspection)
    return dict(found)
