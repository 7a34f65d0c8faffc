"""A recipe that needs an appliance of its own (a steam oven, a pressure cooker) says so in its
suggestion and its warnings (issue 37: such recipes were offered without a word)."""

from __future__ import annotations

from typing import Any

from kairos.meals.suggest import _summary
from kairos.recipes import AdaptedRecipe, CookConstraints, adapt_recipe
from kairos.recipes.appliances import special_appliances
from kairos.recipes.derive import derive_recipe


def _adapt(title: str, steps: list[str], **constraints: Any) -> AdaptedRecipe:
    row = {"recipe_id": "t-1", "title": title, "ingredients": ["500 g salmon fillet", "1 lemon"],
           "instructions": steps, "yields": "4 servings", "language": "en"}  # fmt: skip
    adapted = adapt_recipe(derive_recipe(row), CookConstraints(**constraints))
    assert isinstance(adapted, AdaptedRecipe)
    return adapted


def test_a_steam_oven_recipe_says_it_needs_one() -> None:
    adapted = _adapt("Lemon Salmon", ["Cook the salmon in the steam oven at 100°C for 12 min."])
    assert "Needs a steam oven (its steps cook in one)." in adapted.warnings
    assert "needs a steam oven" in _summary(adapted)


def test_a_pressure_cooker_recipe_says_so_unless_the_cook_has_one() -> None:
    steps = ["Put everything in the Instant Pot and cook at high pressure for 5 minutes."]
    adapted = _adapt("Salmon", steps)
    assert "Needs a pressure cooker (its steps cook in one)." in adapted.warnings
    assert "needs a pressure cooker" in _summary(adapted)
    had = _adapt("Salmon", steps, equipment=("pressure cooker", "stovetop"))
    assert not any("pressure cooker" in w for w in had.warnings)


def test_a_stovetop_recipe_needs_no_appliance() -> None:
    adapted = _adapt("Pan Salmon", ["Fry the salmon in a pan for 4 minutes a side."])
    assert not any(w.startswith("Needs") for w in adapted.warnings)
    assert "needs" not in _summary(adapted)


def test_an_appliance_offered_beside_another_way_is_not_needed() -> None:
    either = ["Place the salmon in a pressure cooker or large cooking pot and cook until done."]
    assert not any(w.startswith("Needs") for w in _adapt("Salmon", either).warnings)
    other = ["If you have a slow cooker, cook on low for 4 hours; else simmer for 1 hour."]
    assert "needs" not in _summary(_adapt("Salmon", other))


def test_an_appliance_whose_steps_say_how_to_do_without_it_is_not_needed() -> None:
    steps = ["Cook until tender (10 minutes at 15 psi in a pressure cooker; if using a regular "
             "pot, simmer for 1 hour)."]  # fmt: skip
    assert "needs" not in _summary(_adapt("Salmon", steps))


def test_an_instant_pot_used_as_a_slow_cooker_is_no_pressure_cooker() -> None:
    steps = [
        "Add the onions to the crockpot / slow cooker and set it to Slow Cook (Hi) for 4 hours.",
        "I have tested this recipe using a Crockpot slow cooker and the Instant Pot slow cooker"
        " function.",
    ]
    assert special_appliances(["slow cooker", "pressure cooker"], steps) == ["slow cooker"]
    under_pressure = [*steps, "Or cook on high pressure for 10 minutes in the Instant Pot."]
    assert "pressure cooker" in special_appliances(
        ["slow cooker", "pressure cooker"], under_pressure
    )
