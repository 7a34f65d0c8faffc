"""Reading ingredient lines and recipe text with the allergen core.

Every allergen reading in the recipes layer goes through `kairos.core.allergen_detection`
(`detect_allergens`), the same reader products and menus use; custom profile entries ("garlic")
are read by the same function over `custom_lexicon`, dislikes as foods over `food_lexicon`
(plurals, spellings, what is made from them), and meat / fish words for the
diet checks over a lexicon built from `foods.toml`, so negations ("meat-free") work the same way
everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final, Literal

from kairos.core.allergen_detection import AllergenMention as Mention
from kairos.core.allergen_detection import detect_allergens
from kairos.core.allergens import is_canonical, lactose_free_for_intolerance
from kairos.core.lexicon import custom_lexicon, food_lexicon
from kairos.recipes.foods import canonical_food, food_table
from kairos.recipes.models import IngredientLine, ParsedIngredient
from kairos.recipes.units import to_metric

__all__ = [
    "DIET_RULES",
    "Hazard",
    "animal_groups",
    "prime_readings",
    "read_line",
    "text_allergens",
    "tolerated",
]

HazardKind = Literal["allergen", "dislike", "diet"]
_PRESSED_OIL: Final = re.compile(r"[\s-]+oils?\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Hazard:
    """Something in a text the constraint set forbids: which rule, what word, where."""

    kind: HazardKind
    name: str
    """The canonical allergen, the dislike, or the diet broken."""
    word: str
    status: str
    reason: str | None = None
    """Why a product brings the allergen, when the core says ("most curry pastes hold shrimp
    paste"): set on the allergens a line only likely holds."""

    @property
    def likely(self) -> bool:
        """A canonical allergen the text only likely holds ("may contain"): named to the cook
        with what to check, never a reason to refuse the recipe."""
        return self.kind == "allergen" and self.status != "contains" and is_canonical(self.name)


def tolerated(hazard: Hazard, text: str, severities: Mapping[str, str]) -> bool:
    """Lactose-free dairy for a dairy intolerance: the engine's one rule
    (`lactose_free_for_intolerance`), so the coach keeps only what the safety step passes."""
    return hazard.kind == "allergen" and lactose_free_for_intolerance(
        text, hazard.word, hazard.name, severities.get(hazard.name)
    )


# Diet -> what it forbids: animal groups of foods.toml, and canonical allergens.
DIET_RULES: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    "vegan": (
        frozenset(("meat", "processed_meat", "poultry", "fish_names", "shellfish_names",
                   "animal_products")),
        frozenset(("dairy", "eggs", "fish", "shellfish", "molluscs")),
    ),
    "vegetarian": (
        frozenset(("meat", "processed_meat", "poultry", "fish_names", "shellfish_names")),
        frozenset(("fish", "shellfish", "molluscs")),
    ),
    "pescatarian": (frozenset(("meat", "processed_meat", "poultry")), frozenset()),
    "gluten_free": (frozenset(), frozenset(("gluten",))),
    "dairy_free": (frozenset(), frozenset(("dairy",))),
    "egg_free": (frozenset(), frozenset(("eggs",))),
    "soy_free": (frozenset(), frozenset(("soy",))),
    "nut_free": (frozenset(), frozenset(("peanuts", "tree_nuts"))),
}  # fmt: skip
_ANIMAL_GROUPS: Final = DIET_RULES["vegan"][0]


@cache
def _animal_terms() -> tuple[str, ...]:
    """Animal foods, and the foods whose names hold one without being one ("goat cheese"), so
    that the longest entry wins and "goat cheese" is never read as goat."""
    table = food_table()
    animal = {f for f, groups in table.groups.items() if groups & _ANIMAL_GROUPS}
    holding = {
        f
        for f in table.groups
        if f not in animal and any(w.removesuffix("s") in animal or w in animal for w in f.split())
    }
    # the table keeps "goats milk"; a line says "goat's milk"
    possessive = {
        " ".join(f"{w[:-1]}'s" if w[:-1] in animal and w.endswith("s") else w for w in f.split())
        for f in holding
    }
    return tuple(sorted(animal | holding | possessive))


def animal_groups(text: str) -> dict[str, str]:
    """Animal foods named in `text` (negations respected): word -> its foods.toml group."""
    found: dict[str, str] = {}
    table = food_table()
    for mention in detect_allergens(text, custom_lexicon(_animal_terms())):
        if mention.status != "contains":
            continue
        groups = table.groups.get(mention.allergen, frozenset()) & _ANIMAL_GROUPS
        if groups:
            found[mention.text.lower()] = sorted(groups)[0]
    return found


