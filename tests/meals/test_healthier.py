"""Nothing certified that was not checked (issue 34, meals): each certificate's failing case is
built here and the test fails while the certificate is still printed.

- "Healthier" only for a suggestion that beats the usual version of the dish on a measure it
  names (a recipe scoring higher on the old health score but lighter on nothing is not);
- a recipe with no nutrition, or whose nutrition no longer applies after substitutions, says
  "unknown" and prints no number its source did not state;
- cooking methods come from the steps: a "baked" title whose steps deep-fry is tagged
  deep-fried, never "baked", and is not offered as a lighter cooking method.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.meals.context import Context
from kairos.meals.healthier import meal_message
from kairos.meals.healthier_audit import audit_healthier, beats_usual
from kairos.meals.recipe_output import adapted_for, meal_recipe
from kairos.meals.schemas import Suggestion
from kairos.meals.suggest import meal_suggestions
from kairos.meals.understanding import read_message
from kairos.profiles.schemas import UserPublic
from kairos.recipes import CookConstraints, Recipe
from kairos.recipes.derive import derive_recipe

NUMBER = re.compile(r"\d+(?:\.\d+)?\s*(?:kcal|mg|g)\b|/\s*100")
USUAL = {"calories": "500 kcal", "saturatedFatContent": "6 g", "sugarContent": "8 g",
         "sodiumContent": "800 mg", "fiberContent": "4 g", "proteinContent": "12 g"}  # fmt: skip
BAKED_STEPS = ["Preheat the oven to 190 °C.", "Layer the sauce, pasta and cheese.",
               "Bake for 45 minutes."]  # fmt: skip


VEG_STEPS = [BAKED_STEPS[0], "Layer the vegetables and pasta.", BAKED_STEPS[2]]
"""Steps that use the vegetables listed: a recipe whose steps never use its lines comes after
the complete ones of its dish (`recipes.completeness`)."""
PASTA = ("2 cups tomato sauce", "200 g pasta sheets")


def _row(
    title: str,
    steps: Sequence[str],
    nutrients: dict[str, str] | None = None,
    ingredients: Sequence[str] = PASTA,
) -> dict[str, Any]:
    return {"recipe_id": title, "title": title, "ingredients": list(ingredients),
            "instructions": list(steps), "nutrients": nutrients, "yields": "4 serves"}  # fmt: skip


def _recipes(*rows: dict[str, Any]) -> list[Recipe]:
    return [derive_recipe(row, number) for number, row in enumerate(rows, start=1)]


def _context(dish: str, constraints: CookConstraints | None = None) -> Context:
    user = UserPublic(
        uid=uuid.uuid4(), preferences=TastePreferences(), allergies=AllergyProfile(),
        allergy_flags=[], dietary_flags=[], vibe_tags=[], preferred_price_tiers=[],
        interaction_count=0, version=1, last_active_at=None, created_at=datetime.now(UTC),
    )  # fmt: skip
    return Context(user=user, request=read_message(dish), household=False,
                   constraints=constraints or CookConstraints())  # fmt: skip


def _suggest(recipes: list[Recipe], dish: str, **kw: Any) -> list[Suggestion]:
    suggestions, _ = meal_suggestions([(r, 1.0, True) for r in recipes], _context(dish, **kw), dish)
    return suggestions


def _said(s: Suggestion) -> str:
    return f"{s.title} {s.summary} {s.rationale} {' '.join(s.tags)}".lower()


def _usual_lasagnas() -> list[dict[str, Any]]:
    return [_row(f"Lasagna {n}", BAKED_STEPS, USUAL) for n in ("I", "II", "III")]


def _healthier_only_when_better(suggestions: Sequence[Suggestion]) -> None:
    for s in suggestions:
        assert s.healthier is not None
        better = [m for m in s.healthier.measures if m.result == "better"]
        worse = [m for m in s.healthier.measures if m.result == "worse"]
        if "healthier" in s.rationale.lower():
            assert s.healthier.verdict == "healthier" and better and not worse, s.rationale
            assert all(m.measure in s.rationale for m in better)


def test_a_suggestion_lighter_on_no_measure_is_not_called_healthier() -> None:
    """More protein (which raised the old health score) but the same calories, saturated fat,
    sugar, sodium and fibre as the usual lasagna: about as healthy, not healthier; saltier
    than it: less healthy. Neither is in the answer's count of healthier versions."""
    protein = _row("Protein Lasagna", BAKED_STEPS, {**USUAL, "calories": "520 kcal",
                   "proteinContent": "45 g"})  # fmt: skip
    salty = _row("Salty Lasagna", BAKED_STEPS, {**USUAL, "sodiumContent": "1400 mg"})
    for case in (protein, salty):
        suggestions = _suggest(_recipes(case, *_usual_lasagnas()[:2]), "lasagna")
        _healthier_only_when_better(suggestions)
        s = next(s for s in suggestions if s.title == case["title"])
        assert s.healthier and "healthier" not in s.rationale.lower()
        if case is protein:
            assert not any(s.healthier and s.healthier.verdict == "healthier" for s in suggestions)
            assert "healthier" not in meal_message(suggestions, "lasagna").lower()
            assert s.healthier.verdict == "similar"
            assert s.rationale.startswith("About as healthy as the usual lasagna on calories")
            assert "520 kcal vs 500 kcal" in s.rationale
        else:
            assert s.healthier.verdict == "less_healthy"
            assert s.rationale.startswith("Less healthy than the usual lasagna on sodium: more ")
            # the usual ones are less salty than the median of the other two: healthier, and
            # the answer counts them, not the salty one
            message = meal_message(suggestions, "lasagna")
            assert message.startswith("3 versions of lasagna") and "2 of them healthier" in message


