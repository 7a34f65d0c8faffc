"""What venue planning reads about a set of places besides the place row: check-ins by weekday
and hour, health inspections, and each source's price tier. One SQL statement per read however
many places are asked for (a plan reads ten candidates at once). Plain SQL on the hot path, like
`meals.py`; reads go through `Database.reading()` (no transaction around them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import text

from kairos.core.pricing import range_floor
from kairos.store.database import Database

__all__ = ["Checkins", "Inspection", "VenueFacts"]

Checkins = dict[tuple[int, int], int]
"""(weekday 0 = Monday … 6 = Sunday, local hour 0 … 23) -> check-ins."""

_CHECKINS = text(
    "SELECT place_id, weekday, hour, checkins FROM venue_checkins "
    "WHERE place_id = ANY(CAST(:ids AS bigint[]))"
)
_INSPECTIONS = text(
    "SELECT place_id, source, source_inspection_id, inspected_on, minor, major, severe "
    "FROM venue_inspections WHERE place_id = ANY(CAST(:ids AS bigint[])) "
    "ORDER BY place_id, inspected_on DESC, source_inspection_id DESC"
)
# A place ingested before per-source levels were kept still has its first source's level.
_PRICE_SIGNALS = text(
    "SELECT id, CASE WHEN jsonb_typeof(price_raw -> 'sources') = 'object' "
    "THEN price_raw -> 'sources' "
    "WHEN price_level IS NOT NULL THEN jsonb_build_object(source, price_level) END AS signals "
    "FROM places WHERE id = ANY(CAST(:ids AS bigint[]))"
)
_PRICE_FLOORS = text(
    "SELECT id, price_level, price_raw FROM places "
    "WHERE id = ANY(CAST(:ids AS bigint[])) AND price_raw ? 'min_price_level'"
)


@dataclass(frozen=True, slots=True)
class Inspection:
    source: str
    source_inspection_id: str
    inspected_on: date
    minor: int
    major: int
    severe: int

    @property
    def violations(self) -> int:
        return self.minor + self.major + self.severe


def _level(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    level = int(value)
    return level if level == value and 1 <= level <= 4 else None


class VenueFacts:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def checkins(self, *, place_ids: Sequence[int]) -> dict[int, Checkins]:
        """Every asked place that has check-ins; places without any are absent."""
        found: dict[int, Checkins] = {}
        if not place_ids:
            return found
        async with self.db.reading() as session:
            rows = await session.execute(_CHECKINS, {"ids": list(place_ids)})
            for r in rows:
                found.setdefault(r.place_id, {})[(r.weekday, r.hour)] = r.checkins
        return found

    async def inspections(self, *, place_ids: Sequence[int]) -> dict[int, list[Inspection]]:
        """Newest first (ties by inspection id, descending); places without any are absent."""
        found: dict[int, list[Inspection]] = {}
        if not place_ids:
            return found
        async with self.db.reading() as session:
            rows = await session.execute(_INSPECTIONS, {"ids": list(place_ids)})
            for r in rows:
                found.setdefault(r.place_id, []).append(
                    Inspection(
                        r.source, r.source_inspection_id, r.inspected_on, r.minor, r.major, r.severe
                    )
                )
        return found

    async def price_signals(self, *, place_ids: Sequence[int]) -> dict[int, dict[str, int]]:
        """Source -> price level 1..4, one entry per source that priced the place (the cost
        analyst resolves disagreements); places no source priced are absent."""
        found: dict[int, dict[str, int]] = {}
        if not place_ids:
            return found
        async with self.db.reading() as session:
            rows = await session.execute(_PRICE_SIGNALS, {"ids": list(place_ids)})
            for r in rows:
                levels = {
                    source: level
                    for source, value in (r.signals or {}).items()
                    if (level := _level(value)) is not None
                }
                if levels:
                    found[r.id] = dict(sorted(levels.items()))
        return found

    async def price_floors(self, *, place_ids: Sequence[int]) -> dict[int, int]:
        """The bottom level of a range a source priced a place at ("$$ - $$$": 2), where it is
        below the stored level (`pricing.range_floor`); places priced as one tier are absent."""
        found: dict[int, int] = {}
        if not place_ids:
            return found
        async with self.db.reading() as session:
            rows = await session.execute(_PRICE_FLOORS, {"ids": list(place_ids)})
            for r in rows:
                if (low := range_floor(r.price_raw, r.price_level)) is not None:
                    found[r.id] = low
        return found
