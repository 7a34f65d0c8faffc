"""A dish whose main protein holds the cook's allergen: a protein that cooks the same way, or
the one the cook asked about ("could chicken work?"), rather than a refusal; the final list is
still checked, and the tortillas of enchiladas stay tortillas for a coeliac (issue 37)."""

from __future__ import annotations

from kairos.meals.understanding import read_message
from kairos.recipes import CookConstraints, Refusal, adapt_recipe, remaining_hazards
from kairos.recipes.derive import derive_recipe
from kairos.recipes.reading import hazards_in

SALMON = derive_recipe(
    {"recipe_id": "t-salmon", "title": "Miso Honey Glazed Salmon", "yields": "2 servings",
     "ingredients": ["2 salmon fillets", "1 tbsp honey", "1 tbsp lemon juice"],
     "instructions": ["Brush the salmon with honey and lemon juice.",
                      "Bake the salmon 12 minutes."],
     "language": "en"}
)  # fmt: skip
CALAMARI = derive_recipe(
    {"recipe_id": "t-squid", "title": "Grilled Calamari Salad", "yields": "4 servings",
     "ingredients": ["1 lb squid, cleaned", "4 cups mixed greens", "2 tbsp olive oil"],
     "instructions": ["Grill the squid 2 minutes a side.", "Toss the squid with the greens."],
     "language": "en"}
)  # fmt: skip


def _final(adapted: object) -> list[str]:
    assert not isinstance(adapted, Refusal), adapted
    return [line.display for line in adapted.ingredients if not line.omitted]  # type: ignore[attr-defined]


def test_the_cooks_asked_swap_replaces_the_fish() -> None:
    request = read_message("miso glazed salmon but i can't have fish, could chicken work?")
    assert request.meal_name == "miso glazed salmon" and request.swap_to == ["chicken"]
    constraints = CookConstraints(allergens={"fish": "anaphylactic"}, swap_to=("chicken",))
    adapted = adapt_recipe(SALMON, constraints)
    final = _final(adapted)
    assert not isinstance(adapted, Refusal)
    assert adapted.ingredients[0].item == "chicken" and remaining_hazards(final, constraints) == []
    assert [s.text for s in adapted.steps][1] == "Bake the chicken 12 minutes."
    assert adapted.title == "Miso Honey Glazed Salmon, with chicken instead of salmon fillets"


def test_without_an_asked_swap_a_protein_that_cooks_the_same_way() -> None:
    severe = CookConstraints(allergens={"fish": "severe"})
    adapted = adapt_recipe(SALMON, severe)
    assert remaining_hazards(_final(adapted), severe) == []
    assert not isinstance(adapted, Refusal) and "chicken" in adapted.ingredients[0].item


def test_an_asked_swap_that_is_not_safe_is_not_used() -> None:
    constraints = CookConstraints(allergens={"fish": "severe", "soy": "severe"},
                                  swap_to=("tofu",))  # fmt: skip
    adapted = adapt_recipe(SALMON, constraints)
    assert "tofu" not in " ".join(_final(adapted))
    assert remaining_hazards(_final(adapted), constraints) == []


def test_squid_becomes_prawns_for_a_mollusc_allergy() -> None:
    molluscs = CookConstraints(allergens={"molluscs": "severe"})
    adapted = adapt_recipe(CALAMARI, molluscs)
    final = _final(adapted)
    assert final[0] == "450 g prawns, cleaned" and remaining_hazards(final, molluscs) == []


def test_an_anaphylactic_fish_dish_without_an_asked_swap_is_still_refused() -> None:
    assert isinstance(adapt_recipe(SALMON, CookConstraints(allergens={"fish": "anaphylactic"})),
                      Refusal)  # fmt: skip


def test_tortillas_stay_tortillas_for_a_coeliac() -> None:
    enchiladas = derive_recipe(
        {"recipe_id": "t-ench", "title": "Chicken Enchiladas", "yields": "4 servings",
         "ingredients": ["8 flour tortillas", "2 cups shredded chicken"],
         "instructions": ["Roll the chicken in the tortillas.", "Bake 20 minutes."],
         "language": "en"}
    )  # fmt: skip
    adapted = adapt_recipe(enchiladas, CookConstraints(allergens={"gluten": "severe"}))
    assert not isinstance(adapted, Refusal)
    assert adapted.ingredients[0].item == "corn tortillas"


def test_a_vegan_shepherds_pie_is_made_with_lentils() -> None:
    pie = derive_recipe(
        {"recipe_id": "t-pie", "title": "Shepherd's Pie", "yields": "6 servings",
         "ingredients": ["1 lb ground lamb", "1 onion, chopped", "2 lb potatoes"],
         "instructions": ["Brown the ground lamb with the onion.", "Top with the mashed potatoes."],
         "language": "en"}
    )  # fmt: skip
    vegan = CookConstraints(diets=("vegan",))
    adapted = adapt_recipe(pie, vegan)
    final = _final(adapted)
    assert not isinstance(adapted, Refusal)
    assert "lentils" in final[0] and remaining_hazards(final, vegan) == []
    assert adapted.steps[0].text == "Cook the lentils with the onion."  # not "brown the brown"


def test_stuffing_is_read_as_gluten() -> None:
    """The meal bench's checker found "poultry stuffing" in a coeliac's final recipe."""
    coeliac = CookConstraints(allergens={"gluten": "severe"})
    assert [h.name for h in remaining_hazards(["350 ml poultry stuffing"], coeliac)] == ["gluten"]
    assert remaining_hazards(["gluten-free stuffing"], coeliac) == []


def test_a_stuffing_mix_still_names_celery() -> None:
    """The bench's second run: 'herbed dry bread stuffing mix' lost its celery when a longer
    stuffing term claimed its words."""
    line = "1 package herbed dry bread stuffing mix"
    celery = CookConstraints(allergens={"celery": "moderate"})
    assert "celery" in {h.name for h in hazards_in(line, ("celery",), (), ())}
    assert remaining_hazards([line], CookConstraints(allergens={"gluten": "severe"}))
    assert celery.allergens == {"celery": "moderate"}
