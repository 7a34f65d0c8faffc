"""adapt_recipe on real recipes: substitutions in ingredients and steps, refusals, and the
invariant (no allergen a final ingredient line contains; every one a line only likely holds
named by the recipe's allergy check) as a hypothesis property."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.core.allergen_detection import detect_allergens
from kairos.core.allergens import lactose_free_for_intolerance
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.lexicon import CANONICAL_ALLERGENS
from kairos.pipeline.safety import UnsafeToShow, recipe_check
from kairos.recipes import AdaptedRecipe, CookConstraints, Recipe, Refusal, adapt_recipe
from kairos.recipes.derive import derive_recipe

SAMPLE = Path(__file__).parents[2] / "data" / "sample" / "recipes" / "recipes.jsonl.gz"


@cache
def sample_recipes() -> tuple[Recipe, ...]:
    with gzip.open(SAMPLE, "rt", encoding="utf-8") as handle:
        return tuple(derive_recipe(json.loads(line), i) for i, line in enumerate(handle))


def _row(ingredients: list[str], steps: list[str], title: str = "Test dish") -> Recipe:
    return derive_recipe(
        {"recipe_id": "t-1", "title": title, "ingredients": ingredients, "instructions": steps,
         "yields": "4 servings", "language": "en"}
    )  # fmt: skip


def test_milk_becomes_oat_milk_in_the_list_and_the_steps() -> None:
    recipe = _row(["1 cup milk", "2 cups rice"], ["Warm the milk.", "Stir the milk into the rice."])
    adapted = adapt_recipe(recipe, CookConstraints(allergens={"dairy": "severe"}))
    assert not isinstance(adapted, Refusal)
    assert adapted.ingredients[0].item == "oat milk"
    assert adapted.ingredients[0].original == "1 cup milk"
    assert adapted.ingredients[0].substitution is not None
    assert adapted.ingredients[0].substitution.reason == "oat milk instead of milk — dairy allergy"
    assert [s.text for s in adapted.steps] == [
        "Warm the oat milk.",
        "Stir the oat milk into the rice.",
    ]


def test_a_household_that_also_avoids_gluten_gets_rice_milk() -> None:
    recipe = _row(["1 cup milk"], ["Warm the milk."])
    household = CookConstraints.union(
        [CookConstraints(allergens={"dairy": "severe"}),
         CookConstraints(allergens={"gluten": "anaphylactic"})]
    )  # fmt: skip
    adapted = adapt_recipe(recipe, household)
    assert not isinstance(adapted, Refusal)
    assert adapted.ingredients[0].item == "rice milk"


def test_a_dish_named_after_an_anaphylactic_allergen_is_refused() -> None:
    recipe = _row(["1/2 cup peanut butter", "8 oz rice noodles"], ["Mix."], "Peanut Noodles")
    refused = adapt_recipe(recipe, CookConstraints(allergens={"peanuts": "anaphylactic"}))
    assert isinstance(refused, Refusal)
    assert refused.reason.startswith("Peanut Noodles is a peanut dish: with a peanut allergy")


def test_a_dish_that_carries_the_allergen_is_named_as_the_dish() -> None:
    """ "Dad's Pad Thai is made of pad thai" once explained a refusal; the dish carries it."""
    recipe = _row(["6 ounces rice noodles", "2/3 cup chopped peanuts"], ["Toss."], "Dad's Pad Thai")
    refused = adapt_recipe(recipe, CookConstraints(allergens={"peanuts": "anaphylactic"}))
    assert isinstance(refused, Refusal)
    assert refused.reason.startswith("Dad's Pad Thai is a pad thai dish, which carries peanuts:")
    assert "made of pad thai" not in refused.reason


def test_no_substitute_means_a_refusal_that_cites_the_line() -> None:
    # shrimp now has a substitute (a main protein: chicken, white fish); crab legs have none
    recipe = _row(["1 pound crab legs", "2 cloves garlic"], ["Cook the crab legs."])
    refused = adapt_recipe(recipe, CookConstraints(allergens={"shellfish": "severe"}))
    assert isinstance(refused, Refusal)
    assert refused.lines == ("1 pound crab legs",)
    assert "no substitute" in refused.reason


def test_servings_scale_and_metric_keeps_the_original() -> None:
    recipe = _row(["2 cups flour"], ["Mix."])
    adapted = adapt_recipe(recipe, CookConstraints(), servings=8)
    assert not isinstance(adapted, Refusal)
    line = adapted.ingredients[0]
    assert (line.quantity, line.unit) == (500, "gram")  # 4 cups of flour by weight, 125 g a cup
    assert line.original == "2 cups flour"


_LACTOSE_FREE = "lactose-free"
_GRAVE = ("anaphylactic", "severe")
_SEVERITY = st.sampled_from(["anaphylactic", "severe", "moderate", "intolerance"])
_PROFILE = st.builds(
    lambda allergens, dislikes, diets: CookConstraints(
        allergens=allergens, dislikes=dislikes, diets=diets
    ),
    st.dictionaries(st.sampled_from(CANONICAL_ALLERGENS), _SEVERITY, min_size=1, max_size=3),
    st.lists(st.sampled_from(["mushrooms", "cilantro", "olives", "onion", "garlic"]), max_size=2),
    st.lists(st.sampled_from(["vegan", "vegetarian", "pescatarian", "gluten_free"]), max_size=1),
)


@settings(max_examples=150, deadline=None)
@given(profiles=st.lists(_PROFILE, min_size=1, max_size=3), index=st.integers(0, 299))
def test_no_profile_allergen_survives_in_a_final_ingredient_list(
    profiles: list[CookConstraints], index: int
) -> None:
    recipes = sample_recipes()
    recipe = recipes[index % len(recipes)]
    household = CookConstraints.union(profiles)
    adapted = adapt_recipe(recipe, household, servings=2)
    if isinstance(adapted, Refusal):
        assert adapted.reason
        return
    likely: set[str] = set()
    for line in adapted.ingredients:
        if line.omitted:
            continue
        mentions = detect_allergens(line.display)
        found = {m.allergen for m in mentions if m.status == "contains"}
        if household.allergens.get("dairy") == "intolerance" and _LACTOSE_FREE in line.display:
            found.discard("dairy")  # lactose-free dairy suits an intolerance, never an allergy
        assert not found & set(household.allergens), (line.display, household.allergens)
        grave = {a for a, level in household.allergens.items() if level in _GRAVE}
        only_likely = {m.allergen for m in mentions if m.status != "contains"}
        assert not only_likely & grave, (line.display, household.allergens)
        likely |= {m.allergen for m in mentions} & set(household.allergens)
    # what a line only likely holds stays for a moderate allergy or an intolerance, and the
    # recipe's allergy check names it; for an anaphylactic or severe one it is never kept
    people = [(f"member {n}", AllergyProfile(severity=p.allergens)) for n, p in enumerate(profiles)]
    final = [line.display for line in adapted.ingredients if not line.omitted]
    assert {r.allergen for r in recipe_check(final, people).risks} == likely


def test_a_vegan_dish_named_after_cheese_is_judged_by_its_ingredients() -> None:
    recipe = _row(
        ["1 cup cashews", "2 cups macaroni", "1/4 cup nutritional yeast"],
        ["Blend the cashews with the yeast.", "Stir into the macaroni."],
        "The Best Baked Vegan Mac and Cheese",
    )
    adapted = adapt_recipe(recipe, CookConstraints(allergens={"dairy": "anaphylactic"}))
    assert isinstance(adapted, AdaptedRecipe), adapted
    egg_dish = _row(
        ["4 eggs", "2 cups cooked rice"], ["Fry the rice with the eggs."], "Egg Fried Rice"
    )
    refused = adapt_recipe(egg_dish, CookConstraints(allergens={"eggs": "anaphylactic"}))
    assert isinstance(refused, Refusal) and "with an egg allergy" in refused.reason, refused


def test_a_substitution_names_every_need_it_answers() -> None:
    recipe = _row(
        ["2 cups whole milk", "1 cup rice"], ["Simmer the rice in the milk."], "Rice pudding"
    )
    adapted = adapt_recipe(
        recipe, CookConstraints(allergens={"dairy": "anaphylactic", "eggs": "intolerance"})
    )
    assert isinstance(adapted, AdaptedRecipe)
    reasons = [s.reason for s in adapted.substitutions]
    assert reasons and all("dairy" in r for r in reasons), reasons
    assert not any("egg" in r for r in reasons), "only what the line breaks is named"


def test_the_shopping_list_holds_the_substitute_never_the_allergen() -> None:
    """ "missing: green onion, peanut" was shown to a cook with an anaphylactic peanut allergy."""
    from kairos.recipes.repository import still_to_buy

    recipe = _row(
        ["1/4 cup roasted peanuts", "2 cups broccoli florets", "2 green onions, sliced"],
        ["Toss the broccoli with the peanuts and onions."],
        "Broccoli salad",
    )
    adapted = adapt_recipe(recipe, CookConstraints(allergens={"peanuts": "anaphylactic"}))
    assert isinstance(adapted, AdaptedRecipe), adapted
    foods = [line.food for line in recipe.ingredients if line.food]
    to_buy = still_to_buy(recipe, adapted, foods)
    assert not any("peanut" in item for item in to_buy), to_buy
    assert len(to_buy) == len(set(to_buy)) and any("sunflower" in i or "seed" in i for i in to_buy)
    assert any("broccoli" in item for item in to_buy)


def test_an_oil_named_beside_its_allergen_is_replaced_by_an_oil() -> None:
    """ "Frying oil (preferably peanut)" once became sunflower seeds."""
    recipe = _row(
        ["2 cups flour", "Frying oil (preferably peanut)", "1 whole chicken, cut up"],
        ["Heat the frying oil.", "Fry the chicken."],
        "Fried chicken",
    )
    adapted = adapt_recipe(recipe, CookConstraints(allergens={"peanuts": "anaphylactic"}))
    assert isinstance(adapted, AdaptedRecipe), adapted
    oil = adapted.ingredients[1]
    assert oil.substitution is not None and oil.item.endswith("oil"), oil


def test_goat_cheese_is_cheese_not_goat() -> None:
    """A vegetarian's orzo salad once swapped its goat cheese "for the vegetarian diet"."""
    recipe = _row(["4 ounces crumbled goat cheese", "1 cup goat's milk", "8 oz orzo"], ["Mix."])
    adapted = adapt_recipe(recipe, CookConstraints(diets=("vegetarian",)))
    assert not isinstance(adapted, Refusal)
    assert [i.original for i in adapted.ingredients][:2] == [
        "4 ounces crumbled goat cheese",
        "1 cup goat's milk",
    ]
    assert not adapted.substitutions
    assert "vegetarian" in recipe.diets
    goat = adapt_recipe(
        _row(["1 lb goat, cubed"], ["Stew."]), CookConstraints(diets=("vegetarian",))
    )
    assert isinstance(goat, Refusal)


