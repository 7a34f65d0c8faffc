"""Cut the venue-planning part of `data/sample/` from `shared/data`: Boston 2015 Yelp businesses
with all their tips, check-ins, inspection mapping rows and inspections (`yelp/`), and points of
interest per city (`pois/`).

The businesses are first those the restaurant sample already holds under the writer's merge
rule (same normalised name within 100 m): they are what makes merges and two price signals per
place real. A seeded order (sha256 of the id) fills the rest. Files keep their source formats,
so the same adapters read them; the restaurant sample's files are never touched.
"""

from __future__ import annotations

import csv
import gzip
import io
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kairos.core.notability import not_a_sight, notability
from kairos.ingest.adapters.jsonl import find_file, open_text
from kairos.ingest.adapters.pois import SERVES_FOOD, city_near, place_from_poi
from kairos.ingest.normalise import haversine_km, normalise_name
from kairos.ingest.sample import _read, _stable_key, _write
from kairos.signals.geocoding.cities import find_city

YELP_BUSINESSES = 120
POIS_PER_CITY = 40
SIGHTS_PER_CITY = 100
"""The most notable places to visit a city's cut holds besides its seeded rows (enough for a
4-day trip with interests to choose from), counted after the not-a-sight rules."""
EATS_PER_CITY = 12
"""Places to eat a city's POI cut holds at least, when its source has them."""
EATING_CATEGORIES = frozenset({"restaurant", "cafe", "bar", "food_court"})
_MAPPED_IDS = ("yelp_id_0", "yelp_id_1", "yelp_id_2", "yelp_id_3")


@dataclass
class VenueSampleStats:
    businesses: int
    merging: int
    tips: int
    checkins: int
    mapping_rows: int
    inspections: int
    pois: int


def _known(sample: Path) -> dict[str, list[tuple[float, float]]]:
    """Normalised name -> coordinates of the places the restaurant sample holds."""
    rows = _read(find_file(sample / "restaurant_reviews", "restaurants.jsonl"))
    rows += _read(find_file(sample / "yelp_metadata", "yelp_restaurants_metadata.jsonl"))
    known: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for row in rows:
        if isinstance(row.get("lat"), float) and isinstance(row.get("lng"), float):
            known[normalise_name(row["name"])].append((row["lat"], row["lng"]))
    return known


def _merges(business: dict[str, Any], known: dict[str, list[tuple[float, float]]]) -> bool:
    lat, lng = business.get("latitude"), business.get("longitude")
    if not isinstance(lat, float) or not isinstance(lng, float):
        return False
    spots = known.get(normalise_name(str(business.get("name") or "")), [])
    return any(haversine_km(lat, lng, a, b) <= 0.1 for a, b in spots)


def _csv(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with open_text(path) as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames or []), list(reader)


def _write_csv(path: Path, columns: list[str], rows: list[dict[str, str]], *, zipped: bool) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    if zipped:
        with gzip.GzipFile(path, "wb", mtime=0) as raw:
            raw.write(buffer.getvalue().encode())
    else:
        path.write_text(buffer.getvalue())


def _cut_yelp(shared: Path, sample: Path, out: Path) -> VenueSampleStats:
    folder = shared / "yelp"
    businesses = sorted(
        _read(find_file(folder, "boston_business.jsonl")),
        key=lambda b: _stable_key(b["business_id"]),
    )
    known = _known(sample)
    merging = [b for b in businesses if _merges(b, known)][:YELP_BUSINESSES]
    rest = [b for b in businesses if not _merges(b, known)]
    chosen = sorted(
        merging + rest[: YELP_BUSINESSES - len(merging)], key=lambda b: b["business_id"]
    )
    ids = {b["business_id"] for b in chosen}
    tips = [t for t in _read(find_file(folder, "boston_tip.jsonl")) if t["business_id"] in ids]
    checkins = [
        c for c in _read(find_file(folder, "boston_checkin.jsonl")) if c["business_id"] in ids
    ]
    columns, mapping = _csv(find_file(folder, "boston_inspection_id_mapping.csv"))
    mapping = [m for m in mapping if any(m.get(c) in ids for c in _MAPPED_IDS)]
    restaurants = {m["restaurant_id"] for m in mapping}
    inspection_columns, inspections = _csv(find_file(folder, "boston_inspections.csv"))
    inspections = [i for i in inspections if i["restaurant_id"] in restaurants]
    target = out / "yelp"
    _write(target / "boston_business.jsonl.gz", chosen)
    _write(target / "boston_tip.jsonl.gz", tips)
    _write(target / "boston_checkin.jsonl.gz", checkins)
    _write_csv(target / "boston_inspection_id_mapping.csv", columns, mapping, zipped=False)
    _write_csv(target / "boston_inspections.csv.gz", inspection_columns, inspections, zipped=True)
    return VenueSampleStats(
        len(chosen), len(merging), len(tips), len(checkins), len(mapping), len(inspections), 0
    )


