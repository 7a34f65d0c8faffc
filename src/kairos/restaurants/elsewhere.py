"""Where the catalogue does hold what a city it covers lacks (issue 39): "I know no Korean
places in Columbus" goes on with the nearest city that has some, and "no place in Columbus shows
evidence of halal food" with the nearest city whose places show it. Said, with a reply to go
there; never listed as the answer, since a place of another city answers no request for this
one."""

from __future__ import annotations

from dataclasses import dataclass

from kairos.core.geo import haversine_km
from kairos.restaurants.searching import CachedSearch
from kairos.search.filters import SearchFilters
from kairos.store.database import Database

SEARCHED = 60
"""Places of the kind (or the diet) anywhere read to find the nearest city holding them."""

_CENTRE = (
    "SELECT avg(lat) AS lat, avg(lng) AS lng FROM places WHERE is_active"
    " AND lower(city) = lower(:city) AND lat IS NOT NULL AND lng IS NOT NULL"
)


@dataclass(frozen=True)
class Elsewhere:
    city: str
    km: float

    def sentence(self, what: str) -> str:
        """ "The nearest city where I know Korean places is Orlando, about 240 km away." """
        return (
            f"The nearest city where I know {what} is {self.city}, about "
            f"{_rounded(self.km)} km away."
        )

    def suggestion(self) -> str:
        return f"Look in {self.city}?"


def _rounded(km: float) -> int:
    step = 10 if km < 200 else 50
    return max(step, round(km / step) * step)


async def nearest_city_with(
    search: CachedSearch,
    db: Database,
    asked: SearchFilters,
    query: str,
    traits: list[str] | None = None,
) -> Elsewhere | None:
    """The nearest other city with places of the asked categories and kinds (holding `traits`,
    the diets asked, when given), never one whose places all show an excluded allergen."""
    if not asked.city:
        return None
    rows = await db.fetch(_CENTRE, {"city": asked.city})
    if not rows or rows[0]["lat"] is None:
        return None
    lat, lng = float(rows[0]["lat"]), float(rows[0]["lng"])
    scope = SearchFilters(
        categories=asked.categories,
        kinds=asked.kinds,
        traits=traits or [],
        exclude_allergens=asked.exclude_allergens,
    )
    found = await search(query, scope, SEARCHED)
    here = asked.city.lower()
    best: Elsewhere | None = None
    for hit in found.hits:
        place = hit.place
        if place.city is None or place.lat is None or place.lng is None:
            continue
        if place.city.lower() == here or any(t not in place.traits for t in traits or []):
            continue
        km = haversine_km(lat, lng, place.lat, place.lng)
        if best is None or km < best.km:
            best = Elsewhere(place.city, km)
    return best
