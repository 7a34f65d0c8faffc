"""`pois`: travel points of interest from four sources in one schema (`shared/data/pois/`):
TripAdvisor attractions (no coordinates), data.gov.sg's tourism layer, and OpenStreetMap nodes
of Delhi and the Kathmandu Valley; and, in the same schema, notable landmarks
(`shared/data/pois_notable/`: UNESCO sites, GeoNames sights of the Kathmandu Valley, curated
sight lists) whose `notability_basis` says why each is notable (`trips/notability.py` reads it).

Each row joins the one catalog with a kind from its coarse `category`; everything raw that a
later product may read (licence, hours as written, OSM tags, suggested duration, entry price,
description) is kept under `attributes["poi"][<source>]`, unparsed, so two sources of one place
keep both (the writer merges that key one level deep). Descriptions also reach full-text search
through the place's search facets.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from kairos.ingest.adapters.jsonl import count_lines, find_file, iter_jsonl
from kairos.ingest.normalise import (
    clean_text,
    haversine_km,
    normalise_categories,
    parse_rating,
    valid_coordinates,
)
from kairos.ingest.records import BadRow, ParsedBatch, PlaceRecord
from kairos.signals.geocoding.cities import city_centres

__all__ = [
    "KIND_OF_CATEGORY",
    "LICENCES",
    "NEAR_CITY_KM",
    "SERVES_FOOD",
    "PoisAdapter",
    "city_near",
    "place_from_poi",
]

KIND_OF_CATEGORY: Final = {
    "museum": "museum", "gallery": "museum",
    "park": "park", "beach": "park", "zoo": "park", "natural_site": "park",
    "viewpoint": "viewpoint",
    "religious_site": "religious_site",
    "lodging": "lodging",
    "restaurant": "restaurant", "cafe": "cafe", "bar": "bar",
    "theatre": "venue", "arts_venue": "venue",
    "attraction": "attraction", "landmark": "attraction", "historic_site": "attraction",
    "artwork": "attraction", "neighbourhood": "attraction", "aquarium": "attraction",
    "information": "other", "other": "other",
}  # fmt: skip
"""Coarse POI category -> place kind; a category not listed here is `other` (raw kept)."""

LICENCES: Final = {
    "osm_delhi": "ODbL 1.0 (© OpenStreetMap contributors)",
    "osm_kathmandu": "ODbL 1.0 (© OpenStreetMap contributors)",
    "datagovsg_tourism": "Singapore Open Data Licence (data.gov.sg)",
    "tripadvisor_attractions": None,  # none stated by the scraper's repository
    # `pois_notable/` (its PROVENANCE.md): notable landmarks in the same schema
    "unesco_whc_2021": None,  # none stated in the repository of the export
    "geonames_np_2016": "CC BY 3.0 (GeoNames)",
    "yfcc_itinerary_poi_ijcai15": None,  # none stated; cite Lim et al. (IJCAI'15)
    "rectour2023_extended_poi": None,  # none stated
}
SERVES_FOOD: Final = re.compile(
    r"\b(restaurant|restro|resturant|food|foods|cafe|café|kitchen|momo|dhaba|bhojanalaya|"
    r"eatery|diner|bistro)\b",
    re.I,
)
"""A lodging whose name says it serves food (Kathmandu's "… Guest House and Restaurant", "…
Hygienic Food Centre") is a place to eat: OSM tags it `tourism=hotel` all the same."""
# Food kinds take categories the kind rules read (`core.place_kinds`): a cuisine makes a
# restaurant, and a café or a bar must not be read as one.
_FOOD_CATEGORIES: Final = {"restaurant": "restaurants", "cafe": "cafes", "bar": "bars"}
_RAW_FIELDS: Final = (
    "category", "category_raw", "description", "opening_hours", "opening_hours_note", "price",
    "price_note", "free_of_charge", "suggested_duration", "rating_scale", "image_url",
    "osm_tags", "extra", "provenance", "notability_basis",
)  # fmt: skip
_TIMESTAMP: Final = re.compile(r"timestamp (\d{4}-\d{2}-\d{2}T[\d:]+Z)")


def _last_updated(row: dict[str, Any]) -> str | None:
    """When the source says its row was last changed or exported; None when it does not."""
    extra = row.get("extra") or {}
    if isinstance(extra, dict) and isinstance(extra.get("last_modified"), str):
        return str(extra["last_modified"])
    path = str((row.get("provenance") or {}).get("path") or "")
    return match.group(1) if (match := _TIMESTAMP.search(path)) else None


NEAR_CITY_KM: Final = 35.0
"""A row the source places in no city (UNESCO sites "away from the listed cities") belongs to the
nearest catalogue city whose centre lies this close, in the same country: the radius the notable
set's own labelling uses for Delhi, a day's reach from the centre."""


def city_near(lat: float, lng: float, country: str | None = None) -> str | None:
    """The catalogue city (`signals/data/city_centres.csv`) nearest to a point within
    `NEAR_CITY_KM`, in `country` when one is given; None when no city is that close."""
    best: tuple[float, str] | None = None
    for centre in city_centres():
        if country and centre.country and centre.country != country.upper():
            continue
        km = haversine_km(lat, lng, centre.lat, centre.lng)
        if km <= NEAR_CITY_KM and (best is None or km < best[0]):
            best = (km, centre.name)
    return best[1] if best else None


def _categories(category: str, kind: str, row: dict[str, Any]) -> list[str]:
    if kind in _FOOD_CATEGORIES:
        tags = row.get("osm_tags") or {}
        cuisines = str(tags.get("cuisine") or "").replace(";", ",").split(",")
        extra = [c.replace("_", " ") for c in cuisines] if kind == "restaurant" else []
        if kind == "bar" and tags.get("amenity") == "pub":
            extra = ["pubs"]
        return normalise_categories([_FOOD_CATEGORIES[kind], *extra])
    labels = [v for v in row.get("category_raw") or [] if isinstance(v, str) and "=" not in v]
    return normalise_categories([category.replace("_", " "), *labels])


def place_from_poi(row: dict[str, Any]) -> PlaceRecord:
    """Raises ValueError with the reason when a required field is missing."""
    # scraped names carry HTML entities ("Garden &amp; Park"): the catalog keeps the text
    poi_id, name = row.get("poi_id"), clean_text(html.unescape(str(row.get("name") or "")))
    source = row.get("source")
    if not isinstance(poi_id, str) or not poi_id:
        raise ValueError("missing poi_id")
    if not isinstance(source, str) or not source:
        raise ValueError("missing source")
    if not name:
        raise ValueError("missing name")
    category = clean_text(row.get("category")).lower() or "other"
    kind = KIND_OF_CATEGORY.get(category, "other")
    if kind == "lodging" and SERVES_FOOD.search(name):
        kind = "restaurant"  # "Dipika Guest House and Restaurant": a traveller eats there
    coords = valid_coordinates(row.get("lat"), row.get("lon"))
    city = clean_text(row.get("city")) or None
    if city and "(" in city:
        city = city.split("(", 1)[0].strip()
    country = row.get("country")
    country = country if isinstance(country, str) and len(country) == 2 else None
    if city is None and coords is not None:
        city = city_near(coords[0], coords[1], country)
    votes = row.get("review_count")
    raw = {k: row[k] for k in _RAW_FIELDS if row.get(k) not in (None, "", [], {})}
    raw |= {"licence": LICENCES.get(source), "last_updated": _last_updated(row)}
    raw["ingested_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    return PlaceRecord(
        source=source,
        source_id=poi_id,
        name=name,
        kind=kind,
        categories=_categories(category, kind, row),
        rating=parse_rating(row.get("rating"), row.get("rating_scale") or 5),
        votes=int(votes) if isinstance(votes, int | float) and not isinstance(votes, bool) else 0,
        city=city,
        country=country,
        address=clean_text(row.get("address")) or None,
        lat=coords[0] if coords else None,
        lng=coords[1] if coords else None,
        url=row.get("url") if isinstance(row.get("url"), str) else None,
        attributes={"poi": {source: raw}},
    )


class PoisAdapter:
    name = "pois"
    description = "pois.jsonl(.gz), or a folder holding it"

    def _file(self, path: Path) -> Path:
        return path if path.is_file() else find_file(path, "pois.jsonl", "pois_notable.jsonl")

    def count(self, path: Path) -> int:
        return count_lines(self._file(path))

    def read(self, path: Path, batch_size: int) -> Iterator[ParsedBatch]:
        bad: list[BadRow] = []
        batch: list[PlaceRecord] = []
        for line, row in iter_jsonl(self._file(path), bad):
            try:
                batch.append(place_from_poi(row))
            except ValueError as exc:
                bad.append(BadRow(line, f"poi: {exc}"))
                continue
            if len(batch) >= batch_size:
                yield ParsedBatch(batch, bad)
                batch, bad = [], []
        yield ParsedBatch(batch, bad)
