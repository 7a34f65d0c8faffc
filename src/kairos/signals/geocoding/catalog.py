"""The offline geocoder: the catalog's own places and the centres of its cities.

It is given (name, address, city, lat, lng) rows — the catalog's, passed by whoever builds it —
and never imports the store. Text is matched, in this order of precision:
- a US ZIP: the centroid of the catalog's places with that ZIP in their address;
- a place's name (fuzzy, so "joes pizza" finds "Joe's Pizza");
- an address with a house number (fuzzy, street suffixes normalised: "Avenue" = "Ave");
- a street without a number ("Atlantic Ave"): the centroid of the places on it;
- a city or borough named in the text ("... in Brooklyn") narrows the places to those within
  `CITY_RADIUS_KM` of its centre; when nothing else matches, the city's centre is the answer
  (kind `city`, so callers know the location is only approximate). A city's name followed by a
  street word is a street, not the city: "Washington St, Boston" is in Boston, "Columbus Ave"
  is not Columbus, Ohio. A neighbourhood the catalog's own addresses name ("South End",
  "Brighton", "Back Bay") narrows like a city, within `LOCALITY_RADIUS_KM` of its places;
- an address's house number must be the place's own: "500 Boylston St" is not "800 Boylston St"
  (with no place at that number, the street is the answer).
A ZIP that no catalog address carries, but that `zip_cities.csv` places in a catalog city
(02139 is Cambridge), is that city's centre (kind `city`: it says where the city is, not
where the ZIP is, so nothing that needs a point, such as a sight's location, takes it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import ClassVar

from rapidfuzz import fuzz, process

from kairos.core.geo import haversine_km
from kairos.signals.geocoding.areas import (
    CITY_RADIUS_KM,
    HOUSE_NUMBER,
    LOCAL_AREA_NAMES,
    LOCALITY_RADIUS_KM,
    STREET_WORDS,
    SUFFIXES,
    Area,
    KnownPlace,
    Locality,
    centroid,
    city_area,
    fold,
    localities,
    normalise,
    zip_cities,
)
from kairos.signals.geocoding.cities import CityCentre, city_centres, find_city
from kairos.signals.geocoding.models import GeocodeQuery, GeocodeResult, GeoMatch, MatchKind
from kairos.signals.geocoding.spotting import NameIndex, Spotted, spot_names

__all__ = ["CatalogGeocoder", "KnownPlace", "PlaceRow", "fold", "normalise", "zip_cities"]

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
PREFIX_CHARS = 3
"""Names are scored only when they share a word's first 3 characters with the text: scoring
every name of a 30k-place catalog costs ~40 ms, the shortlist well under 5 ms. Typos after a
word's third letter are still found."""
CITY_FALLBACK_SCORE = 0.5
"""Score of a city centre given because the rest of the text matched nothing in that city."""
AREAS_KEPT = 256
"""Texts whose area `place_area` keeps (the candidates of one message share it)."""
ZIP_TABLE_SCORE = 0.6
"""Score of a ZIP found only in `zip_cities.csv` (its city's centre, not its own)."""

_KIND_ORDER: dict[MatchKind, int] = {
    "address": 0,
    "place": 1,
    "postcode": 2,
    "street": 3,
    "city": 4,
}
_CONNECTORS = ("in", "near", "at", "around", "by", "of", "the")
_ZIP_IN_TEXT = re.compile(r"\b(\d{5})(?:-\d{4})?\b")