def _eats(row: dict[str, Any]) -> bool:
    """A place to eat: a restaurant, café or bar, or a lodging whose name says it serves food
    (the pois adapter reads it as a restaurant)."""
    category = str(row.get("category") or "")
    return category in EATING_CATEGORIES or (
        category == "lodging" and SERVES_FOOD.search(str(row.get("name") or "")) is not None
    )


_NOT_TO_VISIT: Final = frozenset({"restaurant", "cafe", "bar", "lodging", "other"})


def _sight_notability(row: dict[str, Any]) -> float | None:
    """How notable a row is as a place to visit (`core.notability`, the rule trips rank by), or
    None when it is a place to eat or sleep, or not a sight by the not-a-sight rules."""
    try:
        place = place_from_poi(row)
    except ValueError:
        return None
    if place.kind in _NOT_TO_VISIT or not_a_sight(place.name, place.kind, place.attributes):
        return None
    return notability(place.name, place.kind, place.attributes, place.votes)


def _most_notable(rows: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    scored = [(note, row) for row in rows if (note := _sight_notability(row)) is not None]
    scored.sort(key=lambda pair: (-pair[0], _stable_key(pair[1]["poi_id"])))
    return [row for _note, row in scored[:count]]


def _cut_pois(shared: Path, out: Path) -> int:
    """`POIS_PER_CITY` rows a city in a seeded order, and its `SIGHTS_PER_CITY` most notable
    places to visit (a 4-day trip there has sights to fill its days, not statues); a city whose
    cut holds fewer than `EATS_PER_CITY` places to eat takes more of them, in the seeded order,
    up to that number (a trip there has lunch somewhere the data knows)."""
    by_city: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in _read(find_file(shared / "pois", "pois.jsonl")):
        by_city[str(row.get("city"))].append(row)
    chosen: list[dict[str, Any]] = []
    for city in sorted(by_city):
        ordered = sorted(by_city[city], key=lambda r: _stable_key(r["poi_id"]))
        cut = ordered[:POIS_PER_CITY]
        seeded = {r["poi_id"] for r in cut}
        cut += [r for r in _most_notable(ordered, SIGHTS_PER_CITY) if r["poi_id"] not in seeded]
        short = EATS_PER_CITY - sum(1 for r in cut if _eats(r))
        cut += [r for r in ordered[POIS_PER_CITY:] if _eats(r)][: max(0, short)]
        chosen += cut
    _write(out / "pois" / "pois.jsonl.gz", sorted(chosen, key=lambda r: r["poi_id"]))
    return len(chosen)


def _near_a_known_city(row: dict[str, Any]) -> bool:
    """Labelled with a city Kairos knows the centre of, or placed in none by its source and lying
    within `NEAR_CITY_KM` of one (the adapter gives it that city)."""
    if find_city(row.get("city")) is not None:
        return True
    lat, lon = row.get("lat"), row.get("lon")
    if row.get("city") or not isinstance(lat, float) or not isinstance(lon, float):
        return False
    country = row.get("country")
    return city_near(lat, lon, country if isinstance(country, str) else None) is not None


def _cut_notable(shared: Path, out: Path) -> int:
    """Every notable landmark (`pois_notable/`) of a city Kairos knows the centre of, or near one:
    the sights a trip there should hold (UNESCO sites, the Kathmandu Valley's temples, curated
    lists), rows unchanged."""
    folder = shared / "pois_notable"
    if not folder.is_dir():
        return 0
    chosen = [
        row for row in _read(find_file(folder, "pois_notable.jsonl")) if _near_a_known_city(row)
    ]
    chosen.sort(key=lambda r: r["poi_id"])
    _write(out / "pois_notable" / "pois_notable.jsonl.gz", chosen)
    return len(chosen)


def cut_venue_sample(shared: Path, out: Path) -> VenueSampleStats:
    """`out` must already hold the restaurant sample (its places decide the merging ones)."""
    stats = _cut_yelp(shared, out, out)
    stats.pois = _cut_pois(shared, out) + _cut_notable(shared, out)
    return stats
