"""A cupboard request is answered by dishes made of what the cook has: the weight of the items a
recipe uses (a protein over a starch or vegetable over a garnish) and the forms an item covers."""

from __future__ import annotations

from kairos.meals.pantry_words import pantry_message
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import Recipe
from kairos.recipes.pantry import (
    main_uses,
    missing_mains,
    pantry_forms,
    pantry_order,
    pantry_weight,
    used_items,
)

PANTRY = ["chicken", "rice", "broccoli", "lime"]


def test_chicken_in_the_cupboard_covers_chicken_breast_but_not_chicken_stock() -> None:
    assert used_items(PANTRY, ["chicken breast", "garlic"]) == ["chicken"]
    assert used_items(PANTRY, ["chicken stock", "noodle"]) == []
    assert used_items(["lime"], ["lime juice"]) == ["lime"]
    assert "peanut butter" not in pantry_forms("butter")
    assert "brown rice" in pantry_forms("rice")


def test_a_dish_of_chicken_outranks_a_guacamole_that_shares_the_lime() -> None:
    guacamole = used_items(PANTRY, ["avocado", "lime", "jalapeño", "garlic"])
    stir_fry = used_items(PANTRY, ["chicken breast", "soy sauce", "garlic"])
    side = used_items(PANTRY, ["broccoli", "garlic", "parmesan cheese", "lemon"])
    weights = {
        "guacamole": pantry_weight(guacamole, "Guacamole I"),
        "stir fry": pantry_weight(stir_fry, "Chicken Stir-Fry"),
        "side": pantry_weight(side, "Sautéed Broccoli"),
    }
    assert weights["stir fry"] > weights["side"] > weights["guacamole"]


def test_two_garnishes_do_not_beat_the_main_ingredient() -> None:
    garnished = used_items(["salmon", "lemon", "dill"], ["lemon", "dill", "potato"])
    salmon = used_items(["salmon", "lemon", "dill"], ["salmon", "honey"])
    assert pantry_weight(salmon, "Honey Glazed Salmon") > pantry_weight(garnished, "Potato Salad")


def _recipe(title: str, *lines: str) -> Recipe:
    return derive_recipe({"recipe_id": title, "title": title, "ingredients": list(lines)})


def _key(pantry: list[str], recipe: Recipe) -> tuple[float, ...]:
    used = used_items(pantry, recipe.foods)
    missing = [f for f in recipe.foods if not any(f in pantry_forms(i) for i in pantry)]
    return pantry_order(
        main_uses(used, recipe), missing, pantry_weight(used, recipe.title),
        missing_mains(missing, recipe),
    )  # fmt: skip


def test_a_dish_made_mostly_of_what_the_cook_lacks_ranks_after_one_made_of_their_items() -> None:
    """A koshary holds the cook's chickpeas and tomatoes but is made of rice, lentils and pasta
    the cook must buy: three main ingredients to buy cost it one of the cook's main items, so a
    chickpea salad that needs one more vegetable and nine herbs and seasonings ranks first."""
    pantry = ["chickpea", "tomato", "onion", "spinach"]
    koshary = _recipe(
        "Koshary", "400 g chickpeas", "400 g canned tomatoes", "1 onion", "280 g rice",
        "600 g lentils", "400 g pasta", "700 ml chicken stock", "1 tsp cumin",
    )  # fmt: skip
    salad = _recipe(
        "Chickpea Salad", "400 g chickpeas", "300 g tomatoes", "1 onion", "300 g zucchini",
        "2 tbsp basil", "1 clove garlic", "1 tbsp capers", "1 tsp oregano", "1 tsp rosemary",
        "50 g olives", "50 g feta cheese", "1 tbsp parsley", "1 tsp thyme",
    )  # fmt: skip
    assert missing_mains(["rice", "lentil", "pasta", "chicken stock", "cumin"], koshary) == [
        "rice", "lentil", "pasta",
    ]  # fmt: skip
    assert missing_mains(["zucchini", "basil", "garlic", "olive"], salad) == ["zucchini"]
    assert _key(pantry, salad) < _key(pantry, koshary)


