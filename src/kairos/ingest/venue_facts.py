"""Write what venue planning reads beside a place: check-ins by weekday and hour, and health
inspections (tables of migration 0012), once the writer has resolved each record's place id.

Idempotent: a record that carries check-ins replaces what its source stored for the place (two
records of one source that land on one place in a batch are summed); inspections are upserted
on (source, source_inspection_id, place_id).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kairos.ingest.records import InspectionRecord, PlaceRecord

__all__ = ["write_venue_facts"]

_DELETE_CHECKINS = text(
    "DELETE FROM venue_checkins c USING unnest(CAST(:place_ids AS bigint[]), "
    "CAST(:sources AS text[])) AS k(place_id, source) "
    "WHERE c.place_id = k.place_id AND c.source = k.source"
)
_INSERT_CHECKINS = text(
    "INSERT INTO venue_checkins (place_id, weekday, hour, checkins, source) "
    "SELECT * FROM unnest(CAST(:place_ids AS bigint[]), CAST(:weekdays AS smallint[]), "
    "CAST(:hours AS smallint[]), CAST(:counts AS integer[]), CAST(:sources AS text[])) "
    "ON CONFLICT (place_id, weekday, hour) DO UPDATE "
    "SET checkins = EXCLUDED.checkins, source = EXCLUDED.source"
)
_UPSERT_INSPECTIONS = text(
    "INSERT INTO venue_inspections "
    "(place_id, source, source_inspection_id, inspected_on, minor, major, severe) "
    "SELECT * FROM unnest(CAST(:place_ids AS bigint[]), CAST(:sources AS text[]), "
    "CAST(:ids AS text[]), CAST(:dates AS date[]), CAST(:minor AS integer[]), "
    "CAST(:major AS integer[]), CAST(:severe AS integer[])) "
    "ON CONFLICT ON CONSTRAINT uq_venue_inspections_source DO UPDATE "
    "SET inspected_on = EXCLUDED.inspected_on, minor = EXCLUDED.minor, "
    "major = EXCLUDED.major, severe = EXCLUDED.severe"
)


async def write_venue_facts(
    session: AsyncSession, places: Sequence[PlaceRecord], place_ids: Sequence[int]
) -> tuple[int, int]:
    """(check-in cells, inspections) written for the batch."""
    counts: dict[tuple[int, str], Counter[tuple[int, int]]] = {}
    inspections: dict[tuple[str, str, int], InspectionRecord] = {}
    for place, pid in zip(places, place_ids, strict=True):
        if place.checkins is not None:
            counts.setdefault((pid, place.source), Counter()).update(place.checkins)
        for inspection in place.inspections:
            inspections[(inspection.source, inspection.source_inspection_id, pid)] = inspection
    if counts:
        await session.execute(
            _DELETE_CHECKINS,
            {"place_ids": [k[0] for k in counts], "sources": [k[1] for k in counts]},
        )
        # One row per (place, weekday, hour): a later source's cell wins over an earlier one's.
        merged = {
            (pid, cell): (source, n) for (pid, source), c in counts.items() for cell, n in c.items()
        }
        cells = [(pid, source, cell, n) for (pid, cell), (source, n) in merged.items()]
        if cells:
            await session.execute(
                _INSERT_CHECKINS,
                {
                    "place_ids": [c[0] for c in cells],
                    "weekdays": [c[2][0] for c in cells],
                    "hours": [c[2][1] for c in cells],
                    "counts": [c[3] for c in cells],
                    "sources": [c[1] for c in cells],
                },
            )
    else:
        cells = []
    if inspections:
        keys = list(inspections)
        rows = [inspections[k] for k in keys]
        await session.execute(
            _UPSERT_INSPECTIONS,
            {
                "place_ids": [k[2] for k in keys],
                "sources": [r.source for r in rows],
                "ids": [r.source_inspection_id for r in rows],
                "dates": [r.inspected_on for r in rows],
                "minor": [r.minor for r in rows],
                "major": [r.major for r in rows],
                "severe": [r.severe for r in rows],
            },
        )
    return len(cells), len(inspections)
