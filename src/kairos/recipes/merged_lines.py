"""One line a food in the adapted list (issue 37, "duplicated lines after a swap"): a cook
reading "100 g feta" twice cannot tell whether to buy 100 g or 200 g.

- A run of three or more lines that repeats an earlier run line for line is the source's list
  copied twice (a scraped page): the copy is dropped.
- Two lines that show the same food the same way ("105 g white sugar" for the streusel and for
  the cake, or a substitute that is a food the list already holds) become one line with the
  total and its parts: "210 g white sugar (in 2 parts: 105 g and 105 g)".
- The same line with no amount ("salt and pepper, to taste") is shown once.

Lines left out for the cook's needs are kept as they are: each says why it is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kairos.recipes.display import format_amount
from kairos.recipes.models import AdaptedIngredient
from kairos.recipes.shown_items import agreeing_item

__all__ = ["merged_lines"]

_COPIED_RUN: Final = 3
"""Lines repeated in order this many at a time are a copy, not a recipe's second part."""


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _tail(line: AdaptedIngredient) -> str | None:
    """The line as shown without its amount; None when its amount does not lead it."""
    amount = format_amount(line.quantity, line.quantity_max, line.unit)
    if not amount:
        return line.display
    if not line.display.startswith(amount):
        return None
    return line.display[len(amount) :].strip()


def _without_copies(lines: Sequence[AdaptedIngredient]) -> list[AdaptedIngredient]:
    keys = [_key(line.display) for line in lines]
    dropped: set[int] = set()
    for start in range(len(keys)):
        for earlier in range(start):
            run = 0
            while (
                start + run < len(keys)
                and earlier + run < start
                and keys[earlier + run] == keys[start + run]
            ):
                run += 1
            if run >= _COPIED_RUN:
                dropped.update(range(start, start + run))
                break
    return [line for i, line in enumerate(lines) if i not in dropped]


def _merged(
    first: AdaptedIngredient, parts: list[AdaptedIngredient], tail: str
) -> AdaptedIngredient:
    total = sum(part.quantity or 0.0 for part in parts)
    tops = [part.quantity_max for part in parts]
    top = (
        sum(t if t is not None else (p.quantity or 0.0) for t, p in zip(tops, parts, strict=True))
        if any(t is not None for t in tops)
        else None
    )
    shown = [format_amount(p.quantity, p.quantity_max, p.unit) for p in parts]
    said = " and ".join([", ".join(shown[:-1]), shown[-1]])
    amount = format_amount(total, top, first.unit)
    if first.unit is None:  # "1 onion" twice is "2 onions"
        prep = f", {first.preparation}" if first.preparation else ""
        item = tail[: len(tail) - len(prep)] if prep and tail.endswith(prep) else tail
        tail = agreeing_item(item, first.quantity, total, None) + tail[len(item) :]
    display = f"{amount} {tail} (in {len(parts)} parts: {said})"
    return first.model_copy(update={"quantity": total, "quantity_max": top, "display": display})


def merged_lines(lines: Sequence[AdaptedIngredient]) -> list[AdaptedIngredient]:
    """`lines` with each food shown once: copies dropped, repeats summed (see the module)."""
    kept = _without_copies(lines)
    groups: dict[tuple[str, str | None], list[int]] = {}
    for i, line in enumerate(kept):
        tail = _tail(line)
        if line.omitted or tail is None:
            continue
        groups.setdefault((_key(tail), line.unit if line.quantity else "-"), []).append(i)
    replaced: dict[int, AdaptedIngredient] = {}
    dropped: set[int] = set()
    for (tail_key, _unit), at in groups.items():
        if len(at) < 2:
            continue
        parts = [kept[i] for i in at]
        if parts[0].quantity is None:
            dropped.update(at[1:])
            continue
        tail = _tail(parts[0]) or tail_key
        replaced[at[0]] = _merged(parts[0], parts, tail)
        dropped.update(at[1:])
    return [replaced.get(i, line) for i, line in enumerate(kept) if i not in dropped]
