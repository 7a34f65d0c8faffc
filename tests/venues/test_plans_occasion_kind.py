"""Group plans (issue 38, round 9b): a meal marking an occasion is held to a nice outing's
kind of place (sit-down, well rated, known from enough reviews), as "somewhere nice" is."""

from __future__ import annotations

from kairos.venues.occasion import below_a_nice_outing, nice_or_occasion


def test_a_meal_marking_an_occasion_asks_for_a_nice_place() -> None:
    """Plans panel half A: a burrito counter third for a birthday dinner (p13), a 4.0★ place
    known from 5 reviews third for a homecoming dinner (p49)."""
    assert nice_or_occasion("birthday dinner in boston for 6", "meal") == "birthday"
    assert nice_or_occasion("homecoming dinner in atlanta for 9, family style", "meal")
    assert nice_or_occasion("somewhere nice for dinner", "meal") == "nice"
    assert nice_or_occasion("a casual birthday lunch, nothing fancy", "meal") is None
    assert nice_or_occasion("celebration dinner in Boston for 8, nothing too fancy", "meal") is None
    assert nice_or_occasion("birthday drinks in boston", "drinks") is None
    assert nice_or_occasion("dinner in boston for 6", "meal") is None


def test_a_venue_known_from_few_reviews_is_below_a_nice_outing() -> None:
    def below(reviews: int | None) -> bool:
        return below_a_nice_outing(
            counter=False, price_tier="$$", rating=4.0, price_said=False, reviews=reviews
        )

    assert below(5) and not below(157) and not below(None) and not below(0)
