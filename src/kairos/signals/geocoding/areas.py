"""What the catalog geocoder (`catalog.py`) matches text against, apart from the matching
itself: text folded and normalised as addresses write it ("Comm Ave" = "commonwealth ave"), the
catalog's rows as it holds them, and the areas that narrow them — a city's centre, a neighbourhood
the addresses name ("South End"), a ZIP's city from `zip_cities.csv`.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from kairos.signals.geocoding.cities import CityCentre

__all__ = [
    "CITY_RADIUS_KM",
    "HOUSE_NUMBER",
    "LOCALITY_RADIUS_KM",
    "STREET_WORDS",
    "SUFFIXES",
    "Area",
    "KnownPlace",
    "Locality",
    "centroid",
    "city_area",
    "fold",
    "localities",
    "normalise",
    "zip_cities",
]

CITY_RADIUS_KM = 25.0
"""Places count as "in" a named city within this distance of its centre (greater London and
Delhi's NCR are this wide; a borough's radius reaching its neighbours only widens the search)."""
LOCALITY_RADIUS_KM = 3.0
"""A neighbourhood named in the catalog's addresses ("South End") reaches this far from the
centre of its places."""
SUFFIXES = {
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
    "center": "ctr",
    "centre": "ctr",
}
STREET_WORDS = frozenset(
    {"st", "ave", "blvd", "rd", "pl", "dr", "ln", "sq", "pkwy", "ct", "ter", "hwy", "way", "row",
     "plaza", "broadway", "street", "avenue", "road"}
)  # fmt: skip
"""A city's name followed by one of these is a street ("Washington St"), not the city."""
_STREET_NAMES = {"comm ave": "commonwealth ave", "mass ave": "massachusetts ave"}
"""What people call a street, as the addresses write it."""
LOCAL_AREA_NAMES = {"southie": "s boston", "eastie": "e boston", "jp": "jamaica plain",
                    "fidi": "financial district"}  # fmt: skip
"""What people call a neighbourhood, as the addresses name it (normalised: "South Boston" is
"s boston"); an alias only where the catalogue's addresses name that neighbourhood."""
HOUSE_NUMBER = re.compile(r"^\d+[a-z]?\b")


def fold(text: str) -> str:
    """Lower case without accents or apostrophes: "Café" = "cafe", "Stephanie's" = "stephanies"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.replace("'", "").replace("\u2019", "")


def normalise(text: str) -> str:
    words = re.sub(r"[^0-9a-z]+", " ", fold(text)).split()
    joined = " ".join(SUFFIXES.get(w, w) for w in words)
    for short, full in _STREET_NAMES.items():
        joined = re.sub(rf"(^| ){short}( |$)", rf"\1{full}\2", joined)
    return joined


@lru_cache(maxsize=1)
def zip_cities() -> dict[str, str]:
    """ZIP -> city for the catalog's US cities (`zip_cities.csv`: ranges by city, made from the
    USPS ZIP list of the `zipcodes` package by `scripts/make_zip_cities.py`; '#' lines are its
    provenance)."""
    path = resources.files("kairos.signals.geocoding") / "zip_cities.csv"
    found: dict[str, str] = {}
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    with io.StringIO("\n".join(lines)) as handle:
        for row in csv.DictReader(handle):
            first, last = int(row["first"]), int(row["last"] or row["first"])
            for code in range(first, last + 1):
                found[f"{code:05d}"] = row["city"]
    return found


@dataclass(frozen=True)
class Locality:
    """A neighbourhood or town the catalog's addresses name, at the centre of its places."""

    name: str
    key: str
    lat: float
    lng: float
    places: int


@dataclass(frozen=True)
class KnownPlace:
    """A catalog row as the geocoder holds it."""

    name: str
    address: str
    city: str
    lat: float
    lng: float
    name_key: str
    address_key: str
    zip: str | None

    @property
    def house_number(self) -> str | None:
        found = HOUSE_NUMBER.match(self.address_key)
        return found.group(0) if found else None

    @property
    def label(self) -> str:
        """The name and address; with no address, the name and city (so two branches of one
        name can be told apart in a question)."""
        where = self.address.replace("\n", ", ") or self.city
        return ", ".join(p for p in (self.name, where) if p)


@dataclass(frozen=True)
class Area:
    """Where a text says the place is: a city (its centre) or a locality (its places' centre)."""

    name: str
    label: str
    lat: float
    lng: float
    radius_km: float
    city: str


def city_area(city: CityCentre) -> Area:
    return Area(city.name, city.label, city.lat, city.lng, CITY_RADIUS_KM, city.name)


def centroid(places: Sequence[KnownPlace]) -> tuple[float, float]:
    return (
        round(sum(p.lat for p in places) / len(places), 6),
        round(sum(p.lng for p in places) / len(places), 6),
    )


def localities(places: Sequence[KnownPlace], cities: Sequence[CityCentre]) -> list[Locality]:
    """Neighbourhoods and towns the addresses name between the street and "MA 02118" (Yelp's
    "253 Shawmut Ave, South End, Boston, MA 02118"), other than the catalog's cities."""
    known = {normalise(alias) for city in cities for alias in city.aliases}
    found: dict[str, tuple[str, list[KnownPlace]]] = {}
    for place in places:
        parts = [p.strip() for p in place.address.replace("\n", ", ").split(",")]
        for part in parts[1:-1]:
            for name in part.split("/"):
                name = name.strip()
                key = normalise(name)
                words = key.split()
                if len(key) < 4 or len(words) > 3 or any(ch.isdigit() for ch in name):
                    continue
                if key in known or words[-1] in STREET_WORDS:
                    continue
                found.setdefault(key, (name, []))[1].append(place)
    out = []
    for key, (name, mine) in found.items():
        lat, lng = centroid(mine)
        out.append(Locality(name=name, key=key, lat=lat, lng=lng, places=len(mine)))
    return out
