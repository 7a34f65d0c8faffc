"""A trip's edits (locks, unlocks, swaps, day refinements) as the product takes them: an edit
is checked against the stored trip before it is appended, and the refine edits are applied again,
in order, each time the itinerary is rebuilt from its request."""

from __future__ import annotations

from typing import Any

from kairos.errors import Conflict, InvalidInput
from kairos.store.trips import StoredTrip
from kairos.trips.add_stop import add_stop
from kairos.trips.itinerary import MoreRelaxed, SwapStop, refine_day
from kairos.trips.kind_groups import plain_want
from kairos.trips.models import Itinerary
from kairos.trips.schemas import TripView
from kairos.trips.stored import locks_after, stored_view

__all__ = ["checked_edit", "locked_in_place", "refuse_unkept_lock", "replay"]


def checked_edit(trip: StoredTrip, edit: dict[str, Any]) -> dict[str, Any]:
    """`edit` as it is appended to `trip`: a day outside the trip, a swap of a locked stop and
    an unlock of a stop not locked are refused; a lock given no start keeps the stop's time."""
    days = int(trip.request["days"])
    if planned := trip.itinerary.get("days"):  # the days planned, when fewer were placed
        days = min(days, len(planned))
    if "day" in edit and not 1 <= int(edit["day"]) <= days:
        raise InvalidInput(f"day {edit['day']} is outside this {days}-day trip")
    locked = locks_after(trip.edits)
    if edit.get("change") == "swap" and str(edit["place_id"]) in locked:
        name = _stop_name(trip.itinerary, str(edit["place_id"]))
        raise Conflict(
            f"{name} is locked on day {locked[str(edit['place_id'])].day + 1}: unlock it "
            "first, then ask for the swap"
        )
    if edit["kind"] == "unlock" and str(edit["place_id"]) not in locked:
        raise Conflict(f"stop {edit['place_id']} is not locked on this trip; nothing to unlock")
    if edit["kind"] == "lock" and edit.get("start") is None:
        # locking a stop where it stands keeps its time: planned again around it, it
        # would move to wherever the route puts it (the day's first stop, at 08:30)
        start = _stop_start(trip.itinerary, str(edit["place_id"]), int(edit["day"]))
        edit = {**edit, "start": start}
    return edit


def locked_in_place(
    trip: StoredTrip, edit: dict[str, Any], edits: list[dict[str, Any]]
) -> TripView | None:
    """The stored trip with one stop marked locked, when `edit` locks it on its own day at the
    time it already has: nothing else of the day changes (planned again around a pinned stop,
    a day gained a stop and lost its lunch). None for any other edit, or a lock at a new time or
    on another day, which plans the trip again."""
    if edit.get("kind") != "lock" or edit.get("start") is None:
        return None
    view = stored_view(trip.itinerary)
    index, place = int(edit["day"]) - 1, str(edit["place_id"])
    if view is None or not 0 <= index < len(view.days):
        return None
    day = view.days[index]
    hit = [i for i, s in enumerate(day.slots)
           if s.kind == "stop" and s.place_id == place and s.start == edit["start"]]  # fmt: skip
    if not hit:
        return None
    slots = [s.model_copy(update={"locked": True}) if i in hit else s
             for i, s in enumerate(day.slots)]  # fmt: skip
    days = [d.model_copy(update={"slots": slots}) if d.index == day.index else d
            for d in view.days]  # fmt: skip
    # the verifier's lock check counts the locks now made, each one where it was locked
    said = f"{len(locks_after(edits))} locked stops where locked"
    checks = [c.model_copy(update={"detail": said}) if c.constraint == "locked_kept" and c.passed
              else c for c in view.verification]  # fmt: skip
    return view.model_copy(update={"version": trip.version + 1, "days": days, "edits": edits,
                                   "verification": checks})  # fmt: skip


def refuse_unkept_lock(trip: StoredTrip, edit: dict[str, Any], itinerary: Itinerary) -> None:
    """A lock the trip planned again cannot keep (its place closed at the time fixed, the time
    past the day's end) is refused with the planner's reason (409), never stored as a trip
    without it: a lock is kept or not made."""
    if edit.get("kind") != "lock":
        return
    place, index, start = str(edit["place_id"]), int(edit["day"]) - 1, edit.get("start")
    day = itinerary.days[index] if 0 <= index < len(itinerary.days) else None
    at = None if start is None else int(str(start)[:2]) * 60 + int(str(start)[3:5])
    if day is not None and any(s.place_id == place and at in (None, s.start) for s in day.stops):
        return
    why = next((u.reason for u in itinerary.unplaced if u.place_id == place), "not placed")
    why = why.split(": ", 1)[1] if why.startswith("locked to day") and ": " in why else why
    when = f" at {start}" if start else ""
    raise Conflict(
        f"{_stop_name(trip.itinerary, place)} cannot be locked to day {index + 1}{when}: {why}. "
        "Lock it at another time or on another day, or without a time"
    )


def replay(itinerary: Itinerary, edit: dict[str, Any]) -> Itinerary:
    """One refine edit applied; a swap made for the first time records the place it brought
    in (`into`), so replayed after a later lock it stands as it was made."""
    index = int(edit["day"]) - 1
    if not 0 <= index < len(itinerary.days):
        return itinerary  # a day this build no longer holds: the edit stays stored, unapplied
    if edit["change"] == "more_relaxed":
        return refine_day(itinerary, index, MoreRelaxed())
    if edit["change"] == "add":  # "add another memorial": one more stop of that kind
        return add_stop(itinerary, index, plain_want(str(edit["want"])))
    into = str(edit["into"]) if edit.get("into") else None
    before = {s.place_id for s in itinerary.days[index].stops}
    swap = SwapStop(str(edit["place_id"]), plain_want(str(edit["want"])), into)
    changed = refine_day(itinerary, index, swap)
    added = [s.place_id for s in changed.days[index].stops if s.place_id not in before]
    if into is None and len(added) == 1:
        edit["into"] = added[0]
    return changed


def _stop_start(itinerary: dict[str, Any], place_id: str, day: int) -> str | None:
    """The start ("HH:MM") of a stop on `day` (1-based) of a stored itinerary, if it is there."""
    days = itinerary.get("days") or ()
    for slot in (days[day - 1].get("slots") or ()) if 0 < day <= len(days) else ():
        if str(slot.get("place_id")) == place_id and slot.get("start"):
            return str(slot["start"])
    return None


def _stop_name(itinerary: dict[str, Any], place_id: str) -> str:
    """A stop's name in a stored itinerary (the id only if it is not there)."""
    for day in itinerary.get("days") or ():
        for slot in day.get("slots") or ():
            if str(slot.get("place_id")) == place_id:
                return str(slot.get("name") or place_id)
    return "that stop"
