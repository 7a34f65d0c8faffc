"""What-ifs (ADR-003: read in the same pass; issue 36, item 3): a scenario for this turn only.

The session is never moved by one: its card and window stay (the agent does not read a card or
a window from a what-if), and the scenario is laid over the session's own days — the days the
what-if names when they fall inside the window ("what if it snows Sunday?"), else every day of
it. Days it names outside the window ("a game on Sunday" in a Friday plan) are planned for this
answer only, and the lead says the plan stays on its own days. A supposed game or event goes
on the evening named, else the busiest evening of the window (where it matters most), and the
lead says which.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, time, timedelta
from typing import Final

from kairos.operator.cards import SUPPOSED_EVENT
from kairos.operator.demand import DAYPARTS
from kairos.operator.event_venue import venue_of
from kairos.operator.reading import Reading
from kairos.operator.rules import SCENARIO, SignalPack
from kairos.operator.schemas import Driver
from kairos.signals.events.models import Event
from kairos.signals.weather.models import WeatherReport

__all__ = ["Scenario", "apply_scenario", "scenario_lead"]

EVENT_HOUR: Final = time(19, 0)
_DINNER: Final = DAYPARTS.index("dinner")
_BARE_WEEKDAY: Final = re.compile(
    r"\s*(?:on |this |coming )?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s*", re.I
)
"""A weekday said alone ("sunday", "on saturday"): the plan's own such day when it has one."""
_FRIDAY: Final = 4


@dataclass(frozen=True)
class Scenario:
    kind: str
    days: tuple[date, ...]
    outside: tuple[date, date] | None = None
    """Days the what-if named outside the session's window: said, and not planned here."""
    usual: int | None = None
    """A covers what-if against a usual: the usual covers of the day it is compared with."""
    kept: tuple[date, date] | None = None
    """The session's own days, named in the lead, when the scenario reaches past them."""


def _days(pack: SignalPack, reading: Reading) -> tuple[list[date], tuple[date, date] | None]:
    """The window's days the what-if names, else all of them (and the named days outside)."""
    if reading.window is not None:
        named = [d for d in pack.days if reading.window[0] <= d <= reading.window[1]]
        weather = reading.what_if is not None and reading.what_if.kind in ("rain", "snow")
        span = [
            reading.window[0] + timedelta(days=n)
            for n in range(min((reading.window[1] - reading.window[0]).days + 1, 7))
        ]
        if weather and named and len(span) > len(named):
            # "what if it pours all weekend?" in tonight's plan: each day of the weekend
            # (panel half A, o03/o43: the rain reached only Friday), the others for this answer
            beyond = [d for d in span if d not in pack.days]
            return span, (beyond[0], beyond[-1])
        if named:
            return named, None
        first = min(pack.days, default=None)
        if weather and first and reading.window_text == "tonight" and reading.window[1] < first:
            return [first], None  # snow tonight is on the roads of the plan's first day
        weekend = [d for d in pack.days if d.weekday() >= _FRIDAY]
        if weekend and "weekend" in (reading.window_text or ""):
            return weekend, None  # "what if it pours all weekend?": the plan's own weekend
        start, end = reading.window  # "a game on Sunday" in a Friday plan: that Sunday
        same = [d for d in pack.days if d.weekday() == start.weekday()]
        if start == end and same and _BARE_WEEKDAY.fullmatch(reading.window_text or ""):
            return same[:1], None  # "a game sunday" in next weekend's plan: the plan's Sunday
        asked = [start + timedelta(days=n) for n in range(min((end - start).days + 1, 7))]
        return asked, reading.window
    return list(pack.days), None