class CatalogGeocoder:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "catalog"

    def __init__(self, places: Iterable[PlaceRow], cities: Sequence[CityCentre] | None = None):
        self._places = [
            KnownPlace(
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
        self._in_area: dict[str, list[int]] = {}
        self._by_prefix: dict[str, list[int]] = {}
        for i, key in enumerate(self._name_keys):
            for prefix in {w[:PREFIX_CHARS] for w in key.split()}:
                self._by_prefix.setdefault(prefix, []).append(i)
        self._cities = tuple(cities if cities is not None else city_centres())
        self.localities = localities(self._places, self._cities)
        areas = [(normalise(alias), city_area(city)) for city in self._cities
                 for alias in city.aliases]  # fmt: skip
        areas += [(loc.key, self._locality_area(loc)) for loc in self.localities]
        named = dict(areas)
        areas += [(local, named[key]) for local, key in LOCAL_AREA_NAMES.items() if key in named]
        self._aliases = sorted(areas, key=lambda pair: -len(pair[0]))
        self._names: NameIndex | None = None
        self._areas_said: dict[str, Area | None] = {}

    @property
    def places(self) -> list[KnownPlace]:
        return self._places

    @property
    def area_names(self) -> frozenset[str]:
        """Every city's and neighbourhood's name as normalised (never a place's short name)."""
        return frozenset(alias for alias, _ in self._aliases)

    def spot(self, text: str) -> list[Spotted]:
        """Catalog places named anywhere in a sentence (`spotting.py`); candidates index
        `places`."""
        if self._names is None:
            self._names = NameIndex(self._places)
        return spot_names(text, self._names, normalise, self.area_names)

    def place_area(self, place: KnownPlace, text: str) -> bool:
        """Whether the place lies in the city, locality or ZIP the text names (True when the
        text names none)."""
        if text not in self._areas_said:  # one message narrows many candidates
            if len(self._areas_said) >= AREAS_KEPT:
                self._areas_said.clear()
            self._areas_said[text] = self.area_of(text)
        area = self._areas_said[text]
        if area is None:
            return True
        return haversine_km(place.lat, place.lng, area.lat, area.lng) <= area.radius_km

    def _locality_area(self, loc: Locality) -> Area:
        nearest = min(self._cities, key=lambda c: haversine_km(c.lat, c.lng, loc.lat, loc.lng),
                      default=None)  # fmt: skip
        city = nearest.name if nearest is not None else loc.name
        label = f"{loc.name}, {city}" if city != loc.name else loc.name
        label += f" (centre of {loc.places} catalog place{'s' if loc.places > 1 else ''})"
        return Area(loc.name, label, loc.lat, loc.lng, LOCALITY_RADIUS_KM, city)

    async def fetch(self, query: GeocodeQuery) -> GeocodeResult:
        return self.lookup(query)

    async def aclose(self) -> None:
        return None

    def lookup(self, query: GeocodeQuery) -> GeocodeResult:
        text = normalise(query.text)
        area, rest = self.split_area(text)
        matches: list[GeoMatch] = []
        if zip_match := _ZIP_IN_TEXT.search(query.text):
            found, zip_area = self._postcode(zip_match.group(1))
            matches += found
            area = area or zip_area
            rest = normalise(_ZIP_IN_TEXT.sub(" ", rest))
        note = None
        if rest:
            pool = self._near(area) if area else self._all
            matches += self._by_name(rest, pool, query.limit)
            matches += self._by_address(rest, pool, query.limit)
            if area and text != rest:  # the whole text may be a name with a city in it
                matches += self._by_name(text, self._all, query.limit)
        if not matches and area:
            score = CITY_FALLBACK_SCORE if rest else 1.0
            matches.append(_area_match(area, score))
            if rest:
                note = f"{rest!r} was not found in {area.name}; its centre is given"
        if not matches and not area:
            matches += self._fuzzy_city(text)
        best = _best(matches, query.limit)
        if not best:
            note = (
                f"nothing among the catalog's {len(self._places)} places and "
                f"{len(self._cities)} cities matched {query.text!r}"
            )
        return GeocodeResult(matches=best, note=note)

    def split_area(self, text: str) -> tuple[Area | None, str]:
        """The city or locality the (normalised) text names, and the text without it. A name
        followed by a street word is the street's ("Washington St"), never the city."""
        for alias, area in self._aliases:
            for found in re.finditer(rf"(^| ){re.escape(alias)}(?= |$)", text):
                after = text[found.end() :].split()
                if after and after[0] in STREET_WORDS:
                    continue
                rest = (text[: found.start()] + " " + text[found.end() :]).split()
                while rest and rest[-1] in _CONNECTORS:
                    rest.pop()
                while rest and rest[0] in _CONNECTORS:
                    rest.pop(0)
                return area, " ".join(rest)
        return None, text

    def area_of(self, text: str) -> Area | None:
        """The city, locality or ZIP a text names (for narrowing places found otherwise)."""
        area, _ = self.split_area(normalise(text))
        if area is None and (zip_match := _ZIP_IN_TEXT.search(text)):
            _, area = self._postcode(zip_match.group(1))
        return area

    def _near(self, area: Area) -> list[int]:
        """Indexes of the places within the area's radius (computed once per area)."""
        key = f"{area.name}|{area.lat}|{area.lng}|{area.radius_km}"
        near = self._in_area.get(key)
        if near is None:
            near = [
                i
                for i, p in enumerate(self._places)
                if haversine_km(p.lat, p.lng, area.lat, area.lng) <= area.radius_km
            ]
            self._in_area[key] = near
        return near

    def _postcode(self, code: str) -> tuple[list[GeoMatch], Area | None]:
        places = [p for p in self._places if p.zip == code]
        if not places:
            centre = find_city(zip_cities().get(code))
            if centre is None:
                return [], None
            label = f"ZIP {code}, {centre.label} (no catalog address has it: the city's centre)"
            area = Area(f"ZIP {code}", label, centre.lat, centre.lng, CITY_RADIUS_KM, centre.name)
            return [_area_match(area, ZIP_TABLE_SCORE, kind="city")], area
        lat, lng = centroid(places)
        plural = "s" if len(places) > 1 else ""
        label = f"ZIP {code} (centre of {len(places)} catalog place{plural})"
        city = places[0].city or None
        area = Area(f"ZIP {code}", label, lat, lng, LOCALITY_RADIUS_KM, city or "")
        return [
            GeoMatch(label=label, lat=lat, lng=lng, kind="postcode", score=1.0, city=city)
        ], area

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
        words = [w for w in text.split() if len(w) >= 3 and w not in SUFFIXES.values()]
        pool = [i for i in pool if any(w in self._address_keys[i] for w in words)]
        keys = [self._address_keys[i] for i in pool]
        if number := HOUSE_NUMBER.match(text):
            found = process.extract(
                text,
                keys,
                scorer=fuzz.token_set_ratio,
                score_cutoff=ADDRESS_CUTOFF,
                limit=limit * 3,
            )
            same = [(s, i) for _, s, i in found
                    if self._places[pool[i]].house_number == number.group(0)]  # fmt: skip
            if same:
                return [_place_match(self._places[pool[i]], "address", s) for s, i in same]
            text = text[number.end() :].strip()  # no place at that number: the street
        if len(text) < 5:
            return []
        found = process.extract(
            text, keys, scorer=fuzz.partial_ratio, score_cutoff=STREET_CUTOFF, limit=None
        )
        on_street = [self._places[pool[i]] for _, _, i in found]
        if not on_street:
            return []
        lat, lng = centroid(on_street)
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
        return [_area_match(self._aliases[found[2]][1], found[1] / 100)]


def _place_match(place: KnownPlace, kind: MatchKind, score: float) -> GeoMatch:
    return GeoMatch(
        label=place.label,
        lat=place.lat,
        lng=place.lng,
        kind=kind,
        score=round(score / 100, 3),
        city=place.city or None,
    )


def _area_match(area: Area, score: float, kind: MatchKind = "city") -> GeoMatch:
    return GeoMatch(
        label=area.label,
        lat=area.lat,
        lng=area.lng,
        kind=kind,
        score=round(score, 3),
        city=area.city,
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
