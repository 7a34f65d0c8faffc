"""The session steps of a turn, between reading the message and answering it: the light memory
of past sessions, the restaurant(s), the answer to "which one is yours?", the baseline, its scope
over several locations (ADR-005) and the window. Each updates the session state from what the
message said and records on the turn what it assumed, corrected or asks (ADR-004, ADR-006).

A what-if never moves the session (issue 36, item 3): it sets no baseline and no window here; the
scenario is laid over the session's own days when the answer is computed (`what_if.py`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any, Final

from kairos.operator.area_placing import place_by_area
from kairos.operator.demand import DAYPART_HOURS, window_text
from kairos.operator.lean import lean_said
from kairos.operator.locating import Locator
from kairos.operator.memory import remember, same_place
from kairos.operator.own_restaurant import holds_restaurant
from kairos.operator.proxies import stand_in_note
from kairos.operator.reading import Reading
from kairos.operator.schemas import Daypart, ResolvedLocation
from kairos.operator.state import BaselineState, SessionState
from kairos.operator.turn import Turn, baseline_text
from kairos.signals.geocoding.spotting import Spotted

__all__ = [
    "DEFAULT_DAYS",
    "apply_baseline",
    "apply_locations",
    "apply_memory",
    "apply_scope",
    "moved_window",
    "session_window",
]

DEFAULT_DAYS: Final = 3


def apply_memory(prefs: dict[str, Any], state: SessionState, turn: Turn, reading: Reading) -> None:
    """A new session starts from the operator's stated preferences of past sessions, as
    assumptions (capped) until confirmed; what the first message says wins, and a newly
    named restaurant replaces the remembered one (its baseline is not carried over)."""
    notes = remember(
        state, prefs, named=bool(reading.locations), baseline_said=reading.baseline is not None
    )
    for kind, value in notes:
        if kind == "location":
            turn.assume("location", value, f"you are at {value}, as in your last session",
                        origin="memory")  # fmt: skip
        elif kind == "baseline" and state.baseline is not None:
            turn.assume(
                "baseline",
                value,
                f"your usual {baseline_text(state.baseline)}, as in your last session",
                origin="memory",
            )
        elif kind == "replaced":
            turn.leads.append(
                f"Now on {state.locations[0].label}: not {value}, the restaurant of your "
                "last session."
            )
            turn.event("location.replaced_memory")
        elif kind == "baseline_dropped":
            turn.leads.append(
                f"The {value} covers you gave last time were for that restaurant, so they "
                "are not used here."
            )


async def apply_locations(
    locator: Locator,
    message: str,
    reading: Reading,
    spotted: Sequence[Spotted],
    state: SessionState,
    turn: Turn,
    refresh: bool,
) -> None:
    """The restaurant(s) the message names replace the session's; with none named, the message
    may answer the question of which one is theirs."""
    if not reading.locations:
        if state.choices:
            _picked(locator, message, state, turn)
        elif len(state.locations) > 1 and _only_answers(reading):
            _one_of_ours(locator, message, state, turn)
        if reading.what_if is None:  # "what if there's a game by Fenway" supposes, moves nothing
            await place_by_area(locator, message, state, turn)
        return
    located = await locator.locate(message, reading.locations, spotted, state, refresh)
    for detail in located.rejected:
        turn.leads.append(f"I couldn't look that location up: {detail}.")
        turn.event("input.rejected", field="location", reason=detail)
    resolved = _distinct(located.locations)
    if not resolved:
        return
    old = ", ".join(loc.label for loc in state.locations)
    new = ", ".join(loc.label for loc in resolved)
    if state.locations and old != new:
        turn.corrected("location", old, new)
        replaced = holds_restaurant(state.locations) and not any(
            same_place(a, b) for a in state.locations for b in resolved
        )
        turn.leads.append(
            f"Now on {new}: it replaces {old}, the restaurant you named before; recomputed."
            if replaced
            else f"Updated: location {new}; recomputed."
        )
    unknown = [lead for lead in located.leads if lead.startswith("I don't have ")]
    turn.leads[:0] = unknown  # said first: the catalog lacks the restaurant named
    turn.leads += [lead for lead in located.leads if lead not in unknown]
    state.unknown_name = located.unknown[0] if located.unknown else None
    state.choices = located.choices
    if located.question and turn.question is None:
        turn.question = located.question
        turn.event("clarification.asked", key="location_choice")
    if len(resolved) != len(state.locations):
        state.scope, state.scope_origin, state.scope_asked = None, None, False
    state.locations = resolved
    state.location_origin = "explicit"
    _own_baseline(state, turn)
    for loc in resolved:
        if not loc.resolved:
            name = state.unknown_name if loc is resolved[0] else None
            note = stand_in_note(loc, name, None if name else _number_on(message, loc))
            turn.assume("location_precision", loc.label, note)


def _number_on(message: str, loc: ResolvedLocation) -> str | None:
    """The street address the operator gave ("500 Boylston St") when it resolved only to its
    street: no catalogue place is at that number, said as such, never asked for again (panel
    half A, left from the last round: '500 Boylston St' read as the street, the answer asking
    for an address)."""
    if loc.kind != "street":
        return None
    street = re.split(r"\s*[(,]", loc.label, maxsplit=1)[0].strip()
    name = street.rsplit(" ", 1)[0] if " " in street else street  # "Boylston" of "Boylston St"
    said = re.search(rf"\b\d{{1,5}}[a-z]?\s+{re.escape(name)}(?:\s+[a-z]+\b\.?)?", message,
                     re.I)  # fmt: skip
    return said.group(0).rstrip(".") if said else None


def _distinct(found: Sequence[ResolvedLocation]) -> list[ResolvedLocation]:
    """Each restaurant once ("Banq ... 180 at Banq": one Banq), in the order first named."""
    kept: list[ResolvedLocation] = []
    for loc in found:
        if not any(same_place(loc, k) for k in kept):
            kept.append(loc)
    return kept


def _own_baseline(state: SessionState, turn: Turn) -> None:
    """The session turned to a restaurant whose own covers were said: they are its baseline."""
    here = state.locations[0].label if state.locations else None
    own = state.place_baselines.get(here) if here else None
    if own is None or own == state.baseline:
        return
    if state.baseline is not None:
        turn.corrected("baseline", baseline_text(state.baseline), baseline_text(own))
    state.baseline = own
    turn.known["baseline"] = baseline_text(own)
    turn.leads.append(f"Using your {baseline_text(own)} for {here}, as you said.")


def _picked(locator: Locator, message: str, state: SessionState, turn: Turn) -> None:
    """The answer to "which X is yours?" ("the one on Boylston"), if it names one."""
    if not state.choices or not state.locations:
        return
    chosen = locator.pick(message, state.choices)
    if chosen is None:
        return
    old = state.locations[0].label
    state.choices = []
    if chosen.label != old:
        state.locations = [chosen, *state.locations[1:]]
        turn.corrected("location", old, chosen.label)
        turn.leads.append(f"Updated: location {chosen.label}; recomputed.")


def _only_answers(reading: Reading) -> bool:
    """A message that asks nothing new (no day, card, baseline, what-if, scope word, competitor,
    why or reviews): it may only be answering ("just the Huntington one")."""
    return (reading.window is None and reading.card is None and reading.baseline is None
            and reading.what_if is None and reading.scope is None and reading.competitor is None
            and not reading.why and not reading.expand and reading.lean is None)  # fmt: skip


def _one_of_ours(locator: Locator, message: str, state: SessionState, turn: Turn) -> None:
    """ "Just the Huntington one": of the session's several restaurants, the one the message
    names is the one meant: it comes first and the scope is it alone (ADR-005, explicit)."""
    chosen = locator.pick(message, state.locations)
    if chosen is None:
        return
    state.locations = [chosen, *(loc for loc in state.locations if loc is not chosen)]
    if state.scope is not None and state.scope != "first":
        turn.corrected("scope", state.scope, "first")
    else:
        turn.event("assumption_set", key="scope", value="first", origin="explicit")
    state.scope, state.scope_origin, state.scope_asked = "first", "explicit", True
    turn.known["scope"] = "first"
    turn.leads.append(f"Only {chosen.label}: the plan and the baseline are for it alone.")


def apply_baseline(reading: Reading, state: SessionState, turn: Turn) -> None:
    """The usual covers the operator states (a correction recomputes at once); a what-if's
    covers are the scenario's, never the session's."""
    if reading.counter is not None:
        state.counter = reading.counter  # who serves the guests, kept for the session
    if reading.lean is not None and reading.what_if is None and reading.lean != state.lean:
        state.lean = reading.lean  # the day's shape, kept for the session
        turn.leads.append(
            f"Read as {lean_said(reading.lean)}: each day's guests stay the day's, with most of "
            + ("them at the bar in the evening, staffed with bartenders." if reading.lean == "bar"
               else "them at breakfast and lunch." if reading.lean == "cafe"
               else f"them at {reading.lean} ({DAYPART_HOURS[reading.lean]}).")
        )  # fmt: skip
    if reading.baseline is None or reading.what_if is not None:
        if state.baseline is None:
            turn.assume(
                "baseline",
                "relative",
                "your usual staffing as the baseline (tell me your usual covers, e.g. "
                "'180 covers on a Friday', for staff numbers)",
            )
        return
    if _each_its_own(reading, state, turn) or _split_between(reading, state, turn):
        return
    said = reading.baseline
    new = BaselineState(covers=said.covers, weekday=said.weekday, daypart=said.daypart,
                        unit=said.unit)  # fmt: skip
    if new.weekday is None and state.baseline is not None and reading.correction:
        # "actually 150 covers": the same day (and part of it) as before
        new.weekday, new.daypart = state.baseline.weekday, state.baseline.daypart
    old = state.baseline
    if old is not None and (old.covers, old.weekday, old.daypart) != (
        new.covers,
        new.weekday,
        new.daypart,
    ):
        turn.corrected("baseline", baseline_text(old), baseline_text(new))
        turn.leads.append(f"Updated: {baseline_text(new)}; recomputed.")
    state.baseline = new
    turn.known["baseline"] = baseline_text(new)
    if state.locations and state.place_baselines:  # "we do 140 there": the one it is about
        state.place_baselines[state.locations[0].label] = new


def _each_its_own(reading: Reading, state: SessionState, turn: Turn) -> bool:
    """ "Usually 120 and 150 on fridays" for the two restaurants named: each its own, in the
    order named, so no scope question (ADR-005) and each plan from its own covers."""
    if len(reading.baselines) < 2 or len(reading.baselines) != len(state.locations):
        return False
    own = {
        loc.label: BaselineState(covers=b.covers, weekday=b.weekday, daypart=b.daypart, unit=b.unit)
        for loc, b in zip(state.locations, reading.baselines, strict=True)
    }
    state.place_baselines = own
    state.baseline = own[state.locations[0].label]
    turn.known["baseline"] = baseline_text(state.baseline)
    state.scope, state.scope_origin, state.scope_asked = "all", "explicit", True
    turn.event("assumption_set", key="scope", value="all", origin="explicit")
    said = "; ".join(f"{baseline_text(b)} at {label}" for label, b in own.items())
    turn.leads.append(f"Each restaurant from its own covers: {said}.")
    return True


def _split_between(reading: Reading, state: SessionState, turn: Turn) -> bool:
    """ "300 covers on Fridays between them" for the restaurants named: their total, split
    evenly until each one's own is said (an assumption, said), never the first one's alone."""
    said, n = reading.baseline, len(state.locations)
    if not reading.combined or said is None or n < 2:
        return False
    share = round(said.covers / n)
    own = {loc.label: BaselineState(covers=share, weekday=said.weekday, daypart=said.daypart,
                                    origin="default") for loc in state.locations}  # fmt: skip
    state.place_baselines, state.baseline = own, own[state.locations[0].label]
    state.scope, state.scope_origin, state.scope_asked = "all", "explicit", True
    turn.event("assumption_set", key="scope", value="all", origin="explicit")
    turn.assume(
        "baseline",
        baseline_text(state.baseline),
        f"your {said.covers} covers are the "
        f"{n} restaurants' together, ≈{share} at each (tell me each one's own to be exact)",
    )
    return True


def apply_scope(reading: Reading, state: SessionState, turn: Turn) -> None:
    """ADR-005: a baseline with several locations: ask once, then default to the first."""
    if len(state.locations) < 2 or state.baseline is None:
        return
    if reading.scope is not None:
        if state.scope is not None and state.scope != reading.scope:
            turn.corrected("scope", state.scope, reading.scope)
        elif state.scope is None:
            turn.event("assumption_set", key="scope", value=reading.scope, origin="explicit")
        state.scope, state.scope_origin = reading.scope, "explicit"
        return
    if state.scope is not None:
        return
    first = state.locations[0].label
    if not state.scope_asked and turn.question is not None:
        # one question (ADR-004): this turn already asks which restaurant, so the scope is
        # assumed and said, never asked on a later turn
        state.scope_asked = True
        turn.assume(
            "scope",
            "first",
            f"the {state.baseline.covers}-cover baseline is for {first} (say 'all locations' "
            "to apply it to every one)",
            origin="default",
        )
        return
    if not state.scope_asked:
        state.scope_asked = True
        turn.question = (
            f"Should the {state.baseline.covers}-cover baseline apply to all locations or "
            f"just the first one ({first})?"
        )
        turn.event("clarification.asked", key="scope")
        turn.assume(
            "scope",
            "first",
            f"the baseline is for {first} until you say otherwise",
            origin="default",
        )
        return
    state.scope, state.scope_origin = "first", "default"
    turn.assume("scope", "first", f"the baseline is for {first} (no answer, so the first)",
                origin="default")  # fmt: skip


def session_window(
    reading: Reading, state: SessionState, turn: Turn, today: date
) -> tuple[tuple[date, date], str]:
    """The session's window: set by what the operator asks about, never by a what-if (the
    scenario is laid over it); with none asked and a baseline given for a weekday, that
    weekday next; else the next 3 days. The part of the day asked ("tomorow nite") is kept on
    the state beside it. What an unclear window was taken to mean is said (a lead)."""
    if reading.window is not None and reading.what_if is None:
        state.window, state.window_text = reading.window, reading.window_text
        state.daypart = reading.daypart  # a new day asked without a part is the whole day
        if reading.window_note:  # "this weekend" on a Sunday: today, or the next one
            turn.leads.append(reading.window_note)
    elif reading.daypart is not None and reading.what_if is None:
        state.daypart = reading.daypart  # "and dinner?": the same days, that part
    if state.window is not None and state.window[1] >= today:
        start = max(state.window[0], today)
        return (start, state.window[1]), state.window_text or "the period you asked about"
    if state.baseline is not None and state.baseline.weekday is not None:
        day = today + timedelta(days=(state.baseline.weekday - today.weekday()) % 7)
        turn.assume(
            "window",
            f"{day:%a %d %b}",
            f"{day:%A %d %b}, the day your baseline is for (name a day or 'this weekend')",
        )
        return (day, day), f"{day:%A}"
    end = today + timedelta(days=DEFAULT_DAYS - 1)
    turn.assume("window", "next 3 days", "the next 3 days (name a day or 'this weekend')")
    return (today, end), "the next 3 days"


_DAY_NAMES: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def moved_window(
    reading: Reading,
    state: SessionState,
    window: tuple[date, date],
    busiest: tuple[date, Daypart] | None,
    turn: Turn,
) -> None:
    """When the covers the operator gives move the busiest window planned before (turn 1 named
    a Saturday lunch from the week's shape; a Friday baseline makes Friday dinner the busiest),
    the answer says it moved and why; a what-if moves nothing of the session's."""
    if reading.what_if is not None or busiest is None:
        return
    before, state.planned = state.planned, (window[0], *busiest)
    if before is None or reading.baseline is None or state.baseline is None:
        return
    if state.card != "staffing":  # an offer or risk card never showed a busiest window (o53)
        return
    if before[0] != window[0] or before[1:] == busiest:
        return
    weekday = state.baseline.weekday
    why = (
        f"your covers are for a {_DAY_NAMES[weekday]}, so that day is set from them and the other "
        "days follow from it by the weekday profile"
        if weekday is not None
        else "your covers set each day's numbers, where the week's shape alone set them before"
    )
    turn.leads.append(
        f"The busiest window moved from {window_text(before[1], before[2])} to "
        f"{window_text(*busiest)}: {why}."
    )
