"""A swap written into the steps reads as a cook would write it: a substitute whose first word
is the word just before it ("brown the ground beef" with brown lentils) is not doubled."""

from __future__ import annotations

import pytest

from kairos.recipes.steps import rewrite_steps

SWAPS = [("ground beef", "brown lentils"), ("beef", "brown lentils"), ("milk", "oat milk")]


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        ("Brown the ground beef in a skillet. Drain.", "Brown the lentils in a skillet. Drain."),
        ("Add the beef and stir.", "Add the brown lentils and stir."),
        ("Pour in the milk.", "Pour in the oat milk."),
        ("Pour in the oat milk.", "Pour in the oat milk."),
    ],
)
def test_a_substitute_is_not_doubled_by_the_word_before_it(step: str, expected: str) -> None:
    assert rewrite_steps([step], SWAPS) == [expected]
