"""The ingredient-line parser on the forms the issue names, and on the labelled set."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kairos.evals.meals_parser import load_labelled_lines, score_parser
from kairos.recipes.parser import parse_ingredient
from kairos.recipes.units import to_metric


@pytest.mark.parametrize(
    ("line", "quantity", "top", "unit", "item"),
    [
        ("1 1/2 cups sour cream", 1.5, None, "cup", "sour cream"),
        ("½ teaspoon table salt", 0.5, None, "teaspoon", "table salt"),
        ("1½ cups flour", 1.5, None, "cup", "flour"),
        ("2-3 large heads of broccoli, cut into florets", 2, 3, "head", "broccoli"),
        ("3 to 4 cups chicken stock", 3, 4, "cup", "chicken stock"),
        ("1 14-ounce can coconut milk", 1, None, "can", "coconut milk"),
        ("2 (15 ounce) cans black beans, drained", 2, None, "can", "black beans"),
        ("250g plain flour", 250, None, "gram", "plain flour"),
        ("2 T . rice wine vinegar", 2, None, "tablespoon", "rice wine vinegar"),
        ("a pinch of salt", 1, None, "pinch", "salt"),
        ("salt and pepper to taste", None, None, None, "salt and pepper"),
        # a count word with nothing after it is the food itself: the spice, not garlic cloves
        # (a biryani scaled 2 -> 3 read "12 cloves 8 cloves")
        ("8 cloves", 8, None, None, "cloves"),
        ("6 cloves, whole", 6, None, None, "cloves"),
        ("3 cloves of garlic, crushed", 3, None, "clove", "garlic"),
        # two 15-ounce cans, not 2 to 15 ounces (read "1 can kidney beans (55 g)", panel m10)
        ("2-15 ounce cans kidney beans rinsed and drained", 2, None, "can", "kidney beans"),
        ("3-14 oz cans diced tomatoes", 3, None, "can", "tomatoes"),
        # "TB" is a tablespoon (graded m13: "6 TB butter" came out "1½ dairy-free spread")
        ("6 TB butter", 6, None, "tablespoon", "butter"),
        ("1 Tb flour", 1, None, "tablespoon", "flour"),
    ],
)
def test_parses_the_forms_recipes_use(
    line: str, quantity: float | None, top: float | None, unit: str | None, item: str
) -> None:
    parsed = parse_ingredient(line)
    assert parsed.quantity == (None if quantity is None else pytest.approx(quantity))
    assert parsed.quantity_max == (None if top is None else pytest.approx(top))
    assert parsed.unit == unit
    assert parsed.item.lower() == item
    assert parsed.original == line


def test_a_count_of_sized_cans_keeps_the_size_of_each() -> None:
    assert parse_ingredient("2-15 ounce cans kidney beans").size == "15 ounce"
    assert parse_ingredient("2-3 cups flour").quantity_max == 3  # a range stays a range


def test_preparation_and_optional_are_kept_apart_from_the_item() -> None:
    parsed = parse_ingredient("3 scallions (thinly sliced) (optional)")
    assert parsed.item == "scallions"
    assert parsed.optional
    assert parsed.preparation == "thinly sliced"


def test_metric_conversion_keeps_the_original_line() -> None:
    parsed = parse_ingredient("1 cup milk")
    quantity, unit = to_metric(parsed.quantity, parsed.unit)
    assert unit == "milliliter"
    assert quantity == pytest.approx(236.6, abs=0.1)
    assert parsed.original == "1 cup milk"


def test_labelled_set_reaches_the_target() -> None:
    lines = load_labelled_lines()
    assert len(lines) >= 300

    def parse(line: str) -> tuple[float | None, str | None, str]:
        parsed = parse_ingredient(line)
        return parsed.quantity, parsed.unit, parsed.item

    score = score_parser(parse, lines)
    for count in (score.quantity, score.unit, score.item):
        assert score.rate(count) >= 0.95


@given(
    st.lists(
        st.sampled_from(
            [
                "half",
                "an",
                "a",
                "dozen",
                "1/2",
                "½",
                "2-3",
                "cup",
                "tbsp",
                "onion",
                "(14-ounce)",
                "can",
                ",",
                "chopped",
                "optional",
                "of",
                "to",
                "taste",
                "one",
                "  ",
                "-",
            ]
        ),
        max_size=8,
    ).map(" ".join)
    | st.text(max_size=40)
)
def test_any_line_parses_without_raising(line: str) -> None:
    """ "half an onion" once raised KeyError: a recipe line is data, never a crash."""
    parsed = parse_ingredient(line)
    assert parsed.original == line


def test_half_an_onion() -> None:
    parsed = parse_ingredient("half an onion")
    assert (parsed.quantity, parsed.unit, parsed.item) == (0.5, None, "onion")
