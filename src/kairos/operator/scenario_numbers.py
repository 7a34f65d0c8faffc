"""What a what-if does to each part of the days it is laid on (issue 36, items 3–4): snow, rain
or a game supposed by the operator, answered with a number per affected daypart of the card's own
days — the usual covers, the covers under the scenario and the staff each calls for — not with
the busiest window alone (panel half A, o41: snow on a Sunday said "-33% (≈7 covers) … your usual
plan stands" for one lunch; o59: snow on a Friday in a week's promotion said nothing of Friday).
Without the operator's usual covers each daypart gets its change in guests, and what would size
it is said."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from datetime import date
from typing import Any, Final

from kairos.operator.demand import DAYPARTS
from kairos.operator.event_venue import NEAR_EVENT_KM
from kairos.operator.schemas import Daypart, Driver
from kairos.operator.service_kind import front_role, staff_change, staff_for

__all__ = ["PLAUSIBLE", "net_change", "plausible", "scenario_days", "scenario_numbers", "supposed"]

PLAUSIBLE: Final = (-0.6, 0.5)
"""How far the signals together may move a daypart's guests from its usual: a what-if stacked on
a forecast, a school day and an event never turns a day into more than half again its usual, nor
empties it (a snow day keeps ≈40 % of its guests at the least)."""
MAIN_PART: Final = 0.15
"""A daypart holding under this share of its day is not said (an afternoon lull, a late hour)."""
OPEN_PART: Final = 0.1
"""A daypart under this fraction of its day's busiest one reads as closed (`demand.OPEN_CELL`)."""
_SCENARIO: Final = "your scenario"


def plausible(net: float) -> float:
    """The signals' net change in a daypart's guests, held within `PLAUSIBLE`."""
    low, high = PLAUSIBLE
    return min(max(net, low), high)


def net_change(drivers: list[Driver]) -> float:
    """The drivers' change in a daypart's guests: the signals' held within `PLAUSIBLE`, and the
    covers the operator supposes ("what if we get 300?", source "scenario") as said."""
    said = sum(d.effect_pct for d in drivers if d.source == "scenario") / 100.0
    return said + plausible(sum(d.effect_pct for d in drivers if d.source != "scenario") / 100.0)


def supposed(driver: Driver) -> bool:
    """A driver the operator supposed in a what-if (snow, rain, a game), not a source's."""
    return driver.source in ("weather", "events") and _SCENARIO in driver.summary


def scenario_days(effects: Mapping[tuple[date, Daypart], list[Driver]]) -> list[date]:
    return sorted({day for (day, _), drivers in effects.items() if any(map(supposed, drivers))})


def _what(drivers: list[Driver]) -> str:
    said = next(d for d in drivers if supposed(d))
    if said.source == "events":  # "nearby" only when it is (a venue measured farther: its km)
        far = re.search(r"(\d+(?:\.\d+)?) km away", said.summary)
        if far and float(far.group(1)) > NEAR_EVENT_KM:
            return f"a game or event {far.group(1)} km away"
        return "a game or event nearby"
    return "snow" if "snow" in said.summary else "rain"


