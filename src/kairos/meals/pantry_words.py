"""What a pantry answer says: which of the cook's items each suggestion uses, which of them are
its main ingredients, what is still to buy; and, when no recipe is made mainly of most of the
items, that none is, before the closest ones are offered."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.meals.schemas import PantryUse
from kairos.recipes.amounts import without_amounts
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.foods import canonical_food
from kairos.recipes.models import PantryMatch
from kairos.recipes.pantry import pantry_order, spice_rack, stand_ins

__all__ = ["match_swaps", "pantry_message", "pantry_rank", "pantry_text", "pantry_use"]


def _and(words: Sequence[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _said(pantry: Sequence[str]) -> dict[str, str]:
    """Each item's food as the cook said it when that is its plural ("eggs", "a tin of tomatoes":
    tomatoes), else the food's name."""
    said: dict[str, str] = {}
    for item in pantry:
        food = canonical_food(item)
        words = item.lower().strip()
        plural = next((food + end for end in ("es", "s") if words.endswith(food + end)), food)
        said.setdefault(food, plural)
    return said


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def match_swaps(
    match: PantryMatch, pantry: Sequence[str], constraints: CookConstraints | None = None
) -> list[tuple[str, str]]:
    """The cook's items the recipe does not use standing in for foods it calls for
    (`pantry.stand_ins`: their feta for its cheddar). Only for a cook (and household) with no
    allergen, dislike or diet, and a recipe adaptation changed nothing in: Kairos reads no
    allergen in the item, so it never offers the cook's feta for a dairy-free cheese or their
    wheat pasta for rice noodles. None without `constraints`."""
    if constraints is None or constraints.allergens or constraints.dislikes:
        return []
    if constraints.diets or match.adapted.substitutions or match.had_allergens:
        return []
    unused = [item for item in pantry if canonical_food(item) not in match.used]
    return stand_ins(unused, match.missing)


def pantry_use(
    match: PantryMatch, pantry: Sequence[str], constraints: CookConstraints | None = None
) -> PantryUse:
    """What a pantry suggestion says of the cook's items: the main ingredients to buy listed
    first among the foods to buy; an item standing in for a food (`match_swaps`) is among the
    items used, and that food is not to buy."""
    swaps = match_swaps(match, pantry, constraints)
    swapped = {food for _, food in swaps}
    to_buy = [*match.missing_main, *(f for f in match.missing if f not in match.missing_main)]
    to_buy = [food for food in to_buy if food not in swapped]
    return PantryUse(
        used=[*match.used, *(item for item, _ in swaps)], main=list(match.main),
        missing=to_buy, missing_main=[f for f in match.missing_main if f not in swapped],
        pantry_size=len(dict.fromkeys(pantry)),
        text=pantry_text(
            match.used, _as_written(match, to_buy), pantry, match.main, _spices(match),
            [(item, _as_written(match, [food])[0]) for item, food in swaps],
        ),
    )  # fmt: skip


_ITEM_WORDS = 4
"""A recipe's item longer than this is named by its food ("boneless skinless chicken breast
halves" is "chicken breast")."""


def _as_written(match: PantryMatch, foods: Sequence[str]) -> list[str]:
    """Each food as the recipe's first line of it names it ("lasagna noodles", "Kalamata
    olives"; "fresh" left off), or the food's name when that line is long; a food an
    adaptation brought in as its substitute names it ("dairy-free cheese", "oat milk")."""
    items = {canonical_food(sub.new_item): sub.new_item for sub in match.adapted.substitutions}
    for line in match.recipe.ingredients:
        if line.food and line.food not in items:
            words = line.item.split()
            words = words[1:] if words and words[0].lower() == "fresh" else words
            if words and len(words) <= _ITEM_WORDS:
                items[line.food] = " ".join(words)
    return [items.get(food, food) for food in foods]


