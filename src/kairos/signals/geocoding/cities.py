"""Centres of the cities the catalog covers (`signals/data/city_centres.csv`), so a city or a
neighbourhood-level answer never needs a hosted geocoder. Coordinates are each city's
conventional centre (city hall or the point map services use), rounded to 4 decimals (~10 m)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class CityCentre:
    name: str
    aliases: tuple[str, ...]  # lower-case, including the name itself
    region: str
    country: str
    lat: float
    lng: float

    @property
    def label(self) -> str:
        return ", ".join(p for p in (self.name, self.region or None, self.country) if p)


@lru_cache(maxsize=1)
def city_centres() -> tuple[CityCentre, ...]:
    path = resources.files("kairos.signals") / "data" / "city_centres.csv"
    with io.StringIO(path.read_text(encoding="utf-8")) as handle:
        return tuple(
            CityCentre(
                name=row["name"],
                aliases=(
                    row["name"].lower(),
                    *(a.strip() for a in row["aliases"].split("|") if a.strip()),
                ),
                region=row["region"],
                country=row["country"],
                lat=float(row["lat"]),
                lng=float(row["lng"]),
            )
            for row in csv.DictReader(handle)
        )


def _key(text: str) -> str:
    return " ".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def find_city(name: str | None) -> CityCentre | None:
    """The centre of a city named as a data set writes it ("Washington, D.C.", "Kathmandu
    Valley", "Delhi (NCR …)"), by its name or an alias, punctuation ignored; None if unknown."""
    if not name:
        return None
    return _by_alias().get(_key(name.split("(", 1)[0]))


@lru_cache(maxsize=1)
def _by_alias() -> dict[str, CityCentre]:
    index: dict[str, CityCentre] = {}
    for city in city_centres():
        for alias in city.aliases:
            index.setdefault(_key(alias), city)
    return index