def test_the_cooks_pasta_makes_a_spaghetti_or_a_noodle_dish() -> None:
    assert used_items(["pasta", "tuna"], ["tuna", "noodle", "pea"]) == ["pasta", "tuna"]
    assert used_items(["pasta"], ["spaghetti", "garlic"]) == ["pasta"]
    assert used_items(["spaghetti"], ["pasta"]) == []


def test_a_dish_using_more_of_the_cooks_main_items_ranks_first() -> None:
    """Chicken, rice and broccoli in one dish beats a chicken-and-rice dish whose title names
    both and that needs fewer foods bought: the cook's items come first."""
    pantry = ["chicken", "rice", "broccoli", "lime"]
    titled = _recipe(
        "Chicken and Rice", "500 g chicken breast", "300 g rice", "200 g asparagus", "1 orange"
    )
    three = _recipe(
        "Stir-Fry", "500 g chicken thigh", "300 g rice", "300 g broccoli", "2 tbsp soy sauce",
        "1 tbsp ginger", "50 g cashews",
    )  # fmt: skip
    assert _key(pantry, three) < _key(pantry, titled)


def test_an_onion_and_a_tin_of_tomatoes_do_not_make_a_lasagna_a_chickpea_dish() -> None:
    """The cook's chickpeas and spinach as the dish (a stew) beat a lasagna that uses the onion
    as seasoning and the spinach, with no chickpeas: onion counts as a main ingredient only
    when the title names it or it weighs a tenth of the dish."""
    pantry = ["chickpea", "tomato", "onion", "spinach"]
    lasagna = _recipe(
        "Artichoke Spinach Lasagna", "1 onion, chopped", "800 g crushed tomatoes",
        "300 g spinach", "500 g lasagna noodles", "400 g artichoke hearts", "400 g mozzarella",
    )  # fmt: skip
    stew = _recipe(
        "Spinach with Garbanzo Beans", "800 g garbanzo beans", "1 onion", "400 g spinach",
        "2 cloves garlic", "1 tsp cumin",
    )  # fmt: skip
    assert main_uses(used_items(pantry, lasagna.foods), lasagna) == ["tomato", "spinach"]
    assert main_uses(used_items(pantry, stew.foods), stew) == ["chickpea", "spinach"]
    assert _key(pantry, stew) < _key(pantry, lasagna)


def test_a_frittata_of_the_cooks_eggs_beats_muffins_that_need_sausage() -> None:
    pantry = ["egg", "spinach", "feta"]
    muffins = _recipe("Sausage Egg Muffins", "11 eggs", "400 g sausage", "200 g spinach")
    frittata = _recipe(
        "Spinach Frittata", "8 eggs", "300 g spinach", "2 potatoes", "100 ml milk", "1 clove garlic"
    )
    assert _key(pantry, frittata) < _key(pantry, muffins)


def test_sweet_potato_is_not_potato_and_garbanzo_is_chickpea() -> None:
    assert "sweet potato" not in pantry_forms("potato")
    assert "green onion" not in pantry_forms("onion")
    assert "garbanzo bean" in pantry_forms("chickpea")
    assert used_items(["potato"], ["sweet potato", "salt"]) == []


def test_a_pantry_answer_says_when_no_recipe_is_made_of_most_of_the_items() -> None:
    pantry = ["chicken", "rice", "broccoli", "lime"]
    message = pantry_message(5, ["chicken", "rice"], pantry)
    assert message.startswith("No recipe Kairos holds is made mainly of your chicken, rice, ")
    assert "the closest are made mainly of chicken and rice" in message
    assert pantry_message(5, ["chicken", "rice", "broccoli"], pantry).startswith("5 meals")


