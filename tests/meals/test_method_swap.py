"""A method swap rewrites only the cooking it swaps: oven-frying a deep-fried general tso
chicken keeps its coating, its stir-fried chiles and scallions and its sauce (issue 37, m43)."""

from __future__ import annotations

from kairos.meals.lighter import with_lighter_method
from kairos.meals.method_swap import swap_frying
from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedStep, Refusal
from kairos.recipes.tags import METHODS

METHOD = "oven-fry instead of deep-frying: coat the pieces as written and bake at 220 °C"
SAUCE = "To make the sauce: mix the cornstarch, water, sugar, soy sauce and vinegar."
COAT = (
    "To prepare the chicken: combine the chicken, soy sauce and pepper. Stir in the egg. "
    "Add the cornstarch and stir until the chicken is evenly coated."
)
FRY = "Deep fry the chicken in small batches at 175 °C until crispy. Drain on paper towels."
WOK = (
    "Heat a little oil in a wok. Add the scallions and dried chile peppers and stir-fry "
    "briefly. Add the sauce, then the fried chicken, and cook until the sauce thickens."
)
ROW = {
    "recipe_id": "tso-1", "title": "General Tso's Chicken", "yields": "4",
    "ingredients": [
        "1/2 cup cornstarch", "1/4 cup water", "3/4 cup white sugar", "3/4 cup soy sauce",
        "1/4 cup white wine vinegar", "2 pounds chicken thighs, cut into pieces",
        "1 teaspoon white pepper", "1 egg", "1 cup vegetable oil", "1 teaspoon sesame oil",
        "2 cups chopped green onions", "8 dried chile peppers",
    ],
    "instructions": [SAUCE, COAT, FRY, WOK, "Garnish with the sesame oil and serve."],
}  # fmt: skip


def _steps(texts: list[str]) -> list[AdaptedStep]:
    return [AdaptedStep(number=n, text=t, original=t) for n, t in enumerate(texts, start=1)]


def test_only_the_deep_frying_sentences_give_way_to_the_oven() -> None:
    steps = swap_frying(_steps([SAUCE, COAT, FRY, WOK, "Serve hot."]), METHOD, "oven-fried")
    assert steps is not None
    texts = [s.text for s in steps]
    assert texts[:2] == [SAUCE, COAT]
    assert texts[2] == f"{METHOD[0].upper()}{METHOD[1:]}."
    assert texts[3] == WOK.replace("the fried chicken", "the oven-fried chicken")
    assert texts[4] == "Serve hot."
    assert [s.changed for s in steps] == [False, False, True, True, False]
    kept = [t for t in texts if t != texts[2]]
    assert not [t for t in kept if METHODS["deep-fry"].search(t) or "paper towel" in t]


def test_a_sentence_that_coats_fries_and_sauces_keeps_the_coating_and_the_sauce() -> None:
    text = (
        "Dredge the wings in the flour and fry them in hot oil until golden, "
        "then toss them in the buffalo sauce."
    )
    steps = swap_frying(_steps(["Heat 5 cm of oil in a deep pan.", text]), METHOD, "oven-fried")
    assert steps is not None
    assert [s.text for s in steps] == [
        "Dredge the wings in the flour. "
        f"{METHOD[0].upper()}{METHOD[1:]}. Toss them in the buffalo sauce."
    ]


def test_oil_poured_off_after_the_frying_is_a_spoonful_heated_in_the_pan() -> None:
    texts = [
        "Deep-fry the pork until golden.",
        "Pour off all but 2 tablespoons of the oil from the wok. Stir-fry the peppers.",
    ]
    steps = swap_frying(_steps(texts), METHOD, "oven-fried")
    assert steps is not None
    assert steps[1].text == "Heat 2 tablespoons oil in the wok. Stir-fry the peppers."