def test_the_steps_name_the_substitute_once() -> None:
    """Steps once read "oat oat milk" and "dairy-free dairy-free cheese": each replacement is
    made once, and a step's shorter name for the item ("the wine") follows it too."""
    recipe = _row(
        ["1 cup dry white wine", "2 cups whole milk", "1 cup milk", "1 cup cheddar cheese"],
        ["Deglaze with the white wine.", "Add the whole milk, then the milk.",
         "Top with the cheddar cheese and more cheese."],
    )  # fmt: skip
    adapted = adapt_recipe(
        recipe, CookConstraints(allergens={"sulphites": "anaphylactic", "dairy": "severe"})
    )
    assert isinstance(adapted, AdaptedRecipe), adapted
    assert [s.text for s in adapted.steps] == [
        "Deglaze with the vegetable stock.",
        "Add the oat milk, then the oat milk.",
        "Top with the dairy-free cheese and more dairy-free cheese.",
    ]
    assert "sulphite allergy (anaphylactic)" in adapted.ingredients[0].substitution.reason  # type: ignore[union-attr]
    assert not any("Step" in w for w in adapted.warnings), adapted.warnings


def test_a_likely_line_stays_named_for_a_moderate_allergy_and_a_safe_substitute_replaces_it() -> (
    None
):
    """Capers (often preserved with sulphites) are no reason to refuse a moderate sulphite
    allergy: they stay, and the allergy check names them; a stock (most hold celery) becomes a
    celery-free one, since that is safe."""
    recipe = _row(
        ["2 tbsp capers", "2 cups chicken stock", "1 lb chicken thighs"],
        ["Fry the capers.", "Add the stock and the chicken."],
        "Chicken with capers",
    )
    profile = {"sulphites": "moderate", "celery": "anaphylactic"}
    adapted = adapt_recipe(recipe, CookConstraints(allergens=profile))
    assert isinstance(adapted, AdaptedRecipe), adapted
    capers, stock, _ = adapted.ingredients
    assert capers.substitution is None and capers.item == "capers"
    assert stock.item == "celery-free chicken stock", stock
    assert adapted.steps[1].text == "Add the celery-free chicken stock and the chicken."
    check = recipe_check(
        [line.display for line in adapted.ingredients],
        [("you", AllergyProfile(severity={"celery": "anaphylactic"})),
         ("Sam", AllergyProfile(severity={"sulphites": "moderate"}))],
    )  # fmt: skip
    (risk,) = check.risks
    assert (risk.allergen, risk.status, risk.who) == ("sulphites", "likely", ["Sam"])
    assert "capers" in risk.message and "Check the label" in risk.message


