"""Where a restaurant request is for when the message does not say (issue 39).

A request with no city, neighbourhood or coordinates searches the city the person is in when
Kairos knows it (the profile's home city, else the city of their recent requests), and the
answer says so ("In Boston, where you searched last time"). Otherwise the answer is one
question naming the cities Kairos knows places to eat in: five places from five cities answer
nobody. A city with no place to eat in the catalogue (a town no source covers, a city known
only for its sights) gets the same question, never other cities' places.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from kairos.core.place_kinds import SERVING_KINDS
from kairos.ingest.locality import in_greater_london, postcode_district
from kairos.restaurants.phrasing import listed
from kairos.restaurants.request_words import describe_request
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.catalog import Catalog
from kairos.store.database import Database
from kairos.text.query.catalog_words import clean_city

__all__ = [
    "Coverage",
    "CoverageReader",
    "Where",
    "clarify",
    "place_request",
    "thin_city",
    "unrecognised",
    "vague_where_known",
]

NAMED_AT_LEAST = 10
"""Places to eat a city needs before a question names it: a suburb holding three is not what
Kairos covers."""
REVIEWED_AT_LEAST = 5
"""Cities with this many reviewed places are named first: their answers quote diners."""
NAMED_AT_MOST = 10

_FOOD_CITIES = (
    "SELECT lower(city) AS city, count(*) AS n, count(*) FILTER (WHERE review_count > 0) AS"
    " reviewed FROM places WHERE is_active AND city IS NOT NULL"
    " AND kind = ANY(CAST(:kinds AS text[])) GROUP BY 1"
)
_UK_TOWNS = (
    "SELECT lower(city) AS city, address FROM places WHERE is_active AND country = 'GB'"
    " AND address IS NOT NULL AND lower(city) <> 'london' AND kind = ANY(CAST(:kinds AS text[]))"
)
_LOCATED_FROM = {"profile": "your home city", "recent_requests": "where you searched last time"}
Source = Literal["profile", "recent_requests"]


@dataclass(frozen=True)
class Coverage:
    """The places to eat per city (lower case), and the catalogue that resolves city words."""

    food_cities: Mapping[str, int]
    catalog: Catalog | None = None
    reviewed: Mapping[str, int] = field(default_factory=dict)
    towns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The towns of a metropolis its sources file under their own name: "london" → the towns
    of Greater London (Twickenham, Ealing…), which are London to the people asking."""

    def towns_of(self, city: str | None) -> list[str]:
        return list(self.towns.get(clean_city(city), ())) if city else []

    def covers(self, city: str) -> bool:
        """Whether a city word of a request reaches a city holding places to eat."""
        wanted = clean_city(city)
        if wanted in self.food_cities:
            return True
        resolved = self.catalog.resolve_city(wanted) if self.catalog is not None else []
        return any(clean_city(c) in self.food_cities for c in resolved)

    def named(self) -> list[str]:
        def rank(city: str) -> tuple[bool, int, str]:
            return self.reviewed.get(city, 0) < REVIEWED_AT_LEAST, -self.food_cities[city], city

        big = sorted((c for c, n in self.food_cities.items() if n >= NAMED_AT_LEAST), key=rank)
        return [c.title() for c in big[:NAMED_AT_MOST]]

    def cities_sentence(self) -> str:
        names = self.named()
        return f"I know places to eat in {listed(names)}." if names else ""


def thin_city(coverage: Coverage, city: str | None) -> str:
    """What an empty answer in a city the catalogue holds only a few places to eat in adds (a
    suburb with five): how few, the cities it covers well, and the question which to search.
    "" for a city covered well, or one the catalogue does not hold (asked before searching)."""
    held = coverage.food_cities.get(clean_city(city), 0) if city else 0
    if not city or not 0 < held < NAMED_AT_LEAST:
        return ""
    others = [c for c in coverage.named() if c.lower() != clean_city(city)]
    if not others:
        return ""
    few = "one place" if held == 1 else f"{held} places"
    return (
        f"I know only {few} to eat in {city.title()}; I know many more in {listed(others)}."
        " Which of these should I search?"
    )


class CoverageReader:
    """The cities with places to eat, read once per catalogue generation."""

    def __init__(self, db: Database, catalog: Callable[[], Awaitable[Catalog]]) -> None:
        self.db = db
        self.catalog = catalog
        self._kept: tuple[int, Coverage] | None = None

    async def __call__(self) -> Coverage:
        catalog = await self.catalog()
        if self._kept is None or self._kept[0] != catalog.generation:
            rows = await self.db.fetch(_FOOD_CITIES, {"kinds": sorted(SERVING_KINDS)})
            counts: dict[str, int] = {}
            reviewed: dict[str, int] = {}
            for row in rows:
                # "london (greater london area)" is London, and so is Teddington, an area of it
                city = clean_city(str(row["city"]))
                city = clean_city(catalog.area_cities.get(str(row["city"])) or city)
                counts[city] = counts.get(city, 0) + int(row["n"])
                reviewed[city] = reviewed.get(city, 0) + int(row["reviewed"])
            towns = await self._london_towns()
            self._kept = (catalog.generation, Coverage(counts, catalog, reviewed, towns))
        return self._kept[1]

    async def _london_towns(self) -> dict[str, tuple[str, ...]]:
        """UK towns most of whose places have a Greater London postcode (ingest/locality.py):
        the source files them as towns, a person asking for London means them too."""
        rows = await self.db.fetch(_UK_TOWNS, {"kinds": sorted(SERVING_KINDS)})
        votes: dict[str, int] = {}
        for row in rows:
            if (district := postcode_district(str(row["address"]))) is not None:
                town = str(row["city"])
                votes[town] = votes.get(town, 0) + (1 if in_greater_london(district) else -1)
        inside = tuple(sorted(t for t, n in votes.items() if n > 0))
        return {"london": inside} if inside else {}


