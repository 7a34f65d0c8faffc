"""Whether a recipe can be followed as written: every food its lines list used by a step, every
food a step uses listed, every component a step makes ("prepare the béchamel sauce") given a
method. Read word by word (plurals and "-es"/"-ies" forms are the same word), leniently: a line is
used when any word of its item is in the steps ("ground beef" by "the beef"), when a step names its
kind ("the vegetables", "the spices") or refers to the ingredients at large ("combine the dry
ingredients", "add the rest"); a food in a step is listed when a word of it is in a line.

Over the 5,190 shared recipes (both files): see `docs/BENCHMARKS.md` ("Recipes as written").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from kairos.core.allergens import Severity
from kairos.core.lexicon import term_key
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.foods import canonical_food, food_groups, food_table
from kairos.recipes.models import AdaptedIngredient, IngredientLine, Recipe
from kairos.recipes.reading import hazards_in
from kairos.recipes.reasons import hazard_reason

__all__ = [
    "Completeness",
    "completeness",
    "gaps_note",
    "incomplete",
    "prime_completeness",
    "with_gaps",
]

_WORD: Final = re.compile(r"[a-zà-ÿ]+")
_SKIP: Final = frozenset({
    "a", "an", "and", "or", "of", "the", "to", "for", "with", "in", "on", "into", "at", "as",
    "fresh", "freshly", "large", "small", "medium", "extra", "virgin", "ripe", "raw", "cooked",
    "dried", "dry", "frozen", "canned", "organic", "chopped", "diced", "minced", "sliced",
    "grated", "shredded", "crushed", "ground", "whole", "boneless", "skinless", "lean",
    "unsalted", "salted", "sweetened", "unsweetened", "plain", "hot", "cold", "warm", "soft",
    "firm", "finely", "thinly", "roughly", "low", "reduced", "fat", "free", "light", "dark",
    "good", "quality", "baby", "white", "red", "green", "black", "yellow", "brown", "golden",
    "purple", "pink", "optional", "taste", "about", "each", "more", "some", "few", "piece",
    "pieces", "cup", "cups", "can", "cans", "jar", "package", "packet", "tbsp", "tsp",
    "tablespoon", "teaspoon", "g", "kg", "ml", "l", "oz", "lb", "pound", "ounce", "inch", "cm",
    "regular", "granulated", "all", "purpose", "style", "sodium", "mix", "powder", "leaf",
    "leaves", "sprig", "sprigs", "clove", "cloves", "stick", "sticks", "bunch", "handful",
})  # fmt: skip
"""Words of an item that name no food of their own ("white" in "white granulated sugar")."""

_AT_LARGE: Final = re.compile(
    r"\b(?:ingredients|everything|all the rest|the rest|remaining items|toppings|fillings|"
    r"add-ons|garnishes|condiments|assemble|(?:mix|combine|blend|whisk|stir|toss) (?:\w+ )?"
    r"together)\b",
    re.IGNORECASE,
)
_KINDS: Final[dict[str, frozenset[str]]] = {
    "vegetable": frozenset({"vegetables"}),
    "veggie": frozenset({"vegetables"}),
    "veg": frozenset({"vegetables"}),
    "meat": frozenset({"meat", "poultry", "processed_meat"}),
    "fruit": frozenset({"fruit"}),
    "citrus": frozenset({"fruit"}),
    "berry": frozenset({"fruit"}),
    "bean": frozenset({"legumes"}),
    "legume": frozenset({"legumes"}),
    "seafood": frozenset({"fish_names", "shellfish_names"}),
    "nut": frozenset({"nuts"}),
}
_NUTS: Final = frozenset({
    "almond", "cashew", "walnut", "pecan", "pistachio", "hazelnut", "peanut", "macadamia", "nut",
})  # fmt: skip
_SEASONING: Final = re.compile(r"\b(?:spices?|seasonings?|season|herbs?|aromatics)\b", re.I)
_SEASONING_FOODS: Final = frozenset({
    "salt", "pepper", "cumin", "paprika", "cinnamon", "nutmeg", "turmeric", "curry powder",
    "chili powder", "garlic powder", "onion powder", "bay leaf", "oregano", "thyme", "rosemary",
    "basil", "dill", "parsley", "cilantro", "mint", "ginger", "sage", "cayenne", "clove",
    "cardamom", "coriander", "allspice", "garam masala", "chili flakes", "red pepper flakes",
})  # fmt: skip
_SEASONING_WORDS: Final = frozenset({
    "salt", "pepper", "peppercorn", "powder", "masala", "spice", "seasoning", "flake", "seed",
    "clove", "cardamom", "cumin", "coriander", "chilly", "chili", "herb", "bay",
})  # fmt: skip
_SERVED: Final = re.compile(
    r"\b(?:to taste|for serving|to serve|for garnish|garnish|optional|as needed|for dusting|"
    r"for greasing|for frying|to fry|for the pan)\b",
    re.IGNORECASE,
)
"""A line used as the cook sees fit (salt to taste, a garnish): not missing from the steps."""

_SAME: Final[tuple[frozenset[str], ...]] = (
    frozenset({"stock", "broth", "bouillon"}),
    frozenset({"chili", "chile", "chilli", "chilly", "chily"}),
    frozenset({"crawfish", "crayfish", "crawdad"}),
    frozenset({"cilantro", "coriander"}),
    frozenset({"scallion", "onion", "shallot"}),
    frozenset({"garbanzo", "chickpea"}),
    frozenset({"shrimp", "prawn"}),
    frozenset({"zucchini", "courgette"}),
    frozenset({"eggplant", "aubergine"}),
    frozenset({"beef", "mince", "hamburger", "steak", "sirloin", "brisket", "chuck"}),
    frozenset({"egg", "yolk"}),
    frozenset({"oil", "fat", "grease", "spray"}),
    frozenset(
        {
            "fish",
            "fillet",
            "cod",
            "salmon",
            "tuna",
            "halibut",
            "tilapia",
            "trout",
            "haddock",
            "snapper",
            "bass",
            "catfish",
            "swordfish",
            "mackerel",
            "sardine",
            "anchovy",
        }
    ),
    frozenset({"cheese", "parmesan", "mozzarella", "cheddar", "feta", "ricotta"}),
    frozenset({"pasta", "noodle", "spaghetti", "macaroni", "penne", "lasagne", "lasagna"}),
)
_NOT_FOODS_IN_STEPS: Final = frozenset({"water", "ice", "oil", "cooking spray"})
"""Foods a step may use unlisted without a cook missing them (tap water, a greased pan)."""

_COMPONENT: Final = re.compile(
    r"\b(?:prepare|make|making|preparing)\s+(?:the|your|a|an)\s+"
    r"(?P<name>(?:[\wà-ÿ'-]+\s+){0,2}?(?:sauce|dough|batter|pastry|b[ée]chamel|roux|dressing|"
    r"filling|crust|glaze|icing|frosting|syrup|custard|pesto|gravy|topping))\b",
    re.IGNORECASE,
)
_GENERIC: Final = frozenset({
    "sauce", "dough", "batter", "pastry", "dressing", "filling", "crust", "glaze", "icing",
    "frosting", "syrup", "custard", "topping", "gravy",
})  # fmt: skip
"""A component's kind alone: "prepare the dough" of a bought pizza dough is shaping it."""
_ELSEWHERE: Final = re.compile(r"\b(?:package|packet|box|instructions|directions)\b", re.I)
_ASIDE: Final = re.compile(
    r"\b(?:serve[sd]?|serving|if desired|if you like|optional(?:ly)?|alternatively|instead|"
    r"or use|garnish|accompan\w*|extra touch|such as|size of|feel free|to your liking|to taste|"
    r"suggestions?|like|weigh|alongside|if using)\b",
    re.IGNORECASE,
)
"""A sentence that serves, garnishes or compares ("the size of walnuts"): its foods are the
cook's choice, not ingredients the list forgot."""
_NOT_THE_FOOD: Final = re.compile(
    r"\s+(?:or|pot|cloth|pink|colou?r|sized?|shaped?|machine|maker|knife|board)\b"
)
"""A food word naming something else ("a stock pot", "cheese cloth", "salmon pink") or the first
of two a cook chooses between ("butter or margarine")."""
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+")


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("oes", "ches", "shes", "sses", "xes")) and len(word) > 4:
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def _stems(text: str) -> set[str]:
    stems = {_stem(w) for w in _WORD.findall(text.lower())}
    for same in _SAME:
        if stems & same:
            stems |= same
    return stems


