"""The offline geocoder: the catalog's own places and the centres of its cities.

It is given (name, address, city, lat, lng) rows — the catalog's, passed by whoever builds it —
and never imports the store. Text is matched, in this order of precision:
- a US ZIP: the centroid of the catalog's places with that ZIP in their address;
- a place's name (fuzzy, so "joes pizza" finds "Joe's Pizza");
- an address with a house number (fuzzy, street suffixes normalised: "Avenue" = "Ave");
- a street without a number ("Atlantic Ave"): the centroid of the places on it;
- a city or borough named in the text ("... in Brooklyn") narrows the places to those within
  `CITY_RADIUS_KM` of its centre; when nothing else matches, the city's centre is the answer
  (kind `city`, so callers know the location is only approximate).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rapidfuzz import fuzz, process

from kairos.core.geo import haversine_km
from kairos.signals.geocoding.cities import CityCentre, city_centres
from kairos.signals.geocoding.models import GeocodeQuery, GeocodeResult, GeoMatch, MatchKind

PlaceRow = tuple[str, str | None, str | None, float | None, float | None]
"""(name, address, city, lat, lng): a catalog row; rows without coordinates are skipped."""

NAME_CUTOFF = 86.0
"""WRatio for a place name: typos and missing apostrophes pass, other places' names do not."""
ADDRESS_CUTOFF = 88.0
"""token_set_ratio for an address with a house number."""
STREET_CUTOFF = 92.0
"""partial_ratio for a street name inside an address; high, since short strings match easily."""
CITY_FUZZY_CUTOFF = 88.0
"""A whole text that is a misspelt city ("bostn") still finds the city."""
CITY_RADIUS_KM = 25.0
"""Places count as "in" a named city within this distance of its centre (greater London and
Delhi's NCR are this wide; a borough's radius reaching its neighbours only widens the search)."""
PREFIX_CHARS = 3
"""Names are scored only when they share a word's first 3 characters with the text: scoring
every name of a 30k-place catalog costs ~40 ms, the shortlist well under 5 ms. Typos after a
word's third letter are still found."""
CITY_FALLBACK_SCORE = 0.5
"""Score of a city centre given because the rest of the text matched nothing in that city."""

_KIND_ORDER: dict[MatchKind, int] = {
    "address": 0,
    "place": 1,
    "postcode": 2,
    "street": 3,
    "city": 4,
}
_SUFFIXES = {
    "avenue": "ave",
    "av": "ave",
    "street": "st",
    "road": "rd",
    "boulevard": "blvd",
    "place": "pl",
    "drive": "dr",
    "lane": "ln",
    "square": "sq",
    "parkway": "pkwy",
    "court": "ct",
    "terrace": "ter",
    "highway": "hwy",
    "north": "n",
    "south": "s",
    "east": "e",
    "west": "w",
}
_CONNECTORS = ("in", "near", "at", "around", "by", "of")
_ZIP_IN_TEXT = re.compile(r"\b(\d{5})(?:-\d{4})?\b")
_HOUSE_NUMBER = re.compile(r"^\d+[a-z]?\b")


def normalise(text: str) -> str:
    words = re.sub(r"[^0-9a-z]+", " ", text.lower().replace("'", "")).split()
    return " ".join(_SUFFIXES.get(w, w) for w in words)


@dataclass(frozen=True)
class _Place:
    name: str
    address: str
    city: str
    lat: float
    lng: float
    name_key: str
    address_key: str
    zip: str | None

    @property
    def label(self) -> str:
        return ", ".join(p for p in (self.name, self.address.replace("\n", ", ")) if p)