def test_a_likely_line_is_swapped_or_the_recipe_refused_for_an_anaphylactic_or_severe_allergy() -> (
    None
):
    """Brief s2 item 3 (the miso-soup answer kept 'tom yum paste', 'danger: fish likely', in
    the final list): for an anaphylactic or severe allergy a line that likely holds it is
    replaced by a safe one, or the recipe is not offered; named only is not enough."""
    soup = _row(
        ["1 tbsp tom yum paste", "4 cups water", "200 g firm tofu"],
        ["Stir the tom yum paste into the water.", "Add the tofu and simmer."],
        "Tofu tom yum soup",
    )
    adapted = adapt_recipe(soup, CookConstraints(allergens={"fish": "anaphylactic"}))
    assert isinstance(adapted, AdaptedRecipe), adapted
    paste = adapted.ingredients[0]
    assert "tom yum" not in paste.display and paste.substitution is not None
    assert not [m for m in detect_allergens(paste.display) if m.allergen == "fish"]
    assert "tom yum paste" not in adapted.steps[0].text
    capers = _row(["2 tbsp capers", "1 lb chicken thighs"], ["Fry the capers."], "Chicken")
    refused = adapt_recipe(capers, CookConstraints(allergens={"sulphites": "severe"}))
    assert isinstance(refused, Refusal), refused
    assert "capers" in refused.reason


