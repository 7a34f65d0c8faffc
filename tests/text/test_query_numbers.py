"""The shared reader's numbers: an age said after children is no price."""

from __future__ import annotations

import pytest

from kairos.text.query.numbers import extract_numbers


@pytest.mark.parametrize(
    "text",
    [
        "kid friendly dinner in orlando, 3 kids under 8",
        "brunch with two toddlers under 5",
        "pizza place, our children over 10 are picky",
    ],
)
def test_an_age_after_children_is_no_price(text: str) -> None:
    """The judged chat set's "3 kids under 8" was read as under $8 a head: every place shown
    was $, and a bubble-tea shop led a dinner for a family."""
    facts, _ = extract_numbers(text)
    assert facts.price is None, facts.price


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("kids under 8 eat free, dinner under $20", 20.0),
        ("dinner for 4 under 30", 30.0),
        ("two kids under 10 and a budget under 50 per person", 50.0),
    ],
)
def test_a_price_beside_an_age_is_still_read(text: str, amount: float) -> None:
    facts, _ = extract_numbers(text)
    assert facts.price is not None and facts.price.amount == amount, facts.price
