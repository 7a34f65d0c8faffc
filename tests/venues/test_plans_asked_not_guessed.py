"""Asked, not guessed (plans round 17): a plan naming no place, for a group nobody located, asks
which city instead of planning in whichever city holds most matches; "quieter" looks for the
venues whose source lists them as quiet instead of only re-ranking a lively request's finds."""

from __future__ import annotations

import httpx

from kairos.venues.commander import quiet_feature
from tests.meals.helpers import create_user
from tests.venues.plans import post_plan
from tests.venues.test_commander import read


def test_quieter_looks_for_venues_listed_as_quiet() -> None:
    history = [
        {"role": "user", "content": "lively dinner in boston for 4 saturday"},
        {"role": "assistant", "content": "Slate Bar & Grill is the best overall pick."},
    ]
    quieter = read("actually somewhere quieter, grandma is coming", chat_history=history)

    def asks(intent) -> bool:  # type: ignore[no-untyped-def]
        return bool(quiet_feature(intent.asked.changes, intent.vibe, intent.reading.vibes))

    assert asks(quieter)
    assert asks(read("quiet dinner in boston for 4"))
    assert not asks(read("lively dinner in boston for 4"))
    assert "quiet" not in quieter.features, "looked for first, never required of every venue"


async def test_a_plan_naming_no_place_for_a_group_nobody_located_asks_which_city(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    plan = await post_plan(client, uid, prompt="casual dinner for 6 on friday", group_size=6)
    summary = plan["execution_summary"]
    assert plan["venues"] == [], [v["city"] for v in plan["venues"]]
    assert "which city is the group in?" in summary, summary
    assert "Boston" in summary, "the cities it knows are named"
    # a city named plans there, as before
    named = await post_plan(client, uid, prompt="casual dinner in boston for 6", group_size=6)
    assert named["venues"] and {v["city"] for v in named["venues"][:3]} == {"Boston"}


def test_the_answer_to_which_city_and_the_next_follow_up_keep_the_first_request() -> None:
    """ "italian dinner for 6" is asked which city; "in boston" answers; "make it cheaper" then
    follows up the whole request (Italian, six, Boston), not only "in boston" (the plan view
    read the third message as 'no activity named: any kind of place')."""
    history = [
        {"role": "user", "content": "italian dinner for 6"},
        {"role": "assistant", "content": "Which city is the group in?"},
        {"role": "user", "content": "in boston"},
        {"role": "assistant", "content": "Rigoletto Ristorante is the best overall pick."},
    ]
    cheaper = read("make it cheaper", chat_history=history)
    assert cheaper.reading.cities == ["boston"]
    assert "italian" in cheaper.reading.categories
    assert cheaper.group_size == 6
    assert cheaper.activity == "meal"
    assert not any("no activity named" in a for a in cheaper.reading.assumptions)
    # a new request in between starts over: its follow-up does not reach back past it
    history[2] = {"role": "user", "content": "thai dinner in cambridge for 2"}
    fresh = read("make it cheaper", chat_history=history)
    assert "italian" not in fresh.reading.categories and fresh.group_size == 2
