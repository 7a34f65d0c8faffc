"""Normalisation rules applied at ingestion, so queries never have to guess."""

from __future__ import annotations

import math
import re
import unicodedata
from datetime import date

from kairos.search.filters import PRICE_TIERS, PriceTier

# Cost-for-two thresholds per currency: the upper bound of tiers 1..3; above the last is tier 4.
# INR follows the seed (≤500, ≤1000, ≤1800); the others are comparable dining-out bands.
COST_FOR_TWO_BANDS: dict[str, tuple[float, float, float]] = {
    "INR": (500, 1000, 1800),
    "GBP": (30, 60, 120),
    "EUR": (35, 70, 140),
    "USD": (30, 60, 120),
}

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_NAME_NOISE = re.compile(r"\b(the|restaurant|restaurante|cafe|bar|and|&)\b")


def normalise_name(name: str) -> str:
    """A key for matching the same place across sources: accents, case, punctuation and filler
    words removed ("The Friendly Toast" == "friendly toast")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    lowered = _NAME_NOISE.sub(" ", ascii_name.lower().replace("'", ""))
    return " ".join(_NON_ALNUM.sub(" ", lowered).split())


_TYPE_SUFFIX = re.compile(r"\s+(restaurant|restaurants)$")


def normalise_category(value: str) -> str:
    """Lower-case and trimmed; Google's "Italian restaurant" becomes "italian"."""
    cleaned = " ".join(value.strip().lower().split())
    stripped = _TYPE_SUFFIX.sub("", cleaned)
    return stripped or cleaned


def normalise_categories(values: list[str] | None) -> list[str]:
    seen: dict[str, None] = {}
    for value in values or []:
        if isinstance(value, str) and value.strip():
            seen.setdefault(normalise_category(value), None)
    return list(seen)


def tier_from_level(level: object) -> PriceTier | None:
    if isinstance(level, bool) or level is None:
        return None
    try:
        number = int(float(str(level)))
    except ValueError:
        return None
    return PRICE_TIERS[number - 1] if 1 <= number <= 4 else None


def level_from_cost_for_two(cost: float, currency: str) -> int:
    bands = COST_FOR_TWO_BANDS.get(currency.upper())
    if bands is None:
        raise ValueError(f"no cost-for-two bands for currency {currency!r}")
    for level, upper in enumerate(bands, start=1):
        if cost <= upper:
            return level
    return 4


_RATING = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:/\s*(\d+(?:\.\d+)?))?\s*$")


def parse_rating(value: object, scale: float | None = 5) -> float | None:
    """Ratings on a 5-point scale: 4.1, "4.1/5", "8/10" → 4.0; "NEW", "-", "" → None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number, out_of = float(value), float(scale or 5)
    else:
        match = _RATING.match(str(value))
        if not match:
            return None
        number = float(match.group(1))
        out_of = float(match.group(2)) if match.group(2) else float(scale or 5)
    if math.isnan(number) or out_of <= 0:
        return None
    rating = number * 5.0 / out_of
    return round(rating, 2) if 0 <= rating <= 5 else None


_US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})")


def parse_date(value: object) -> date | None:
    """ISO dates and US month/day/year; relative dates ("a month ago") carry no usable date."""
    if not isinstance(value, str):
        return None
    try:
        if us := _US_DATE.match(value):
            return date(int(us.group(3)), int(us.group(1)), int(us.group(2)))
        return date.fromisoformat(value[:10]) if len(value) >= 10 else None
    except ValueError:
        return None


def clean_text(value: object) -> str:
    return " ".join(str(value).split()) if isinstance(value, str) else ""


def valid_coordinates(lat: object, lng: object) -> tuple[float, float] | None:
    if not isinstance(lat, int | float) or not isinstance(lng, int | float):
        return None
    if isinstance(lat, bool) or isinstance(lng, bool):
        return None
    if not (-90 <= lat <= 90 and -180 <= lng <= 180) or (lat == 0 and lng == 0):
        return None
    return float(lat), float(lng)


def haversine_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    r = 6371.0088
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


SAME_PLACE_KM = 0.1
"""Two records with the same normalised name are one place when they are at most this far apart
(or, without coordinates, share a normalised address): how the writer merges sources, and how a
hosted discovery result is found in the catalog."""


def same_location(
    lat: float | None,
    lng: float | None,
    address: str | None,
    other_lat: float | None,
    other_lng: float | None,
    other_address: str | None,
) -> bool:
    """The location half of "the same place" (the caller has matched normalised names)."""
    if lat is not None and lng is not None and other_lat is not None and other_lng is not None:
        return haversine_km(lat, lng, other_lat, other_lng) <= SAME_PLACE_KM
    if address and other_address:
        return normalise_name(address) == normalise_name(other_address)
    return False
