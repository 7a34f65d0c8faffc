"""London neighbourhoods and the postcode districts they lie in (`data/london_areas.toml`), so
a request for "Shoreditch" or "Covent Garden" finds the London places whose address carries one
of those districts: the restaurant catalogue's London places come with an address and a
postcode, not coordinates, so no distance from a centre can find them (issue 38, item 1)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib.resources import files
from typing import Final

__all__ = ["LONDON_AREAS", "NEEDS_PREPOSITION", "district_pattern", "districts_of"]


@cache
def _load() -> tuple[dict[str, tuple[str, ...]], frozenset[str]]:
    text = (files("kairos.core") / "data" / "london_areas.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    areas = {name.lower(): tuple(d.upper() for d in ds) for name, ds in data["areas"].items()}
    return areas, frozenset(n.lower() for n in data.get("needs_preposition", []))


LONDON_AREAS: Final = _load()[0]
"""Neighbourhood (lower case, as people name it) → its postcode districts."""
NEEDS_PREPOSITION: Final = _load()[1]
"""Neighbourhoods whose name is an ordinary word too ("angel", "bank"): read after a place word."""


def districts_of(area: str | None) -> tuple[str, ...]:
    """The postcode districts of a London neighbourhood; () for any other place."""
    return LONDON_AREAS.get(" ".join((area or "").lower().replace("'", "").split()), ())


def district_pattern(districts: tuple[str, ...]) -> str | None:
    """A regular expression (POSIX, as PostgreSQL's `~` reads it, and Python's) finding a full
    postcode of one of `districts` in an address: "EC2A 3DT" for EC2A, never "E14 9AB" for E1."""
    if not districts:
        return None
    alternatives = "|".join(re.escape(d) for d in sorted(set(districts), key=len, reverse=True))
    return f"(^|[^A-Z0-9])({alternatives}) ?[0-9][A-Z][A-Z]([^A-Z0-9]|$)"