def _words(item: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(item.lower()) if w not in _SKIP and len(w) > 2}


@dataclass(frozen=True, slots=True)
class Completeness:
    """What a recipe as written lacks: `unused` lines' items (the steps never use them),
    `unlisted` foods its steps use that no line lists, `unmade` components a step makes with no
    method (the step's words, "the béchamel sauce")."""

    lines: int
    unused: tuple[str, ...]
    unlisted: tuple[str, ...]
    unmade: tuple[str, ...]


def _used(line: IngredientLine, steps: str, stems: set[str], at_large: bool) -> bool:
    if at_large or _SERVED.search(line.original) or line.optional:
        return True
    words = _words(line.item)
    if not words or words & stems:
        return True
    food = line.food or canonical_food(line.item)
    named = {_stem(w) for w in _WORD.findall(food.lower())}
    groups = food_groups(food) | ({"nuts"} if named & _NUTS else set())
    if any(stem in stems and kinds & groups for stem, kinds in _KINDS.items()):
        return True
    seasoning = food in _SEASONING_FOODS or bool(named & _SEASONING_WORDS)
    return seasoning and bool(_SEASONING.search(steps))


def _unlisted(steps: str, lines: tuple[IngredientLine, ...], title: str) -> list[str]:
    """Foods a step adds among listed ones ("sprinkle over the salt, pepper and onion powder")
    that no line lists: only in a list of two or more foods (a comma or "and" beside it) in a
    sentence that also names a listed food, so a "stock pot" or "the size of walnuts" is none."""
    listed = set().union(*(_stems(f"{line.item} {line.original}") for line in lines), _stems(title))
    found: dict[str, None] = {}
    table = food_table()
    for sentence in _SENTENCE.split(steps.lower()):
        if _ASIDE.search(sentence) or not _words(sentence) & listed:
            continue
        for match in table.pattern.finditer(sentence):
            food = table.canonical.get(term_key(match.group()), "") or match.group()
            if food in _NOT_FOODS_IN_STEPS or match.group() in found:
                continue
            before, after = sentence[: match.start()], sentence[match.end() :]
            if not (_LIST_BEFORE.search(before) or _LIST_AFTER.match(after)):
                continue
            if food == "cream" and re.match(r"\s+(?:the|together|until|it|them|butter)\b", after):
                continue  # "cream the butter and sugar": a verb
            if _stems(match.group()) & listed or _NOT_THE_FOOD.match(after):
                continue
            if before.endswith("or "):
                continue  # "butter or margarine": the cook's choice of one listed
            product = _PRODUCT.match(after)  # "mango chutney", not "mango"
            found[match.group() + (product.group() if product else "")] = None
    return list(found)


