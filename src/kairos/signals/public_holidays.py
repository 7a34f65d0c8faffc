"""Public holidays of the city a plan is for, offline (the `holidays` package: each country's
and region's statutory holidays, computed per year, MIT). On a public holiday museums and
sights may close or keep holiday hours that a place's weekly hours do not say (the Met on
Thanksgiving), so a plan says the day is one rather than certify hours read for a usual week.
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache

from kairos.signals.geocoding.cities import find_city

__all__ = ["public_holiday"]


def public_holiday(city: str | None, day: date) -> str | None:
    """The name of the public holiday `day` is in `city`'s country (and region, where the
    package knows it), e.g. "Thanksgiving Day"; None on a usual day or for a city unknown."""
    centre = find_city(city)
    if centre is None or not centre.country:
        return None
    return _calendar(centre.country, centre.region or None, day.year).get(day)


@lru_cache(maxsize=64)
def _calendar(country: str, region: str | None, year: int) -> dict[date, str]:
    import holidays

    for subdiv in dict.fromkeys((region, None)):  # a region it does not know: the country's
        try:
            found = holidays.country_holidays(country, subdiv=subdiv, years=year, language="en_US")
        except NotImplementedError:
            continue
        return dict(found.items())
    return {}  # a country the package does not hold
