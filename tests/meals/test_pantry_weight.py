"""A cupboard request is answered by dishes made of what the cook has: the weight of the items a
recipe uses (a protein over a starch or vegetable over a garnish) and the forms an item covers."""

from __future__ import annotations

from kairos.meals.pantry_words import (
    match_swaps,
    pantry_message,
    pantry_rank,
    pantry_text,
    pantry_use,
)
from kairos.recipes.adapt import adapt_recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.derive import derive_recipe
from kairos.recipes.foods import canonical_food
from kairos.recipes.models import PantryMatch, Recipe, Refusal
from kairos.recipes.pantry import (
    foods_to_buy,
    main_uses,
    missing_mains,
    pantry_forms,
    pantry_order,
    pantry_weight,
    stand_ins,
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
    covered = {form for item in pantry for form in pantry_forms(item)}
    missing = foods_to_buy(recipe.foods, recipe, covered)
    return pantry_order(
        main_uses(used, recipe), missing, pantry_weight(used, recipe.title),
        missing_mains(missing, recipe), used,
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


def test_a_dish_needing_one_more_food_beats_one_using_an_item_more_and_needing_nine() -> None:
    """Chickpeas, tomatoes, an onion, spinach: a chickpea and spinach stew that needs a carrot
    answers before a salad that uses the tomatoes too but sends the cook out for two more
    vegetables and six garnishes: what must be bought costs a recipe the cook's items."""
    pantry = ["chickpea", "tomato", "onion", "spinach"]
    stew = _recipe(
        "Chickpea Stew", "800 g chickpeas", "300 g spinach", "1 onion", "200 g carrots",
        "1 tsp cumin", "1 tsp paprika",
    )  # fmt: skip
    salad = _recipe(
        "Salad Bowl", "400 g chickpeas", "300 g tomatoes", "300 g spinach", "300 g zucchini",
        "300 g bell pepper", "50 g feta cheese", "50 g olives", "2 tbsp basil", "1 tbsp capers",
        "2 tbsp parsley", "50 g walnuts",
    )  # fmt: skip
    assert _key(pantry, stew) < _key(pantry, salad)


def test_common_spices_are_not_to_buy_but_a_food_named_after_one_is() -> None:
    """Cumin and a teaspoon of cinnamon are in the cupboard like salt; two cans of cinnamon rolls
    (read as the food "cinnamon") are not."""
    stew = _recipe("Stew", "800 g chickpeas", "1 tsp cumin", "1 tsp paprika", "1 carrot")
    assert foods_to_buy(stew.foods, stew, pantry_forms("chickpea")) == ["carrot"]
    casserole = _recipe("Casserole", "2 cans of cinnamon rolls", "4 eggs", "1 tsp cinnamon")
    assert foods_to_buy(casserole.foods, casserole, pantry_forms("egg")) == ["cinnamon"]


def test_a_pantry_suggestion_names_the_cooks_items_it_uses_and_what_to_buy() -> None:
    text = pantry_text(["rice", "egg"], ["spring onion"], ["leftover rice", "eggs", "peas"],
                       ["rice", "egg"], ["cumin"])  # fmt: skip
    assert text == (
        "uses your rice and eggs, not your peas; you'd need: spring onion "
        "(and from the spice rack: cumin)"
    )


def test_a_pantry_answer_says_when_no_recipe_uses_all_the_items() -> None:
    pantry = ["eggs", "spinach", "feta"]
    message = pantry_message(5, ["egg", "spinach"], pantry, ["egg", "spinach", "feta"], 2)
    assert message.startswith(
        "No recipe Kairos holds uses all of your eggs, spinach and feta; these use up to two"
    )
    assert pantry_message(5, ["egg", "spinach"], pantry, None, 3).startswith("5 meals")


def test_an_unused_item_of_the_same_kind_stands_in_for_a_food_to_buy() -> None:
    """Eggs, spinach and feta against a frittata calling for cheddar: the cook's feta stands in
    for the cheddar, which leaves the list of foods to buy; chickpeas do not stand in for a
    sausage, nor feta for milk."""
    assert stand_ins(["feta"], ["potato", "milk", "cheddar cheese"]) == [("feta", "cheddar cheese")]
    assert stand_ins(["chickpea"], ["sausage"]) == []
    assert stand_ins(["pasta"], ["noodle", "basil"]) == [("pasta", "noodle")]
    text = pantry_text(
        ["egg", "spinach"], ["potato", "cheddar cheese"], ["eggs", "spinach", "feta"],
        ["egg", "spinach"], swaps=[("feta", "cheddar cheese")],
    )  # fmt: skip
    assert text == (
        "uses your eggs and spinach, and your feta for the cheddar cheese; you'd need: potato"
    )


def _match(said: list[str], recipe: Recipe) -> PantryMatch:
    pantry = [canonical_food(item) for item in said]
    covered = {form for item in pantry for form in pantry_forms(item)}
    used = used_items(pantry, recipe.foods)
    missing = foods_to_buy(recipe.foods, recipe, covered)
    adapted = adapt_recipe(recipe, CookConstraints())
    assert not isinstance(adapted, Refusal)
    return PantryMatch(
        recipe=recipe, adapted=adapted, score=pantry_weight(used, recipe.title), used=tuple(used),
        main=tuple(main_uses(used, recipe)), missing=tuple(missing),
        missing_main=tuple(missing_mains(missing, recipe)),
    )  # fmt: skip


def test_a_recipe_the_cooks_feta_completes_ranks_by_it() -> None:
    """A frittata whose cheddar the cook's feta stands in for needs only milk, as an omelette
    does, and uses all three items: it answers first, though it would come after the omelette
    (one food fewer to buy) without the stand-in."""
    pantry = ["egg", "spinach", "feta"]
    frittata = _match(pantry, _recipe("Frittata", "8 eggs", "300 g spinach", "100 g cheddar "
                                      "cheese", "100 ml milk"))  # fmt: skip
    omelette = _match(pantry, _recipe("Omelette", "8 eggs", "300 g spinach", "100 ml milk"))
    assert pantry_rank(omelette) < pantry_rank(frittata)
    free = CookConstraints()
    assert pantry_rank(frittata, pantry, free) < pantry_rank(omelette, pantry, free)
    assert pantry_rank(frittata, pantry) == pantry_rank(frittata)  # no constraints, no stand-in


def test_no_item_stands_in_for_a_cook_with_an_allergy_or_for_a_swapped_food() -> None:
    """A cook allergic to milk with feta in the fridge: the frittata's cheddar, swapped for a
    dairy-free cheese, is never 'your feta'; nor, for any cook with an allergen, is any food."""
    pantry = ["eggs", "spinach", "feta"]
    recipe = _recipe("Frittata", "8 eggs", "300 g spinach", "100 g cheddar cheese")
    milk = CookConstraints(allergens={"milk": "severe"})
    adapted = adapt_recipe(recipe, milk)
    assert not isinstance(adapted, Refusal) and adapted.substitutions
    match = _match(pantry, recipe).model_copy(update={"adapted": adapted})
    for constraints in (milk, CookConstraints()):
        assert match_swaps(match, pantry, constraints) == []
        assert "your feta for" not in pantry_use(match, pantry, constraints).text
    plain = _match(pantry, recipe)
    assert match_swaps(plain, pantry, CookConstraints(allergens={"peanuts": "severe"})) == []
    assert match_swaps(plain, pantry, CookConstraints()) == [("feta", "cheddar cheese")]


def test_a_pantry_suggestion_names_what_to_buy_as_the_recipe_writes_it() -> None:
    pantry = ["chickpeas", "tomatoes"]
    salad = _recipe(
        "Salad", "400 g chickpeas", "300 g grape tomatoes", "100 g Kalamata olives",
        "2 tbsp fresh basil leaves", "1 boneless skinless chicken breast halves",
    )  # fmt: skip
    text = pantry_use(_match(pantry, salad), pantry).text
    assert text.startswith("uses your chickpeas and tomatoes; you'd need: ")
    assert set(text.split("need: ")[1].split(", ")) == {
        "chicken breast", "Kalamata olives", "basil leaves",
    }  # fmt: skip


def test_a_dried_or_ground_herb_is_on_the_spice_rack_not_to_buy() -> None:
    """ "1 tsp dried basil" and "2 tsp ground coriander" are in the cupboard; fresh basil and a
    pound of ground beef are not."""
    soup = _recipe("Soup", "400 g chickpeas", "1 tsp dried basil", "2 tsp ground coriander",
                   "450 g ground beef", "1 bunch fresh parsley")  # fmt: skip
    assert foods_to_buy(soup.foods, soup, pantry_forms("chickpea")) == ["ground beef", "parsley"]


def test_a_substitute_to_buy_is_named_as_the_adaptation_names_it() -> None:
    """A cook allergic to milk is told to buy 'dairy-free cheese', not 'cheese'."""
    pantry = ["eggs", "spinach"]
    recipe = _recipe("Frittata", "8 eggs", "300 g spinach", "100 g cheddar cheese")
    adapted = adapt_recipe(recipe, CookConstraints(allergens={"milk": "severe"}))
    assert not isinstance(adapted, Refusal)
    new = adapted.substitutions[0].new_item
    match = _match(pantry, recipe).model_copy(
        update={"adapted": adapted, "missing": (canonical_food(new),)}
    )
    assert pantry_use(match, pantry).text.endswith(f"you'd need: {new}")
