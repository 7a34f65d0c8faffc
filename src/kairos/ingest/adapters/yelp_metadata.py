"""`yelp_metadata`: 28k Yelp restaurants with attributes and no review text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kairos.ingest.adapters.jsonl import count_lines, find_file, iter_jsonl
from kairos.ingest.adapters.kinds import infer_kind
from kairos.ingest.normalise import (
    clean_text,
    normalise_categories,
    parse_rating,
    valid_coordinates,
)
from kairos.ingest.records import BadRow, ParsedBatch, PlaceRecord

# Same business-id scheme as restaurant_reviews' Yelp rows, so both land on one place.
SOURCE = "yelp_boston_cambridge"
_GENERIC = {"restaurants", "food", "nightlife"}


def place_from_metadata(row: dict[str, Any]) -> PlaceRecord:
    source_id, name = row.get("restaurant_id"), clean_text(row.get("name"))
    if not isinstance(source_id, str) or not source_id:
        raise ValueError("missing restaurant_id")
    if not name:
        raise ValueError("missing name")
    raw = normalise_categories(row.get("categories"))
    level = row.get("price_level")
    coords = valid_coordinates(row.get("lat"), row.get("lng"))
    return PlaceRecord(
        source=SOURCE,
        source_id=source_id,
        name=name,
        kind=infer_kind(raw),
        categories=[c for c in raw if c not in _GENERIC] or raw,
        price_level=level if isinstance(level, int) and 1 <= level <= 4 else None,
        price_raw={"RestaurantsPriceRange2": level} if level is not None else {},
        rating=parse_rating(row.get("stars")),
        votes=int(row.get("review_count") or 0),
        city=clean_text(row.get("city")) or None,
        country="US",
        lat=coords[0] if coords else None,
        lng=coords[1] if coords else None,
        attributes=dict(row.get("attributes") or {}),
    )


class YelpMetadataAdapter:
    name = "yelp_metadata"
    description = "yelp_restaurants_metadata.jsonl(.gz), or a folder holding it"

    def _file(self, path: Path) -> Path:
        return path if path.is_file() else find_file(path, "yelp_restaurants_metadata.jsonl")

    def count(self, path: Path) -> int:
        return count_lines(self._file(path))

    def read(self, path: Path, batch_size: int) -> Iterator[ParsedBatch]:
        bad: list[BadRow] = []
        batch: list[PlaceRecord] = []
        for line, row in iter_jsonl(self._file(path), bad):
            try:
                batch.append(place_from_metadata(row))
            except ValueError as exc:
                bad.append(BadRow(line, str(exc)))
                continue
            if len(batch) >= batch_size:
                yield ParsedBatch(batch, bad)
                batch, bad = [], []
        yield ParsedBatch(batch, bad)
