"""A recipe of another name close to the dish asked: it holds what defines the dish
(`dish_knowledge.shared_traits`) and is made of the foods the dish's name names."""

from __future__ import annotations

from kairos.meals.dish_knowledge import shared_traits
from kairos.meals.nearest import made_of_named_foods
from kairos.recipes import CookConstraints, Recipe, remaining_hazards

__all__ = ["close_to", "near_in_kind", "shared_text"]


def near_in_kind(recipe: Recipe, dish: str, *, unknown: bool = True) -> bool:
    """Whether a recipe of another name holds an ingredient defining `dish`, else `unknown`."""
    shared = shared_traits(dish, (line.item for line in recipe.ingredients))
    return unknown if shared is None else bool(shared)


def close_to(recipe: Recipe, dish: str, constraints: CookConstraints) -> bool:
    """A recipe of another name offered as close to `dish`: it holds an ingredient that defines
    the dish (`near_in_kind`), and a food the dish's name names is one of its main ingredients
    (`made_of_named_foods`: a miso soup's miso, not a tom yum; a French onion soup's onion, not
    a black bean soup's chopped one) when the name names one the cook may eat."""
    made = made_of_named_foods(
        recipe, dish, lambda food: bool(remaining_hazards((food,), constraints))
    )
    return near_in_kind(recipe, dish) and made is not False


def shared_text(recipe: Recipe, dish: str) -> str:
    shared = shared_traits(dish, (line.item for line in recipe.ingredients))
    return f" (it has {', '.join(shared)})" if shared else ""
