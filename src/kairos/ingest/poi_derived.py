"""What a trip needs from a point of interest, derived once at ingestion from the raw fields kept
under `attributes["poi"][<source>]`, so no request parses text:

- `attributes["opening_hours"]`: the week of minute intervals (`ingest/poi_hours.py`);
- `attributes["season"]`: the months a seasonal place is open (`ingest/poi_season.py`);
- `attributes["visit"]`: `minutes` (how long a visit takes), `minutes_basis` (`source` when the
  source suggests a duration, `default` when it is `DEFAULT_MINUTES` for the place's category or
  kind), `source`, `licence` (None: the source states none, show for display only) and
  `last_updated` (the source's own timestamp when it has one, else the time the row was
  ingested, `ingested_at` in the raw row).

Several sources of one place: hours from the first source that has readable ones, OSM first
(a structured field), then data.gov.sg, then TripAdvisor; the duration likewise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Final

from kairos.core.opening_hours import HOURS_KEY
from kairos.ingest.poi_hours import hours_record
from kairos.ingest.poi_season import SEASON_KEY, season_record

__all__ = ["DEFAULT_MINUTES", "VISIT_KEY", "derive_poi_attributes", "duration_minutes"]

VISIT_KEY: Final = "visit"
SOURCE_ORDER: Final = ("osm_delhi", "osm_kathmandu", "datagovsg_tourism", "tripadvisor_attractions")

DEFAULT_MINUTES: Final = {
    # coarse POI category first (finer than the kind)
    "artwork": 15, "information": 10, "landmark": 30, "viewpoint": 30, "historic_site": 45,
    "religious_site": 45, "gallery": 60, "neighbourhood": 90, "beach": 120, "zoo": 150,
    "aquarium": 120, "theatre": 150, "arts_venue": 120,
    # then the place kind
    "museum": 90, "park": 60, "attraction": 60, "venue": 120,
    "restaurant": 60, "cafe": 30, "bar": 60, "lodging": 0, "other": 45,
}  # fmt: skip
"""Minutes a visit takes when the source does not say: typical visit lengths of each kind of
place (a museum 1½ hours, a viewpoint or landmark half an hour, a zoo 2½ hours), rounded."""

_TIME_COST: Final = {
    "< 1 hour": 45, "less than 1 hour": 45, "1-2 hours": 90, "2-3 hours": 150,
    "more than 3 hours": 210,
}  # fmt: skip
_RANGE: Final = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)\s*(hours?|hrs?|minutes?|mins?)"
)
_SINGLE: Final = re.compile(r"(\d+(?:\.\d+)?)\s*(hours?|hrs?|minutes?|mins?)")


def duration_minutes(text: object) -> int | None:
    """TripAdvisor's `timeCost` ("< 1 hour", "1-2 hours", "More than 3 hours") or any "N hours" /
    "N-M minutes" in minutes (a range's middle); None when it says no duration."""
    if not isinstance(text, str) or not text.strip():
        return None
    key = " ".join(text.lower().split())
    if key in _TIME_COST:
        return _TIME_COST[key]
    if match := _RANGE.search(key):
        low, high, unit = float(match.group(1)), float(match.group(2)), match.group(3)
        value = (low + high) / 2
    elif match := _SINGLE.search(key):
        value, unit = float(match.group(1)), match.group(2)
    else:
        return None
    minutes = value * 60 if unit.startswith("h") else value
    return round(minutes) if 0 < minutes <= 24 * 60 else None


def _by_preference(poi: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    known = [(s, poi[s]) for s in SOURCE_ORDER if isinstance(poi.get(s), Mapping)]
    others = [(s, r) for s, r in sorted(poi.items()) if s not in SOURCE_ORDER]
    return known + [(s, r) for s, r in others if isinstance(r, Mapping)]


def derive_poi_attributes(
    attributes: Mapping[str, Any], kind: str, *, now: datetime | None = None
) -> dict[str, Any]:
    """The derived keys (`opening_hours` when any source gives hours, and `visit`) for a place
    whose `attributes["poi"]` holds raw rows; {} for a place no POI source describes."""
    poi = attributes.get("poi")
    if not isinstance(poi, Mapping) or not poi:
        return {}
    sources = _by_preference(poi)
    if not sources:
        return {}
    derived: dict[str, Any] = {}
    fallback: dict[str, Any] | None = None
    for source, raw in sources:
        text = raw.get("opening_hours")
        if not isinstance(text, str) or not text.strip():
            continue
        record = hours_record(text.strip(), osm_first=source.startswith("osm"))
        record["source"] = source
        if record["status"] != "unknown":
            derived[HOURS_KEY] = record
            break
        fallback = fallback or record
    if HOURS_KEY not in derived and fallback is not None:
        derived[HOURS_KEY] = fallback
    if season := season_record(sources):
        derived[SEASON_KEY] = season
    source, raw = sources[0]
    minutes, basis = None, "default"
    for name, row in sources:
        if (minutes := duration_minutes(row.get("suggested_duration"))) is not None:
            source, raw, basis = name, row, "source"
            break
    if minutes is None:
        category = str(raw.get("category") or "")
        minutes = DEFAULT_MINUTES.get(category, DEFAULT_MINUTES.get(kind, DEFAULT_MINUTES["other"]))
    stamp, ingested = raw.get("last_updated"), raw.get("ingested_at")
    if not isinstance(ingested, str):
        ingested = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    licence = raw.get("licence")
    derived[VISIT_KEY] = {
        "minutes": minutes,
        "minutes_basis": basis,
        "source": source,
        "licence": licence,
        "licence_terms": "open licence" if licence else "none stated: display only",
        "last_updated": stamp if isinstance(stamp, str) else ingested,
        "last_updated_basis": "source" if isinstance(stamp, str) else "ingest",
    }
    return derived
