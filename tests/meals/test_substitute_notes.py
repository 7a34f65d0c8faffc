"""A substitution's note is true of the substitute chosen (meals panel half A, m59: "lactose-free
cheese: ... many are made from cashews, soy or coconut", which is said of dairy-free cheese; a
lactose-free cheese is milk cheese)."""

from __future__ import annotations

from kairos.recipes import CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.substitutions import rules


def _warnings(constraints: CookConstraints, ingredients: list[str]) -> list[str]:
    recipe = derive_recipe(
        {"recipe_id": "t-notes", "title": "Ricotta Pancakes", "yields": "4 servings",
         "ingredients": ingredients, "instructions": ["Mix and cook."], "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, constraints)
    assert not isinstance(adapted, Refusal), adapted
    return adapted.warnings


def test_a_lactose_free_cheese_is_not_said_to_be_made_from_cashews() -> None:
    warnings = _warnings(
        CookConstraints(allergens={"dairy": "intolerance"}), ["1/3 cup grated parmesan", "1 egg"]
    )
    said = [w for w in warnings if w.startswith("lactose-free cheese")]
    assert said and "cashew" not in said[0] and "milk" in said[0], warnings


def test_a_dairy_free_cheese_keeps_its_label_warning() -> None:
    warnings = _warnings(CookConstraints(allergens={"dairy": "severe"}), ["1 cup cheddar"])
    assert any(w.startswith("dairy-free cheese:") and "cashews" in w for w in warnings), warnings


def test_no_note_names_a_plant_base_for_a_lactose_free_substitute() -> None:
    """Across the table: a lactose-free substitute is dairy, never said to be made of plants."""
    for rule in rules():
        for use in rule.use:
            note = rule.note_of(use) or ""
            if use.startswith("lactose-free"):
                assert not any(p in note for p in ("cashew", "soy", "coconut", "nuts")), (use, note)


def test_a_soft_cheese_is_swapped_for_the_same_soft_cheese() -> None:
    """A ricotta stirred into a batter, a cream cheese in a frosting: a lactose-free or
    dairy-free one of the same kind, not a "cheese" a cook would grate (m59)."""
    for severity, ricotta, cream in (
        ("intolerance", "lactose-free ricotta", "lactose-free cream cheese"),
        ("severe", "dairy-free ricotta", "dairy-free cream cheese"),
    ):
        recipe = derive_recipe(
            {"recipe_id": "t-soft", "title": "Ricotta Pancakes", "yields": "4 servings",
             "ingredients": ["1/3 cup part-skim ricotta cheese", "4 oz cream cheese, softened"],
             "instructions": ["Mix and cook."], "language": "en"}
        )  # fmt: skip
        adapted = adapt_recipe(recipe, CookConstraints(allergens={"dairy": severity}))
        assert not isinstance(adapted, Refusal), adapted
        shown = [line.display for line in adapted.ingredients]
        assert any(ricotta in s for s in shown) and any(cream in s for s in shown), shown
