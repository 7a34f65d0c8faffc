"""The retrieval suite's queries, built from labels the search never sees.

The suite ingests a *blind* copy of the restaurants file: cuisines, categories, attributes and
price fields are removed, so the search can read only a place's name, city, address,
coordinates, rating, votes and its review texts. The removed fields are the ground truth:

- cuisine: the query is a category label as a person would type it ("thai", "sushi bars",
  "new american" for "American (New)");
  relevant = places carrying that label or a narrower one containing all its words ("north
  indian" for "indian"); judged = places with any specific label. Generic labels ("restaurants",
  "food") and non-food ones ("event planning & services") are not queried.
- attribute: fixed phrasings of a need ("quiet place to talk") against the Yelp attribute that
  answers it (NoiseLevel == quiet); judged = Yelp places that carry the attribute.
- price: "cheap eats" against price level 1, "expensive fine dining" against 3–4; judged = places
  with a price level.
- cuisine within 1 km: a cuisine query with a 1 km `near` filter around one of its places (picked
  by a hash of its id); judged = labelled places inside the radius. This measures ranking under a
  selective filter, where an approximate vector index is weakest.

The phrasings are written by hand; which places answer them is never hand-labelled.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Key = tuple[str, str]
Attrs = dict[str, Any]

GENERIC_LABELS = frozenset({"restaurants", "restaurant", "food", "nightlife"})
NON_QUERY_LABELS = frozenset({
    "event planning & services", "caterers", "hotels & travel", "arts & entertainment",
    "venues & event spaces", "local flavor", "ethnic food", "specialty food", "food stands",
    "shopping", "education", "music venues", "grocery", "convenience stores", "wine & spirits",
    "beer", "street vendors", "dinner theater", "performing arts", "home services",
})  # fmt: skip
HIDDEN_FIELDS = ("cuisines", "categories_raw", "attributes", "price_level", "price_raw")
MIN_RELEVANT = 3
MAX_CUISINE_QUERIES = 30
MAX_CUISINE_SHARE = 0.25
GEO_QUERIES = 12
GEO_RADIUS_KM = 1.0  # the family's name says 1 km
GEO_MIN_JUDGED = 5


@dataclass(frozen=True)
class LabelledPlace:
    key: Key
    labels: frozenset[str]
    attributes: Attrs
    price_level: int | None
    lat: float | None
    lng: float | None


@dataclass(frozen=True)
class RetrievalQuery:
    family: str
    text: str
    truth: str
    relevant: frozenset[Key]
    judged: frozenset[Key]
    near: tuple[float, float] | None = None
    radius_km: float | None = None


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open("rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    with gzip.open(path, "rt", encoding="utf-8") if gzipped else path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                if isinstance(row, dict):
                    yield row


def place_key(row: dict[str, Any]) -> Key:
    return (str(row.get("source") or "restaurant_reviews"), str(row.get("restaurant_id")))


def read_places(path: Path) -> list[LabelledPlace]:
    places = []
    for row in read_jsonl(path):
        labels = {
            str(c).strip().lower()
            for c in [*(row.get("cuisines") or []), *(row.get("categories_raw") or [])]
            if str(c).strip()
        }
        level, attrs = row.get("price_level"), row.get("attributes")
        lat, lng = row.get("lat"), row.get("lng")
        has_point = isinstance(lat, int | float) and isinstance(lng, int | float)
        places.append(
            LabelledPlace(
                key=place_key(row),
                labels=frozenset(labels - GENERIC_LABELS),
                attributes=attrs if isinstance(attrs, dict) else {},
                price_level=level if isinstance(level, int) and 1 <= level <= 4 else None,
                lat=float(lat) if has_point else None,  # type: ignore[arg-type]
                lng=float(lng) if has_point else None,  # type: ignore[arg-type]
            )
        )
    return places


def blind_row(row: dict[str, Any]) -> dict[str, Any]:
    """The row as the search may see it: every ground-truth field removed."""
    return {k: v for k, v in row.items() if k not in HIDDEN_FIELDS}


def _narrower(label: str, query: str) -> bool:
    return set(query.split()) <= set(label.split())


def query_text(label: str) -> str:
    """How a person would type a label: "american (new)" -> "new american"."""
    match = re.fullmatch(r"(.+?) \((.+)\)", label)
    return f"{match.group(2)} {match.group(1)}" if match else label


def cuisine_queries(places: list[LabelledPlace]) -> list[RetrievalQuery]:
    judged = frozenset(p.key for p in places if p.labels)
    support: dict[str, int] = {}
    for p in places:
        for label in p.labels:
            support[label] = support.get(label, 0) + 1
    candidates = sorted(
        (label for label, n in support.items()
         if n >= MIN_RELEVANT and n <= MAX_CUISINE_SHARE * len(judged)
         and label not in NON_QUERY_LABELS),
        key=lambda label: (-support[label], label),
    )[:MAX_CUISINE_QUERIES]  # fmt: skip
    queries = []
    for label in candidates:
        relevant = frozenset(
            p.key for p in places if any(_narrower(other, label) for other in p.labels)
        )
        truth = f"label ⊇ '{label}'"
        queries.append(RetrievalQuery("cuisine", query_text(label), truth, relevant, judged))
    return queries


def _ambience(*keys: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        box = attrs.get("Ambience")
        if not isinstance(box, dict) or not any(isinstance(box.get(k), bool) for k in keys):
            return None
        return any(box.get(k) is True for k in keys)

    return read


def _meal(key: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        box = attrs.get("GoodForMeal")
        value = box.get(key) if isinstance(box, dict) else None
        return value if isinstance(value, bool) else None

    return read


def _flag(key: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        value = attrs.get(key)
        return value if isinstance(value, bool) else None

    return read


def _value(key: str, *wanted: str) -> Callable[[Attrs], bool | None]:
    def read(attrs: Attrs) -> bool | None:
        value = attrs.get(key)
        return value in wanted if isinstance(value, str) else None

    return read


ATTRIBUTE_QUERIES: tuple[tuple[str, str, Callable[[Attrs], bool | None]], ...] = (
    ("quiet place to talk", "NoiseLevel == quiet", _value("NoiseLevel", "quiet")),
    ("somewhere calm and quiet for a conversation", "NoiseLevel == quiet",
     _value("NoiseLevel", "quiet")),
    ("loud lively party spot", "NoiseLevel in (loud, very_loud)",
     _value("NoiseLevel", "loud", "very_loud")),
    ("romantic dinner", "Ambience.romantic or .intimate", _ambience("romantic", "intimate")),
    ("intimate date night", "Ambience.romantic or .intimate", _ambience("romantic", "intimate")),
    ("kid friendly family dinner", "GoodForKids", _flag("GoodForKids")),
    ("good for a big group", "RestaurantsGoodForGroups", _flag("RestaurantsGoodForGroups")),
    ("classy upscale restaurant", "Ambience.classy or .upscale", _ambience("classy", "upscale")),
    ("trendy hip place", "Ambience.trendy or .hipster", _ambience("trendy", "hipster")),
    ("divey bar", "Ambience.divey", _ambience("divey")),
    ("eat outside on a patio", "OutdoorSeating", _flag("OutdoorSeating")),
    ("cafe with free wifi to work", "WiFi == free", _value("WiFi", "free")),
    ("cocktails at a full bar", "Alcohol == full_bar", _value("Alcohol", "full_bar")),
    ("watch the game on tv", "HasTV", _flag("HasTV")),
    ("book a table reservation", "RestaurantsReservations", _flag("RestaurantsReservations")),
    ("weekend brunch", "GoodForMeal.brunch", _meal("brunch")),
    ("breakfast spot", "GoodForMeal.breakfast", _meal("breakfast")),
    ("late night food", "GoodForMeal.latenight", _meal("latenight")),
    ("dessert place", "GoodForMeal.dessert", _meal("dessert")),
    ("dressy night out", "RestaurantsAttire in (dressy, formal)",
     _value("RestaurantsAttire", "dressy", "formal")),
)  # fmt: skip


def attribute_queries(places: list[LabelledPlace]) -> list[RetrievalQuery]:
    queries = []
    for text, truth, read in ATTRIBUTE_QUERIES:
        answers = {p.key: read(p.attributes) for p in places}
        judged = frozenset(k for k, v in answers.items() if v is not None)
        relevant = frozenset(k for k, v in answers.items() if v)
        if len(relevant) >= MIN_RELEVANT and len(judged - relevant) >= MIN_RELEVANT:
            queries.append(RetrievalQuery("attribute", text, truth, relevant, judged))
    return queries


def price_queries(places: list[LabelledPlace]) -> list[RetrievalQuery]:
    judged = frozenset(p.key for p in places if p.price_level is not None)
    specs = (("cheap eats", "price level 1", {1}), ("expensive fine dining", "price 3–4", {3, 4}))
    queries = []
    for text, truth, levels in specs:
        relevant = frozenset(p.key for p in places if p.price_level in levels)
        if len(relevant) >= MIN_RELEVANT and len(judged - relevant) >= MIN_RELEVANT:
            queries.append(RetrievalQuery("price", text, truth, relevant, judged))
    return queries


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lng1, lat2, lng2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2
    h += math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def _stable(key: Key) -> str:
    return hashlib.sha256("/".join(key).encode()).hexdigest()


def geo_queries(
    places: list[LabelledPlace], cuisines: list[RetrievalQuery]
) -> list[RetrievalQuery]:
    located = {p.key: (p.lat, p.lng) for p in places if p.lat is not None and p.lng is not None}
    located = {k: v for k, v in located.items() if any(p.key == k and p.labels for p in places)}
    queries: list[RetrievalQuery] = []
    for cuisine in cuisines:
        anchors = sorted((k for k in located if k in cuisine.relevant), key=_stable)
        for anchor in anchors[:3]:
            centre = located[anchor]
            inside = frozenset(
                k for k, point in located.items() if haversine_km(centre, point) <= GEO_RADIUS_KM
            )
            relevant = inside & cuisine.relevant
            if len(inside) >= GEO_MIN_JUDGED and len(relevant) >= 2 and inside - relevant:
                truth = f"{cuisine.truth}, within {GEO_RADIUS_KM:g} km"
                family = "cuisine within 1 km"
                queries.append(
                    RetrievalQuery(family, cuisine.text, truth, relevant, inside, centre, 1.0)
                )
                break
        if len(queries) >= GEO_QUERIES:
            break
    return queries


def build_queries(restaurants: Path) -> list[RetrievalQuery]:
    places = read_places(restaurants)
    cuisines = cuisine_queries(places)
    return [
        *cuisines,
        *attribute_queries(places),
        *price_queries(places),
        *geo_queries(places, cuisines),
    ]
