"""Stations, landmarks and neighbourhoods operators use to say where they are (issue 36, item 1:
"we're near Back Bay station", "by Fenway Park", "off Harvard Square", "in the Financial
District"), in a first message or a follow-up. A landmark narrows a name's several catalogue
places to the ones near it; it places a restaurant the catalogue lacks (or one placed only at
city level) around it, and the answer says the area it understood rather than falling to the
city silently (`area_placing.py` for a message naming no restaurant).

The landmarks are data (`operator/data/landmarks.toml`, where their coordinates come from);
neighbourhoods are the catalogue's own (`area_said.neighbourhood_said`)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Final, Protocol, TypeVar

from kairos.core.geo import haversine_km
from kairos.operator.schemas import ResolvedLocation

__all__ = [
    "NEAR_KM",
    "Landmark",
    "landmark_called",
    "landmark_location",
    "landmark_named",
    "landmark_said",
    "near_landmark",
]

NEAR_KM: Final = 1.0
"""A place this close to the landmark said is "near" it (a few minutes' walk)."""
FAR_KM: Final = 50.0
"""A landmark this far from the city already said or placed is another city's namesake."""


@dataclass(frozen=True)
class Landmark:
    name: str
    city: str
    lat: float
    lng: float


class _Located(Protocol):
    @property
    def lat(self) -> float: ...
    @property
    def lng(self) -> float: ...


_P = TypeVar("_P", bound=_Located)


_PREPOSITION: Final = (
    r"(?:near|by|off|at|around|next to|across from|opposite|behind|beside|close to|outside"
    r"|(?:a|one|two|few|couple of) blocks? from|steps from|minutes from|walk from"
    r"|(?:down|across) the street from|around the corner from)"
)
_ABBREVIATIONS: Final = ((re.compile(r"\bsq\b"), "square"), (re.compile(r"\bstn\b"), "station"),
                         (re.compile(r"\bctr\b"), "center"))  # fmt: skip


def _said(text: str) -> str:
    said = re.sub(r"[^a-z0-9]+", " ", text.lower().replace("'", "")).strip()
    for short, full in _ABBREVIATIONS:
        said = short.sub(full, said)
    return f" {said} "


@lru_cache(maxsize=1)
def _landmarks() -> tuple[tuple[Landmark, re.Pattern[str]], ...]:
    text = (files("kairos.operator") / "data" / "landmarks.toml").read_text(encoding="utf-8")
    found = []
    for row in tomllib.loads(text)["landmark"]:
        mark = Landmark(row["name"], row["city"], float(row["lat"]), float(row["lng"]))
        plain = [_said(a).strip() for a in row.get("aliases", [])]
        guarded = [_said(a).strip() for a in row.get("needs_preposition", [])]
        either = [rf" {re.escape(a)} " for a in plain]
        either += [rf" {_PREPOSITION} (?:the )?{re.escape(a)} " for a in guarded]
        found.append((mark, re.compile("|".join(either))))
    return tuple(found)


def landmark_said(message: str, anchor: ResolvedLocation | None = None) -> Landmark | None:
    """The landmark the message names (the one named first), unless it lies far from the city
    already said or placed (`anchor`)."""
    said = _said(message)
    hits = [(m.start(), mark) for mark, pattern in _landmarks() if (m := pattern.search(said))]
    for _, mark in sorted(hits, key=lambda hit: hit[0]):
        if anchor is None or anchor.lat is None or anchor.lng is None:
            return mark
        if haversine_km(anchor.lat, anchor.lng, mark.lat, mark.lng) <= FAR_KM:
            return mark
    return None


def landmark_named(name: str) -> Landmark | None:
    """The landmark of that name in the data file ("TD Garden"), or None."""
    return next((mark for mark, _ in _landmarks() if mark.name == name), None)


def landmark_called(words: str) -> Landmark | None:
    """The landmark whose name or one of whose aliases is the whole of `words` ("TD Garden",
    "Fenway Park", "the Garden"): a name said for a landmark itself, never only beside it."""
    said = _said(words).strip()
    forms = {f" {said} ", f" at {said} ", f" at the {said.removeprefix('the ')} "}
    for mark, pattern in _landmarks():
        if said == _said(mark.name).strip() or any(pattern.fullmatch(f) for f in forms):
            return mark
    return None


def landmark_location(mark: Landmark) -> ResolvedLocation:
    """What stands in for a restaurant placed only near a landmark: the places around it."""
    return ResolvedLocation(label=f"{mark.name}, {mark.city}", kind="address", lat=mark.lat,
                            lng=mark.lng, resolved=False)  # fmt: skip


def near_landmark(places: Sequence[_P], mark: Landmark) -> list[_P]:
    """The places within `NEAR_KM` of the landmark, nearest first, without those clearly
    farther than the nearest ("Au Bon Pain near South Station": the branch by the station, not
    the one a few streets on)."""
    distances = sorted((haversine_km(p.lat, p.lng, mark.lat, mark.lng), n) for n, p in
                       enumerate(places))  # fmt: skip
    if not distances:
        return []
    reach = min(NEAR_KM, distances[0][0] * _AS_NEAR + _SAME_SPOT_KM)
    return [places[n] for km, n in distances if km <= reach]


_AS_NEAR: Final = 1.5
"""A place up to this many times as far from the landmark as the nearest one is as near."""
_SAME_SPOT_KM: Final = 0.1