def test_a_dislike_is_a_food_not_a_spelling() -> None:
    """'onions' did not match 'onion'; a learnt dislike of tomatoes came back as tomato sauce,
    avocado as guacamole (issue 33)."""
    from kairos.recipes.reading import hazards_in

    def disliked(line: str, dislike: str) -> list[str]:
        return [h.name for h in hazards_in(line, (), (dislike,), ()) if h.kind == "dislike"]

    assert disliked("1 onion, diced", "onions") == ["onions"]
    assert disliked("2 cups marinara sauce", "tomatoes") == ["tomatoes"]
    assert disliked("1 cup guacamole", "avocado") == ["avocado"]
    assert disliked("1 stalk lemon grass", "lemongrass") == ["lemongrass"]
    assert disliked("juice of 1 lemon", "lemongrass") == []


def test_a_dough_holds_wheat_and_a_pizza_dough_has_a_gluten_free_stand_in() -> None:
    """The independent meal checker's 1,000 cooks: 'Fresh homemade dough' on a pizza stayed in
    a coeliac's recipe, read only as likely wheat; a dough is wheat unless it says otherwise."""
    homemade = _row(["7oz Fresh homemade dough, room temperature", "1 cup tomato sauce"],
                    ["Stretch the dough."], "Artisan Margherita Pizza")  # fmt: skip
    refused = adapt_recipe(homemade, CookConstraints(allergens={"gluten": "severe"}))
    assert isinstance(refused, Refusal)
    assert refused.lines == ("7oz Fresh homemade dough, room temperature",)
    bought = _row(["1 lb pizza dough", "1 cup tomato sauce"], ["Stretch the pizza dough."])
    adapted = adapt_recipe(bought, CookConstraints(allergens={"gluten": "severe"}))
    assert not isinstance(adapted, Refusal)
    assert adapted.ingredients[0].item == "gluten-free pizza dough"
    assert "gluten-free pizza dough" in adapted.steps[0].text