def _supposed_covers(pack: SignalPack, reading: Reading, days: list[date]) -> int | None:
    """ "What if we get 300 covers (on Saturday)?" against the session's usual: the day's covers
    as supposed over the usual for that day, as one change on every daypart of the days it is
    for. Returns the usual it was compared with; None when there is no usual (the supposed
    covers are then the baseline of this turn)."""
    assert reading.what_if is not None and reading.what_if.covers is not None
    supposed = reading.what_if.covers
    weekday = reading.baseline.weekday if reading.baseline else None
    if weekday is None and reading.window is not None and len(days) == 1:
        weekday = days[0].weekday()  # "what if we hit 250 on saturday"
    part = reading.baseline.daypart if reading.baseline else None
    if pack.baseline_covers is None:
        pack.baseline_covers, pack.baseline_weekday = supposed, weekday
        pack.baseline_daypart = part
        return None
    covers = pack.demand.covers(pack.baseline_covers, pack.baseline_weekday, pack.baseline_daypart)
    on = [d for d in days if weekday is None or d.weekday() == weekday] or days
    reference = weekday if weekday is not None else pack.baseline_weekday
    cells = covers[:, DAYPARTS.index(part)] if part is not None else covers.sum(axis=1)
    usual = float(cells[reference]) if reference is not None else float(cells.sum() / 7)
    if usual <= 0:
        return None
    change = supposed / usual - 1
    for day in on:
        summary = f"{day:%a %d %b}: {supposed} covers instead of your usual ≈{round(usual)}"
        driver = Driver(source="scenario", summary=summary, effect_pct=round(change * 100, 1),
                        rank=0)  # fmt: skip
        pack.supposed.append((day, {part} if part else set(DAYPARTS), driver))
    days[:] = on
    return round(usual)


def apply_scenario(pack: SignalPack, reading: Reading) -> tuple[SignalPack, Scenario]:
    """The signals as the operator supposes them, on the session's own days."""
    assert reading.what_if is not None
    kind = reading.what_if.kind
    days, outside = _days(pack, reading)
    if outside is not None:
        # the day named, for this answer only: the session keeps its own, and when they are
        # among the scenario's days the answer leads with them (half A, o03: a Friday plan's
        # "what if it pours all weekend?" led with Saturday under a Friday window)
        if any(d in days for d in pack.days):
            pack.own_days = list(pack.days)
        pack.days = list(days)
    usual = None
    if kind == "covers" and reading.what_if.covers is not None:
        usual = _supposed_covers(pack, reading, days)
    elif kind in ("rain", "snow"):
        for day in days:
            pack.weather[day] = WeatherReport(
                day=day,
                kind="forecast",
                known=True,
                precip_chance=1.0,
                heavy_precip_chance=0.5 if kind == "rain" else 0.0,
                snow_chance=1.0 if kind == "snow" else 0.0,
                summary=f"supposed {kind}",
                basis=SCENARIO,
            )
    elif kind == "event":
        if len(days) > 1:
            days = [max(days, key=lambda d: float(pack.demand.shares[d.weekday(), _DINNER]))]
        days = days[:1]
        mark = venue_of(reading.what_if.venue)  # measured from the restaurant (`placed`)
        pack.events = [
            *(pack.events or []),
            Event(
                id=SUPPOSED_EVENT,
                name="a large event (your scenario)",
                day=days[0],
                start_time=EVENT_HOUR,
                venue=reading.what_if.venue if mark else None,
                lat=mark.lat if mark else None,
                lng=mark.lng if mark else None,
            ),
        ]
    own = pack.own_days
    kept = (own[0], own[-1]) if own else None
    return pack, Scenario(kind=kind, days=tuple(days), outside=outside, usual=usual, kept=kept)


def scenario_lead(reading: Reading, scenario: Scenario | None) -> str | None:
    if reading.what_if is None:
        return None
    when = ""
    if scenario is not None and scenario.days:
        first, last = scenario.days[0], scenario.days[-1]
        when = f" on {first:%a %d %b}" if first == last else f" {first:%a %d %b}–{last:%a %d %b}"
    usual = f" instead of your usual ≈{scenario.usual}" if scenario and scenario.usual else ""
    at = f"at {reading.what_if.venue}" if reading.what_if.venue else "nearby"
    what = {
        "rain": f"rain all day{when}",
        "snow": f"snow{when}",
        "event": f"a large event {at}{when}, taken to start at {EVENT_HOUR:%H:%M}",
        "covers": f"{reading.what_if.covers} covers{when}{usual}",
    }[reading.what_if.kind]
    lead = f"What if: {what} (a scenario; your card, window and saved plan are unchanged)."
    if scenario is not None and scenario.outside is not None:
        start, end = scenario.outside
        named = f"{start:%a %d %b}" if start == end else f"{start:%a %d} – {end:%a %d %b}"
        lead += (
            f" {named} is outside the days this plan is for: the scenario is planned for "
            f"{'it' if start == end else 'them'} here, and your plan stays on its own days."
        )
        if scenario.kept is not None:
            first, last = scenario.kept
            days = f"{first:%a %d %b}" if first == last else f"{first:%a %d} – {last:%a %d %b}"
            lead = lead.removesuffix(" its own days.") + f" {days}, which leads below."
    return lead