class CatalogGeocoder:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "catalog"

    def __init__(self, places: Iterable[PlaceRow], cities: Sequence[CityCentre] | None = None):
        self._places = [
            _Place(
                name,
                address or "",
                city or "",
                float(lat),
                float(lng),
                normalise(name),
                normalise(address or ""),
                m.group(1) if (m := _ZIP_IN_TEXT.search(address or "")) else None,
            )
            for name, address, city, lat, lng in places
            if name and lat is not None and lng is not None
        ]
        self._all = list(range(len(self._places)))
        self._name_keys = [p.name_key for p in self._places]
        self._address_keys = [p.address_key for p in self._places]
        self._in_city: dict[str, list[int]] = {}
        self._by_prefix: dict[str, list[int]] = {}
        for i, key in enumerate(self._name_keys):
            for prefix in {w[:PREFIX_CHARS] for w in key.split()}:
                self._by_prefix.setdefault(prefix, []).append(i)
        self._cities = tuple(cities if cities is not None else city_centres())
        self._aliases = sorted(
            ((normalise(alias), city) for city in self._cities for alias in city.aliases),
            key=lambda pair: -len(pair[0]),
        )

    async def fetch(self, query: GeocodeQuery) -> GeocodeResult:
        return self.lookup(query)

    async def aclose(self) -> None:
        return None

    def lookup(self, query: GeocodeQuery) -> GeocodeResult:
        text = normalise(query.text)
        city, rest = self._split_city(text)
        matches: list[GeoMatch] = []
        if zip_match := _ZIP_IN_TEXT.search(query.text):
            matches += self._postcode(zip_match.group(1))
            rest = normalise(_ZIP_IN_TEXT.sub(" ", rest))
        note = None
        if rest:
            pool = self._near(city) if city else self._all
            matches += self._by_name(rest, pool, query.limit)
            matches += self._by_address(rest, pool, query.limit)
            if city and text != rest:  # the whole text may be a name with a city in it
                matches += self._by_name(text, self._all, query.limit)
        if not matches and city:
            score = CITY_FALLBACK_SCORE if rest else 1.0
            matches.append(_city_match(city, score))
            if rest:
                note = f"{rest!r} was not found in {city.name}; the city's centre is given"
        if not matches and not city:
            matches += self._fuzzy_city(text)
        best = _best(matches, query.limit)
        if not best:
            note = (
                f"nothing among the catalog's {len(self._places)} places and "
                f"{len(self._cities)} cities matched {query.text!r}"
            )
        return GeocodeResult(matches=best, note=note)

    def _split_city(self, text: str) -> tuple[CityCentre | None, str]:
        for alias, city in self._aliases:
            found = re.search(rf"(^| ){re.escape(alias)}( |$)", text)
            if found:
                rest = (text[: found.start()] + " " + text[found.end() :]).split()
                while rest and rest[-1] in _CONNECTORS:
                    rest.pop()
                while rest and rest[0] in _CONNECTORS:
                    rest.pop(0)
                return city, " ".join(rest)
        return None, text

    def _near(self, city: CityCentre) -> list[int]:
        """Indexes of the places within the city's radius (computed once per city)."""
        near = self._in_city.get(city.name)
        if near is None:
            near = [
                i
                for i, p in enumerate(self._places)
                if haversine_km(p.lat, p.lng, city.lat, city.lng) <= CITY_RADIUS_KM
            ]
            self._in_city[city.name] = near
        return near

    def _postcode(self, code: str) -> list[GeoMatch]:
        places = [p for p in self._places if p.zip == code]
        if not places:
            return []
        lat, lng = _centroid(places)
        plural = "s" if len(places) > 1 else ""
        label = f"ZIP {code} (centre of {len(places)} catalog place{plural})"
        return [
            GeoMatch(
                label=label,
                lat=lat,
                lng=lng,
                kind="postcode",
                score=1.0,
                city=places[0].city or None,
            )
        ]

    def _by_name(self, text: str, pool: list[int], limit: int) -> list[GeoMatch]:
        shortlist: set[int] = set()
        for word in text.split():
            shortlist.update(self._by_prefix.get(word[:PREFIX_CHARS], ()))
        pool = [i for i in pool if i in shortlist] if pool is not self._all else sorted(shortlist)
        keys = [self._name_keys[i] for i in pool]
        found = process.extract(
            text, keys, scorer=fuzz.WRatio, score_cutoff=NAME_CUTOFF, limit=limit * 3
        )
        return [_place_match(self._places[pool[i]], "place", score) for _, score, i in found]

    def _by_address(self, text: str, pool: list[int], limit: int) -> list[GeoMatch]:
        # Only addresses sharing a distinctive word are scored: fuzzy scoring every address of a
        # large catalog costs more than the whole rest of a lookup.
        words = [w for w in text.split() if len(w) >= 3 and w not in _SUFFIXES.values()]
        pool = [i for i in pool if any(w in self._address_keys[i] for w in words)]
        keys = [self._address_keys[i] for i in pool]
        if _HOUSE_NUMBER.match(text):
            found = process.extract(
                text,
                keys,
                scorer=fuzz.token_set_ratio,
                score_cutoff=ADDRESS_CUTOFF,
                limit=limit * 3,
            )
            return [_place_match(self._places[pool[i]], "address", s) for _, s, i in found]
        if len(text) < 5:
            return []
        found = process.extract(
            text, keys, scorer=fuzz.partial_ratio, score_cutoff=STREET_CUTOFF, limit=None
        )
        on_street = [self._places[pool[i]] for _, _, i in found]
        if not on_street:
            return []
        lat, lng = _centroid(on_street)
        score = max(s for _, s, _ in found) / 100
        city = on_street[0].city or None
        plural = "s" if len(on_street) > 1 else ""
        label = f"{text.title()}{', ' + city if city else ''} ({len(on_street)} place{plural})"
        return [GeoMatch(label=label, lat=lat, lng=lng, kind="street", score=score, city=city)]

    def _fuzzy_city(self, text: str) -> list[GeoMatch]:
        found = process.extractOne(
            text,
            [alias for alias, _ in self._aliases],
            scorer=fuzz.ratio,
            score_cutoff=CITY_FUZZY_CUTOFF,
        )
        if found is None:
            return []
        return [_city_match(self._aliases[found[2]][1], found[1] / 100)]


def _centroid(places: Sequence[_Place]) -> tuple[float, float]:
    return (
        round(sum(p.lat for p in places) / len(places), 6),
        round(sum(p.lng for p in places) / len(places), 6),
    )


def _place_match(place: _Place, kind: MatchKind, score: float) -> GeoMatch:
    return GeoMatch(
        label=place.label,
        lat=place.lat,
        lng=place.lng,
        kind=kind,
        score=round(score / 100, 3),
        city=place.city or None,
    )


def _city_match(city: CityCentre, score: float) -> GeoMatch:
    return GeoMatch(
        label=city.label,
        lat=city.lat,
        lng=city.lng,
        kind="city",
        score=round(score, 3),
        city=city.name,
    )


def _best(matches: list[GeoMatch], limit: int) -> list[GeoMatch]:
    """Best first (score, then precision, then label); a place found twice is listed once."""
    ordered = sorted(matches, key=lambda m: (-m.score, _KIND_ORDER[m.kind], m.label))
    seen: set[str] = set()
    best = []
    for match in ordered:
        if match.label not in seen:
            seen.add(match.label)
            best.append(match)
    return best[:limit]
