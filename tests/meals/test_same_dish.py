"""A healthier version is the same dish (issue 37): the recipes whose titles name the dish come
before any merely similar one, however healthy; with no recipe of the dish, the nearest real
dishes that share its words come first, each said not to be the dish."""

from __future__ import annotations

from kairos.meals.suggest import close_to, meal_suggestions
from kairos.recipes import CookConstraints, Recipe
from kairos.recipes.derive import derive_recipe
from tests.meals.helpers import cook_context


def _recipe(number: int, title: str, ingredients: list[str], steps: list[str]) -> Recipe:
    return derive_recipe(
        {"recipe_id": f"t-{number}", "title": title, "ingredients": ingredients,
         "instructions": steps, "yields": "4 servings", "language": "en"},
        number,
    )  # fmt: skip


CHICKEN = ["2 lb chicken pieces", "1 cup flour", "1 tsp salt"]
ROAST = _recipe(1, "Roast Chicken with Vegetables", ["1 whole chicken", "2 carrots", "1 onion"],
                ["Roast the chicken and vegetables in the oven for 80 minutes."])  # fmt: skip
DEEP = _recipe(2, "Southern Fried Chicken", [*CHICKEN, "4 cups oil for deep frying"],
               ["Coat the chicken in flour.", "Deep fry the chicken in the hot oil."])  # fmt: skip
SKILLET = _recipe(3, "Skillet Fried Chicken", [*CHICKEN, "1 cup oil"],
                  ["Coat the chicken in flour.", "Deep fry the chicken in the oil."])  # fmt: skip


def test_the_dish_comes_before_a_healthier_similar_one() -> None:
    candidates = [(ROAST, 0.75, False), (DEEP, 0.95, True), (SKILLET, 0.9, True)]
    suggestions, _ = meal_suggestions(candidates, cook_context("healthier fried chicken"),
                                      "fried chicken")  # fmt: skip
    assert [s.title for s in suggestions][:2] in (
        ["Southern Fried Chicken", "Skillet Fried Chicken"],
        ["Skillet Fried Chicken", "Southern Fried Chicken"],
    )
    assert suggestions[2].title == "Roast Chicken with Vegetables"
    assert suggestions[2].rationale.startswith("Not fried chicken, but close to it.")


def test_the_nearest_dishes_share_the_dishs_words_first() -> None:
    pasta = _recipe(4, "Puttanesca Pasta", ["1 lb spaghetti", "1 cup olives"], ["Boil."])
    lentil = _recipe(5, "Lentil Bolognese", ["1 cup lentils", "1 can tomatoes"], ["Simmer."])
    noodles = _recipe(6, "Beef Noodles", ["1 lb beef", "1 lb noodles"], ["Fry."])
    candidates = [(pasta, 0.52, False), (lentil, 0.45, False), (noodles, 0.42, False)]
    suggestions, _ = meal_suggestions(candidates, cook_context("spaghetti bolognese"),
                                      "spaghetti bolognese", nearest=True)  # fmt: skip
    assert suggestions[0].title == "Lentil Bolognese"
    assert all(s.rationale.startswith("Not spaghetti bolognese: the nearest real dish")
               for s in suggestions)  # fmt: skip


COOKIE = ["250 g flour", "200 g butter", "150 g sugar", "1 egg", "200 g chocolate chips"]
BAKE = ["Mix everything.", "Bake at 180 °C for 12 minutes."]


def test_a_variant_of_the_dish_says_what_it_adds() -> None:
    """ "Chocolate chip cookies" was answered with Pumpkin Chocolate Chip Cookies first, never
    saying it adds pumpkin: the variant says what it adds, the plain dish says nothing."""
    pumpkin = _recipe(11, "Pumpkin Chocolate Chip Cookies", [*COOKIE, "1 cup pumpkin puree"],
                      BAKE)  # fmt: skip
    plain = _recipe(12, "Best Chocolate Chip Cookies", COOKIE, BAKE)
    candidates = [(pumpkin, 0.95, True), (plain, 0.9, True)]
    suggestions, _ = meal_suggestions(candidates, cook_context("chocolate chip cookies"),
                                      "chocolate chip cookies")  # fmt: skip
    said = {s.title: s.rationale for s in suggestions}
    assert "A version of chocolate chip cookies with pumpkin." in said[pumpkin.title]
    assert "version of" not in said["Best Chocolate Chip Cookies"]


def _soup(title: str, *lines: str) -> Recipe:
    return derive_recipe({"recipe_id": title, "title": title, "ingredients": list(lines)})


def test_a_soup_is_close_to_a_named_dish_only_when_made_of_the_food_its_name_names() -> None:
    """A miso soup asked for: a tom yum (no miso) is no version of it, and a black bean soup
    with a chopped onion is not close to a French onion soup; an onion soup of another name is.
    A dish whose name names no food (gazpacho) keeps every soup close in meaning."""
    tom_yum = _soup(
        "Tom Yum Koong Soup", "500 g shrimp", "1 litre chicken stock", "2 stalks lemongrass",
        "3 tablespoons fish sauce", "2 limes",
    )  # fmt: skip
    black_bean = _soup(
        "Black Bean Soup", "800 g black beans", "1 onion, chopped", "1 litre vegetable broth"
    )
    gratinee = _soup("Onion Gratinée", "1 kg onions, sliced", "1 litre beef broth", "100 g gruyere")
    assert not close_to(tom_yum, "miso soup", CookConstraints())
    assert not close_to(black_bean, "french onion soup", CookConstraints())
    assert close_to(gratinee, "french onion soup", CookConstraints())
    assert close_to(tom_yum, "gazpacho", CookConstraints())
