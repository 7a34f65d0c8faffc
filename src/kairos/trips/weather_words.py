"""Weather a traveller says ("it will rain", "mostly indoors", "-20", "freezing", "a heatwave"):
the trip keeps to places indoors (museums, galleries, market halls, temples), and the answer says
it read the ask.

`weather_said(text)` → the words read, or None. `indoors_pool(candidates, days, locked)` leaves
out places outdoors (`kind_groups` "outdoors": parks, gardens, viewpoints, beaches, zoos; an
island by its name) when enough others remain to fill the days (`INDOOR_PER_DAY` a day), else
keeps them all; a locked place is always kept. `weather_note(said, outdoor, kept)` is the
sentence the answer gives.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Final

from kairos.trips.kind_groups import fits
from kairos.trips.models import Candidate

__all__ = ["INDOOR_PER_DAY", "indoors_pool", "is_outdoors", "weather_note", "weather_said"]

INDOOR_PER_DAY: Final = 3
"""Places indoors a day needs before the outdoor ones are left out."""

_WEATHER: Final = re.compile(
    r"\b(?:rain|rains|rainy|raining|rainfall|wet weather|downpours?|monsoon|storms?|stormy|"
    r"indoors?|inside places|under a roof|snow|snowing|snowy|blizzard|freezing|frozen|"
    r"bitterly cold|very cold|too cold|cold weather|icy|heatwave|heat wave|scorching|"
    r"too hot|very hot|extreme heat|sweltering)\b"
    r"|(?:^|[\s(])(?:-|minus\s*|−)\d{1,2}\s*(?:°\s*)?(?:c|degrees|celsius)?\b",
    re.IGNORECASE,
)
_OUT_IN_THE_WEATHER: Final = re.compile(
    r"\b(?:island|islands|pulau|beach|trail|hike|hill|port|harbou?r|pier|wharf|quay|waterfront|"
    r"promenade|boardwalk|terrace|terrasse|slides?|toboggan|square|plaza|quartier|quarter|"
    r"district|street|bridge|falls|waterfall|lake|fountain|statue|plains|ramparts|"
    r"fortifications|gate|porte|cemetery|skating|rink)\b",
    re.IGNORECASE,
)
"""Names of places out in the weather whatever their source files them under (an "attraction":
Québec's Old Port, the Terrasse Dufferin Slides, Quartier Petit Champlain at −20 said indoors)."""


_ROOFED: Final = frozenset({"museum", "gallery", "religious_site", "theatre", "arts_venue"})


def weather_said(text: str) -> str | None:
    """The weather words of a request ("rainy", "-20", "indoors"), or None."""
    m = _WEATHER.search(text)
    return " ".join(m.group(0).split()) if m else None


def is_outdoors(kind: str, category: str | None, name: str) -> bool:
    """A place a traveller is out in the weather at: a park, a garden, a viewpoint, a beach, a
    zoo, an island, a trail, a port, a square, a street or a quarter; a museum, gallery or place
    of worship never, whatever its name ("Musée du Fort", "Notre-Dame of the Square")."""
    if kind in _ROOFED:
        return False
    return fits("outdoors", kind, category, name) or bool(_OUT_IN_THE_WEATHER.search(name))


def indoors_pool(
    candidates: Sequence[Candidate], days: int, locked: Collection[str] = ()
) -> tuple[list[Candidate], int]:
    """The candidates without places outdoors when enough remain, and how many were left
    out (0: all kept, too few indoors)."""
    kept = [c for c in candidates if c.id in locked or not is_outdoors(c.kind, c.category, c.name)]
    if len(kept) < INDOOR_PER_DAY * days:
        return list(candidates), 0
    return kept, len(candidates) - len(kept)


def weather_note(said: str, outdoor_stops: Sequence[str]) -> str:
    """What the answer says of the weather ask, given the stops of the trip that are outdoors."""
    if not outdoor_stops:
        return (
            f"You said '{said}': the days keep to places indoors (museums, galleries, halls, "
            "places of worship); parks, gardens, viewpoints and islands are left out."
        )
    names = ", ".join(outdoor_stops[:3]) + (" and more" if len(outdoor_stops) > 3 else "")
    return (
        f"You said '{said}': Kairos knows too few places indoors here to fill the days, so some "
        f"stops are outdoors ({names}); keep them for a dry or milder hour."
    )