def scenario_numbers(
    effects: Mapping[tuple[date, Daypart], list[Driver]],
    shares: Any,
    covers: Any | None,
    categories: list[str] | None,
    asked: Daypart | None = None,
    planned: Mapping[tuple[date, Daypart], int] | None = None,
    staffed: Collection[tuple[date, Daypart]] | None = None,
) -> str:
    """' Snow on Sun 06 Dec, by daypart: lunch ≈24 → ≈16 covers (2 → 1 servers); dinner ≈54 →
    ≈36 covers (3 → 2 servers).' for each day a what-if is laid on, over the dayparts it moves
    that the place is open in; "" with no what-if. `shares`: weekday × daypart guests as the plan
    ranks them (the covers, or the shape read as covers: a closed daypart is not said); `covers`:
    the usual covers, or None;
    `asked`: the part of the day the card plans, when the operator named one (the only one said:
    a Sunday lunch's what-if does not cut the dinner's servers no plan spoke of); `planned`: the
    plan's staff change by day and daypart, the only one said (panel half A, o35: "your usual plan
    stands" beside "dinner ≈68 → ≈58 covers (4 → 3 servers)"); `staffed`: the windows the plan
    put staff on — another daypart the what-if cuts is not cut by the plan (panel half A, o01: snow
    on a weekend of dinners cut a late server no plan put on) but still gets its count for the
    new covers, as a fresh plan would staff it (o31: "lunch ≈59 → ≈40 covers" with no servers)."""
    role, per, unit = front_role(categories)
    said: list[str] = []
    changes: list[tuple[date, str, list[tuple[Daypart, float]]]] = []
    for day in scenario_days(effects)[:7]:
        row = shares[day.weekday()]
        parts: list[str] = []
        moved: list[tuple[Daypart, float]] = []
        what = ""
        # the part asked about, when the what-if touches it that day; else the parts it touches
        # (panel half A, o13: a game at 19:00 beside a lunch plan left the evening unsized)
        held = asked if asked and any(map(supposed, effects.get((day, asked), []))) else None
        for p, part in enumerate(DAYPARTS):
            drivers = effects.get((day, part), [])
            if held is not None and part != held:
                continue
            if not any(map(supposed, drivers)) or not _said(p, row, day, effects, held):
                continue  # closed then, or a sliver of the day (an afternoon lull)
            what = what or _what(drivers)
            net = net_change(drivers)
            if covers is None:
                moved.append((part, net))
                continue
            usual = round(float(covers[day.weekday(), p]))
            if usual < 1:
                continue
            now = round(usual * (1 + net))
            before = staff_for(usual, per)
            if planned is not None:
                unplanned = staffed is not None and (day, part) not in {*planned, *staffed}
                after = before + staff_change(usual, now, per)
                if unplanned and after < before:  # no cut of staff never put on, but its count
                    people = f"{role}{'s' if before > 1 else ''}"
                    parts.append(f"{part} ≈{usual} → ≈{now} {unit} ({before} → {after} {people} "
                                 f"if you staff {part} at one per {per})")  # fmt: skip
                    continue
                after = before + planned.get((day, part), 0)
            else:
                after = before + staff_change(usual, now, per)
            people = f"{role}{'s' if max(before, after) > 1 else ''}"
            staff = (f"{before} → {after} {people}" if after != before
                     else f"{before} {people}, unchanged")  # fmt: skip
            parts.append(f"{part} ≈{usual} → ≈{now} {unit} ({staff})")
        if parts:
            said.append(f"{what.capitalize()} on {day:%a %d %b}, by daypart: " + "; ".join(parts))
        if moved:
            changes.append((day, what, moved))
    if changes:
        return " " + _unsized(changes, unit)
    return " " + ". ".join(said) + "." if said else ""


def _said(
    p: int,
    row: Any,
    day: date,
    effects: Mapping[tuple[date, Daypart], list[Driver]],
    asked: Daypart | None,
) -> bool:
    """Whether a daypart the what-if moves is said: one holding `MAIN_PART` of its day; a
    smaller one only when it is all the what-if touches that day and the place is open then
    (every daypart a what-if touches gets a number: a game at 19:00 by a place whose evenings
    are small is still sized, as its trigger's "add one server for the evening" needs)."""
    if row[p] >= MAIN_PART * float(row.sum()):
        return True
    touched = [
        i
        for i, part in enumerate(DAYPARTS)
        if (asked is None or part == asked) and any(map(supposed, effects.get((day, part), [])))
    ]
    large = [i for i in touched if row[i] >= MAIN_PART * float(row.sum())]
    return not large and row[p] >= OPEN_PART * float(row.max())


def _unsized(changes: list[tuple[date, str, list[tuple[Daypart, float]]]], unit: str) -> str:
    """Each day's change in guests by daypart with no usual covers to size it: 'Snow Tue 01 –
    Thu 03 Dec: lunch and dinner -33% of guests each day' when every daypart moves alike."""
    nets = {round(net, 3) for _, _, moved in changes for _, net in moved}
    first, what = changes[0][0], changes[0][1]
    last = changes[-1][0]
    when = f"on {first:%a %d %b}" if first == last else f"{first:%a %d} – {last:%a %d %b}"
    ask = f" (give your usual {unit} to size them)."
    if len(nets) == 1:
        parts = sorted({p for _, _, moved in changes for p, _ in moved}, key=DAYPARTS.index)
        each = "" if first == last else ", on the days it is open in each"
        named = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
        return f"{what.capitalize()} {when}: {named} {nets.pop():+.0%} of guests{each}{ask}"
    return (
        ". ".join(
            f"{what.capitalize()} on {day:%a %d %b}, by daypart: "
            + "; ".join(f"{part} {net:+.0%}" for part, net in moved)
            for day, what, moved in changes
        )
        + f" of guests{ask}"
    )