_PRODUCT: Final = re.compile(
    r"\s+(?:chutney|sauce|juice|paste|jam|jelly|powder|pur[ée]e|extract|syrup|vinegar|zest|"
    r"salsa|relish|pickle|flakes|seeds?)\b"
)
_LIST_BEFORE: Final = re.compile(r"(?:,|\band)\s+(?:the\s+|some\s+)?$")
_LIST_AFTER: Final = re.compile(r"\s*(?:,|and\b)")


def _unmade(steps: tuple[str, ...], lines: tuple[IngredientLine, ...]) -> list[str]:
    """Components a step says to prepare that the lines list as ready ("710 ml béchamel
    sauce", then "prepare the béchamel sauce"): the source gives no method for them. "Make the
    glaze:" (a method follows) or "to make a dough" (the method came first) is made. A component
    no line lists is not judged: its method is usually in the later steps."""
    items = [_words(line.item) for line in lines]
    unmade: list[str] = []
    for step in steps:
        for found in _COMPONENT.finditer(step):
            rest = step[found.end() :]
            if re.search(r"\b(?:to|into|and|then)\s*$", step[: found.start()], re.I):
                continue
            if rest.lstrip().startswith((":", "-", "–", "by", "with")) or _ELSEWHERE.search(rest):
                continue
            own = _words(found.group("name"))
            listed = next((line.item for line, item in zip(lines, items, strict=True)
                           if own - _GENERIC and own <= item), None)  # fmt: skip
            if listed is not None:
                unmade.append(listed.lower())
    return list(dict.fromkeys(unmade))


