"""A dish whose main food is the cook's allergen (shrimp scampi for shellfish) is answered by
stand-ins: the same form with another protein keeping the dish's other flavours, said so."""

from __future__ import annotations

from kairos.core.allergy_profile import AllergyProfile
from kairos.meals.gate import final_lines
from kairos.meals.schemas import Suggestion
from kairos.meals.stand_ins import (
    said_as_stand_ins,
    stand_in_key,
    stand_in_queries,
)
from kairos.recipes import CookConstraints, adapt_recipe, remaining_hazards
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import Refusal


def _shellfish() -> CookConstraints:
    allergy = {"confirmed": ["shellfish"], "severity": {"shellfish": "anaphylactic"}}
    return CookConstraints.from_profile(AllergyProfile.model_validate(allergy))


LEMON_CHICKEN = derive_recipe({
    "recipe_id": "lc", "title": "Lemon Garlic Chicken Linguine", "yields": "4",
    "ingredients": ["400 g linguine", "500 g chicken breast", "4 cloves garlic", "1 lemon",
                    "2 tbsp butter", "2 tbsp parsley"],
    "instructions": ["Cook the linguine.", "Fry the chicken in butter with garlic.", "Toss."],
}).model_copy(update={"id": 1})  # fmt: skip
KIDS = derive_recipe({
    "recipe_id": "kp", "title": "Kid-Friendly Pasta", "yields": "4",
    "ingredients": ["450 g spaghetti", "2 carrots", "60 ml tomato pasta sauce"],
    "instructions": ["Boil the spaghetti and carrots.", "Mix with the sauce."],
}).model_copy(update={"id": 2})  # fmt: skip


def test_stand_ins_are_searched_only_when_the_dishs_main_is_kept_out() -> None:
    queries = stand_in_queries("shrimp scampi", _shellfish())
    assert queries[0] == "chicken pasta with garlic lemon butter"
    assert stand_in_queries("shrimp scampi", CookConstraints()) == []
    assert stand_in_queries("lasagna", _shellfish()) == []


def test_a_chicken_pasta_with_the_scampis_flavours_comes_before_a_plain_pasta() -> None:
    constraints = _shellfish()
    assert stand_in_key(LEMON_CHICKEN, "shrimp scampi", constraints) < stand_in_key(
        KIDS, "shrimp scampi", constraints
    )


def test_a_soup_holding_the_flavours_is_no_stand_in_for_a_pasta_dish() -> None:
    soup = derive_recipe({
        "recipe_id": "cs", "title": "Chicken Soup with Pasta", "yields": "4",
        "ingredients": ["1 l chicken stock", "300 g chicken thigh", "100 g pasta",
                        "2 cloves garlic", "1 lemon", "2 tbsp parsley"],
        "instructions": ["Simmer the chicken in the stock with the garlic.", "Add the pasta."],
    }).model_copy(update={"id": 3})  # fmt: skip
    constraints = _shellfish()
    assert stand_in_key(LEMON_CHICKEN, "shrimp scampi", constraints) < stand_in_key(
        soup, "shrimp scampi", constraints
    )
    assert stand_in_key(soup, "shrimp scampi", constraints)[0]  # not a stand-in


def test_a_stand_in_says_it_is_one() -> None:
    rationale = "Not shrimp scampi: the nearest real dish Kairos has. "
    offered = [
        Suggestion.model_construct(suggestion_id=f"s{n}", title=r.title, rationale=rationale,
                                   source_recipe_ids=[r.id])
        for n, r in enumerate((LEMON_CHICKEN, KIDS), start=1)
    ]  # fmt: skip
    said = said_as_stand_ins(offered, [LEMON_CHICKEN, KIDS], "shrimp scampi", _shellfish())
    assert said[0].rationale.startswith(
        "A stand-in for shrimp scampi: chicken breast in place of the shrimp, with its garlic,"
    ), said[0].rationale
    assert said[1].rationale == rationale


def _fish() -> CookConstraints:
    allergy = {"confirmed": ["fish"], "severity": {"fish": "anaphylactic"}}
    return CookConstraints.from_profile(AllergyProfile.model_validate(allergy))


MISO = {
    "recipe_id": "ms", "title": "Miso Soup", "yields": "4",
    "ingredients": ["1 l dashi", "3 tbsp white miso paste", "200 g silken tofu", "2 green onions"],
    "instructions": ["Heat the dashi.", "Whisk in the miso.", "Add the tofu and green onions."],
}  # fmt: skip


def test_a_miso_soup_carrying_fish_through_its_dashi_is_offered_with_a_plant_dashi() -> None:
    """A stock for a stock (`stands_in`): an anaphylactic fish allergy takes the kombu and
    shiitake dashi, the steps say it, and nothing of fish is left; a miso soup that also holds
    bonito flakes is still refused by its name."""
    adapted = adapt_recipe(derive_recipe(MISO), _fish())
    assert not isinstance(adapted, Refusal), adapted
    assert adapted.ingredients[0].item == "kombu and shiitake dashi (a plant stock)"
    assert adapted.steps[0].text == "Heat the kombu and shiitake dashi."
    assert not remaining_hazards(final_lines(adapted), _fish())
    bonito = {**MISO, "ingredients": [*MISO["ingredients"], "5 g bonito flakes"]}
    assert isinstance(adapt_recipe(derive_recipe(bonito), _fish()), Refusal)
