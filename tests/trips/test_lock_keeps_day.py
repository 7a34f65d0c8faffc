"""A lock where the stop stands changes nothing else (issue 35, edits): locking a stop with no
new time planned the trip again around the pinned stop, and the day gained or lost stops, moved
its other stops and lost its lunch. The trip now stays as it was, the stop marked locked; a lock
at a new time plans again (tests/trips/test_trip_edits.py)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.meals.helpers import as_user, create_user

BODY = {"city": "Kathmandu", "start_date": "2026-12-07", "days": 2, "pace": "packed",
        "interests": "museums"}  # fmt: skip


def _day(trip: dict[str, Any], day: int) -> tuple[list[tuple[str, str, str, str]], list[str]]:
    shown = trip["days"][day - 1]
    slots = [(s["kind"], s["place_id"], s["start"], s["end"]) for s in shown["slots"]]
    return slots, shown["notes"]


async def test_a_lock_where_the_stop_stands_leaves_its_day_as_it_was(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    for day in (1, 2):
        first = (await client.post("/trips", json=BODY, headers=as_user(uid))).json()
        count = sum(s["kind"] == "stop" for s in first["days"][day - 1]["slots"])
        assert count >= 2, first["days"][day - 1]
        for k in range(count):
            # a trip of its own for each lock: nothing else was done to it
            trip = (await client.post("/trips", json=BODY, headers=as_user(uid))).json()
            stop = [s for s in trip["days"][day - 1]["slots"] if s["kind"] == "stop"][k]
            locked = await client.post(f"/trips/{trip['trip_id']}/stops/{stop['place_id']}/lock",
                                       json={"day": day}, headers=as_user(uid))  # fmt: skip
            assert locked.status_code == 200, locked.text
            after = locked.json()
            assert [_day(after, d) for d in (1, 2)] == [_day(trip, d) for d in (1, 2)], stop
            marked = [s for s in after["days"][day - 1]["slots"] if s["locked"]]
            assert [s["place_id"] for s in marked] == [stop["place_id"]]
            assert after["version"] == trip["version"] + 1
            kept = [c for c in after["verification"] if c["constraint"] == "locked_kept"]
            assert [c["detail"] for c in kept] == ["1 locked stops where locked"], kept
