"""The dish answer's first sentence counts versions of the dish apart from close dishes
(issue 37): "2 versions of fried chicken and 1 close dish", never "3 versions" when one of
them is a roast chicken offered as close."""

from __future__ import annotations

from kairos.meals.healthier import meal_message
from kairos.meals.suggest import meal_suggestions
from tests.meals.helpers import cook_context
from tests.meals.test_same_dish import DEEP, ROAST, SKILLET


def test_a_close_dish_is_not_counted_as_a_version() -> None:
    candidates = [(ROAST, 0.75, False), (DEEP, 0.95, True), (SKILLET, 0.9, True)]
    suggestions, _ = meal_suggestions(candidates, cook_context("fried chicken"), "fried chicken")
    assert [s.close for s in suggestions] == [False, False, True]
    message = meal_message(suggestions, "fried chicken")
    assert message.startswith("2 versions of fried chicken and 1 close dish from real recipes")


def test_only_close_dishes_say_they_are_not_the_dish() -> None:
    suggestions, _ = meal_suggestions([(ROAST, 0.75, False)], cook_context("fried chicken"),
                                      "fried chicken")  # fmt: skip
    message = meal_message(suggestions, "fried chicken")
    assert message.startswith("1 close dish to fried chicken (not fried chicken itself)")
    assert "version" not in message.split(";")[0]


def test_versions_alone_read_as_before() -> None:
    suggestions, _ = meal_suggestions([(DEEP, 0.95, True), (SKILLET, 0.9, True)],
                                      cook_context("fried chicken"), "fried chicken")  # fmt: skip
    assert not any(s.close for s in suggestions)
    assert meal_message(suggestions, "fried chicken").startswith("2 versions of fried chicken")
