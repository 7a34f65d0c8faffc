"""A cupboard request is answered by dishes made of what the cook has: the weight of the items a
recipe uses (a protein over a starch or vegetable over a garnish) and the forms an item covers."""

from __future__ import annotations

from kairos.meals.recipes.pantry import pantry_forms, pantry_order, pantry_weight, used_items

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


def test_a_dish_using_more_of_the_cooks_main_items_ranks_first() -> None:
    """Chicken, rice and broccoli in one dish beats a chicken-and-rice dish whose title names
    both (the same weight) and that needs fewer foods bought: the cook's items come first."""
    pantry = ["chicken", "rice", "broccoli", "lime"]
    titled = used_items(pantry, ["chicken breast", "rice", "asparagus", "orange"])
    all_three = used_items(pantry, ["chicken thigh", "rice", "broccoli"])
    two = pantry_order(titled, ["asparagus", "orange"], pantry_weight(titled, "Chicken Rice"))
    three = pantry_order(
        all_three, ["ginger", "soy sauce", "cashew"], pantry_weight(all_three, "Stir-Fry")
    )
    assert three < two


def test_among_dishes_using_as_many_items_the_fewest_to_buy_ranks_first() -> None:
    """A chickpea salad (a protein, so the heavier use) that sends the cook out for six foods
    comes after a spinach and tomato dish using as many of the items with three to buy."""
    pantry = ["chickpea", "tomato", "onion", "spinach"]
    salad = used_items(pantry, ["chickpea", "tomato", "onion", "zucchini"])
    stew = used_items(pantry, ["tomato", "onion", "spinach", "lentil"])
    salad_key = pantry_order(
        salad, ["zucchini", "bell pepper", "feta cheese", "olive", "basil", "rosemary"],
        pantry_weight(salad, "Chickpea Salad"),
    )  # fmt: skip
    stew_key = pantry_order(stew, ["lentil", "cumin", "stock"], pantry_weight(stew, "Stew"))
    assert pantry_weight(salad, "Chickpea Salad") > pantry_weight(stew, "Stew")
    assert stew_key < salad_key