@dataclass(frozen=True)
class Where:
    """What `place_request` decided: the request to search, or the question to ask instead."""

    decomposition: Decomposition
    question: str | None = None
    suggestions: tuple[str, ...] = ()


def _question(decomposition: Decomposition, coverage: Coverage, opening: str) -> Where:
    cities = coverage.named()
    known = coverage.cities_sentence()
    which = "Which of these should I search?" if cities else "Which city should I search?"
    question = " ".join(p for p in (opening, known, which) if p)
    return Where(decomposition, question=question, suggestions=tuple(cities[:4]))


async def place_request(
    decomposition: Decomposition,
    coverage: Coverage,
    locate: Callable[[], Awaitable[tuple[str | None, Source | None]]],
    known: frozenset[str] = frozenset(),
    *,
    asked_before: bool = False,
) -> Where:
    """The request with the city it is for, or the one question to ask: which city. After a
    question went unanswered (`asked_before`), the city Kairos knows most places in, said."""
    where = decomposition.filters
    if decomposition.intent != "find_restaurant" or where.area or where.near:
        return Where(decomposition)
    if where.city:
        if coverage.covers(where.city):
            return Where(decomposition)
        opening = f"I don't know any places to eat in {where.city.title()} yet."
        return _question(decomposition, coverage, opening)
    if decomposition.unknown_place:
        opening = f"I don't know any places to eat in {decomposition.unknown_place.title()} yet."
        return _question(decomposition, coverage, opening)
    city, source = await locate()
    if city and source and coverage.covers(city):
        said = f"In {city.title()}, {_LOCATED_FROM[source]}: name another city to look there."
        return Where(_in_city(decomposition, city, said))
    if asked_before and (named := coverage.named()):
        said = f"You didn't say where, so I searched {named[0]}: name another city to look there."
        return Where(_in_city(decomposition, named[0].lower(), said))
    return _question(decomposition, coverage, _opening(decomposition, known))


def _in_city(decomposition: Decomposition, city: str, said: str) -> Decomposition:
    return decomposition.model_copy(
        update={
            "filters": decomposition.filters.model_copy(update={"city": city}),
            "assumptions": [*decomposition.assumptions, said],
        }
    )


_PLACE_ROLES = ("city=", "area=", "unknown place", "near_user")


def unrecognised(decomposition: Decomposition, known: frozenset[str]) -> str | None:
    """The words of a request that holds nothing the reader knows ("asdfghjkl", "qwer zxcv"):
    no cuisine, dish, diet, occasion, price or word of the reader's vocabularies, only,
    perhaps, a city. None for any request with something to search for."""
    f = decomposition.filters
    if f.categories or decomposition.vibes or decomposition.dietary or f.price_tiers:
        return None
    if any(not role.startswith(_PLACE_ROLES) for role in decomposition.matched.values()):
        return None
    words = decomposition.vector_query.split()
    if not words or any(w in known for w in words):
        return None
    return " ".join(words)


def _opening(decomposition: Decomposition, known: frozenset[str]) -> str:
    """What the question starts with: where for what, or that the words were not understood."""
    if decomposition.near_user:
        return "I don't know where you are."
    if words := unrecognised(decomposition, known):
        return f'I didn\'t recognise "{words}". What would you like to eat?'
    f = decomposition.filters
    wanted = describe_request(f.categories, decomposition.vibes, None, f.price_tiers)
    return "Where should I look?" if wanted == "places" else f"Where should I look for {wanted}?"


async def vague_where_known(
    decomposition: Decomposition,
    locate: Callable[[], Awaitable[tuple[str | None, Source | None]]],
) -> bool:
    """A request too vague to search ("somewhere for dinner tonight") from someone whose city
    is known: answered with that city's best places rather than a question."""
    f = decomposition.filters
    if not decomposition.needs_clarification or decomposition.intent != "find_restaurant":
        return False
    if f.city or f.area or f.near or decomposition.unknown_place:
        return False
    return bool((await locate())[0])


async def clarify(
    decomposition: Decomposition,
    question: str,
    coverage: Coverage,
    locate: Callable[[], Awaitable[tuple[str | None, Source | None]]],
) -> str:
    """The question of a request too vague to search ("food"), with where when that is not
    known either: a city the catalogue lacks said, or the cities it holds named."""
    f = decomposition.filters
    if decomposition.intent != "find_restaurant" or f.area or f.near:
        return question
    place = (f.city if f.city and not coverage.covers(f.city) else None) or (
        None if f.city else decomposition.unknown_place
    )
    if place:
        known = coverage.cities_sentence()
        return f"I don't know any places to eat in {place.title()} yet. {known} {question}"
    if f.city or (await locate())[0]:
        return question
    return f"{question} {coverage.cities_sentence()}".strip()
