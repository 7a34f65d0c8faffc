"""The staffing card's plan a manager can act on (issue 36, item 4): the busiest window of the
period, the servers its covers call for, the hours inside it that need them most, and the roles
the evidence speaks to — each figure traceable to what the card cites, and what is not known
said as unknown.

- servers: the expected covers (the operator's baseline × the demand shape) at one per
  `COVERS_PER_SERVER`, an assumption the answer states; with no baseline, unknown (said);
- the hours: the place's own check-ins inside the daypart (`peaks.py`); with too few, unknown;
- hosts or runners: only from the place's own reviews that complain of waits (the rules add one
  when there are enough; fewer are said as what they are);
- kitchen and bar: from the same covers at one cook per `COVERS_PER_COOK` and, when the
  place's own listing has a bar, one bartender per `COVERS_PER_BARTENDER` (rules of thumb the
  answer states, with low confidence); with no covers, what is missing is said.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from math import ceil
from typing import Any, Final

from kairos.operator.demand import DAYPARTS, window_text
from kairos.operator.peaks import PeakHours, peak_hours
from kairos.operator.schemas import Daypart, Driver, GuestSnapshot
from kairos.operator.service_kind import (
    BAR_KINDS,
    CAFE_SAID,
    COVERS_PER_SERVER,
    KITCHEN_KINDS,
    ORDERS_PER_COOK,
    front_role,
    staff_change,
    staff_for,
)

__all__ = [
    "COVERS_PER_SERVER",
    "busier_elsewhere",
    "busiest_each_day",
    "day_by_day",
    "front_role",
    "kitchen_and_bar",
    "peak_clause",
    "plan",
    "review_driver",
    "sized",
    "staff_for",
    "unsized",
    "wait_mentions",
]

MEANINGFUL: Final = 0.03
"""A change in demand under this is not said."""
COMPLAINT_SHARE: Final = 0.15
COMPLAINT_MIN: Final = 3
COVERS_PER_COOK: Final = 40
COVERS_PER_BARTENDER: Final = 60


def kitchen_and_bar(covers: int | None, categories: list[str] | None) -> str:
    """Cooks and bartenders for the window's covers (issue 36: never "not estimated" when the
    covers are known), or which input is missing."""
    role = front_role(categories)[0]
    if role == "counter staffer" and covers:
        cooks = max(1, ceil(covers / ORDERS_PER_COOK))
        return (
            f"Orders are takeout and delivery, not table covers, so no servers are counted; "
            f"kitchen: about {cooks} cook{'s' if cooks > 1 else ''} (one per {ORDERS_PER_COOK} "
            f"orders, a rule of thumb: low confidence); drivers: by your delivery share, which "
            "I don't know."
        )
    if role == "counter server" and covers:
        cooks = max(1, ceil(covers / ORDERS_PER_COOK))
        return (
            f"Counter service, so no table servers or bartenders are counted; kitchen: about "
            f"{cooks} cook{'s' if cooks > 1 else ''} (one per {ORDERS_PER_COOK} customers, a rule "
            "of thumb: low confidence)."
        )
    if role == "barista":
        return _cafe_kitchen(covers, categories)
    if role == "bartender" and covers:
        cooks = max(1, ceil(covers / COVERS_PER_COOK / 2))
        return (
            f"The bartenders above are your front of house (a bar-led place); kitchen: about "
            f"{cooks} cook{'s' if cooks > 1 else ''} if you serve food (half the bar guests "
            f"eating, one cook per {COVERS_PER_COOK}, a rule of thumb: low confidence)."
        )
    if not covers:
        return (
            "Cooks and bartenders: unknown until you give your usual covers ('180 covers on a "
            "Friday')."
        )
    cooks = max(1, ceil(covers / COVERS_PER_COOK))
    kitchen = (
        f"Kitchen: about {cooks} cook{'s' if cooks > 1 else ''} on the line (one per "
        f"{COVERS_PER_COOK} covers, a rule of thumb: low confidence)"
    )
    if categories is None:
        return f"{kitchen}; bar: unknown (no listing of your own says whether you have one)."
    if not {c.lower() for c in categories} & BAR_KINDS:
        return f"{kitchen}; bar: your listing names no bar, so no bartender is counted."
    bartenders = max(1, ceil(covers / COVERS_PER_BARTENDER))
    return (
        f"{kitchen}; bar: about {bartenders} bartender{'s' if bartenders > 1 else ''} (one per "
        f"{COVERS_PER_BARTENDER} covers; your listing has a bar)."
    )


def _cafe_kitchen(covers: int | None, categories: list[str] | None) -> str:
    """A café's kitchen: none counted for coffee and pastry alone; cooks at one per
    `ORDERS_PER_COOK` customers when its listing names food it makes (Cafénation: crêpes and
    brunch, planned with baristas and "no line cooks"), never table servers."""
    why = (
        "counter service, as you said"
        if CAFE_SAID in (categories or [])
        else "your listing is a counter-service coffee place"
    )
    food = [c for c in categories or [] if c.lower() in KITCHEN_KINDS]
    if not food:
        return f"No line cooks or bartenders counted: {why}."
    named = ", ".join(c.lower() for c in food)
    if not covers:
        return (
            f"Cooks for the food your listing names ({named}) are sized with them; no "
            f"bartenders counted: {why}."
        )
    cooks = max(1, ceil(covers / ORDERS_PER_COOK))
    return (
        f"Kitchen: about {cooks} cook{'s' if cooks > 1 else ''} for the food your listing names "
        f"({named}; one per {ORDERS_PER_COOK} customers, a rule of thumb: low confidence); no "
        f"bartenders counted: {why}."
    )


def wait_mentions(guests: GuestSnapshot | None) -> str | None:
    """'2 of 32 reviews of Toro mention waits', from the place's own reviews, or None."""
    if guests is None or guests.sample_size == 0:
        return None
    waits = next((t.negative for t in guests.themes if t.theme == "wait_time"), 0)
    if waits == 0:
        return None
    return f"{waits} of {guests.sample_size} reviews of {guests.place} complain of waits"


