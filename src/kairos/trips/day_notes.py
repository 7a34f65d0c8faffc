"""What a planned day says about itself: where to eat when no meal is planned (`food_note`; a
city with no place to eat known says so once, at the top of the trip: `no_food_note`), long
legs with children (`child_legs_note`) and why a day is light (`light_note`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.trips.diet_words import diet_note
from kairos.trips.models import CHILD_SAID, Candidate, Day, TripRequest

__all__ = [
    "AGAIN_SAID", "LIGHT_END", "NO_FOOD_SAID", "SHORT_SAID", "again_notes", "child_legs_note",
    "food_note", "light_note", "no_food_note", "short_note", "top_notes",
]  # fmt: skip


NO_FOOD_SAID: Final = "No place to eat known in "
"""How the trip's note begins when its city has no place to eat Kairos knows (`no_food_note`)."""


def no_food_note(city: str) -> str:
    """Said once, at the top of the trip (its notes and overview), never on each day."""
    return (f"{NO_FOOD_SAID}{city}: lunch and dinner left free (each day says when and near "
            "where); take food along or ask locally.")  # fmt: skip


SHORT_SAID: Final = "Shorter than asked: "
"""How the trip's note begins when the catalogue knows fewer places than the trip has days."""


def short_note(planned: int, asked: int, known: int, city: str) -> str:
    """The days a trip holds when the places known fill fewer than those asked (said at the top:
    the trip's first note, its overview and the answer's message)."""
    return (f"{SHORT_SAID}{planned} day{'s' if planned != 1 else ''} planned of the {asked} "
            f"asked: only {known} place{'s' if known != 1 else ''} to visit known in {city} "
            f"fit{'s' if known == 1 else ''} the trip.")  # fmt: skip


def top_notes(
    request: TripRequest, days: list[Day], known: int, fed: bool, droppable: set[int]
) -> tuple[list[Day], tuple[str, ...]]:
    """The days a trip holds and what its top says: with fewer places `known` than days, the
    empty days at its end (of `droppable`: planned, nothing locked to them) are left out and said
    (`short_note`); a city with no place to eat known (`fed` false) says so once; a diet the
    request said, which meals' places say nothing of it (`diet_words.diet_note`)."""
    kept = list(days)
    if known < len(droppable):
        while len(kept) > 1 and not kept[-1].stops and kept[-1].index in droppable:
            kept.pop()
    said = [] if len(kept) == request.days else [
        short_note(len(kept), request.days, known, request.city)]  # fmt: skip
    if not fed and any(d.stops for d in kept):
        said.append(no_food_note(request.city))
    diets = {m.id: m.diets for m in request.meals}
    eaten = [(s.name, frozenset(diets.get(s.place_id, ()))) for d in kept for s in d.slots
             if s.kind != "stop"]  # fmt: skip
    if (diet := diet_note(request.diets, eaten)) is not None:
        said.append(diet)
    said += again_notes(kept)
    return kept, tuple(said)


AGAIN_SAID: Final = " holds "
"""What the note on a place to eat that holds several of a trip's meals says after its name."""


def again_notes(days: Sequence[Day]) -> list[str]:
    """A place to eat that holds more than one of the trip's meals says so once, with why: a
    meal goes back to a place already eaten at only when no other place to eat Kairos knows is
    within reach (`timeline._meal`), so the traveller knows the repeat is the catalogue's gap,
    not a choice (t17, t37 on half A: "Lau Pa Sat for every meal")."""
    count: dict[str, list[str]] = {}
    for d in days:
        for s in d.slots:
            if s.kind != "stop":
                count.setdefault(s.name, []).append(f"day {d.index + 1} {s.kind}")
    return [
        f"{name}{AGAIN_SAID}{len(meals)} of the trip's meals ({', '.join(meals)}): no other place "
        "to eat Kairos knows is within reach of those days' stops; other food near them is not "
        "in its data, so look around or ask locally for variety."
        for name, meals in count.items()
        if len(meals) > 1
    ]


