"""What the trade mostly is (`operator/lean.py`): the day's shape, never where the covers go."""

from __future__ import annotations

import re
from datetime import date, timedelta

import numpy as np

from kairos.operator.demand import DAYPARTS, DEFAULT_SHAPE, DemandShape
from kairos.operator.lean import LEAN_SHARE, lean_categories, leaned
from kairos.operator.rules import SignalPack, decide
from kairos.operator.staffing_plan import front_role, kitchen_and_bar

FRI, LUNCH, DINNER, LATE = 4, DAYPARTS.index("lunch"), DAYPARTS.index("dinner"), 4


def test_a_day_mostly_at_lunch_keeps_its_total_with_most_of_it_at_lunch() -> None:
    """ "300 on a Friday, mostly lunch" was planned as 300 at lunch (≈500 over the day at a
    food-court counter). The day's total stays the 300 said, and lunch holds at least 60 % of
    it; days already leaning that way and the weekday profile are unchanged."""
    shape = DemandShape(DEFAULT_SHAPE, "d", 0, 0)
    lunch = leaned(shape, "lunch")
    assert np.allclose(lunch.shares.sum(axis=1), shape.shares.sum(axis=1))
    covers = lunch.covers(300, FRI)
    assert round(float(covers[FRI].sum())) == 300
    assert LEAN_SHARE * 300 - 1 <= covers[FRI, LUNCH] <= 300
    assert covers[FRI, LUNCH] > covers[FRI, DINNER]
    assert "mostly lunch as you said" in lunch.basis
    assert leaned(shape, None) is shape


def test_a_bar_led_place_leans_to_its_evenings_and_is_staffed_with_bartenders() -> None:
    """ "It's mostly bar" was ignored: servers and covers, and a day shaped like a restaurant's.
    A bar-led place's evenings (dinner and late) hold most of each day, and its front of house
    is bartenders for bar guests; a listing that is a bar and no restaurant is bar-led too, a
    restaurant with a bar (a cuisine in its listing) keeps servers."""
    bar = leaned(DemandShape(DEFAULT_SHAPE, "d", 0, 0), "bar")
    for day in range(7):
        evening = bar.shares[day, DINNER] + bar.shares[day, LATE]
        assert evening >= LEAN_SHARE * bar.shares[day].sum() - 1e-9
    said = lean_categories(["Restaurants", "Irish", "Pubs"], "bar")
    assert front_role(said)[0] == "bartender" and front_role(said)[2] == "bar guests"
    assert front_role(["Nightlife", "Bars", "Cocktail Bars"])[0] == "bartender"
    assert front_role(["Restaurants", "Irish", "Pubs"])[0] == "server"
    assert front_role(["Pubs", "Seafood", "Bars"])[0] == "server"  # as stored: a cuisine
    assert lean_categories(["Restaurants"], "lunch") == ["Restaurants"]
    assert "bartenders above are your front of house" in kitchen_and_bar(300, said)


def test_the_staffing_plan_of_a_bar_led_place_speaks_of_bartenders_and_bar_guests() -> None:
    """The card's plan, other days and trigger for a place said to be mostly bar."""
    friday = date(2026, 12, 4)
    pack = SignalPack(
        location="here",
        days=[friday + timedelta(days=n) for n in range(2)],
        demand=leaned(DemandShape(DEFAULT_SHAPE, "d", 0, 0), "bar"),
        baseline_covers=300,
        baseline_weekday=FRI,
        categories=lean_categories(["Restaurants", "Pubs"], "bar"),
    )
    decision = decide(pack, "staffing")
    text = decision.recommendation
    # the thin base is said beside the number it drives (6e59022), between guests and bartenders
    assert re.search(r"≈\d+ bar guests(?: \([^)]*\))?: about \d+ bartenders at one per 40", text), (
        text
    )
    assert "(a thin base, similar places only" in text
    assert "server" not in decision.recommendation + decision.trigger
    assert "add one bartender" in decision.trigger
