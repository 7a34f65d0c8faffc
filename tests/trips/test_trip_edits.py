"""Edits with clear rules (issue 35, item 5), over HTTP on the sample: a locked stop is not
swapped away (409, unlock first), a swap named in words finds its stop's day, and notes name
places, never internal ids."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.meals.helpers import as_user, create_user

BODY = {"city": "Singapore", "start_date": "2026-12-07", "days": 2, "pace": "moderate",
        "mode": "transit", "interests": "museums and gardens"}  # fmt: skip


def _stops(trip: dict[str, Any], day: int) -> list[dict[str, Any]]:
    return [s for s in trip["days"][day - 1]["slots"] if s["kind"] == "stop"]


async def test_locked_stops_stay_and_swaps_in_words_find_their_day(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    trip = (await client.post("/trips", json=BODY, headers=as_user(uid))).json()
    tid = trip["trip_id"]
    first = _stops(trip, 1)[0]
    locked = await client.post(f"/trips/{tid}/stops/{first['place_id']}/lock",
                               json={"day": 1}, headers=as_user(uid))  # fmt: skip
    assert locked.status_code == 200, locked.text
    refused = await client.post(f"/trips/{tid}/stops/{first['place_id']}/swap",
                                json={"want": "outdoors"}, headers=as_user(uid))  # fmt: skip
    assert refused.status_code == 409
    assert "unlock" in refused.json()["detail"].lower()
    said = await client.post("/trips/intent", headers=as_user(uid), json={
        "raw_text": f"swap {first['name']} for a park", "trip_id": tid})  # fmt: skip
    # in words, the refusal is the chat's answer: the trip as it was, and why
    assert said.status_code == 200, said.text
    assert said.json()["message"].startswith("Nothing changed:"), said.json()["message"]
    assert "unlock" in said.json()["message"].lower()
    assert first["name"] in said.json()["message"]
    assert first["place_id"] in {s["place_id"] for s in _stops(said.json()["trip"], 1)}
    after = (await client.get(f"/trips/{tid}", headers=as_user(uid))).json()
    assert first["place_id"] in {s["place_id"] for s in _stops(after, 1)}
    # a stop named without a day: its day is found
    other = _stops(after, 2)[0]
    swapped = await client.post("/trips/intent", headers=as_user(uid), json={
        "raw_text": f"swap {other['name']} for a museum", "trip_id": tid})  # fmt: skip
    assert swapped.status_code == 200, swapped.text
    answer = swapped.json()
    assert answer["trip"]["trip_id"] == tid
    notes = [*answer["trip"]["notes"], *(n for d in answer["trip"]["days"] for n in d["notes"])]
    assert not any(re.search(r"\b\d{2,}\b is not", n) for n in notes), notes


async def test_a_stop_locked_where_it_stands_keeps_its_place_in_the_day(
    client: httpx.AsyncClient,
) -> None:
    """Locking day 1's second stop with no time moved it to the day's first stop at the day's
    start (the trip planned again around it), so a later "swap stop 1" hit the locked stop (a
    409 the traveller never expected). Locked where it stands, it keeps its time and order."""
    uid = await create_user(client)
    body = {"city": "Quebec City", "start_date": "2026-12-07", "days": 2, "pace": "packed",
            "interests": "museums and churches"}  # fmt: skip
    trip = (await client.post("/trips", json=body, headers=as_user(uid))).json()
    tid = trip["trip_id"]
    stops = _stops(trip, 1)
    assert len(stops) >= 2, stops
    second = stops[1]
    locked = await client.post(f"/trips/{tid}/stops/{second['place_id']}/lock",
                               json={"day": 1}, headers=as_user(uid))  # fmt: skip
    assert locked.status_code == 200, locked.text
    after = _stops(locked.json(), 1)
    at = [s["place_id"] for s in after].index(second["place_id"])
    assert after[at]["start"] == second["start"], (second["start"], after[at]["start"])
    assert at >= 1, [s["name"] for s in after]
    swapped = await client.post(f"/trips/{tid}/stops/{after[0]['place_id']}/swap",
                                json={"want": "a museum"}, headers=as_user(uid))  # fmt: skip
    assert swapped.status_code == 200, swapped.text
    kept = _stops(swapped.json(), 1)
    assert second["place_id"] in {s["place_id"] for s in kept}


async def test_a_city_kairos_does_not_hold_is_answered_with_the_cities_it_does(
    client: httpx.AsyncClient,
) -> None:
    """'Lisbon for 3 days' answered a raw 422; a chat answers a sentence naming where Kairos
    can plan, and plans no trip elsewhere."""
    uid = await create_user(client)
    words = {"raw_text": "Lisbon for 3 days, food and viewpoints"}
    said = await client.post("/trips/intent", headers=as_user(uid), json=words)
    assert said.status_code == 200, said.text
    answer = said.json()
    assert answer["trip"] is None
    assert answer["message"].startswith("Kairos knows no places to visit in Lisbon"), answer
    assert "Singapore" in answer["message"], answer["message"]


async def test_a_lock_the_trip_cannot_keep_is_refused_with_the_reason(
    client: httpx.AsyncClient,
) -> None:
    """A lock at a time past the day's end was stored and the stop dropped from the trip (the
    verifier's `locked_kept` failed afterwards). It is refused (409) with the planner's reason,
    and the trip stays as it was, its stop still on it."""
    uid = await create_user(client)
    trip = (await client.post("/trips", json=BODY, headers=as_user(uid))).json()
    tid = trip["trip_id"]
    first = _stops(trip, 1)[0]
    late = {"day": 2, "start": "23:00"}
    refused = await client.post(f"/trips/{tid}/stops/{first['place_id']}/lock", json=late,
                                headers=as_user(uid))  # fmt: skip
    assert refused.status_code == 409, refused.text
    detail = refused.json()["detail"]
    assert detail.startswith(f"{first['name']} cannot be locked to day 2 at 23:00: "), detail
    after = (await client.get(f"/trips/{tid}", headers=as_user(uid))).json()
    assert after["version"] == trip["version"]
    assert first["place_id"] in {s["place_id"] for s in _stops(after, 1)}
