"""`yelp`: the Boston 2015 Yelp academic subset: businesses with attributes, tips as reviews,
check-ins by weekday and hour, and the health inspections mapped to them (`yelp_checkins`)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kairos.ingest.adapters.jsonl import count_lines, find_file, iter_jsonl
from kairos.ingest.adapters.kinds import infer_kind
from kairos.ingest.adapters.yelp_checkins import read_checkins, read_inspections
from kairos.ingest.normalise import (
    clean_text,
    normalise_categories,
    parse_date,
    parse_rating,
    tier_from_level,
    valid_coordinates,
)
from kairos.ingest.records import BadRow, ParsedBatch, PlaceRecord, ReviewRecord
from kairos.search.filters import PRICE_TIERS

SOURCE = "yelp_boston_2015"
_GENERIC = {"restaurants", "food", "nightlife"}


def _address(full: object) -> str | None:
    if not isinstance(full, str):
        return None
    return ", ".join(part.strip() for part in full.splitlines() if part.strip()) or None


def place_from_business(row: dict[str, Any]) -> PlaceRecord:
    business_id, name = row.get("business_id"), clean_text(row.get("name"))
    if not isinstance(business_id, str) or not business_id:
        raise ValueError("missing business_id")
    if not name:
        raise ValueError("missing name")
    raw = normalise_categories(row.get("categories"))
    attributes = dict(row.get("attributes") or {})
    level = attributes.get("Price Range")
    coords = valid_coordinates(row.get("latitude"), row.get("longitude"))
    neighborhoods = row.get("neighborhoods") or []
    return PlaceRecord(
        source=SOURCE,
        source_id=business_id,
        name=name,
        kind=infer_kind(raw),
        categories=[c for c in raw if c not in _GENERIC] or raw,
        price_level=PRICE_TIERS.index(tier) + 1 if (tier := tier_from_level(level)) else None,
        price_raw={"Price Range": level} if level is not None else {},
        rating=parse_rating(row.get("stars")),
        votes=int(row.get("review_count") or 0),
        city=clean_text(row.get("city")) or None,
        area=clean_text(neighborhoods[0]) if neighborhoods else None,
        country="US",
        address=_address(row.get("full_address")),
        lat=coords[0] if coords else None,
        lng=coords[1] if coords else None,
        attributes={**attributes, "open": row.get("open")}
        | ({"hours": row["hours"]} if isinstance(row.get("hours"), dict) and row["hours"] else {}),
    )


class YelpBostonAdapter:
    name = "yelp"
    description = (
        "folder with boston_business.jsonl(.gz), and optionally boston_tip.jsonl(.gz), "
        "boston_checkin.jsonl(.gz), boston_inspections.csv(.gz) + boston_inspection_id_mapping.csv"
    )

    def count(self, path: Path) -> int:
        return count_lines(find_file(path, "boston_business.jsonl"))

    def read(self, path: Path, batch_size: int) -> Iterator[ParsedBatch]:
        bad: list[BadRow] = []
        tips: dict[str, list[ReviewRecord]] = defaultdict(list)
        try:
            tip_path: Path | None = find_file(path, "boston_tip.jsonl")
        except FileNotFoundError:
            tip_path = None
        if tip_path is not None:
            for line, row in iter_jsonl(tip_path, bad):
                text, business = clean_text(row.get("text")), row.get("business_id")
                if not text or not isinstance(business, str):
                    bad.append(BadRow(line, "tip: missing text or business_id"))
                    continue
                number = len(tips[business])
                digest = re.sub(r"\W", "", str(row.get("user_id") or ""))[:12]
                tips[business].append(
                    ReviewRecord(
                        source=f"{SOURCE}_tip",
                        source_review_id=f"{business}:{row.get('date')}:{digest}:{number}",
                        text=text,
                        review_date=parse_date(row.get("date")),
                    )
                )
        places: list[PlaceRecord] = []
        for line, row in iter_jsonl(find_file(path, "boston_business.jsonl"), bad):
            try:
                places.append(place_from_business(row))
            except ValueError as exc:
                bad.append(BadRow(line, f"business: {exc}"))
        checkins = read_checkins(path, bad)
        inspections = read_inspections(path, {p.source_id for p in places}, bad)
        batch: list[PlaceRecord] = []
        for place in places:
            place.reviews = tips.get(place.source_id, [])
            if checkins is not None:
                place.checkins = checkins.get(place.source_id, {})
            place.inspections = inspections.get(place.source_id, [])
            batch.append(place)
            if len(batch) >= batch_size:
                yield ParsedBatch(batch, bad)
                batch, bad = [], []
        yield ParsedBatch(batch, bad)
