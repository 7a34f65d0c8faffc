"""Panel half A, round 9 (issue 36): a place is staffed by what its own listing says of its
service, in one unit throughout (o03: two branches of one chain, one staffed as a counter and one
as table service, and one answer saying customers and covers); a what-if keeps the card's window
and leads with it (o03: "what if it pours all weekend?" in a Friday plan led with Saturday); the
offer's window is compared with the same busiest window whatever days a turn asks about (o53:
Fri dinner ≈42, then Sat dinner ≈41 a turn later); a review that says nothing is never quoted
(o53: "mmm")."""

from __future__ import annotations

import re
from datetime import date, timedelta

import httpx
import numpy as np

from kairos.operator.compose import evidence_lines
from kairos.operator.demand import DemandShape
from kairos.operator.guest_signals import snapshot
from kairos.operator.rules import SignalPack, decide
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.service_kind import front_role, listing_categories
from kairos.store.operator import ReviewRow
from tests.meals.helpers import create_user
from tests.operator.chat import turn as _turn

FRIDAY = date(2026, 12, 4)
FRI = 4


def _shape() -> DemandShape:
    """A week read from similar places: Friday and Saturday dinners close, Friday's the bigger."""
    rows = np.array(
        [
            [0, 2, 1, 6, 1],
            [0, 2, 1, 6, 1],
            [0, 2, 1, 7, 1],
            [0, 2, 1, 7, 1],
            [0, 3, 2, 14, 3],
            [0, 3, 2, 13, 3],
            [0, 5, 1, 5, 0],
        ],
        dtype=np.float64,
    )
    shares = rows / rows.sum()
    return DemandShape(shares, "peers", 4, 4, shares.sum(axis=1))


def test_a_listing_without_waiter_service_is_a_counter_whatever_its_cuisine() -> None:
    assert front_role(listing_categories(["Tex-Mex"], False))[::2] == ("counter server",
                                                                       "customers")  # fmt: skip
    assert front_role(listing_categories(["Tex-Mex"], None))[::2] == ("server", "covers")
    assert front_role(listing_categories(["Tex-Mex"], True))[::2] == ("server", "covers")
    assert front_role(listing_categories(["Coffee & Tea"], False))[0] == "barista"


def test_the_offer_is_compared_with_the_same_busiest_window_whatever_days_are_asked() -> None:
    weekend = [FRIDAY + timedelta(days=n) for n in range(3)]
    said = []
    for days in (weekend, weekend[1:2]):
        pack = SignalPack(location="here", days=days, demand=_shape(), baseline_covers=60,
                          baseline_weekday=FRI)  # fmt: skip
        decision = decide(pack, "opportunity")
        sized = [d.summary for a in decision.actions for d in a.drivers
                 if d.summary.startswith("From your 60 covers")]  # fmt: skip
        assert sized, decision.recommendation
        said.append(re.sub(r"holds ≈\d+", "holds", sized[0]))
    assert said[0] == said[1], said
    assert "on Fri dinner, the busiest window of your week" in said[0], said[0]


def _review(rid: int, text: str) -> ReviewRow:
    return ReviewRow(id=rid, place_id=1, text=text, rating=4.0, review_date=date(2011, 1, 31))


def test_a_review_that_says_nothing_is_never_quoted() -> None:
    here = ResolvedLocation(label="Eclano", kind="place", place_id=1, resolved=True)
    bare = snapshot(place="Eclano", place_id=1, reviews=[_review(1, "mmm")], as_of=FRIDAY,
                    expand=True)  # fmt: skip
    assert bare.evidence == []
    lines = evidence_lines(bare, here)
    assert lines[0].startswith("Nothing to quote: Eclano's 1 review"), lines
    assert "1 review of Eclano (Jan 2011) says little" in bare.summary, bare.summary
    fuller = snapshot(place="Eclano", place_id=1, as_of=FRIDAY, expand=True,
                      reviews=[_review(2, "Yum. The gnocchi here is worth the trip.")])  # fmt: skip
    assert [e.snippet for e in fuller.evidence] == ["The gnocchi here is worth the trip."]


async def test_two_branches_each_staffed_by_their_own_listing_and_a_what_if_keeps_friday(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await _turn(
        client,
        uid,
        message="We have two spots: Qdoba on Huntington Ave and Qdoba on Comm Ave, Boston. "
        "Normally 300 covers on Fridays between them. What do we need friday?",
    )
    assert len(first["locations"]) == 2
    plan = first["text"].split("\nWhy:")[0]
    assert "counter server" in plan and " covers" not in plan, plan  # one unit, both counters
    sid = first["session_id"]
    await _turn(client, uid, message="just the Huntington one", session_id=sid)
    rain = await _turn(client, uid, message="what if it pours all weekend?", session_id=sid)
    friday = f"{date.fromisoformat(first['window_start']):%a %d %b}"
    assert rain["window_start"] == rain["window_end"] == first["window_start"]
    lead, plan = rain["text"].split("\n")[:2]
    assert f"your plan stays on {friday}" in lead, lead
    assert re.match(rf"Staff (the busiest dinner, )?{friday}", plan), plan
    assert " covers" not in plan and "one server's worth" not in plan, plan


async def test_a_name_with_its_street_finds_the_row_on_that_street_not_an_addressless_one(
    client: httpx.AsyncClient,
) -> None:
    """The brief's known case: the row spelled as said has no address, a row of nearly the same
    name is on the street said; and a street right after a name, with no "on", tells two
    branches apart."""
    uid = await create_user(client)
    for said, label in (
        ("Legal Sea Foods on Park Plaza, staffing friday?", "Legal Seafood, 26 Park Plaza"),
        ("Legal Sea Foods Park Plaza here. staffing friday?", "Legal Seafood, 26 Park Plaza"),
        ("Qdoba Huntington Ave. staffing friday?", "Qdoba, 393 Huntington Ave"),
    ):
        answer = await _turn(client, uid, message=said)
        assert answer["locations"][0]["label"].startswith(label), said
        assert answer["question"] is None, said
    bare = await _turn(client, uid, message="Legal Sea Foods this weekend?")
    assert bare["locations"][0]["label"] == "Legal Sea Foods, Boston"  # no street: its own row
