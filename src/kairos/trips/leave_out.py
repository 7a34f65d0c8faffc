"""Places left out of a city's set before planning, unless the trip needs them: stage venues
unless a show is asked for (`without_stages`); World Heritage listings of several sites or of
an area, and houses whose data says nothing of visits, when the city's other places or notable
sights fill the trip (`without_listings`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from kairos.core.not_sights import asks_for_a_show, bare_residence
from kairos.core.notability import NOTABLE
from kairos.core.visit_length import no_one_place
from kairos.trips.retrieval_rules import Row

__all__ = ["HOMES_MARGIN", "LISTING_KEPT_BELOW", "without_listings", "without_stages"]

LISTING_KEPT_BELOW: Final = 5
"""A listing of several sites or of an area gives way once the city has this many notable sights
of its own, whatever the trip's room: "pick one or two of seven" is nothing to follow, and the
sights it lists are the city's own stops where the data knows them (Kyoto's temples); only a
city Kairos knows little more of keeps it."""

HOMES_MARGIN: Final = 1.2
"""A bare house gives way when the city's other notable sights number this many times the
trip's room: not every sight fits a day (hours, daylight, long legs; a 2-day Glasgow trip of
room 10 placed 6 of its 10 notable sights), so a city with just enough keeps its houses."""


def without_stages(
    rows: list[Row], notes: list[float], interests: str, trait: Callable[[Row], tuple[bool, bool]]
) -> tuple[list[Row], list[float], int]:
    """Concert halls, theatres and auditoriums left out (`not_sights.stage_venue`, read through
    `trait`) unless the interests ask for a show; how many were."""
    if asks_for_a_show(interests):
        return rows, notes, 0
    kept = [(r, n) for r, n in zip(rows, notes, strict=True) if not trait(r)[0]]
    return [r for r, _ in kept], [n for _, n in kept], len(rows) - len(kept)


def without_listings(
    rows: list[Row], notes: list[float], room: int, judge: Callable[[Row], float | None]
) -> tuple[list[Row], list[float]]:
    """A World Heritage listing of several sites ("Historic Monuments of Ancient Kyoto (Kyoto,
    Uji and Otsu Cities)") or of an area ("Old and New Towns of …") is no one place to go to:
    left out when the city's other places fill the trip's `room` or its notable sights number
    `LISTING_KEPT_BELOW`, else kept with its name saying to pick one or two, or that it is a
    walk (`visit_length.shown_name`). A house whose
    data says nothing of visits (`bare_residence`: a home, an official residence) is left out
    when the city's notable sights (`judge` of `NOTABLE` or more) fill the `room` without it,
    by `HOMES_MARGIN`: a thin city keeps it (a house a list names may well be visited)."""
    several = [no_one_place(r.attributes, r.name) for r in rows]
    homes = [bare_residence(r.name, r.kind, r.attributes) for r in rows]
    notable = sum(
        1 for r, s, h in zip(rows, several, homes, strict=True)
        if not (s or h) and (judge(r) or 0.0) >= NOTABLE
    )  # fmt: skip
    out = [
        (s and (len(rows) - sum(several) >= room or notable >= LISTING_KEPT_BELOW))
        or (h and notable >= HOMES_MARGIN * room)
        for s, h in zip(several, homes, strict=True)
    ]
    kept = [(r, n) for r, n, o in zip(rows, notes, out, strict=True) if not o]
    return [r for r, _ in kept], [n for _, n in kept]