def test_a_lactose_intolerance_gets_lactose_free_dairy_and_a_dislike_is_left_out() -> None:
    """Brief s2 item 2 (a chicken pot pie was refused: butter 'has no substitute' for a lactose
    intolerance, peas 'no substitute' for a dislike): lactose-free dairy for the intolerance,
    the disliked peas left out; an allergy of the same milk still gets milk-free swaps only."""
    recipe = _row(
        ["1/3 cup butter", "1 cup frozen peas", "1 3/4 cups milk", "1/2 cup heavy cream"],
        ["Melt the butter.", "Add the peas, the milk and the cream."],
        "Chicken Pot Pie",
    )
    intolerant = CookConstraints(allergens={"lactose": "intolerance"}, dislikes=("peas",))
    adapted = adapt_recipe(recipe, intolerant)
    assert isinstance(adapted, AdaptedRecipe), adapted
    butter, peas, milk, cream = adapted.ingredients
    assert (butter.item, milk.item, cream.item) == (
        "lactose-free butter", "lactose-free milk", "lactose-free cream"
    )  # fmt: skip
    assert peas.omitted and "peas" not in " ".join(s.text for s in adapted.steps).lower()
    assert not [w for w in adapted.warnings if w.startswith("Step")], adapted.warnings
    final = [line.display for line in adapted.ingredients if not line.omitted]
    check = recipe_check(final, [("you", AllergyProfile(intolerances=["lactose"]))])
    assert check.verdict != "danger"
    for level in ("anaphylactic", "moderate"):
        allergic = adapt_recipe(recipe, CookConstraints(allergens={"milk": level}))
        assert isinstance(allergic, AdaptedRecipe), allergic
        lines = " ".join(line.display for line in allergic.ingredients).lower()
        assert "lactose" not in lines and "oat milk" in lines, lines
    try:
        recipe_check(final, [("you", AllergyProfile(severity={"milk": "moderate"}))])
    except UnsafeToShow:
        pass
    else:
        raise AssertionError("lactose-free milk shown to a milk allergy")
    pea_soup = _row(["2 cups frozen peas", "1 onion"], ["Simmer the peas."], "Pea Soup")
    assert isinstance(adapt_recipe(pea_soup, CookConstraints(dislikes=("peas",))), Refusal)


def test_a_vegan_with_a_lactose_intolerance_gets_no_lactose_free_dairy() -> None:
    """`kairos eval meals` found '40 ml lactose-free sour cream' in a vegan cook's recipe: the
    intolerance's lactose-free swap was taken and the diet, which the allergy had covered,
    was no longer asked. A vegan gets a plant swap or no dairy line at all."""
    recipe = _row(
        ["1/3 cup butter", "1 cup rice", "1 3/4 cups milk", "2 cups broccoli"],
        ["Melt the butter.", "Add the rice, the milk and the broccoli."],
        "Broccoli Rice",
    )
    vegan = CookConstraints(allergens={"dairy": "intolerance"}, diets=("vegan",))
    adapted = adapt_recipe(recipe, vegan)
    if isinstance(adapted, AdaptedRecipe):
        lines = " ".join(line.display for line in adapted.ingredients if not line.omitted).lower()
        assert "lactose-free" not in lines and "butter" not in lines.replace("vegan butter", ""), (
            lines
        )


def test_lactose_free_reaches_only_the_word_it_qualifies() -> None:
    """One rule for the coach and the safety step (`lactose_free_for_intolerance`): in
    "lactose-free milk and butter" the butter is plain butter, so the safety step refuses the
    line for a lactose intolerance too; "lactose-free milk" alone passes, named."""
    intolerant = [("you", AllergyProfile(intolerances=["lactose"]))]
    passed = recipe_check(["1 cup lactose-free milk"], intolerant)
    assert passed.verdict != "danger" and "lactose-free" in passed.risks[0].message
    try:
        recipe_check(["1 cup lactose-free milk and 2 tbsp butter"], intolerant)
    except UnsafeToShow as refused:
        assert "butter" in str(refused), refused
    else:
        raise AssertionError("plain butter passed as lactose-free")
    assert lactose_free_for_intolerance(
        "2 tbsp lactose-free butter", "butter", "dairy", "intolerance"
    )
    assert not lactose_free_for_intolerance(
        "2 tbsp lactose-free butter", "butter", "dairy", "severe"
    )


def test_a_kept_ingredient_named_after_a_swapped_one_stays_in_the_steps() -> None:
    """Blind grading of 481736f: a Greek salad's olives swapped for a dislike turned the
    dressing step's "olive oil" into "capers oil" (the swap reads "olive", the singular, in
    every step). The olive oil is still in the list: the step keeps it whole."""
    recipe = _row(
        ["1 (6 ounce) can pitted black olives", "6 tbsp olive oil", "1 red onion"],
        ["Toss the onion and the olives.", "Whisk together the olive oil and pour it over."],
        "Greek Salad",
    )
    adapted = adapt_recipe(recipe, CookConstraints(dislikes=("olives",)))
    assert isinstance(adapted, AdaptedRecipe), adapted
    steps = " ".join(s.text for s in adapted.steps).lower()
    assert "olive oil" in steps and "capers oil" not in steps, steps
    assert "the olives" not in steps, steps
