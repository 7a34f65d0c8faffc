"""Learning from feedback (seed 001, memory update agent; deterministic rules).

- liked: `like:<tag>` +1 for each of the meal's pattern tags and each tag the cook gave;
- disliked: `avoid:<tag>` +1 for each tag the cook gave, and the meal's pattern tags weaken
  (`like:<tag>` -0.5);
- cooked again: a strong boost, `like:<tag>` +2 for the meal's pattern tags;
- notes that state a dislike ("I hate mushrooms", "not a fan of olives") add it to the cook's
  dislikes (under the profile's row lock), so later suggestions substitute or avoid it;
- memory items ("Liked Baked falafel (baked, middle eastern, quick)", the note itself) are
  stored with their embeddings; the 5 closest to a later request are read into its context.

Allergies never change here: they change only through `/users/{uid}/allergies`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

__all__ = ["Learnt", "allergies_in", "dislikes_in", "learn"]

LIKE: Final = 1.0
DISLIKE_WEAKEN: Final = -0.5
COOKED_AGAIN: Final = 2.0
_DISLIKE: Final = re.compile(
    r"\b(?:i\s+(?:really\s+)?(?:hate|dislike|can't stand|cannot stand|don't like|do not like|"
    r"don't eat|do not eat|won't eat)|not\s+a\s+fan\s+of|no\s+more|(?:please\s+)?avoid|"
    r"without(?:\s+any)?|too\s+much)\s+(?P<what>[a-z][a-z '-]{1,40}?)"
    r"(?=\s*(?:[.,;!?]|\band\b|\bbut\b|\bnext\b|\bplease\b|\bin\b|$))",
    re.IGNORECASE,
)
_NOT_A_FOOD: Final = frozenset({
    "it", "this", "that", "them", "the", "recipe", "dish", "meal", "cooking", "washing", "up",
    "cleaning", "waiting", "time",
})  # fmt: skip


def _tag(value: str) -> str:
    return "-".join(value.lower().split())[:60]


_CLAUSE = re.compile(
    r"[.;!?]|(?:,|\s+and|\s+but)\s+(?=(?:i|i'm|we|we're|my|also|though|the\s+rest)\b)", re.I
)
_ALLERGY_SAID = re.compile(r"\ballergic\s+to\s+(?P<what>[a-z][a-z -]{1,40}?)\s*(?:[.,;!?]|$)", re.I)


def allergies_in(notes: str | None) -> list[str]:
    """What a note says the cook is allergic to ("I am allergic to sesame" → sesame): never
    stored from feedback, but answered with where allergies are changed."""
    return [m.group("what").strip() for m in _ALLERGY_SAID.finditer(notes or "")]


def dislikes_in(notes: str | None) -> list[str]:
    """Foods a note says the cook does not want ("I hate mushrooms" → mushrooms), clause by
    clause; never from a clause about an allergy ("I'm allergic to …" is for the profile's
    allergies, which feedback cannot change): "I hate olives and I am allergic to sesame"
    gives olives."""
    if not notes:
        return []
    clauses = [c for c in _CLAUSE.split(notes) if c and not re.search(r"\ballerg", c, re.I)]
    found = []
    for match in (m for clause in clauses for m in _DISLIKE.finditer(clause)):
        what = " ".join(match.group("what").lower().split()).strip(" '-")
        what = re.sub(r"^(?:the|any|all|those|these)\s+", "", what)
        if what and what.split()[0] not in _NOT_A_FOOD and what not in found:
            found.append(what)
    return found


@dataclass
class Learnt:
    facts: dict[str, float] = field(default_factory=dict)
    dislikes: list[str] = field(default_factory=list)
    memories: list[str] = field(default_factory=list)

    def add(self, key: str, delta: float) -> None:
        self.facts[key[:120]] = round(self.facts.get(key[:120], 0.0) + delta, 3)


def learn(
    *,
    title: str,
    meal_tags: Sequence[str],
    liked: bool | None,
    cooked_again: bool,
    tags: Sequence[str],
    notes: str | None,
) -> Learnt:
    out = Learnt()
    given = [_tag(t) for t in tags if _tag(t)]
    pattern = [_tag(t) for t in meal_tags if _tag(t)]
    if liked is True:
        for tag in dict.fromkeys([*pattern, *given]):
            out.add(f"like:{tag}", LIKE)
    elif liked is False:
        for tag in dict.fromkeys(given):
            out.add(f"avoid:{tag}", LIKE)
        for tag in pattern:
            out.add(f"like:{tag}", DISLIKE_WEAKEN)
    if cooked_again:
        for tag in pattern:
            out.add(f"like:{tag}", COOKED_AGAIN)
    out.dislikes = dislikes_in(notes)
    summary = ", ".join(pattern[:5])
    verdict = {True: "Liked", False: "Disliked", None: "Cooked"}[liked]
    memory = f"{verdict} {title}" + (f" ({summary})" if summary else "")
    if cooked_again:
        memory += "; cooked it again"
    if given:
        memory += "; " + ", ".join(given)
    out.memories.append(memory)
    if notes and notes.strip():
        out.memories.append(f"About {title}: {' '.join(notes.split())[:300]}")
    return out
