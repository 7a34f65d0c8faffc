"""The composite and the blended order as pure functions: what a request weighs moves places."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from kairos.restaurants import evaluation
from kairos.restaurants.evaluation import (
    COMPOSITE_AXES,
    CONTRADICTION_PENALTY,
    RELEVANCE_SHARE,
    REQUESTED_WEIGHT,
    UNREVIEWED_PENALTY,
    blended_order,
    composite,
    requested_axes,
)
from kairos.restaurants.schemas import RadarScores
from kairos.text.aspects import ReviewText, score_aspects


def radar(**axes: float) -> RadarScores:
    values = {
        "romance": 6.0,
        "noise_level": 5.0,
        "food_quality": 6.0,
        "vegan_options": 6.0,
        "value_for_money": 6.0,
    }
    return RadarScores(**{**values, **axes})


def test_the_composite_is_the_mean_of_four_axes_when_nothing_is_asked() -> None:
    scores = radar(romance=8.0, food_quality=6.0, vegan_options=4.0, value_for_money=2.0)
    assert composite(scores, set()) == 5.0
    assert composite(radar(noise_level=0.0), set()) == composite(radar(noise_level=10.0), set()), (
        "quietness is shown, not averaged in, unless asked for"
    )
    assert composite(scores, set(), reviewed=False) == 5.0 - UNREVIEWED_PENALTY


def test_a_requested_axis_counts_three_times() -> None:
    scores = radar(romance=6.0, food_quality=6.0, vegan_options=6.0, value_for_money=6.0)
    quiet = scores.model_copy(update={"noise_level": 9.0})
    # (4 axes x 6 + 3 x 9) / (4 + 3)
    assert composite(quiet, {"noise_level"}) == round((4 * 6.0 + REQUESTED_WEIGHT * 9.0) / 7, 2)
    romantic = radar(romance=9.0)
    assert composite(romantic, {"romance"}) == round((9.0 * REQUESTED_WEIGHT + 18.0) / 6, 2)
    assert composite(romantic, {"romance"}) > composite(romantic, set())


def test_a_requested_axis_the_reviews_contradict_costs_points() -> None:
    loud = radar(noise_level=2.0)
    expected = (4 * 6.0 + REQUESTED_WEIGHT * 2.0) / 7 - CONTRADICTION_PENALTY
    assert composite(loud, {"noise_level"}) == round(expected, 2)
    at_the_line = radar(noise_level=4.0)
    assert composite(at_the_line, {"noise_level"}) == round((24 + 12) / 7, 2), "4.0 is not below"
    nothing = RadarScores(
        romance=0, noise_level=0, food_quality=0, vegan_options=0, value_for_money=0
    )
    assert composite(nothing, {"noise_level"}) == 0.0, "never below zero"


@given(
    st.lists(st.floats(0, 10), min_size=5, max_size=5),
    st.sets(st.sampled_from(["romance", "noise_level", "food_quality", "vegan_options"])),
    st.booleans(),
)
def test_the_composite_stays_within_0_and_10(
    values: list[float], requested: set[str], reviewed: bool
) -> None:
    scores = RadarScores(**dict(zip([*COMPOSITE_AXES, "noise_level"], values, strict=True)))
    assert 0.0 <= composite(scores, requested, reviewed=reviewed) <= 10.0


def test_requested_axes_come_from_vibes_diets_and_cost_words() -> None:
    assert requested_axes(["quiet"]) == {"noise_level"}
    assert requested_axes(["romantic", "vegan", "cheap"]) == {
        "romance",
        "vegan_options",
        "value_for_money",
    }
    assert requested_axes(["Date Night"]) == {"romance"}
    assert requested_axes(["halal", "pizza"]) == set()


def test_blended_order_keeps_search_order_between_equal_composites() -> None:
    assert blended_order([6.0, 6.0, 6.0]) == [0, 1, 2]
    assert blended_order([]) == []


def test_a_much_better_composite_moves_a_place_up() -> None:
    assert blended_order([4.0, 8.0, 6.0]) == [1, 2, 0]
    # relevance alone is worth at most RELEVANCE_SHARE: a tiny composite lead does not beat it
    assert blended_order([6.0, 6.1]) == [0, 1]


def test_asking_for_quiet_puts_the_quieter_of_two_similar_places_first() -> None:
    """Two places alike on every averaged axis; search ranked the louder one first."""
    louder, quieter = radar(noise_level=3.0), radar(noise_level=9.0)
    plain = [composite(louder, set()), composite(quieter, set())]
    assert blended_order(plain) == [0, 1], "nothing asked: the search order stands"
    quiet = [composite(louder, {"noise_level"}), composite(quieter, {"noise_level"})]
    assert blended_order(quiet) == [1, 0]


@given(st.lists(st.floats(0, 10, allow_nan=False), max_size=12))
def test_blended_order_is_a_permutation_and_sorted_by_its_key(composites: list[float]) -> None:
    order = blended_order(composites)
    assert sorted(order) == list(range(len(composites)))
    n = len(composites)
    share = RELEVANCE_SHARE
    keys = [(1 - share) * composites[i] / 10 + share * (1 - i / max(n, 1)) for i in order]
    assert all(a >= b - 1e-9 for a, b in pairwise(keys))


def test_an_axis_no_review_speaks_to_is_unknown_not_five() -> None:
    """37 of 110 axes in six chats were 5.0 with no review behind them (issue 34)."""
    empty = evaluation.radar(score_aspects([]))
    assert all(getattr(empty, axis) is None for axis in evaluation.RADAR_AXES)
    assert evaluation.composite(empty, set(), reviewed=False) >= 0  # ranking still works


def test_a_review_arguing_against_an_axis_is_never_its_support() -> None:
    reviews = [ReviewText(id=f"p{i}", text="Great vegan options, loved the vegan curry!",
                          rating=5) for i in range(4)]  # fmt: skip
    reviews.append(ReviewText(id="against", text="Most of the food is not vegan.", rating=3))
    scores = evaluation.radar(score_aspects(reviews))
    assert scores.vegan_options is not None and scores.vegan_options > 5
    assert "against" not in scores.evidence["vegan_options"]
    assert scores.evidence["vegan_options"]