def peak_clause(
    checkins: Mapping[tuple[int, int], int] | None, day: date, part: Daypart
) -> tuple[PeakHours | None, str]:
    """The busiest hours of a day's daypart and how the plan knows them, or why it does not."""
    peak = peak_hours(checkins, day.weekday(), part)
    if peak is not None:
        return peak, peak.evidence(part)
    if not checkins:
        return None, "which hours of it are busiest is unknown (no check-ins of your own)"
    return None, "which hours of it are busiest is unknown (too few check-ins of your own)"


def plan(
    busiest: list[tuple[date, Daypart, int | None]],
    checkins: Mapping[tuple[int, int], int] | None,
    guests: GuestSnapshot | None,
    asked: Daypart | None = None,
    change: float = 0.0,
    categories: list[str] | None = None,
    usual: str | None = None,
) -> str | None:
    """The plan for the period's busiest window when nothing outside changes its staff (of the
    part of the day `asked`, when it was); `change`: what the signals do to its demand, said
    when under a server; `usual`: what makes its covers (`derivation.usual_share`)."""
    if not busiest:
        return None
    day, part, covers = busiest[0]
    peak, evidence = peak_clause(checkins, day, part)
    role, per, unit = front_role(categories)
    which = f"the busiest {part}, " if part == asked else ""
    if covers:
        servers = max(1, ceil(covers / per))
        head = (
            f"Staff {which}{window_text(day, part)} for ≈{covers} {unit}"
            f"{thin_base(checkins, day, part)}: about {servers} "
            f"{role}{'s' if servers > 1 else ''} at one per {per} {unit}"
            + (f", the most of them on {peak.hours}" if peak else "")
        )
        count = ""
    else:
        head = f"Put your strongest {role}s on {which}{window_text(day, part)}" + (
            f", the most of them on {peak.hours}" if peak else ""
        )
        count = (
            f" How many {role}s: unknown until you give your usual {unit} ('180 {unit} on a "
            "Friday')."
        )
    waits = wait_mentions(guests)
    said = (f" Why then: {evidence}" if peak else f" {evidence[0].upper()}{evidence[1:]}") + (
        f"; {waits}." if waits else "."
    )
    moved = f"no outside signal moves demand: {usual or f'≈{covers} is your usual'}"
    if not covers:  # no number said: nothing to make it of
        moved = "nothing in the signals moves demand enough to change your usual plan"
    if abs(change) >= MEANINGFUL and covers:
        now = round(covers * (1 + change))
        moved = (
            f"the signals' {change:+.0%} (≈{now} {unit}) is less than one {role}'s worth "
            f"({per} {unit}), so your usual plan stands"
        )
    elif abs(change) >= MEANINGFUL:
        moved = (
            f"the signals' {change:+.0%} is too small to move a {role}, so your usual plan stands"
        )
    return f"{head}; {moved}.{said}{count} {kitchen_and_bar(covers, categories)}"


