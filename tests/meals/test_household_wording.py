"""A household's needs are named by member: "Ana's vegan diet", never "your vegan diet" when
Ana is the vegan (issue 37: household wording blamed the cook for a member's diet)."""

from __future__ import annotations

from kairos.recipes import AdaptedRecipe, CookConstraints, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe

HOUSEHOLD = CookConstraints(
    allergens={"peanuts": "anaphylactic"},
    diets=("vegan",),
    owners={"diet:vegan": ("Ana",), "allergen:peanuts": ("you", "Tom")},
)


def _recipe(ingredients: list[str], title: str = "Test dish") -> object:
    row = {"recipe_id": "t-1", "title": title, "ingredients": ingredients,
           "instructions": ["Cook."], "yields": "4 servings", "language": "en"}  # fmt: skip
    return derive_recipe(row)


def test_a_refusal_names_the_member_whose_diet_it_is() -> None:
    refused = adapt_recipe(_recipe(["2 lb veal shoulder", "1 onion"]), HOUSEHOLD)  # type: ignore[arg-type]
    assert isinstance(refused, Refusal)
    assert "Ana's vegan diet" in refused.reason
    assert "your vegan" not in refused.reason


def test_a_substitution_says_whose_need_it_answers() -> None:
    adapted = adapt_recipe(_recipe(["1 cup milk", "1 cup rice"]), HOUSEHOLD)  # type: ignore[arg-type]
    assert isinstance(adapted, AdaptedRecipe)
    assert adapted.substitutions
    assert adapted.substitutions[0].reason.endswith("Ana's vegan diet")


def test_one_cook_is_still_spoken_to() -> None:
    alone = HOUSEHOLD.model_copy(update={"owners": {}})
    refused = adapt_recipe(_recipe(["2 lb veal shoulder", "1 onion"]), alone)  # type: ignore[arg-type]
    assert isinstance(refused, Refusal)
    assert "your vegan diet" in refused.reason
