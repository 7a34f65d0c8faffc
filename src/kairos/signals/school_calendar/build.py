"""Build the school-calendar signal shipped in `signals/data/` from the NYC DOE 2023-24 calendar
transcription in `../shared/data/nyc_signals/` (ADR-008: a precomputed signal, no runtime PDF
parsing). `kairos signals build-school-calendar`.

The transcription lists some multi-day recesses by their first and last day only (Winter Recess:
25 December and 1 January). Closed entries with the same description at most
`RANGE_FILL_DAYS` apart are read as one range and the days between are added, marked
`origin=range`; every other row is the transcription's own (`origin=listed`).
"""

from __future__ import annotations

import csv
import hashlib
import itertools
import json
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from pathlib import Path

from kairos.signals.school_calendar.models import flags

RANGE_FILL_DAYS = 10
"""Longest gap between two same-named closed entries read as one recess (Winter Recess spans 8
days; distinct holidays with one name, such as two Regents weeks, are months apart)."""

CALENDAR_NAME = "NYC public schools 2023-24"
TABLE_NAME = "school_calendar_nyc_2023_24.csv"
META_NAME = "school_calendar_nyc_2023_24.json"


@dataclass(frozen=True)
class CalendarDay:
    date: str
    description: str
    closed: bool
    early_dismissal: bool
    partial: bool
    origin: str  # listed | range


def build_calendar(source: Path) -> list[CalendarDay]:
    with source.open(encoding="utf-8", newline="") as handle:
        rows = sorted(csv.DictReader(handle), key=lambda r: r["date"])
    days: dict[str, CalendarDay] = {}
    for row in rows:
        closed, early, partial = flags(row["description"], row["school_closed"] == "True")
        days[row["date"]] = CalendarDay(
            row["date"], row["description"], closed, early, partial, "listed"
        )
    listed = list(days.values())
    for first, second in itertools.pairwise(listed):
        start, end = date.fromisoformat(first.date), date.fromisoformat(second.date)
        same = first.description == second.description and first.closed and second.closed
        if not same or (end - start).days > RANGE_FILL_DAYS:
            continue
        for offset in range(1, (end - start).days):
            day = (start + timedelta(days=offset)).isoformat()
            days.setdefault(
                day,
                CalendarDay(day, first.description, True, False, first.partial, "range"),
            )
    return sorted(days.values(), key=lambda d: d.date)


def write_calendar(days: list[CalendarDay], out_dir: Path, *, source: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    table = out_dir / TABLE_NAME
    with table.open("w", encoding="utf-8", newline="") as handle:
        fields = list(CalendarDay.__dataclass_fields__)
        writer = csv.DictWriter(handle, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(asdict(d) for d in days)
    first = next(d.date for d in days if d.description.lower().startswith("first day"))
    last = next(d.date for d in days if d.description.lower().startswith("last day"))
    meta = {
        "calendar": CALENDAR_NAME,
        "first_day": first,
        "last_day": last,
        "source_file": source.name,
        "source_sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
    }
    (out_dir / META_NAME).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return table
