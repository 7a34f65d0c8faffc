"""The catalog's own words (categories, cities, areas, dishes), the input of the offline parser.

The parser only recognises what the catalog can actually filter on, so a request never asks the
database for a category it does not have. The lead builds one from the database after an ingest;
tests build one from the shared data set or from the committed fixture.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from kairos.text.words import concept_tokens, fold, singular

__all__ = [
    "CatalogVocabulary",
    "clean_city",
    "concept_form",
    "concept_tokens",
    "expand_categories",
    "fold",
    "qualifier_first",
    "singular",
    "unqualified",
]

_PARENTHESIS = re.compile(r"\s*\(.*?\)\s*")
_QUALIFIED = re.compile(r"^(.+?)\s*\((.+)\)$")


def qualifier_first(category: str) -> str:
    """How people say a category the source qualifies in parentheses: "american (new)" →
    "new american", "american (traditional)" → "traditional american"."""
    match = _QUALIFIED.fullmatch(category.strip())
    return f"{match.group(2)} {match.group(1)}" if match else category


def unqualified(category: str) -> str:
    """A qualified category's base: "american (new)" → "american", so that "american food"
    reaches every kind of American the source files, whether or not "american" is one."""
    match = _QUALIFIED.fullmatch(category.strip())
    return match.group(1) if match else category


def concept_form(value: str) -> str:
    return " ".join(concept_tokens(value))


def expand_categories(words: Iterable[str], categories: Iterable[str]) -> frozenset[str]:
    """Catalog categories a filter word reaches: those containing all its words.

    Mirrors the search's own expansion ("sushi" reaches "sushi bars", "indian" reaches
    "north indian"), so two category lists that expand alike ask the database the same thing.
    """
    wanted = [set(concept_tokens(w)) for w in words]
    wanted = [w for w in wanted if w]
    return frozenset(c for c in categories if any(w <= set(concept_tokens(c)) for w in wanted))


def clean_city(value: str) -> str:
    """ "London (Greater London area)" → "london": people name the city, not the source's label."""
    return " ".join(_PARENTHESIS.sub(" ", fold(value)).split())


def _clean(value: str) -> str:
    return " ".join(fold(value).split())


@dataclass(frozen=True)
class CatalogVocabulary:
    """Distinct catalog strings, lower case.

    `areas` maps a neighbourhood to its city (or None when the catalog does not say), so that
    "biryani in gachibowli" also scopes the city.
    """

    categories: frozenset[str] = frozenset()
    cities: frozenset[str] = frozenset()
    areas: Mapping[str, str | None] = field(default_factory=dict)
    dishes: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "categories", frozenset(c for c in map(_clean, self.categories) if c)
        )
        object.__setattr__(self, "cities", frozenset(c for c in map(clean_city, self.cities) if c))
        areas = {
            _clean(a): (clean_city(c) if c else None) for a, c in self.areas.items() if a.strip()
        }
        object.__setattr__(self, "areas", areas)
        object.__setattr__(self, "dishes", frozenset(d for d in map(_clean, self.dishes) if d))

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, object]]) -> CatalogVocabulary:
        """From restaurant rows with `cuisines` or `categories`, `city` and optional `area`."""
        categories: set[str] = set()
        cities: set[str] = set()
        areas: dict[str, str | None] = {}
        for record in records:
            for key in ("cuisines", "categories"):
                values = record.get(key)
                if isinstance(values, list):
                    categories.update(v for v in values if isinstance(v, str))
            city = record.get("city")
            if isinstance(city, str):
                cities.add(city)
            area = record.get("area")
            if isinstance(area, str) and area.strip():
                areas[area] = clean_city(city) if isinstance(city, str) else None
        return cls(frozenset(categories), frozenset(cities), areas)

    @classmethod
    def from_json(cls, path: Path) -> CatalogVocabulary:
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            categories=frozenset(data.get("categories", [])),
            cities=frozenset(data.get("cities", [])),
            areas=dict(data.get("areas", {})),
            dishes=frozenset(data.get("dishes", [])),
        )

    def to_json(self) -> str:
        return json.dumps(
            {
                "categories": sorted(self.categories),
                "cities": sorted(self.cities),
                "areas": dict(sorted(self.areas.items())),
                "dishes": sorted(self.dishes),
            },
            indent=1,
            ensure_ascii=False,
        )
