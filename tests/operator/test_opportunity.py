"""The opportunity card names a pattern in the place's own evidence and what to run in it
(issue 36, item 4): a window its own check-ins show well under the same part of its best day,
the street around it busy then, one theme of its own reviews, and nothing claimed without the
evidence for it. What-ifs leave the offer and its window where they are."""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np

from kairos.operator.demand import DAYPARTS, DEFAULT_SHAPE, DemandModel, DemandShape
from kairos.operator.opportunity import Neighbours
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.schemas import GuestSnapshot, ThemeSignal
from kairos.operator.what_if import apply_scenario
from kairos.store.operator import PlaceCheckins

TUESDAY = date(2026, 12, 1)
WEEK = [TUESDAY + timedelta(days=i) for i in range(6)]  # Tue 01 – Sun 06 Dec


def _checkins(lunch: dict[int, int], dinner: int = 30) -> dict[tuple[int, int], int]:
    """Own check-ins: `lunch[weekday]` at 12:00, `dinner` at 19:00 every day."""
    found = {(w, 12): n for w, n in lunch.items()}
    found.update({(w, 19): dinner for w in range(7)})
    return found


# Tuesday lunch 5 against Friday lunch 15; every other lunch at least 12
OWN = _checkins({0: 12, 1: 5, 2: 12, 3: 13, 4: 15, 5: 14, 6: 12})


def _pack(
    checkins: dict[tuple[int, int], int] | None = OWN,
    neighbours: Neighbours | None = None,
    guests: GuestSnapshot | None = None,
    days: list[date] = WEEK,
) -> SignalPack:
    return SignalPack(
        location="here",
        days=days,
        demand=DemandShape(DEFAULT_SHAPE, "default", 0, 0),
        checkins=checkins,
        neighbours=neighbours,
        guests=guests,
    )


def _street(tuesday_lunch: int) -> Neighbours:
    counts = np.full((7, len(DAYPARTS)), 10.0)
    counts[1, DAYPARTS.index("lunch")] = tuesday_lunch
    return Neighbours(counts, 6)


def _guests(wait_complaints: int, food_praise: int = 0) -> GuestSnapshot:
    themes = [ThemeSignal(theme="wait_time", mentions=wait_complaints, negative=wait_complaints,
                          positive=0, summary="waits")] if wait_complaints else []  # fmt: skip
    if food_praise:
        themes.append(ThemeSignal(theme="food", mentions=food_praise, negative=0,
                                  positive=food_praise, summary="food"))  # fmt: skip
    return GuestSnapshot(place="Casa Test", place_id=1, sample_size=40, window_start=None,
                         window_end=None, themes=themes, summary="s", sparse=False)  # fmt: skip


def test_the_offer_is_for_the_window_its_own_checkins_show_quiet_and_says_the_counts() -> None:
    decision = decide(_pack(), "opportunity")
    first = decision.actions[0]
    assert (first.day, first.daypart) == (TUESDAY, "lunch")
    assert decision.recommendation.startswith("Run a set-lunch offer for Tue 01 Dec, lunch")
    assert (
        "Your Tuesday lunch runs at 33% of your Friday lunch (5 of your own check-ins against 15)."
        in decision.recommendation
    )


def test_no_dip_is_claimed_without_enough_checkins_of_its_own() -> None:
    few = _checkins({1: 1, 4: 4}, dinner=3)  # the best lunch has 4: too few to compare
    for checkins in (few, None):
        decision = decide(_pack(checkins), "opportunity")
        assert "runs at" not in decision.recommendation
        assert "check-ins against" not in decision.recommendation
    even = _checkins(dict.fromkeys(range(7), 14))  # every lunch alike: no dip to sell
    assert "runs at" not in decide(_pack(even), "opportunity").recommendation


def test_the_street_is_said_only_when_its_neighbours_are_busier_then() -> None:
    busy = decide(_pack(neighbours=_street(tuesday_lunch=60)), "opportunity").recommendation
    assert "The 6 places within 1 km with check-ins take" in busy
    assert "guests are out nearby then" in busy
    quiet = decide(_pack(neighbours=_street(tuesday_lunch=2)), "opportunity").recommendation
    assert "places within" not in quiet
    few = Neighbours(_street(60).counts, 2)  # two places are no street
    assert "places within" not in decide(_pack(neighbours=few), "opportunity").recommendation


