#!/usr/bin/env python3
"""Play the trips panel against a running Kairos and write what each traveller read.

    python evals/panels/run_trips_panel.py --base http://127.0.0.1:8801 \
        --panel evals/panels/trips.jsonl --out answers.jsonl

Each panel line's `request` is `intent` (words for `POST /trips/intent`) or `trip` (the body of
`POST /trips`), plus optional `follow_ups`, played in order on the trip it made:

- `{"say": words}`: `POST /trips/intent` with the `trip_id`; `{dayN.stopM}` in the words is the
  name of day N's M-th stop of the trip as it stands;
- `{"swap": {day, stop, want}}`: `POST /trips/{id}/stops/{place_id}/swap`;
- `{"lock": {day, stop, start?}}`, `{"unlock": {day, stop}}`: the lock routes;
- `{"relax": {day}}`: `POST /trips/{id}/days/{day}/refine` with `more_relaxed`.

One output line per request, {"id", "answer"}: the text a traveller reads — the message, the
city, dates, pace, mode and companions, the verdict, each day's stops (times, name, kind, travel
before) and meals (with their allergy check when the traveller has allergies), each day's notes,
the trip's notes, what to check before going, stops that could not be placed — after the first
answer and after each follow-up. A 4xx or 5xx, or a server that does not answer, is recorded as
the answer of that step. It grades nothing.

Standard library + httpx only. With `--token` (the service token) each line is a fresh user;
without it the routes act for the development test user.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import uuid
from datetime import date
from typing import Any

from panel_client import Client, Failed, run_panel, squash

PLACEHOLDER = re.compile(r"\{day(\d+)\.stop(\d+)\}")


# ----------------------------------------------------------------------------- rendering


def _weekday(iso: str) -> str:
    try:
        return date.fromisoformat(iso).strftime("%a %d %b %Y")
    except (TypeError, ValueError):
        return str(iso)


def slot_line(slot: dict[str, Any]) -> str:
    times = f"{slot.get('start')}–{slot.get('end')}"
    travel = slot.get("travel_minutes")
    before = f" (arrive {slot.get('arrive')}, {travel} min travel)" if travel else ""
    if travel and slot.get("travel_known") is False:
        before = f" (arrive {slot.get('arrive')}, travel time unknown: {travel} min allowed)"
    if slot.get("arrive") and slot.get("arrive") != slot.get("start") and not travel:
        before = f" (arrive {slot.get('arrive')})"
    kind = slot.get("kind", "stop")
    label = "" if kind == "stop" else f"{kind.upper()}: "
    hours = slot.get("hours")
    hours_text = {"open": "", "closed": " — CLOSED then", "unknown": " — hours not checked"}.get(
        str(hours), ""
    )
    locked = " [locked]" if slot.get("locked") else ""
    line = f"  {times}{before} {label}{slot.get('name')} ({slot.get('place_kind')}){locked}"
    line += hours_text
    if slot.get("risk_reason"):
        line += f" — {squash(slot['risk_reason'])}"
    check = slot.get("allergy")
    if kind != "stop" and isinstance(check, dict) and check.get("allergens"):
        # the meal's allergy check, as the page shows it on the slot
        line += f" — allergy ({', '.join(check['allergens'])}): {squash(check.get('summary'))}"
    return line


def trip_text(trip: dict[str, Any]) -> list[str]:
    days = trip.get("days") or []
    out = [
        f"{trip.get('city')}: {len(days)} day(s) from {_weekday(str(trip.get('start_date')))}, "
        f"pace {trip.get('pace')}, mode {trip.get('mode')}, companions "
        f"{trip.get('companions') or '—'}, step-free {bool(trip.get('accessibility'))}"
    ]
    if trip.get("overview"):
        out.append(f"Overview: {squash(trip['overview'])}")
    out.append(f"Verdict: {squash(trip.get('verdict'))}")
    for day in days:
        title = squash(day.get("title"))
        when = _weekday(str(day.get("date")))
        out.append(f"Day {day.get('index')} ({when}){': ' + title if title else ''}")
        if day.get("summary"):
            out.append(f"  {squash(day['summary'])}")
        slots = day.get("slots") or []
        if not slots:
            out.append("  (nothing planned)")
        out += [slot_line(s) for s in slots]
        if day.get("return_minutes"):
            out.append(f"  back: {day['return_minutes']} min")
        out += [f"  note: {squash(n)}" for n in day.get("notes") or []]
    out += [f"Note: {squash(n)}" for n in trip.get("notes") or []]
    for u in trip.get("unplaced") or []:
        name = squash(u.get("name") or u.get("place_id"))
        why = squash(u.get("why") or u.get("reason"))
        out.append(f"Not placed: {name} — {why}")
    to_check = trip.get("to_check") or []
    if to_check:
        out.append(f"To check before you go ({len(to_check)}):")
        out += [f"  - {squash(t.get('advice') or t.get('name'))}" for t in to_check]
    failed = [c for c in trip.get("verification") or [] if c.get("status") == "failed"]
    out += [f"Failed check {c.get('constraint')}: {squash(c.get('detail'))}" for c in failed]
    return out


def stop_at(trip: dict[str, Any], day: int, stop: int) -> dict[str, Any]:
    for d in trip.get("days") or []:
        if d.get("index") == day:
            stops = [s for s in d.get("slots") or [] if s.get("kind") == "stop"]
            if 1 <= stop <= len(stops):
                return stops[stop - 1]
            raise Failed(f"(runner) day {day} has no stop {stop}: {len(stops)} stop(s)")
    raise Failed(f"(runner) the trip has no day {day}")


def fill(words: str, trip: dict[str, Any]) -> str:
    return PLACEHOLDER.sub(lambda m: str(stop_at(trip, int(m[1]), int(m[2])).get("name")), words)


# ----------------------------------------------------------------------------- playing


def first(
    c: Client, request: dict[str, Any], uid: str | None
) -> tuple[dict[str, Any] | None, list[str]]:
    if "intent" in request:
        answer = c.call("POST", "/trips/intent", uid, {"raw_text": request["intent"]})
        lines = [f"Message: {squash(answer.get('message'))}"]
        trip = answer.get("trip")
        if trip:
            return trip, lines + trip_text(trip)
        if answer.get("place"):
            lines.append(f"Place: {squash(json.dumps(answer['place'], ensure_ascii=False))[:600]}")
        return None, lines
    trip = c.call("POST", "/trips", uid, request["trip"])
    return trip, trip_text(trip)


def follow(
    c: Client, trip: dict[str, Any], step: dict[str, Any], uid: str | None
) -> tuple[dict[str, Any], list[str]]:
    tid = trip["trip_id"]
    if "say" in step:
        words = fill(step["say"], trip)
        answer = c.call("POST", "/trips/intent", uid, {"raw_text": words, "trip_id": tid})
        head = [f"> {words}", f"Message: {squash(answer.get('message'))}"]
        new = answer.get("trip")
        if new and new.get("trip_id") != tid:
            head.append(f"(a different trip: {new.get('trip_id')})")
        if new:
            return new, head + trip_text(new)
        if answer.get("place"):
            head.append(f"Place: {squash(json.dumps(answer['place'], ensure_ascii=False))[:600]}")
        return trip, head
    if "swap" in step:
        s = step["swap"]
        stop = stop_at(trip, s["day"], s["stop"])
        head = [f"> swap day {s['day']} stop {s['stop']} ({stop.get('name')}) for {s['want']}"]
        new = c.call(
            "POST", f"/trips/{tid}/stops/{stop['place_id']}/swap", uid, {"want": s["want"]}
        )
        return new, head + trip_text(new)
    if "lock" in step:
        s = step["lock"]
        stop = stop_at(trip, s["day"], s["stop"])
        body = {"day": s["day"], **({"start": s["start"]} if s.get("start") else {})}
        head = [f"> lock day {s['day']} stop {s['stop']} ({stop.get('name')})"]
        new = c.call("POST", f"/trips/{tid}/stops/{stop['place_id']}/lock", uid, body)
        return new, head + trip_text(new)
    if "unlock" in step:
        s = step["unlock"]
        stop = stop_at(trip, s["day"], s["stop"])
        head = [f"> unlock day {s['day']} stop {s['stop']} ({stop.get('name')})"]
        new = c.call("DELETE", f"/trips/{tid}/stops/{stop['place_id']}/lock", uid)
        return new, head + trip_text(new)
    if "relax" in step:
        d = step["relax"]["day"]
        new = c.call("POST", f"/trips/{tid}/days/{d}/refine", uid, {"change": "more_relaxed"})
        return new, [f"> day {d} more relaxed", *trip_text(new)]
    raise Failed(f"(runner) unknown follow-up {step}")


def play(c: Client, line: dict[str, Any]) -> str:
    request = line["request"]
    uid: str | None = None
    out: list[str] = []
    try:
        if c.token:
            uid = str(uuid.uuid4())
            c.call("POST", f"/users/{uid}", None, {})
        try:
            trip, lines = first(c, request, uid)
        except Failed as exc:
            return "\n".join([str(exc)])
        out += lines
        for step in request.get("follow_ups") or []:
            out.append("")
            if trip is None:
                out.append(
                    f"(follow-up {json.dumps(step, ensure_ascii=False)} not played: no trip)"
                )
                continue
            try:
                trip, lines = follow(c, trip, step, uid)
                out += lines
            except Failed as exc:
                out += [f"> {json.dumps(step, ensure_ascii=False)}", str(exc)]
                with contextlib.suppress(Failed):
                    trip = c.call("GET", f"/trips/{trip['trip_id']}", uid)
        return "\n".join(out)
    finally:
        if uid:
            with contextlib.suppress(Failed):
                c.call("DELETE", f"/users/{uid}", None)


def main(argv: list[str] | None = None) -> int:
    return run_panel((__doc__ or ""), play, argv, default_panel="evals/panels/trips.jsonl")


if __name__ == "__main__":
    sys.exit(main())