def food_note(day: Day, meals: Sequence[Candidate], city: str) -> Day:
    """A day with stops and no lunch says where the nearest place to eat Kairos knows is (from
    the day's stops); in a city with none (said once for the trip: `no_food_note`) each meal
    only says when and near where; when and where to plan the meal is said by the meal itself
    (`timeline._on_your_own`)."""
    if not day.stops or any(s.kind == "lunch" for s in day.slots):
        return day
    stops = [s for s in day.stops if s.positioned]
    if not meals:
        return replace(day, notes=tuple(_own_meal(n) for n in day.notes))
    if not stops:
        return day

    def away(m: Candidate) -> float:
        return min(haversine_km(s.lat, s.lng, m.lat, m.lng) for s in stops)

    nearest = min(meals, key=lambda m: (away(m), m.id))
    if any(s.place_id == nearest.id for s in day.slots if s.kind != "stop"):
        return day  # its meal there is on the day already
    said = (f"Nearest place to eat Kairos knows: {nearest.name}, {away(nearest):.1f} km from "
            "the day's stops.")  # fmt: skip
    return replace(day, notes=(*day.notes, said))


_NONE_NEAR: Final = "No place to eat is known near "


def _own_meal(note: str) -> str:
    """ "No place to eat is known near X: plan lunch yourself around 12:40 (…)" → "Lunch around
    12:40 near X (…)", for a city where no place to eat is known at all (said once)."""
    if not note.startswith(_NONE_NEAR) or ": plan " not in note:
        return note
    near, rest = note[len(_NONE_NEAR) :].split(": plan ", 1)
    kind, _, when = rest.partition(" yourself ")
    when, paren, kept = when.partition(" (")
    return f"{kind.capitalize()} {when} near {near}{paren}{kept}"


LIGHT_END: Final = 15 * 60
"""A day whose visits end by this minute is light: a traveller has the afternoon to fill."""


RELAXED_SAID: Final = 45
"""On a relaxed or step-free trip, a leg longer than this is said on its day."""


def child_legs_note(day: Day, request: TripRequest) -> Day:
    """With children, a day says its legs between stops longer than `CHILD_SAID` minutes; on a
    relaxed or step-free trip, those longer than `RELAXED_SAID` (a leg to a place with no
    position is an allowance, not said)."""
    if request.children:
        most, who = CHILD_SAID, "With children"
    elif request.pace == "relaxed" or request.step_free:
        most, who = (
            RELAXED_SAID,
            f"For a {'relaxed' if request.pace == 'relaxed' else 'step-free'} trip",
        )
    else:
        return day
    long = [s for i, s in enumerate(day.stops)
            if i > 0 and s.travel_minutes > most and s.positioned
            and day.stops[i - 1].positioned]  # fmt: skip
    if not long:
        return day
    legs = "; ".join(f"to {s.name} {s.travel_minutes} min" for s in long)
    said = f"{who}: {len(long)} long way{'s' if len(long) != 1 else ''} today ({legs})."
    return replace(day, notes=(*day.notes, said))


def light_note(day: Day, days: Sequence[Day], pool: Sequence[Candidate], city: str) -> Day:
    """A day with one stop, or whose visits end by `LIGHT_END`, says why it is light."""
    if not day.stops or (len(day.stops) > 1 and day.stops[-1].end > LIGHT_END):
        return day
    used = {s.place_id for d in days for s in d.stops}
    left = [c for c in pool if c.id not in used]
    if not left:
        why = (f"every place to visit Kairos knows in {city} that fits the trip "
               f"({len(used)} in all) is on this or another day")  # fmt: skip
    else:
        names = ", ".join(c.name for c in left[:2])
        why = (f"the {len(left)} other place{'s' if len(left) != 1 else ''} to visit that "
               f"fit the trip ({names}{' …' if len(left) > 2 else ''}) could not be fitted "
               "into it (opening hours, the pace's window or a leg too long)")  # fmt: skip
    end = day.stops[-1].end
    said = f"A light day (visits end at {end // 60:02d}:{end % 60:02d}): {why}."
    return replace(day, notes=(*day.notes, said))
