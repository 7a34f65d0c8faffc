"""What-ifs (ADR-003: read in the same pass; issue 36, item 3): a scenario for this turn only.

The session is never moved by one: its card and window stay (the agent does not read a card or
a window from a what-if), and the scenario is laid over the session's own days — the days the
what-if names when they fall inside the window ("what if it snows Sunday?"), else every day of
it. A supposed game or event goes on the evening named, else the busiest evening of the window
(where it matters most), and the lead says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time
from typing import Final

from kairos.operator.demand import DAYPARTS
from kairos.operator.reading import Reading
from kairos.operator.rules import SCENARIO, SignalPack
from kairos.signals.events.models import Event
from kairos.signals.weather.models import WeatherReport

__all__ = ["Scenario", "apply_scenario", "scenario_lead"]

EVENT_HOUR: Final = time(19, 0)
EVENT_DISTANCE_KM: Final = 0.5
_DINNER: Final = DAYPARTS.index("dinner")


@dataclass(frozen=True)
class Scenario:
    kind: str
    days: tuple[date, ...]


def _days(pack: SignalPack, reading: Reading) -> list[date]:
    """The window's days the what-if names, else all of them."""
    if reading.window is not None:
        named = [d for d in pack.days if reading.window[0] <= d <= reading.window[1]]
        if named:
            return named
    return list(pack.days)


def apply_scenario(pack: SignalPack, reading: Reading) -> tuple[SignalPack, Scenario]:
    """The signals as the operator supposes them, on the session's own days."""
    assert reading.what_if is not None
    kind = reading.what_if.kind
    days = _days(pack, reading)
    if kind == "covers" and reading.what_if.covers is not None:
        pack.baseline_covers = reading.what_if.covers
        pack.baseline_weekday = (
            reading.baseline.weekday if reading.baseline else pack.baseline_weekday
        )
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
        pack.events = [
            *(pack.events or []),
            Event(
                id="what-if",
                name="a large event (your scenario)",
                day=days[0],
                start_time=EVENT_HOUR,
                distance_km=EVENT_DISTANCE_KM,
            ),
        ]
    return pack, Scenario(kind=kind, days=tuple(days))


def scenario_lead(reading: Reading, scenario: Scenario | None) -> str | None:
    if reading.what_if is None:
        return None
    when = ""
    if scenario is not None and scenario.days:
        first, last = scenario.days[0], scenario.days[-1]
        when = f" on {first:%a %d %b}" if first == last else f" {first:%a %d %b}–{last:%a %d %b}"
    what = {
        "rain": f"rain all day{when}",
        "snow": f"snow{when}",
        "event": f"a large event nearby{when} at {EVENT_HOUR:%H:%M}",
        "covers": f"{reading.what_if.covers} covers",
    }[reading.what_if.kind]
    return f"What if: {what} (a scenario; your card, window and saved plan are unchanged)."
