"""What a pantry answer says: which of the cook's items each suggestion uses, which of them are
its main ingredients, what is still to buy; and, when no recipe is made mainly of most of the
items, that none is, before the closest ones are offered."""

from __future__ import annotations

from collections.abc import Sequence

from kairos.meals.schemas import PantryUse
from kairos.recipes.foods import canonical_food
from kairos.recipes.models import PantryMatch

__all__ = ["pantry_message", "pantry_text", "pantry_use"]


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def pantry_use(match: PantryMatch, pantry: Sequence[str]) -> PantryUse:
    """What a pantry suggestion says of the cook's items: the main ingredients to buy listed
    first among the foods to buy."""
    to_buy = [*match.missing_main, *(f for f in match.missing if f not in match.missing_main)]
    return PantryUse(
        used=list(match.used), main=list(match.main), missing=to_buy,
        missing_main=list(match.missing_main), pantry_size=len(dict.fromkeys(pantry)),
        text=pantry_text(match.used, to_buy, pantry, match.main),
    )  # fmt: skip


def pantry_text(
    used: Sequence[str], missing: Sequence[str], pantry: Sequence[str],
    main: Sequence[str] | None = None,
) -> str:  # fmt: skip
    """ "uses 2 of your 4 items (chicken, rice; not lime, broccoli); also needs: soy sauce";
    ", mainly chicken" when some of the used items only season the dish."""
    items = list(dict.fromkeys(pantry))
    size = len(items)
    unused = [food for item in items if (food := canonical_food(item)) not in used]
    named = ", ".join(used) + (f"; not {', '.join(unused)}" if unused else "")
    text = f"uses {len(used)} of your {size} item{'s' if size != 1 else ''} ({named})"
    if main is not None and list(main) != list(used):
        text += f", mainly {_and(main)}" if main else ", none of them as a main ingredient"
    if missing:
        text += "; also needs: " + ", ".join(missing[:6])
        if len(missing) > 6:
            text += f" and {len(missing) - 6} more"
    else:
        text += "; nothing else needed beyond staples"
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
    used_by_any: Sequence[str] | None = None,
) -> str:  # fmt: skip
    """The answer's first words: `count` meals; when the best of them has no more than half of
    the cook's items as main ingredients, that no recipe is made mainly of them, and what the
    closest ones are made of; the items none of the meals uses (`used_by_any`: every item some
    suggestion uses), said after."""
    items = list(dict.fromkeys(canonical_food(item) for item in pantry))
    text = f"{count} meals from your ingredients, from real recipes adapted to you."
    text += _none_use(items, used_by_any)
    if len(items) < 2 or 2 * len(best_main) > len(items):
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