def test_one_review_theme_with_its_count_and_none_without_one() -> None:
    waits = decide(_pack(guests=_guests(wait_complaints=5)), "opportunity").recommendation
    assert "5 of 40 reviews of Casa Test complain of waits" in waits
    praise = decide(_pack(guests=_guests(0, food_praise=7)), "opportunity").recommendation
    assert "7 of 40 reviews of Casa Test praise the food: lead the offer with it." in praise
    thin = decide(_pack(guests=_guests(wait_complaints=2)), "opportunity").recommendation
    assert "reviews of Casa Test" not in thin


def test_what_ifs_leave_the_offer_and_its_window() -> None:
    plain = decide(_pack(), "opportunity")
    offer = next(a for a in plain.actions if a.text.startswith("Run "))
    for said in ("what if it snows?", "what if it pours all weekend?", "what if there's a game?"):
        pack, _ = apply_scenario(_pack(), read_message(said, TUESDAY))
        supposed = decide(pack, "opportunity")
        same = [a for a in supposed.actions if a.text == offer.text]
        assert same and (same[0].day, same[0].daypart) == (offer.day, offer.daypart), said
        assert "un a set-lunch offer for Tue 01 Dec, lunch" in supposed.recommendation, said


def test_neighbours_are_the_other_places_within_the_radius_with_checkins() -> None:
    busy = {(1, 12): 40}
    model = DemandModel({
        1: PlaceCheckins(["Thai"], None, busy, 42.3500, -71.0600),   # itself
        2: PlaceCheckins(["Thai"], None, busy, 42.3540, -71.0600),   # 0.44 km north
        3: PlaceCheckins(["Thai"], None, busy, 42.3500, -71.0700),   # 0.82 km west
        4: PlaceCheckins(["Thai"], None, busy, 42.3700, -71.0600),   # 2.2 km: too far
        5: PlaceCheckins(["Thai"], None, {(1, 12): 3}, 42.3501, -71.0600),  # too few
        6: PlaceCheckins(["Thai"], None, busy),                      # no coordinates
    })  # fmt: skip
    counts, places = model.neighbours(1, 42.3500, -71.0600, 1.0)
    assert places == 2
    assert counts[1, DAYPARTS.index("lunch")] == 80 and counts.sum() == 80


def test_with_few_checkins_per_daypart_the_days_are_compared_and_said_to_be_a_hint() -> None:
    # 26 check-ins: dinner 5 on Friday, 1 on Tuesday, 3 on the other days; 5 lunches
    sparse = {(w, 19): 3 for w in range(7)} | {(1, 19): 1, (4, 19): 5, (4, 12): 3, (5, 12): 2}
    decision = decide(_pack(sparse), "opportunity")
    first = decision.actions[0]
    assert (first.day, first.daypart) == (TUESDAY, "dinner")
    assert decision.recommendation.startswith("Run an early-dinner prix fixe for Tue 01 Dec")
    assert "Your Tuesdays draw 1 of your own check-ins against 8 on Fridays (12%)" in (
        decision.recommendation
    )
    assert "dinner draws the most of them (21 of 26)" in decision.recommendation
    assert "a hint, not a measure" in decision.recommendation


def test_without_a_dip_of_its_own_the_offer_says_what_the_quiet_window_rests_on() -> None:
    for checkins in (None, _checkins(dict.fromkeys(range(7), 14))):  # none; no dip
        decision = decide(_pack(checkins, guests=_guests(0, food_praise=7)), "opportunity")
        first = decision.actions[0]
        assert first.text.startswith("Run ") and first.day in WEEK
        if checkins is None:  # none of its own: an estimate (`test_estimated_window.py`)
            assert decision.recommendation.startswith(f"{first.text}. An estimate, not your own")
            assert "window by default, none of them your own check-ins" in (decision.recommendation)
            continue
        assert decision.recommendation.startswith(f"{first.text}. It is the period's quietest")
        assert "window in the demand shape (default); events nearby are unknown." in (
            decision.recommendation
        )
        assert "7 of 40 reviews of Casa Test praise the food" in decision.recommendation
        assert "runs at" not in decision.recommendation  # no dip claimed
