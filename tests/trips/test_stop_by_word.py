"""A change that names a stop by a word and no day (issue 35, words): "replace the museum with
something outdoors" finds the day of the trip's museum; "swap the zoo for a park" on a trip with
no zoo says so, with the trip's stops, and changes nothing (both were a 422 'say which day')."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import as_user, create_user

BODY = {"city": "Glasgow", "start_date": "2026-12-07", "days": 2, "pace": "moderate",
        "interests": "museums and architecture"}  # fmt: skip


def _stops(trip: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for d in trip["days"] for s in d["slots"] if s["kind"] == "stop"]


async def test_a_stop_named_by_a_word_finds_its_day_or_is_said_missing(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    trip = (await client.post("/trips", json=BODY, headers=as_user(uid))).json()
    stops = _stops(trip)
    assert not any("zoo" in f"{s['name']} {s['place_kind']}".lower() for s in stops), stops
    said = await client.post("/trips/intent", headers=as_user(uid), json={
        "raw_text": "swap the zoo for a park", "trip_id": trip["trip_id"]})  # fmt: skip
    assert said.status_code == 200, said.text
    answer = said.json()
    assert answer["message"].startswith("Nothing changed: no stop of this trip is a zoo"), answer
    assert stops[0]["name"] in answer["message"]
    assert answer["trip"]["version"] == trip["version"]
    museums = [d["index"] for d in trip["days"] for s in d["slots"]
               if s["kind"] == "stop" and s["place_kind"] == "museum"]  # fmt: skip
    assert museums, stops
    words = "replace the museum with something outdoors"
    changed = await client.post("/trips/intent", headers=as_user(uid),
                                json={"raw_text": words, "trip_id": trip["trip_id"]})  # fmt: skip
    assert changed.status_code == 200, changed.text
    message = changed.json()["message"]  # what the edit did on the museum's day, said
    assert message.startswith(f"Day {museums[0]}"), message
    assert message.endswith("the other days are as they were."), message
