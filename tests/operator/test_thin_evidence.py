"""What the panel's half A found when the evidence is thin (issue 36), over the real app,
database and sample catalog: a day estimated from a handful of the place's own check-ins stays
near the baseline the operator gave, and says its confidence; a restaurant the catalog lacks is
said plainly and first, with what stands in for it, and its name is never asked for again;
"show me the reviews" quotes reviews whenever the place, or the places standing in for it, have
them."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.meals.helpers import create_user
from tests.operator.chat import turn as _turn

JSON = {"Accept": "application/json"}
COVERS = re.compile(r"for ≈(\d+) covers")


def _covers(answer: dict[str, Any]) -> int:
    found = COVERS.search(answer["text"])
    assert found is not None, answer["text"][:300]
    return int(found.group(1))


async def test_a_day_from_few_check_ins_stays_near_the_stated_baseline(
    client: httpx.AsyncClient,
) -> None:
    """Places with 10 to 44 check-ins of their own, 100 covers on a Friday: no open day's
    busiest part lands above 1.5 times the Friday or under a tenth of it, and the answer says
    the days are compared by the week of the kind of place (a restaurant's), at low confidence."""
    seen: list[tuple[str, str, int]] = []
    said: list[dict[str, Any]] = []
    for opener in (
        "Victoria Seafood on Commonwealth Ave, usually 100 covers on a Friday. staffing?",
        "Al Wadi on VFW Pkwy, we do about 100 covers on fridays. staffing?",
        "China Pearl on Tyler St, usually 100 covers on a Friday. staffing?",
    ):
        uid = await create_user(client)
        first = await _turn(client, uid, message=opener)
        assert first["locations"][0]["kind"] == "place", opener
        sid = first["session_id"]
        for ask in ("and saturday?", "sunday lunch?", "and monday dinner?"):
            answer = await _turn(client, uid, message=ask, session_id=sid)
            seen.append((opener[:20], ask, _covers(answer)))
            said.append(answer)
    assert all(10 <= covers <= 150 for _, _, covers in seen), seen
    for answer in said:
        assert answer["confidence"]["level"] == "low"
        assert "weekdays compared by a restaurant's week weighed with its " in answer["text"]


async def test_a_restaurant_the_catalog_lacks_is_said_first_and_its_name_never_asked_again(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message="Blue Heron Kitchen on Newbury St. usually 120 "
                        "covers on a Friday. staffing this weekend?")  # fmt: skip
    assert first["locations"][0]["kind"] == "street"
    assert re.match(r"I don't have Blue Heron Kitchen in my data; I used the \d+ places on "
                    r"Newbury St", first["text"]), first["text"][:200]  # fmt: skip
    sid = first["session_id"]
    reviews = await _turn(client, uid, message="show me the reviews", session_id=sid)
    later = [first, reviews, await _turn(client, uid, message="and friday?", session_id=sid)]
    for answer in later:
        assert "restaurant's name" not in answer["text"], answer["text"][:300]
    assert reviews["text"].startswith("I don't have Blue Heron Kitchen's own reviews; from the "
                                      "reviews of the ")  # fmt: skip
    quotes = [e for e in reviews["guest_snapshot"]["evidence"] if e["snippet"]]
    assert quotes and all(e["date"] and e["place"] != "Blue Heron Kitchen" for e in quotes)
    first_quote = reviews["text"].split("\n")[1]
    assert re.match(r'- ".+" \(.+, \d\d \w{3} \d{4}; [a-z ]+, (?:negative|positive); review '
                    r"\d+\)$", first_quote), first_quote  # fmt: skip


async def test_complaints_asked_for_are_quoted_first_with_their_count(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message="Mr. Dooley's on Broad St. staffing friday?")
    sid = first["session_id"]
    for ask in ("what are people complaining about?", "any complaints in the reviews?"):
        answer = await _turn(client, uid, message=ask, session_id=sid)
        lines = answer["text"].split("\n")
        assert re.match(r"\d+ of \d+ reviews complain \(", lines[1]), lines[:3]
        assert "negative; review" in lines[2], lines[:3]


async def test_a_name_the_catalog_holds_with_more_words_is_that_place_not_a_stand_in(
    client: httpx.AsyncClient,
) -> None:
    """A name said short of the catalog's own, where the catalog holds it: the place itself."""
    uid = await create_user(client)
    answer = await _turn(client, uid, message="Fish Pier on E Broadway in South Boston. friday?")
    assert answer["locations"][0]["kind"] == "place"
    assert answer["locations"][0]["label"].startswith("Fish Pier Restaurant & Market")
    assert "in my data" not in answer["text"]