def test_the_cup_of_frying_oil_in_the_list_is_the_spoonful_the_oven_uses() -> None:
    recipe = derive_recipe(ROW)
    adapted = adapt_recipe(recipe, CookConstraints())
    assert not isinstance(adapted, Refusal)
    lighter = with_lighter_method(recipe, adapted, None)
    oils = [line.display for line in lighter.ingredients if "oil" in line.display]
    assert oils[0].startswith("1–2 tbsp oil, to brush or spray"), oils
    assert "steps that use oil" in oils[0]  # the wok still needs a little
    assert "sesame oil" in oils[1], oils
    texts = [s.text for s in lighter.steps]
    assert any("scallions and dried chile peppers" in t for t in texts), texts
    assert texts[-1] == "Garnish with the sesame oil and serve."


def test_the_pieces_added_and_turned_between_the_frying_sentences_go_with_them() -> None:
    """Adding the pieces to the oil and turning them are the frying; the coating stays."""
    texts = [
        "Dip the chicken into the flour mixture, then the buttermilk.",
        "Preheat 5 cm of frying oil in a skillet to 165 °C.",
        "Dredge the chicken in the flour again.",
        "Add some of the breaded pieces, leaving space between each. Fry for 3 to 5 minutes "
        "until browned. Rotate to brown the other sides and cook through.",
        "Remove the chicken to a paper-towel lined plate to drain.",
        "Serve with gravy.",
    ]
    steps = swap_frying(_steps(texts), METHOD, "oven-fried")
    assert steps is not None
    assert [s.text for s in steps] == [
        texts[0], texts[2], f"{METHOD[0].upper()}{METHOD[1:]}.", texts[5],
    ]  # fmt: skip


def test_oil_heated_first_goes_but_a_sauce_and_the_coating_before_the_pieces_stay() -> None:
    """The oil said hot by its temperature goes, with the pieces added in its step; a sauce
    kept warm and a coating between it and the frying stay (not taken for the frying)."""
    texts = [
        "Heat the oil in a large, deep pan until it reaches about 170–175 °C. Add the wings.",
        "Combine the sauce ingredients in a small saucepan. Turn heat to low and keep warm.",
        "Beat the egg in a bowl. Add the chicken cubes; sprinkle with salt. Mix in the starch.",
        "Add the chicken in batches. Cook until lightly golden brown. Reheat the oil and add "
        "all the chicken again. It will look soggy at first.",
        "Deep-fry until dark golden, then transfer to the pot of sauce.",
        "Serve hot.",
    ]
    steps = swap_frying(_steps(texts), METHOD, "oven-fried")
    assert steps is not None
    assert [s.text for s in steps] == [
        texts[1], texts[2],
        f"{METHOD[0].upper()}{METHOD[1:]}. Transfer to the pot of sauce.", texts[5],
    ]  # fmt: skip


def test_a_heading_naming_the_frying_names_the_new_way_or_goes() -> None:
    texts = ["To Fry the Chicken", "Dip the chicken in the flour.", "First Fry (160°C)",
             "Deep-fry the chicken until golden.", "Serve."]  # fmt: skip
    steps = swap_frying(_steps(texts), METHOD, "oven-fried")
    assert steps is not None
    assert [s.text for s in steps][:2] == ["To Oven-Fry the Chicken", texts[1]]
    assert len(steps) == 4


def test_serving_the_fried_pieces_is_not_frying_them() -> None:
    texts = [
        "Heat oil in a deep-fryer to 190 °C.",
        "Dip the fish into the batter, and fry until golden. Drain on paper towels. To serve, "
        "place the fried fish in a tortilla and top with the cabbage.",
    ]
    steps = swap_frying(_steps(texts), METHOD, "oven-fried")
    assert steps is not None
    assert steps[0].text == (
        f"Dip the fish into the batter. {METHOD[0].upper()}{METHOD[1:]}. To serve, place the "
        "oven-fried fish in a tortilla and top with the cabbage."
    )


def test_oil_for_frying_after_a_comma_is_the_frying_oil() -> None:
    row = {**ROW, "ingredients": [*ROW["ingredients"][:8], "Vegetable oil, for frying",
                                  "Oil to deep fry"]}  # fmt: skip
    recipe = derive_recipe(row)
    adapted = adapt_recipe(recipe, CookConstraints())
    assert not isinstance(adapted, Refusal)
    lines = [line.display for line in with_lighter_method(recipe, adapted, None).ingredients]
    assert not [line for line in lines if "fry" in line.lower()], lines
