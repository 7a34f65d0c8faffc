"""Why a recipe is not offered: the refusal of a dish that is itself an anaphylactic
allergen ("Peanut Noodles"), and the `Refusal` every other no is built with."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.core.allergy_warnings import display_name
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.models import Recipe, Refusal
from kairos.recipes.reading import Hazard, hazards_in
from kairos.recipes.reasons import hazard_reason
from kairos.recipes.substitutions import find_rules

__all__ = ["anaphylactic_dish", "article", "refuse"]

_PLANT_BASED: Final = re.compile(r"\b(?:vegan|plant[- ]based)\b", re.IGNORECASE)
_NOT_IN_PLANT_FOOD: Final = frozenset({"dairy", "eggs", "fish", "shellfish", "molluscs"})


def article(phrase: str) -> str:
    return "an" if phrase[:1].lower() in "aeiou" else "a"


def refuse(recipe: Recipe, reason: str, hazards: Sequence[Hazard], lines: Sequence[str]) -> Refusal:
    names = tuple(dict.fromkeys(h.name for h in hazards))
    return Refusal(
        recipe_id=recipe.id, title=recipe.title, reason=reason, allergens=names, lines=tuple(lines)
    )


def anaphylactic_dish(recipe: Recipe, constraints: CookConstraints) -> Refusal | None:
    """A dish named after an anaphylactic allergen ("Peanut Noodles") is the allergen."""
    worst = [name for name, level in constraints.allergens.items() if level == "anaphylactic"]
    if _PLANT_BASED.search(recipe.title):  # "Vegan Mac and Cheese" is not made of cheese
        worst = [name for name in worst if name not in _NOT_IN_PLANT_FOOD]
    if not worst:
        return None
    hazards = [
        h for h in hazards_in(recipe.title, worst, (), ())
        if h.status == "contains" and not _stood_in(recipe, h)
    ]  # fmt: skip
    if not hazards or (constraints.swap_to and all(_main(h.word) for h in hazards)):
        return None  # a main protein the cook named a replacement for is swapped, then checked
    hazard = hazards[0]
    reason = hazard_reason(hazard, dict(constraints.allergens), constraints.owners)
    with_whom = reason if constraints.owners else f"{article(reason)} {reason}"
    return refuse(
        recipe,
        f"{recipe.title} {_made_of(hazard)}: with {with_whom} it is not offered, "
        "even with a substitute.",
        hazards,
        [],
    )


def _stood_in(recipe: Recipe, hazard: Hazard) -> bool:
    """The title names a dish that only carries the allergen ("miso soup" carries fish) and
    every line holding it has a stand-in of its role (`SubstitutionRule.stands_in`: a plant
    dashi): the lines are swapped, then checked, as any line is."""
    word, allergen = hazard.word.lower(), display_name(hazard.name)
    if set(word.split()) & {allergen, allergen.rstrip("s"), *allergen.split()}:
        return False  # named after the allergen: it is the dish
    holding = [line for line in recipe.ingredients
               if hazard.name in line.contains or hazard.name in line.may_contain]  # fmt: skip
    return bool(holding) and all(_stands_in(line.item, hazard.name) for line in holding)


def _stands_in(item: str, allergen: str) -> bool:
    found = find_rules(item)
    return found is not None and any(
        rule.stands_in and allergen in rule.removes for rule in found[0]
    )


def _main(word: str) -> bool:
    found = find_rules(word)
    return found is not None and any(rule.main for rule in found[0])


def _made_of(hazard: Hazard) -> str:
    """ "is a peanut dish", or, where the word does not name the allergen, "is a pad thai dish,
    which carries peanuts"."""
    word, allergen = hazard.word.lower(), display_name(hazard.name)
    dish = f"is {article(word)} {word} dish"
    if set(word.split()) & {allergen, allergen.rstrip("s"), *allergen.split()}:
        return dish
    return f"{dish}, which carries {allergen}"
