"""Whether a recipe's source says how much of each ingredient to use. A recipe whose source
gives no amounts (or amounts for fewer than half of its lines) is no recipe a cook can follow
as written: it is said so wherever it is offered, and ranked after recipes with amounts."""

from __future__ import annotations

from kairos.recipes.models import Recipe

__all__ = ["amounts_first", "amounts_note", "without_amounts"]


def amounts_note(recipe: Recipe) -> str | None:
    """The sentence that says the source lacks amounts, or None when it gives them."""
    lines = recipe.ingredients
    measured = sum(1 for line in lines if line.quantity is not None)
    if not lines or measured * 2 >= len(lines):
        return None
    if measured == 0:
        return "The source gives no amounts: how much of each ingredient is yours to judge."
    return (
        f"The source gives amounts for only {measured} of its {len(lines)} ingredients: the "
        "rest is yours to judge."
    )


def without_amounts(recipe: Recipe) -> bool:
    return amounts_note(recipe) is not None


def amounts_first(recipe: Recipe) -> str:
    """The note, with a space after it, to open what a suggestion says; else nothing."""
    note = amounts_note(recipe)
    return f"{note} " if note else ""
