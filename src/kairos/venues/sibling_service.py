"""How a chain's branch serves when its own listing does not say: what its siblings' say.

A branch listed only by cuisine ("Boloco Berklee": Cajun/Creole, Mexican, American) reads as a
restaurant with tables, while another listing of the same chain says "Order at Counter" and no
waiter service ("Boloco - Newbury Street"): a burrito counter ranked in the top three of a
birthday dinner, unflagged as a counter (plans panel, half A). A sibling is a catalogue place
whose name, its branch's part set aside ("X - Y", "X at Y"), is the venue's own or the first
words of it (of at least `HEAD_CHARS` letters). When every sibling that says anything says a
counter, the branch is taken to serve at one; when one says tables, nothing is taken.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

__all__ = ["HEAD_CHARS", "branch_head", "counter_by_siblings", "like_prefixes"]

HEAD_CHARS: Final = 5
"""The shortest chain name taken as another's first words ("Boloco" of "Boloco Berklee")."""
_BRANCH: Final = re.compile(r"\s+(?:at|@|-|–|—)\s+")
_SPACES: Final = re.compile(r"\s+")


def branch_head(name: str) -> str:
    """A listing's name without its branch's part, lower-cased ("boloco" of "Boloco - Newbury
    Street")."""
    return _SPACES.sub(" ", _BRANCH.split(name.strip())[0]).strip().lower()


def _siblings(a: str, b: str) -> bool:
    """Two heads of one chain: the same, or the shorter the first words of the longer."""
    short, long = sorted((a, b), key=len)
    if short == long:
        return True
    return len(short) >= HEAD_CHARS and long.startswith(short + " ")


def like_prefixes(names: Iterable[str]) -> list[str]:
    """The SQL LIKE patterns that find the siblings of these names: their first word."""
    firsts = {head.split(" ")[0] for n in names if (head := branch_head(n))}
    return sorted(f"{_escape(w)}%" for w in firsts if w)


def _escape(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def counter_by_siblings(
    name: str, place_id: int, siblings: Iterable[tuple[int, str, bool | None]]
) -> bool:
    """Whether the other listings of the venue's chain (`siblings`: id, name, serves at tables
    as its listing says or None) say it serves at a counter: at least one says so and none
    says tables."""
    head = branch_head(name)
    said = [
        t
        for i, n, t in siblings
        if i != place_id and t is not None and _siblings(head, branch_head(n))
    ]
    return bool(said) and not any(said)