def text_allergens(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(contains, may_contain) canonical allergens of a text, by the allergen core."""
    contains: dict[str, None] = {}
    may: dict[str, None] = {}
    for mention in detect_allergens(text):
        (contains if mention.status == "contains" else may).setdefault(mention.allergen, None)
    return tuple(contains), tuple(a for a in may if a not in contains)


def read_line(parsed: ParsedIngredient, position: int) -> IngredientLine:
    """A parsed line with its canonical food, metric amount and allergen reading. The whole
    original line is read, so an alternative ("butter or margarine") is never missed."""
    contains, may = text_allergens(parsed.original)
    metric_quantity, metric_unit = to_metric(parsed.quantity, parsed.unit)
    return IngredientLine(
        **parsed.model_dump(),
        position=position,
        food=canonical_food(parsed.item),
        metric_quantity=metric_quantity,
        metric_unit=metric_unit,
        contains=contains,
        may_contain=may,
    )


def hazards_in(
    text: str,
    allergens: Iterable[str],
    dislikes: Iterable[str],
    diets: Iterable[str],
) -> list[Hazard]:
    """Everything in `text` a constraint set forbids: its canonical allergens (contains or may
    contain), its custom entries and dislikes (as words), and what its diets exclude."""
    return list(_hazards_in(text, tuple(allergens), tuple(dislikes), tuple(diets)))


# The readings below depend on the text alone (or the text and a profile's own words): kept,
# because the same recipe lines come back with every request that adapts them, for cooks whose
# constraint sets differ.
_KEPT: Final = 65_536


@lru_cache(maxsize=_KEPT)
def _mentions(text: str) -> tuple[Mention, ...]:
    return tuple(detect_allergens(text))


def prime_readings(texts: Iterable[str]) -> int:
    """Read `texts` (a catalogue's ingredient lines and steps) by the allergen core ahead of
    the requests that adapt them, as far as the kept readings reach; how many were read."""
    read = 0
    for text in texts:
        if _mentions.cache_info().currsize >= _KEPT:
            break
        _mentions(text)
        read += 1
    return read


@lru_cache(maxsize=_KEPT)
def _custom_mentions(text: str, custom: tuple[str, ...]) -> tuple[Mention, ...]:
    return tuple(detect_allergens(text, custom_lexicon(custom)))


@lru_cache(maxsize=_KEPT)
def _food_mentions(text: str, foods: tuple[str, ...]) -> tuple[Mention, ...]:
    return tuple(detect_allergens(text, food_lexicon(foods)))


@lru_cache(maxsize=_KEPT)
def _animal_words(text: str) -> tuple[tuple[str, str], ...]:
    return tuple(animal_groups(text).items())


@lru_cache(maxsize=_KEPT)
def _hazards_in(
    text: str, allergens: tuple[str, ...], dislikes: tuple[str, ...], diets: tuple[str, ...]
) -> tuple[Hazard, ...]:
    found: list[Hazard] = []
    canonical = {a for a in allergens if is_canonical(a)}
    forbidden_by_diet: dict[str, str] = {}
    animal_by_diet: dict[str, str] = {}
    for diet in diets:
        groups, diet_allergens = DIET_RULES.get(diet, (frozenset(), frozenset()))
        for allergen in diet_allergens:
            forbidden_by_diet.setdefault(allergen, diet)
        for group in groups:
            animal_by_diet.setdefault(group, diet)
    if canonical or forbidden_by_diet:
        for mention in _mentions(text):
            reason = getattr(mention, "reason", None)
            if mention.allergen in canonical:
                found.append(
                    Hazard("allergen", mention.allergen, mention.text, mention.status, reason)
                )
            # a diet is kept as it always was: what it forbids goes even when only likely
            # ("chocolate" for a vegan), though the same allergen of a person would stay named
            if mention.allergen in forbidden_by_diet and (
                mention.allergen not in canonical or mention.status != "contains"
            ):
                diet = forbidden_by_diet[mention.allergen]
                found.append(Hazard("diet", diet, mention.text, mention.status))
    custom = tuple(a for a in allergens if not is_canonical(a))
    if custom:
        for mention in _custom_mentions(text, custom):
            found.append(Hazard("allergen", mention.allergen, mention.text, mention.status))
    if dislikes:
        for mention in _food_mentions(text, dislikes):
            if _PRESSED_OIL.match(text, mention.end):
                continue  # a cook who hates olives cooks with olive oil: an oil is not its fruit
            found.append(Hazard("dislike", mention.allergen, mention.text, mention.status))
    if animal_by_diet:
        for word, group in _animal_words(text):
            if group in animal_by_diet:
                found.append(Hazard("diet", animal_by_diet[group], word, "contains"))
    return tuple(found)