THIN_CHECKINS: Final = 20
"""Fewer own check-ins than this are a thin base for a count (the brief's round-3 notes: 5 and
14 were read as measures); the demand line says the weekday profile's own, wider bar."""


def thin_base(checkins: Mapping[tuple[int, int], int] | None, day: date, part: Daypart) -> str:
    """Said next to a count read from fewer own check-ins than a week's profile needs (panel
    half A, o41: a Sunday lunch buffet sized at ≈11 covers from 14 check-ins, no caveat)."""
    own = sum((checkins or {}).values())
    if own >= THIN_CHECKINS:
        return ""
    basis = f"{own} check-ins of your own" if own else "similar places only"
    return f" (a thin base, {basis}: check it against a usual {day:%A} {part})"


def review_driver(guests: GuestSnapshot | None) -> Driver | None:
    """Repeated complaints of waits or a short-staffed floor in the place's own reviews: the
    driver of one more host or runner on the busiest window."""
    if guests is None or guests.sample_size == 0:
        return None
    for theme in guests.themes:
        if theme.theme not in ("wait_time", "staffing"):
            continue
        share = theme.negative / guests.sample_size
        if theme.negative >= COMPLAINT_MIN and share >= COMPLAINT_SHARE:
            ids = [str(e.review_id) for e in guests.evidence if e.theme == theme.theme]
            what = "long waits" if theme.theme == "wait_time" else "a short-staffed floor"
            return Driver(
                source="reviews",
                summary=(f"{theme.negative} of {guests.sample_size} recent reviews mention {what}"),
                effect_pct=0.0,
                rank=0,
                evidence_ids=ids,
            )
    return None


def with_covers(
    cells: list[tuple[date, Daypart]], covers: Any | None
) -> list[tuple[date, Daypart, int | None]]:
    """Windows with their expected covers (`covers`: weekday × daypart, or None: unknown)."""
    return [
        (day, part, round(float(covers[day.weekday(), DAYPARTS.index(part)]))
         if covers is not None else None)
        for day, part in cells
    ]  # fmt: skip


def busiest_each_day(
    cells: list[tuple[date, Daypart]], covers: Any | None
) -> list[tuple[date, Daypart, int | None]]:
    """The busiest window of each day, in day order, from `cells` ranked busiest first."""
    first: dict[date, tuple[date, Daypart]] = {}
    for day, part in cells:
        first.setdefault(day, (day, part))
    return with_covers(sorted(first.values()), covers)


def day_by_day(
    each_day: list[tuple[date, Daypart, int | None]],
    said: set[date],
    categories: list[str] | None = None,
) -> str:
    """The period's other days, each with its busiest window and its servers, so that a weekend
    or a week is not answered with one shift (issue 36); `said`: days the answer already plans."""
    rest = [(day, part, covers) for day, part, covers in each_day if day not in said]
    if not rest:
        return ""
    role, per, unit = front_role(categories)
    if all(covers for _, _, covers in rest):
        return (
            " The other days: "
            + "; ".join(
                f"{window_text(day, part)} ≈{covers} {unit}, about "
                f"{max(1, ceil((covers or 0) / per))} {role}s"
                for day, part, covers in rest
            )
            + "."
        )
    return (
        " The other days' busiest windows: "
        + "; ".join(window_text(day, part) for day, part, _ in rest)
        + "."
    )


