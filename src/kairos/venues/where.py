"""Where a plan is (issue 38, item 1): the place the prompt names wins; a city the catalogue
does not hold is said, with the cities it does, and nothing is planned elsewhere in its place;
with no place named, the members' locations, else the planner's own city (their latest plan
that named one, or the city of their latest request in another product), else nothing is
planned: the plan asks which city the group is in, naming the cities it knows (`ask_city`; a
guessed city planned a $$$$ dinner theatre for a casual ask). Only "near me" with no position
is still kept to the city most matches are in (`in_one_city`), said with the same question.

Occasion words are never cities ("celebration dinner in Boston" is not Celebration, Florida):
the shared reader reads such a town only after a place word (`text/query/vocabulary.py`,
`CITY_NEEDS_PREPOSITION`).
"""

from __future__ import annotations

import re
import unicodedata
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from statistics import median
from typing import TYPE_CHECKING, Final

from kairos.store.database import Database
from kairos.text.query.vocabulary import KNOWN_AREAS

if TYPE_CHECKING:
    from kairos.venues.scout import Candidate

__all__ = [
    "COVERED_SHOWN",
    "ask_city",
    "cities_holding",
    "covered_cities",
    "elsewhere",
    "in_one_city",
    "named_centre",
    "owner_city",
    "unknown_city",
]

COVERED_SHOWN: Final = 10
"""How many of the catalogue's cities a plan names when the one asked is not among them."""
ONE_CITY_CAP: Final = 10
ONE_CITY_ENOUGH: Final = 3
_CITIES_HOLDING = (
    "SELECT lower(city) AS city, count(*) AS n FROM places WHERE is_active AND city IS NOT NULL "
    "AND kind = ANY(CAST(:kinds AS text[])) GROUP BY 1 ORDER BY 2 DESC LIMIT 20"
)
NAMED_ENOUGH: Final = 2
"""Places whose address names an area before their median is taken as its centre."""
_IN_CITY_PLACED = (
    "SELECT lat, lng, address, area, name FROM places WHERE is_active AND lat IS NOT NULL "
    "AND lng IS NOT NULL AND (lower(city) = :city OR lower(area) = :city)"
)
_ANY_PLACED = (
    "SELECT lat, lng, address, area, name FROM places WHERE is_active AND lat IS NOT NULL "
    "AND lng IS NOT NULL AND (lower(coalesce(address, '')) LIKE ANY(CAST(:patterns AS text[])) "
    "OR lower(coalesce(area, '')) LIKE ANY(CAST(:patterns AS text[])) "
    "OR lower(name) LIKE ANY(CAST(:patterns AS text[])))"
)
_LATEST_PLAN_CITY = (
    "SELECT result #>> '{parsed_intent,location}' AS city FROM plans WHERE owner = :uid "
    "AND result #>> '{parsed_intent,location}' IS NOT NULL "
    "AND jsonb_array_length(result -> 'venues') > 0 ORDER BY created_at DESC LIMIT 1"
)


def covered_cities(cities: Mapping[str, int], shown: int = COVERED_SHOWN) -> list[str]:
    """The catalogue's cities with the most places, as people write them."""
    ranked = sorted(cities.items(), key=lambda kv: (-kv[1], kv[0]))
    return [_title(city) for city, _ in ranked[:shown]]


def _title(city: str) -> str:
    return " ".join(w if w.isupper() else w.capitalize() for w in city.split())


def unknown_city(place: str, cities: Mapping[str, int], what: str = "places") -> str:
    """The sentence a plan for a city the catalogue does not hold says instead of venues;
    `cities`: those holding the kinds of place asked (`cities_holding`), so a dinner in Paris
    is not told of Tokyo's sights."""
    covered = ", ".join(covered_cities(cities))
    return (
        f"I don't know any {what} in {_title(place)}, so nothing is planned there. The {what} I "
        f"know are in {covered} and a few more: name one of those, or share where the members "
        "are."
    )


