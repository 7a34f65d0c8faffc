"""How a recipe that does not use the equipment the cook named is said (issue 37, meals panel
m28): a dish that simmers an hour or more ("two hours" in words too) can be made in a slow
cooker, and says how; a grilled dish cannot, and says only what it needs."""

from __future__ import annotations

from typing import Any

from kairos.meals.equipment import equipment_fit, equipment_notes
from kairos.recipes.derive import derive_recipe


def _recipe(title: str, steps: list[str]) -> Any:
    row = {"recipe_id": title, "title": title, "ingredients": ["1 lb beef", "1 onion"],
           "instructions": steps, "yields": "4 servings", "language": "en"}  # fmt: skip
    return derive_recipe(row)


def test_a_stew_simmered_for_hours_says_how_to_use_the_slow_cooker() -> None:
    stew = _recipe("Beef Stew", ["Brown the beef in a saucepan.",
                                 "Add the tomatoes and simmer gently for two hours."])  # fmt: skip
    assert equipment_fit(stew, ["slow cooker"]) == 0
    (note,) = equipment_notes(stew, ["slow cooker"], none_of="beef stew")
    assert note.startswith("Kairos has no beef stew made in the slow cooker; this one is made")
    assert "To use your slow cooker:" in note


def test_a_grilled_dish_says_what_it_needs_and_no_more() -> None:
    grilled = _recipe("Grilled Steak", ["Grill the beef 5 minutes each side."])
    (note,) = equipment_notes(grilled, ["slow cooker"])
    assert note == "Not made in the slow cooker: this one is made with the grill."
    slow = _recipe("Slow Beef", ["Put everything in the slow cooker; cook on LOW 8 hours."])
    assert equipment_fit(slow, ["slow cooker"]) == 1
    assert equipment_notes(slow, ["slow cooker"]) == []