def test_a_suggestion_lighter_on_a_stated_measure_says_which() -> None:
    lighter = _row("Light Lasagna", BAKED_STEPS, {**USUAL, "saturatedFatContent": "2 g"})
    suggestions = _suggest(_recipes(lighter, *_usual_lasagnas()), "lasagna")
    s = next(s for s in suggestions if s.title == "Light Lasagna")
    assert s.healthier and s.healthier.verdict == "healthier"
    assert s.rationale.startswith("Healthier than the usual lasagna on saturated fat: less ")
    assert "2 g vs 6 g per serving (the median of 3 other recipes)" in s.rationale
    _healthier_only_when_better(suggestions)


def test_no_nutrition_says_unknown_and_prints_no_number() -> None:
    """A recipe whose source states no nutrition (its old estimated score was higher: more
    vegetables) is not compared and shows no number; nor one whose nutrition was for the
    ingredients before a substitution."""
    veg = _row("Vegetable Lasagna", VEG_STEPS, None, ("2 zucchini", "1 eggplant", "2 carrots",
               "1 cup spinach", "200 g pasta sheets"))  # fmt: skip
    suggestions = _suggest(_recipes(veg, *_usual_lasagnas()), "lasagna")
    s = next(s for s in suggestions if s.title == "Vegetable Lasagna")
    assert s.healthier and s.healthier.verdict == "unknown"
    assert s.rationale.startswith("Nutrition unknown: the source states no nutrition")
    assert "healthier" not in s.rationale.lower()
    assert all(m.result == "unknown" and m.this is None for m in s.healthier.measures)
    assert not NUMBER.search(s.rationale) and not NUMBER.search(s.nutrition_text)
    assert s.nutrition_text == "Nutrition unknown: the source states none."

    milky = _row("Milk Lasagna", BAKED_STEPS, {**USUAL, "saturatedFatContent": "2 g"},
                 ("2 cups milk", "200 g pasta sheets"))  # fmt: skip
    dairy = CookConstraints(allergens={"dairy": "severe"})
    recipes = _recipes(milky, *_usual_lasagnas())
    swapped = next(s for s in _suggest(recipes, "lasagna", constraints=dairy) if s.substitutions)
    assert swapped.healthier and swapped.healthier.verdict == "unknown"
    assert "before the substitutions" in swapped.rationale
    assert not NUMBER.search(swapped.rationale) and not NUMBER.search(swapped.nutrition_text)
    adapted, check = adapted_for(recipes[0], _context("lasagna", dairy))
    recipe = meal_recipe(recipes[0], adapted, check, meal_id=uuid.uuid4(), suggestion_id="s1")
    assert recipe.nutrition is None and recipe.nutrition_text.startswith("Nutrition unknown")


