"""Lines and steps a metric cook reads without a unit of another system (issue 37, item 3):
a second amount in other units dropped, a hedge or checkbox before the amount read past,
sticks of butter weighed, a weight each multiplied out, inch marks and pot sizes converted."""

from __future__ import annotations

import pytest

from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.step_amounts import adapt_step


def _lines(ingredients: list[str], servings: float = 4) -> list[str]:
    row = {"recipe_id": "t-1", "title": "Test dish", "ingredients": ingredients,
           "instructions": ["Cook."], "yields": "4", "language": "en"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints(), servings=servings)
    assert isinstance(adapted, AdaptedRecipe)
    return [line.display for line in adapted.ingredients]


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("About ¼ cup teriyaki sauce", "60 ml teriyaki sauce"),
        ("~3 cups milk", "710 ml milk"),
        ("▢ 1 cup warm water", "240 ml warm water"),
        ("1 and 1/2 cups water", "350 ml water"),
        ("3/4 cup 4 oz. pine nuts", "100 g pine nuts"),
        ("500 ml 2 cups milk", "500 ml milk"),
        ("1 cup 2 sticks salted butter, softened", "230 g salted butter, softened"),
        ("1 stick butter, softened", "115 g butter, softened"),
        ("1 cup unsalted butter (cold, 2 sticks)", "230 g unsalted butter, cold"),
        ("2 16 oz. baby portobello mushrooms", "910 g baby portobello mushrooms"),
        ("4 ea. 6–8 ounce strip steaks", "680–910 g strip steaks"),
        ("2-3 6 oz steaks", "340–510 g steaks"),
        ('3" ginger (sliced)', "8 cm ginger, sliced"),
        ('1½ pounds chourico (sliced into ½" coins)', "680 g chourico, sliced into 1.5 cm coins"),
    ],
)
def test_a_metric_cook_reads_one_metric_amount(written: str, shown: str) -> None:
    assert _lines([written]) == [shown]


def test_a_scaled_count_keeps_its_weight_converted_and_a_tin_in_fluid_ounces_is_weighed() -> None:
    assert _lines(["1 cucumber (about 350g/12oz), diced", "1 x 14 fl oz tin coconut milk"], 2) == [
        "½ cucumber, diced; about 175 g",
        "210 ml coconut milk",
    ]


def test_what_is_not_an_amount_stays() -> None:
    assert _lines(['4 large "yam style" sweet potatoes', "1 lb 5 oz beef"])[0] == (
        '4 "yam style" sweet potatoes'
    )


@pytest.mark.parametrize(
    ("step", "metric"),
    [
        ("Heat oil in a 8 qt saucepan.", "Heat oil in a 7.6 l saucepan."),
        (
            "In a large (8 qt) pot, bring water to a boil.",
            "In a large (7.6 l) pot, bring water to a boil.",
        ),
        (
            "Microwave the milk in a 2-cup measuring cup.",
            "Microwave the milk in a 470 ml measuring cup.",
        ),
        ("Place a 6-cup container in the freezer.", "Place a 1.4 l container in the freezer."),
        ("Grease a 12-cup muffin tin.", "Grease a 12-cup muffin tin."),
    ],
)
def test_pot_and_container_sizes_read_in_litres_and_never_scale(step: str, metric: str) -> None:
    assert adapt_step(step, 0.5, "metric") == metric