def ask_city(cities: Mapping[str, int], what: str = "places") -> str:
    """What a plan naming no place, for a group nobody located, says instead of venues."""
    return (
        f"No city was named and no member shared where they are, so nothing is planned yet: "
        f"which city is the group in? The {what} I know are in {', '.join(covered_cities(cities))} "
        "and a few more."
    )


def elsewhere(cities: Mapping[str, int], what: str) -> str:
    """Where the catalogue holds the kinds asked, for a plan that found none in its city."""
    return f"The {what} I know are in {', '.join(covered_cities(cities))} and a few more."


async def cities_holding(db: Database, kinds: Sequence[str]) -> dict[str, int]:
    """The catalogue's active places of `kinds` per city."""
    rows = await db.fetch(_CITIES_HOLDING, {"kinds": list(kinds)})
    found: Counter[str] = Counter()
    for row in rows:  # a neighbourhood a source gives as the city counts as its city
        found[_metro(str(row["city"]))] += int(row["n"])
    return dict(found)


async def owner_city(db: Database, uid: uuid.UUID, recent: Mapping[str, str] | None) -> str | None:
    """The planner's own city: the place their latest plan with venues named (its city when
    it named an area), else the city of their latest request in another product."""
    rows = await db.fetch(_LATEST_PLAN_CITY, {"uid": uid})
    said = str(rows[0]["city"]) if rows and rows[0]["city"] else None
    if said:
        return said.rsplit(",", 1)[-1].strip() or None
    for product in ("restaurants", "trips"):
        if recent and recent.get(product):
            return recent[product]
    return next(iter(recent.values()), None) if recent else None


def _folded(text: str) -> str:
    """Lower case without accents: "Gràcia" as "gracia"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def _spellings(area: str) -> list[str]:
    """How addresses write an area: "Kendall Square" as "kendall square" or "kendall sq"."""
    said = _folded(area)
    short = said.replace(" square", " sq").replace(" street", " st")
    return list(dict.fromkeys((said, short)))


async def named_centre(
    db: Database, area: str, city: str | None
) -> tuple[float, float, int] | None:
    """An area the catalogue lists no place under, placed from the places whose address,
    area or own name names it ("Legal Sea Foods - Kendall Square": a branch is named for where
    it is; the median of their coordinates, in its city when known): (lat, lng, how many);
    None when fewer than `NAMED_ENOUGH` do."""
    spellings = _spellings(area)
    if city:
        rows = await db.fetch(_IN_CITY_PLACED, {"city": city.lower()})
    else:
        rows = await db.fetch(_ANY_PLACED, {"patterns": [f"%{s}%" for s in spellings]})
    points = [
        (float(r["lat"]), float(r["lng"]))
        for r in rows
        if any(
            re.search(
                rf"(?<![a-z0-9]){re.escape(s)}(?![a-z0-9])",
                _folded(f"{r['address'] or ''} {r['area'] or ''} {r['name'] or ''}"),
            )
            for s in spellings
        )
    ]
    if len(points) < NAMED_ENOUGH:
        return None
    return median(p[0] for p in points), median(p[1] for p in points), len(points)


def in_one_city(candidates: Sequence[Candidate]) -> tuple[list[Candidate], str | None]:
    """No place named and no member located: a group meets in one city, so the plan keeps to
    the city holding most of the best `ONE_CITY_CAP` matches (the earlier match breaks a tie),
    when it has at least `ONE_CITY_ENOUGH` of them; else every match, from wherever it is."""
    cities = [_metro(c.record.place.city) for c in candidates]
    counts = Counter(city for city in cities[:ONE_CITY_CAP] if city)
    if len(counts) < 2:
        return list(candidates), None
    best = max(counts, key=counts.__getitem__)  # a Counter keeps first-seen order: ties
    kept = [c for c, city in zip(candidates, cities, strict=True) if city == best]
    if len(kept) < ONE_CITY_ENOUGH:
        return list(candidates), None
    return kept, _title(best)


def _metro(city: str | None) -> str:
    """A neighbourhood a source gives as the city ("Dorchester") counts as its city."""
    lowered = (city or "").strip().lower()
    return KNOWN_AREAS.get(lowered) or lowered