def test_a_baked_title_whose_steps_deep_fry_is_tagged_deep_fried() -> None:
    """Tags come from the steps: "baking powder", "keep warm in a low oven" and the title's
    "baked" are not baking; the suggestion says the title is wrong, is not offered as a lighter
    way of cooking, and is worse on cooking method than usual wings that bake."""
    fried = _row("Baked Chicken Wings", [
        "Toss the wings with baking powder and salt.",
        "Heat 3 inches of oil to 180 °C and deep-fry the wings until golden.",
        "Keep warm in a low oven while you fry the rest.",
    ], ingredients=("1 kg chicken wings", "1 tbsp baking powder"))  # fmt: skip
    oven = ["Preheat the oven to 220 °C.", "Bake the wings for 40 minutes."]
    usual = [_row(f"Chicken Wings {n}", oven, ingredients=("1 kg chicken wings",))
             for n in ("I", "II")]  # fmt: skip
    recipes = _recipes(fried, *usual)
    assert recipes[0].methods == ("deep-fry",)
    suggestions = _suggest(recipes, "chicken wings")
    s = next(s for s in suggestions if s.title == "Baked Chicken Wings")
    assert "bake" not in s.tags and "deep-fry" in s.tags
    assert s.healthier and s.healthier.title_note == ("Titled 'baked', but its steps deep-fry it.")
    assert s.healthier.verdict == "less_healthy" and "healthier" not in s.rationale.lower()
    assert "deep-fried, where only 0 of 2 other recipes deep-fry" in s.rationale
    assert "not fried" not in _said(s)


def test_steps_that_cook_without_a_method_word_are_not_raw() -> None:
    """ "Served raw instead of fried" was claimed for a stir-fry, and breaded chicken was tagged
    raw: steps that heat the food in words no method names have no method, not "raw"."""
    wok = _row("Chicken Stir-Fry", ["Cook the chicken in a hot wok for 5 minutes."])
    breaded = _row("Breaded Chicken", ["Coat the chicken in breadcrumbs.",
                   "Cook in a skillet until golden on both sides."])  # fmt: skip
    salad = _row("Greek Salad", ["Chop the vegetables.", "Toss with olive oil and serve."])
    fried = [_row(f"Stir-Fry {n}", ["Deep-fry the chicken.", "Stir-fry the vegetables."])
             for n in ("I", "II")]  # fmt: skip
    recipes = _recipes(wok, breaded, salad, *fried)
    assert recipes[0].methods == () and recipes[1].methods == ()
    assert recipes[2].methods == ("raw",)
    s = next(s for s in _suggest([recipes[0], *recipes[3:]], "stir-fry") if "wok" in s.title.lower()
             or s.title == "Chicken Stir-Fry")  # fmt: skip
    assert s.healthier and s.healthier.verdict != "healthier"
    assert "raw" not in _said(s) and "not fried" not in _said(s)


def test_the_audit_counts_only_backed_claims_as_backed() -> None:
    """`kairos meals healthier-audit`'s checker reads the raw rows itself: a lighter lasagna
    is backed, a lasagna with no nutrition is not counted as beating anything."""
    light = _row("Light Lasagna", BAKED_STEPS, {**USUAL, "sugarContent": "2 g"})
    rows = [*_usual_lasagnas(), light, _row("Vegetable Lasagna", BAKED_STEPS)]
    recipes = [derive_recipe(row, i) for i, row in enumerate(rows)]
    counts, unbacked = audit_healthier(rows, recipes)
    assert counts["say healthier"] == counts["say healthier and beat it (checker)"] >= 1
    assert unbacked == [] and counts["health number printed, source states no nutrition"] == 0
    assert beats_usual(rows, 3, [0, 1, 2]) == ["sugarContent"]
    assert beats_usual(rows, 4, [0, 1, 2]) == []