def completeness(recipe: Recipe) -> Completeness:
    """What `recipe` as written lacks (see `Completeness`)."""
    if recipe.language and not recipe.language.lower().startswith("en"):
        return Completeness(len(recipe.ingredients), (), (), ())  # read in English only
    return _completeness(recipe.id, recipe.title, recipe.steps, recipe.ingredients)


@lru_cache(maxsize=20_000)
def _completeness(
    _id: int, title: str, steps: tuple[str, ...], lines: tuple[IngredientLine, ...]
) -> Completeness:
    text = " ".join(steps)
    if not text.strip() or not lines:
        return Completeness(len(lines), (), (), ())
    stems = _stems(text)
    at_large = bool(_AT_LARGE.search(text))
    unused = [line.food or line.item for line in lines if not _used(line, text, stems, at_large)]
    return Completeness(
        lines=len(lines),
        unused=tuple(dict.fromkeys(unused)),
        unlisted=tuple(_unlisted(text, lines, title)),
        unmade=tuple(_unmade(steps, lines)),
    )


def prime_completeness(recipes: Iterable[Recipe]) -> int:
    """Read `recipes` ahead of the requests that rank and adapt them (at start-up, with their
    allergen readings); how many were read."""
    read = 0
    for recipe in recipes:
        completeness(recipe)
        read += 1
    return read


def incomplete(recipe: Recipe) -> bool:
    """A recipe a cook cannot follow as written: a component made with no method, or at least
    `_UNUSED_AT` lines (and a fifth of them) the steps never use."""
    found = completeness(recipe)
    return bool(found.unmade) or (
        len(found.unused) >= _UNUSED_AT and len(found.unused) * 5 >= found.lines
    )


_UNUSED_AT: Final = 3


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


_NAMED_AT: Final = 3
"""Lines the steps never use, from which the cook is told: one or two are as often a word the
steps say otherwise ("tatashe" listed, "red bell pepper" in the steps) as a line forgotten (a
reading of 10 shared recipes with two: 4 or 5 forgotten); three or more mostly are."""


def with_gaps(
    recipe: Recipe,
    constraints: CookConstraints,
    lines: Sequence[AdaptedIngredient],
    warnings: Sequence[str],
    severities: dict[str, Severity],
) -> list[str]:
    """The recipe's `warnings` (once each), then `gaps_note`."""
    said = list(dict.fromkeys(warnings))
    return said + gaps_note(recipe, constraints, lines, said, severities)


def gaps_note(
    recipe: Recipe,
    constraints: CookConstraints,
    lines: Sequence[AdaptedIngredient],
    said: Sequence[str],
    severities: dict[str, Severity],
) -> list[str]:
    """What the cook is told of the recipe's gaps (its warnings): lines the steps never use that
    are still in the final list, a component listed ready that a step says to prepare, foods
    the steps use that no line lists. A food only in the steps that the cook's allergies,
    dislikes or diets forbid is said to be left out, with why; one a warning in `said` already
    names is not said again."""
    found = completeness(recipe)
    shown = _stems(" ".join(line.display for line in lines if not line.omitted))
    notes = []
    unused = [name for name in found.unused if _words(name) & shown]
    if len(unused) >= _NAMED_AT:
        notes.append(f"The source lists {_and(unused)} but its steps never say when to add them.")
    for name in found.unmade:
        if _words(name) <= shown:
            notes.append(
                f"The source says to prepare the {name} but gives no method for it: make it "
                "from your own recipe or use a ready-made one."
            )
    earlier = " ".join(said).lower()
    kept: list[str] = []
    left: list[tuple[str, str]] = []
    for food in found.unlisted:
        if re.search(rf"\b{re.escape(food)}\b", earlier):
            continue
        hazards = hazards_in(food, constraints.allergens, constraints.dislikes, constraints.diets)
        if hazards:
            why = hazard_reason(hazards[0], severities, constraints.owners)
            left.append((food, why))
        else:
            kept.append(food)
    if kept:
        notes.append(f"The steps also use {_and(kept)}, which the ingredient list does not give.")
    notes += [
        f"The steps also use {food}, which the ingredient list does not give: leave it out ({why})."
        for food, why in left
    ]
    return notes
