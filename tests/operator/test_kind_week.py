"""A place with too few check-ins of its own compares its weekdays by its kind of place's week,
measured over hundreds of places, not by the handful of similar places a small catalogue holds
(panel half A, o41: "sunday lunch buffet … we do 90 covers on fridays" staffed for ≈11 covers and
one server, Sunday read as half a Friday and lunch as a quarter of it); the plan says whose week
and the share it took."""

from __future__ import annotations

from datetime import date

import numpy as np

from kairos.operator.demand import DAYPARTS, DemandModel
from kairos.operator.derivation import covers_read, usual_share
from kairos.operator.place_kind import kind_of, kind_week, kind_weekdays
from kairos.operator.state import BaselineState
from kairos.store.operator import PlaceCheckins

SUNDAY = date(2026, 12, 6)
LUNCH = DAYPARTS.index("lunch")


def _model(own: dict[tuple[int, int], int]) -> DemandModel:
    """One Indian restaurant with `own` check-ins, and three Indian peers busy on Friday and
    Saturday dinners and nearly empty on Sundays (a week a handful of places can show)."""
    peer = {(4, 19): 12, (5, 19): 12, (4, 12): 4, (6, 19): 2, (2, 19): 6, (1, 19): 6}
    places = {
        1: PlaceCheckins(["Indian"], None, own, 42.31, -71.11, "Here"),
        **{i: PlaceCheckins(["Indian"], None, peer, 42.31, -71.11, f"Peer {i}")
           for i in (2, 3, 4)},
    }  # fmt: skip
    return DemandModel(places)


def test_a_sunday_lunch_from_a_friday_is_sized_by_a_restaurants_week() -> None:
    shape = _model({(4, 19): 5, (5, 19): 3, (6, 13): 2, (2, 19): 3, (3, 12): 1}).shape(
        place_id=1, categories=["Indian"]
    )
    covers = shape.covers(90, 4)
    sunday = float(covers[6].sum())
    # a restaurant's Sunday is ≈0.9 of its Friday over the shared check-ins; the peers say ≈0.2
    assert 70 <= sunday <= 90, covers.round(1)
    assert 20 <= covers[6, LUNCH] <= sunday, covers.round(1)  # was ≈9: one server
    # the day split leans on a restaurant's Sunday (≈36 % lunch, of every daypart) more than on
    # the place's few check-ins pooled over its week (≈36 % of this open Sunday without it)
    assert covers[6, LUNCH] / sunday >= 0.4, covers.round(1)
    assert shape.week_basis == "a restaurant's week weighed with your 14 check-ins"
    assert ("weekdays compared by a restaurant's week weighed with its 14 check-ins (too few "
            "alone: low confidence)") in shape.basis  # fmt: skip
    read = covers_read(shape, BaselineState(covers=90, weekday=4), SUNDAY, "lunch")
    assert read is not None
    assert "% of a Friday), by a restaurant's week weighed with your 14 check-ins, and " in read
    said = usual_share(shape, (90, 4, None), SUNDAY, "lunch")
    assert said is not None
    ratio = round(100 * sunday / float(covers[4].sum()))
    assert (f"over a Sunday, {ratio}% of your usual 90 covers on a Friday by a restaurant's week "
            "weighed with your 14 check-ins") in said, said  # fmt: skip


def test_no_window_exceeds_its_day_nor_the_day_given() -> None:
    shape = _model({(4, 19): 2, (6, 12): 1}).shape(place_id=1, categories=["Indian"])
    for weekday in range(7):
        covers = shape.covers(90, weekday)
        days = covers.sum(axis=1)
        assert (covers <= days[:, None] + 1e-9).all()
        assert (covers <= days[weekday] + 1e-9).all()


def test_the_kind_of_place_from_its_listing() -> None:
    assert kind_of(["Indian", "Restaurants"]) == "restaurant"
    assert kind_of(["Pubs", "Irish"]) == "bar"
    assert kind_of(["Breakfast & Brunch", "American (New)"]) == "brunch"
    assert kind_of(["Coffee & Tea", "Breakfast & Brunch"]) == "cafe"
    assert kind_of(["Pubs", "Breakfast & Brunch", "American (Traditional)"]) == "bar"
    assert kind_of(None) == "restaurant"
    for kind in ("restaurant", "bar", "brunch", "cafe"):
        week = kind_week(kind)
        assert week.shape == (7, len(DAYPARTS)) and np.isclose(week.sum(), 1.0)
    # a bar's Friday late night outweighs a restaurant's, and a brunch place's Sunday its Friday
    assert kind_week("bar")[4, 4] > kind_week("restaurant")[4, 4]
    assert kind_week("brunch")[6].sum() > kind_week("brunch")[4].sum()


def test_own_check_ins_weigh_in_by_their_number() -> None:
    kind = np.full(7, 1 / 7)
    own = np.array([0.0, 0, 0, 0, 0.5, 0.5, 0])
    week, basis, said = kind_weekdays("bar", kind, own, 100, 100)
    assert np.allclose(week, (kind + own) / 2)
    assert basis == "a bar or pub's week weighed with your 100 check-ins"
    assert said.endswith("(too few alone: low confidence)")
    week, basis, _ = kind_weekdays("bar", kind, None, 0, 100)
    assert np.allclose(week, kind) and basis == "a bar or pub's week (no check-ins of your own)"
