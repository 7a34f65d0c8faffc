"""A layover: the day planned from the city's airport and back to it.

"Singapore 1 day layover, 9am to 6pm, near the airport" was planned from the first sight and
ended at a nature reserve across the island with no way back (issue 35, panel trips half A at
2959048, t59: "no return leg to Changi; 'near the airport' ignored"). Words that say a layover,
a stopover or the airport make the city's main airport (`data/airports.csv`: its public reference
point, to about 100 m) the start and end point of every day: the days are loops from it, the way
back is timed inside the day's window and shown, and the answer says so.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

from kairos.signals.geocoding.cities import find_city

__all__ = ["Airport", "airport_of", "airport_said", "layover_asked"]

_LAYOVER: Final = re.compile(
    r"\b(?:lay\s*-?overs?|stop\s*-?overs?|between\s+(?:two\s+)?flights|connecting\s+flight"
    r"|(?:near|from|to|at|around|by|back\s+to)\s+(?:the\s+)?airport)\b",
    re.I,
)


@dataclass(frozen=True)
class Airport:
    city: str
    name: str
    lat: float
    lng: float


@lru_cache(maxsize=1)
def _airports() -> dict[str, Airport]:
    path = resources.files("kairos.trips") / "data" / "airports.csv"
    with io.StringIO(path.read_text(encoding="utf-8")) as handle:
        rows = list(csv.DictReader(handle))
    return {
        r["city"]: Airport(r["city"], r["airport"], float(r["lat"]), float(r["lng"])) for r in rows
    }


def layover_asked(text: str) -> bool:
    """Whether the words plan around an airport: a layover, a stopover, near the airport."""
    return bool(_LAYOVER.search(text))


def airport_of(city: str) -> Airport | None:
    """The main airport of a city Kairos knows (by any of its names), or None."""
    known = find_city(city)
    return _airports().get(known.name) if known is not None else None


def airport_said(airport: Airport) -> str:
    """The answer's words for a trip planned around an airport."""
    return (f"Planned from and back to {airport.name}: each day starts there and ends with the "
            "way back, inside the day's hours.")  # fmt: skip