def test_among_dishes_using_as_many_items_the_fewest_to_buy_ranks_first() -> None:
    """Two dishes making as much of the same main items: the one sending the cook out for
    fewer foods first."""
    pantry = ["chickpea", "tomato", "onion", "spinach"]
    few = pantry_order(["chickpea", "spinach"], ["cumin", "garlic"], 6.0)
    many = pantry_order(["chickpea", "spinach"], ["zucchini", "feta cheese", "olive"], 6.0)
    assert few < many
    assert pantry


def test_a_pantry_answer_names_the_items_none_of_its_meals_uses() -> None:
    pantry = ["eggs", "spinach", "feta"]
    message = pantry_message(5, ["egg", "spinach"], pantry, ["egg", "spinach", "egg"])
    assert message.endswith("None of them uses your feta.")
    assert "None of them" not in pantry_message(5, ["egg"], pantry, ["egg", "spinach", "feta"])


def test_a_product_made_of_a_food_is_not_the_food() -> None:
    """ "potato starch" is not a potato, "peanut oil" not peanuts, "almond milk" not almonds:
    a cook's potatoes are not used by a recipe's spoon of starch (the allergen core still reads
    each product's allergens; this is the food a cook buys)."""
    recipe = _recipe("Crispy Tofu", "400 g tofu", "2 tbsp potato starch", "3 tbsp peanut oil")
    assert "potato" not in recipe.foods and "potato starch" in recipe.foods
    assert used_items(["potato", "peanut"], recipe.foods) == []
    assert "peanuts" in recipe.contains_allergens  # allergen reading unchanged
    assert _recipe("Gravy", "1 tbsp corn starch").foods == ("cornstarch",)
    assert _recipe("Tacos", "8 small tortillas flour or corn").foods == ("tortilla",)
    assert _recipe("Mash", "1 kg potatoes", "2 tbsp olive oil").foods[0] == "potato"


def test_a_heavy_onion_seasons_a_soup_it_does_not_make_it_a_main_of_the_cooks() -> None:
    """An aromatic, a spice or a staple is no main ingredient unless the title names it,
    however much of it the dish holds: a chickpea soup whose onions weigh a tenth of it uses
    two of the cook's main items, not three, and a chickpea-and-spinach dish ranks first."""
    pantry = ["chickpea", "tomato", "onion", "spinach"]
    soup = _recipe(
        "Galician Garbanzo Soup", "400 g chickpeas", "400 g canned tomatoes", "300 g onions",
        "300 g potatoes", "200 g carrots", "1 l vegetable broth", "3 cloves garlic",
        "2 stalks celery", "1 bay leaf", "60 ml olive oil",
    )  # fmt: skip
    spinach = _recipe(
        "Espinacas con Garbanzos", "400 g garbanzo beans", "1 onion", "300 g spinach",
        "2 cloves garlic", "1 tsp cumin",
    )  # fmt: skip
    onions = _recipe("French Onion Soup", "1 kg onions", "1 l beef stock", "100 g gruyere")
    assert main_uses(used_items(pantry, soup.foods), soup) == ["chickpea", "tomato"]
    assert main_uses(["onion"], onions) == ["onion"]  # the title names it
    assert _key(pantry, spinach) < _key(pantry, soup)


def test_rice_paper_and_rice_wine_are_not_the_cooks_rice() -> None:
    """Graded (m11): 'Crispy Rice Paper Dumplings' was said to use the cook's rice."""
    row = {"recipe_id": "t-rp", "title": "Rice Paper Dumplings", "language": "en",
           "ingredients": ["8 rice paper wrappers", "1 tbsp rice wine", "200 g chicken"],
           "instructions": ["Fill and fry."]}  # fmt: skip
    foods = derive_recipe(row, 1).foods
    assert "rice" not in foods and {"rice paper", "rice wine"} <= set(foods)
    assert used_items(PANTRY, list(foods)) == ["chicken"]
