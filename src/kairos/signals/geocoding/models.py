"""Geocoding: the query (checked before any lookup, ADR-021), the answer and the interface."""

from __future__ import annotations

import re
from typing import ClassVar, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator

from kairos.errors import InvalidInput
from kairos.signals.envelope import SignalData

MIN_CHARS = 3
"""ADR-021: shorter text matches something by accident ("a", "NY" as a token), so it is refused
before any lookup unless it is a ZIP or looks like an address."""

MAX_CHARS = 200
"""Longer text is a message, not a location."""

_ZIP = re.compile(r"^\d{5}(-\d{4})?$")
_ADDRESS_LIKE = re.compile(r"^\d+[a-z]?(-\d+)?\s+\w", re.I)

MatchKind = Literal["place", "address", "street", "postcode", "city"]


def is_us_zip(text: str) -> bool:
    return bool(_ZIP.match(text.strip()))


def check_location_text(text: str) -> str:
    """The text, whitespace-collapsed, or `InvalidInput` saying what to type instead."""
    cleaned = " ".join(text.split())
    if len(cleaned) > MAX_CHARS:
        raise InvalidInput(
            f"a location is at most {MAX_CHARS} characters; type a place name, an address "
            "such as 350 Atlantic Ave, Brooklyn, or a ZIP code such as 11217"
        )
    meaningful = sum(ch.isalnum() for ch in cleaned)
    if meaningful < MIN_CHARS and not (is_us_zip(cleaned) or _ADDRESS_LIKE.match(cleaned)):
        shown = f"{cleaned!r} is" if cleaned else "an empty location is"
        raise InvalidInput(
            f"{shown} too short to look up; type at least {MIN_CHARS} letters (a neighbourhood "
            "such as Park Slope), a ZIP code such as 11217, or a street address such as "
            "350 Atlantic Ave, Brooklyn"
        )
    return cleaned


class GeocodeQuery(BaseModel):
    """Building one runs ADR-021's check, so no source ever sees text it must refuse."""

    model_config = ConfigDict(frozen=True)

    text: str
    limit: int = Field(default=5, ge=1, le=20)

    @field_validator("text")
    @classmethod
    def _location_text(cls, value: str) -> str:
        return check_location_text(value)


class GeoMatch(BaseModel):
    model_config = ConfigDict(frozen=True)

    label: str
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)
    kind: MatchKind = Field(description="how precise: a place or address, a street, a city")
    score: float = Field(ge=0, le=1, description="how well the text matched, 1 = exactly")
    city: str | None = None


class GeocodeResult(SignalData):
    """Matches, best first. Empty: nothing matched (the note says what was searched)."""

    matches: list[GeoMatch] = Field(default_factory=list)


class Geocoder(Protocol):
    """Contract: answers every `GeocodeQuery` with at most `limit` matches, best first, each with
    valid coordinates and a score in [0, 1]; no match is an empty list. Raises
    `SignalUnavailable` only when the service fails."""

    name: str
    needs_key: ClassVar[bool]
    offline: ClassVar[bool]

    async def fetch(self, query: GeocodeQuery) -> GeocodeResult: ...

    async def aclose(self) -> None: ...
