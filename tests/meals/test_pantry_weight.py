"""A cupboard request is answered by dishes made of what the cook has: the weight of the items a
recipe uses (a protein over a starch or vegetable over a garnish) and the forms an item covers."""

from __future__ import annotations

from kairos.meals.recipes.pantry import pantry_forms, pantry_weight, used_items

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
