"""A message naming no restaurant but a landmark or neighbourhood ("we're near Back Bay station",
"we're in the Financial District"), first or as a follow-up (issue 36, item 1): it picks the
place near it among those the one question offered, or places a restaurant not yet placed (or
placed only at city level, or not found) around it, and says the area it understood. A
restaurant placed on a street is narrowed to the stretch around one said near it; one already
placed more precisely is never moved by one."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from kairos.core.geo import haversine_km
from kairos.operator.area_said import COARSE, neighbourhood_said
from kairos.operator.landmarks import NEAR_KM, landmark_location, landmark_said
from kairos.operator.proxies import proxy_text
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.state import SessionState
from kairos.operator.turn import Turn

if TYPE_CHECKING:
    from kairos.operator.locating import Locator

__all__ = ["place_by_area"]

ALONG_KM: Final = 2.5
"""A landmark this near a street's places says where on the street a restaurant is ("Columbus
Ave", then "near Back Bay station"); farther, it is not on that street and moves nothing."""


async def place_by_area(locator: Locator, message: str, state: SessionState, turn: Turn) -> None:
    """A message naming no restaurant but a landmark or neighbourhood ("we're near Back Bay
    station"): of the places the one question offered, the one near it; else it places a
    restaurant not yet placed, or placed only at city level, around it and says so."""
    anchor = state.locations[0] if state.locations else None
    along = anchor is not None and anchor.kind == "street"  # a long street: where on it?
    if anchor is not None and anchor.kind not in COARSE and not along and not state.choices:
        return
    said = await _area_said(locator, message, anchor)
    if said is None or (along and anchor is not None and _km(anchor, said) > ALONG_KM):
        return
    where = said
    if state.choices:
        near = sorted((_km(c, said), n) for n, c in enumerate(state.choices))
        if not near or near[0][0] > NEAR_KM:
            return
        where, state.choices = state.choices[near[0][1]], []
    old = anchor.label if anchor is not None else None
    if old == where.label:
        return
    state.locations = [where, *state.locations[1:]]
    state.location_origin = "explicit"
    if old is not None:
        turn.corrected("location", old, where.label)
    if where.resolved:
        turn.leads.append(f"Updated: location {where.label}; recomputed.")
        return
    yours = state.unknown_name or "your restaurant"
    if along and old is not None:  # "Columbus Ave" then "near Back Bay station"
        yours = f"{yours} on {old.split(',')[0]}"
    sharper = "name or street number" if along else "name or street"
    turn.leads.append(f"I placed {yours} around {_where(where)}: I used {proxy_text(where)} "
                      f"as a proxy; its {sharper} would let me use its own.")  # fmt: skip
    turn.assume("location_precision", where.label, f"{proxy_text(where)} stand in for {yours}")


def _km(one: ResolvedLocation, other: ResolvedLocation) -> float:
    if None in (one.lat, one.lng, other.lat, other.lng):
        return float("inf")
    return haversine_km(one.lat or 0.0, one.lng or 0.0, other.lat or 0.0, other.lng or 0.0)


def _where(loc: ResolvedLocation) -> str:
    return re.sub(r"\s*\((?:centre of )?\d+ (?:catalog )?places?\)$", "", loc.label)


async def _area_said(
    locator: Locator, message: str, anchor: ResolvedLocation | None
) -> ResolvedLocation | None:
    if (mark := landmark_said(message, anchor)) is not None:
        return landmark_location(mark)
    if (hood := neighbourhood_said(locator.catalog, message)) is None:
        return None
    answer = await locator.signals.geocode(hood, limit=1)
    if answer.data is None or not answer.data.matches:
        return None
    match = answer.data.matches[0]
    return ResolvedLocation(label=match.label, kind=match.kind, lat=match.lat, lng=match.lng,
                            resolved=False)  # fmt: skip