def pantry_rank(
    match: PantryMatch,
    pantry: Sequence[str] = (),
    constraints: CookConstraints | None = None,
) -> tuple[float, float, int, float, int, int, int, int, bool, float]:
    """`pantry_order` (the most of the cook's items less what must be bought, the cheapest
    shopping, the most main items, their weight, the fewest proteins, main ingredients and
    foods still to buy), then the most items used, a
    recipe with amounts before one whose source gives none, then how much of the dish they make.
    An item of `pantry` standing in for a food to buy (`match_swaps`) is used and that food
    not bought."""
    swaps = match_swaps(match, pantry, constraints)
    swapped = {food for _, food in swaps}
    net, cost, mains, weight_, proteins, to_buy, missing, weight = pantry_order(
        match.main, [f for f in match.missing if f not in swapped], match.score,
        [f for f in match.missing_main if f not in swapped],
        [*match.used, *(item for item, _ in swaps)],
    )  # fmt: skip
    used, amounts = -len(match.used), without_amounts(match.recipe)
    return net, cost, mains, weight_, proteins, to_buy, missing, used, amounts, weight


def _spices(match: PantryMatch) -> list[str]:
    """The spice-rack foods (`spice_rack`) the recipe, as adapted, calls for: not bought, but
    named as the recipe writes them."""
    kept = {canonical_food(line.item) for line in match.adapted.ingredients if not line.omitted}
    rack = spice_rack(match.recipe)
    foods = [f for f in dict.fromkeys(match.recipe.foods) if f in rack and f in kept]
    return _as_written(match, foods)


def pantry_text(
    used: Sequence[str], missing: Sequence[str], pantry: Sequence[str],
    main: Sequence[str] | None = None, spices: Sequence[str] = (),
    swaps: Sequence[tuple[str, str]] = (),
) -> str:  # fmt: skip
    """ "uses your chicken and rice, not your lime or broccoli; you'd need: soy sauce";
    " (mainly chicken)" when some of the used items only season the dish; the common spices it
    calls for named after what is to buy; "and your feta for the cheddar cheese" for an unused
    item standing in for a food the recipe calls for (`swaps`: that food is not to buy)."""
    said = _said(pantry)
    swapped = {item for item, _ in swaps}
    missing = [food for food in missing if food not in {f for _, f in swaps}]
    unused = [said[food] for food in said if food not in used and food not in swapped]
    named = [said.get(food, food) for food in used]
    text = f"uses your {_and(named)}" if named else "uses none of your items"
    if main is not None and list(main) != list(used):
        mains = [said.get(food, food) for food in main]
        text += f" (mainly {_and(mains)})" if main else " (none of them as a main ingredient)"
    for item, food in swaps:
        text += f", and your {said.get(item, item)} for the {food}"
    if unused:
        text += f", not your {_and(unused, 'or')}"
    if missing:
        text += "; you'd need: " + ", ".join(missing[:6])
        if len(missing) > 6:
            text += f" and {len(missing) - 6} more"
    else:
        text += "; nothing else to buy beyond salt, oil and spices"
    if spices:
        text += f" (and from the spice rack: {', '.join(spices[:4])})"
    return text


def _none_use(items: Sequence[str], used_by_any: Sequence[str] | None) -> str:
    """ " None of them uses your feta." for the items no suggestion uses at all."""
    if used_by_any is None:
        return ""
    unused = [item for item in items if item not in set(used_by_any)]
    if not unused:
        return ""
    return f" None of them uses your {_and(unused)}."


def pantry_message(
    count: int, best_main: Sequence[str], pantry: Sequence[str],
    used_by_any: Sequence[str] | None = None, most_used: int | None = None,
) -> str:  # fmt: skip
    """The answer's first words: `count` meals; when none of them uses every item (`most_used`:
    the most items one of them uses), that no recipe uses them all and how many the closest
    use; when the best of them has no more than half of the cook's items as main ingredients,
    that no recipe is made mainly of them, and what the closest ones are made of; the items
    none of the meals uses (`used_by_any`: every item some suggestion uses), said after."""
    items = list(dict.fromkeys(canonical_food(item) for item in pantry))
    text = f"{count} meals from your ingredients, from real recipes adapted to you."
    text += _none_use(items, used_by_any)
    if len(items) < 2:
        return text
    if most_used is not None and most_used < len(items):
        said = list(_said(pantry).values())
        return (
            f"No recipe Kairos holds uses all of your {_and(said)}; these use up to "
            f"{_number(most_used)} of them, each saying which and what else you'd need. {text}"
        )
    if 2 * len(best_main) > len(items):
        return text
    closest = (
        f"the closest are made mainly of {_and(list(best_main))}"
        if best_main
        else ("the closest only use them as seasoning or garnish")
    )
    return (
        f"No recipe Kairos holds is made mainly of your {_and(items)}; {closest}, so each "
        f"says what else it needs. {text}"
    )