def busier_elsewhere(
    cells: list[tuple[date, Daypart]],
    covers: Any | None,
    planned: list[tuple[date, Daypart, int | None]],
    categories: list[str] | None = None,
) -> str:
    """When the part of the day asked is not where the period is busiest, the busiest window of
    all `cells`, with its covers and staff (panel half A, o33: a week planned by its lunches,
    ≈61 at most, while the same answer's Friday dinner held ≈88); "" otherwise, or with no
    covers to compare."""
    if covers is None or not planned or planned[0][2] is None:
        return ""
    day, part = max(cells, key=lambda c: float(covers[c[0].weekday(), DAYPARTS.index(c[1])]))
    most = round(float(covers[day.weekday(), DAYPARTS.index(part)]))
    if part == planned[0][1] or most <= (planned[0][2] or 0):
        return ""
    role, per, unit = front_role(categories)
    staff = max(1, ceil(most / per))
    return (
        f" Busiest of all the period's windows: {window_text(day, part)} ≈{most} {unit}, "
        f"about {staff} {role}{'s' if staff > 1 else ''}."
    )


def unsized(net: float, delta: int, window: str, categories: list[str] | None = None) -> str:
    """A staff change when the operator gave no usual covers, as the condition it rests on (panel,
    o15/o10: rain cut a server in each of four windows while saying the covers were unknown):
    'If you usually serve ≈143 covers or more at Sun 06 Dec, dinner 17:00–22:00, cut 1 server
    or more (-14% of guests, one server per 20 covers as your plan counts them); below that
    keep your usual staffing. Give your usual covers to size it.' — "or more": the plan counts its
    staff rounded up, so the same change can call for one more once the covers are given (panel
    half A, o21: "add 1 server" for a game, then "add 2 servers" with the usual covers)."""
    role, per, unit = front_role(categories)
    worth = ceil(abs(delta) * per / max(abs(net), 1e-9))
    verb = "add" if delta > 0 else "cut"
    people = f"{abs(delta)} {role}{'s' if abs(delta) > 1 else ''}"
    return (  # "or more": the plan's counts round up (o21)
        f"If you usually serve ≈{worth} {unit} or more at {window}, {verb} {people} or more "
        f"({net:+.0%} of guests, one {role} per {per} {unit} as your plan counts them); below "
        f"that keep your usual staffing. Give your usual {unit} to size it"
    )


def sized(expected: int, usual: int, categories: list[str] | None = None) -> str:
    """A staff change's total with its covers (panel half A, o21: "+1 server" with no total):
    ' (8 servers in all: ≈155 covers against your usual 144)', the usual count and the change
    (`staff_change`), so the total and the change said beside it always agree."""
    role, per, unit = front_role(categories)
    n = staff_for(usual, per) + staff_change(usual, expected, per)
    return (
        f" ({n} {role}{'s' if n > 1 else ''} in all: ≈{expected} {unit} against your usual {usual})"
    )


def moved_days(
    effects: Mapping[tuple[date, Daypart], list[Driver]],
    covers: Any | None,
    acted: set[date],
    planned: date | None,
    categories: list[str] | None = None,
) -> str:
    """The days a signal moves that no staff change and no plan above speaks of, each by its
    busiest window moved: what a what-if over a span does to each of its days, even when none
    of them calls for a change (panel half A, o51: 'snow midweek' answered with the Saturday
    plan alone, o49/o51: days of the span left out)."""
    if covers is None:
        return ""
    role, per, unit = front_role(categories)
    said = []
    for day in sorted({d for d, _ in effects} - acted - {planned}):
        parts = [p for d, p in effects if d == day]
        part = max(parts, key=lambda p: float(covers[day.weekday(), DAYPARTS.index(p)]))
        usual = round(float(covers[day.weekday(), DAYPARTS.index(part)]))
        if usual <= 0:
            continue
        net = sum(d.effect_pct for d in effects[(day, part)]) / 100.0
        staff = staff_for(usual, per)
        said.append(
            f"{window_text(day, part)} ≈{usual} → ≈{round(usual * (1 + net))} {unit}, keep "
            f"{staff} {role}{'s' if staff > 1 else ''}"
        )
    if not said:
        return ""
    return f" The other days it moves, {role}s unchanged: " + "; ".join(said) + "."
