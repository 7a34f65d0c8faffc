"""The steps of an adapted recipe: rewritten once to follow the ingredient list, and what they
still say that the cook must not use.

Every replacement is made in one pass over each step, longest words first, so a replaced word
is never replaced again: "whole milk" and "milk" both become "oat milk" and the step reads "oat
milk", not "oat oat milk"; "cheddar cheese" becomes "dairy-free cheese", not "dairy-free
dairy-free cheese". A step that already names the substitute is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Final

from kairos.recipes.constraints import CookConstraints
from kairos.recipes.models import Substitution
from kairos.recipes.reading import Hazard, hazards_in, tolerated
from kairos.recipes.step_forms import plural_of, same_word, word_forms
from kairos.recipes.substitutions import (
    choose_substitute,
    find_rules,
    plays,
    role_needed,
    short_name,
)

__all__ = ["rewrite_steps", "step_warnings"]


_NOT_A_TOOL: Final = r"(?!\s+(?:thermometer|mallet|grinder|tenderi[sz]er|hammer)s?\b)"


def _key(words: str) -> str:
    return " ".join(words.lower().replace("-", " ").split())


def rewrite_steps(
    steps: Sequence[str], replacements: Iterable[tuple[str, str]], kept: Iterable[str] = ()
) -> list[str]:
    """`steps` with each old word replaced by its new one, in a single pass per step. A name
    in `kept` (an ingredient still in the list, "olive oil") stays whole although it holds a
    replaced word ("olive" of the swapped olives)."""
    new_for: dict[str, str | None] = {}
    for old, new in sorted(replacements, key=lambda p: len(p[0]), reverse=True):
        for form in word_forms(old):  # "the burgers" for a "burger" line: "the patties"
            plural = form != old.strip() and form.lower().endswith("s")
            new_for.setdefault(_key(form), plural_of(new) if plural else new)
    if not new_for:
        return list(steps)
    replaced = set(new_for)
    for name in kept:
        words = f" {_key(name)} "
        if any(f" {old} " in words and _key(name) != old for old in replaced):
            new_for.setdefault(_key(name), None)
    alternatives = "|".join(
        re.escape(old).replace(r"\ ", r"[\s\-]+") for old in sorted(new_for, key=len, reverse=True)
    )
    pattern = _replacing(alternatives)

    def replace(match: re.Match[str]) -> str:
        old = _key(match.group())
        new = new_for[old]
        if new is None:
            return match.group()
        # "oat" already written before "milk": the step names the substitute already
        if _key(new).endswith(f" {old}"):
            head = _key(new)[: -len(old)].strip()
            before = _key(match.string[max(0, match.start() - 60) : match.start()])
            if before == head or before.endswith(f" {head}"):
                return match.group()
        # "brown the ground beef" with brown lentils: "brown the lentils", not "brown the brown
        # lentils" (the new name's first word is one of the two words just before it)
        first, *rest = new.split()
        prior = re.findall(r"[\w-]+", match.string[max(0, match.start() - 30) : match.start()])
        if rest and first.lower() in (word.lower() for word in prior[-2:]):
            return " ".join(rest)
        return new

    said_twice = [
        re.compile(rf"(?<![\w-])({re.escape(new)})\s+{re.escape(new.split()[-1])}\b", re.I)
        for new in {n for n in new_for.values() if n and " " in n}
    ]  # "35 g of sesame seeds" with poppy seeds: "poppy seeds", not "poppy seeds seeds"

    def once(step: str) -> str:
        for twice in said_twice:
            step = twice.sub(r"\1", step)
        return step

    return [_without_left_out(once(pattern.sub(replace, step))) for step in steps]


@lru_cache(maxsize=4096)
def _replacing(alternatives: str) -> re.Pattern[str]:
    """The pattern of a swap's words. Kept: each recipe's swaps for each profile make their own
    pattern, more than `re`'s own cache of 512 keeps, and compiling one costs 1-4 ms."""
    # a tool named after the food is no food: "a meat thermometer" stays one
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-]){_NOT_A_TOOL}", re.IGNORECASE)


_LEFT_OUT_IN_A_LIST: Final = re.compile(
    r"\(left out\),\s*|,?\s+(?:and|or|&)\s+\(left out\)|\(left out\)\s+(?:and|or|&)\s+"
    r"|,\s*\(left out\)"
)
"""A food left out of a list of foods ("Clean the snails, poultry and rabbit"): the list without
it ("Clean the poultry and rabbit"), not "Clean the (left out), poultry and rabbit"."""


_LAST_OF_A_LIST: Final = re.compile(r",\s+([^,()]+?),?\s+(and|or|&)\s+\(left out\)")
"""The last food of a list left out ("onions, chilli flakes, and (left out)"): the one before
it takes the "and" ("onions and chilli flakes")."""


def _without_left_out(step: str) -> str:
    if "(left out)" not in step:
        return step
    return _LEFT_OUT_IN_A_LIST.sub("", _LAST_OF_A_LIST.sub(r" \2 \1", step))


def step_warnings(
    title: str,
    steps: Sequence[str],
    constraints: CookConstraints,
    substitutions: Sequence[Substitution],
    reason_of: Callable[[Hazard], str],
    listed: Sequence[str] = (),
) -> tuple[list[str], list[str]]:
    """The steps, and the words they still use that the profile forbids. The ingredient list
    is what is cooked and it is safe; a step word is either the dish itself ("cake"), a food the
    list names differently ("cheese" for the substituted parmesan) or an unlisted extra ("serve
    with tortilla shells"): an extra the table can swap for one that plays its part is swapped
    in the step ("corn tortilla shells") and said; any other is said, never silently kept. An
    allergen a step word only likely holds ("the curry paste") is the ingredient line's, named
    by the recipe's allergy check. A dish a step only may hold a forbidden food in ("the mashed
    potato mixture") whose food is on the final list (`listed`, "4 potatoes") was made from that
    safe list in an earlier step, and is not said."""
    title = title.lower()
    warnings = []
    rewritten = list(steps)
    for number, step in enumerate(steps, 1):
        swaps: list[tuple[str, str]] = []
        for hazard in hazards_in(
            step, constraints.allergens, constraints.dislikes, constraints.diets
        ):
            word = hazard.word.lower()
            if hazard.likely or hazard.kind == "dislike" or same_word(word, title):
                continue
            if tolerated(hazard, step, constraints.allergens):
                continue
            if hazard.status != "contains" and _made_from(word, listed):
                continue
            # the substitution of the line the word comes from, else one of the same food kind
            substitution = next(
                (s for s in substitutions if word in s.original_item.lower()),
                next(
                    (s for s in substitutions
                     if hazard.name in s.removes and _same_food_kind(word, s.original_item)),
                    None,
                ),
            )  # fmt: skip
            if substitution is not None:
                warnings.append(
                    f"Step {number} says {word}: use the {short_name(substitution.new_item)} "
                    "from the ingredient list."
                )
                continue
            extra = _unlisted_swap(word, constraints)
            if extra is not None:
                swaps.append((word, extra))
                warnings.append(
                    f"Step {number} mentions {word}, which is not in the ingredient list: "
                    f"use {extra} ({reason_of(hazard)})."
                )
                continue
            warnings.append(
                f"Step {number} mentions {word}, which is not in the ingredient list: "
                f"leave it out ({reason_of(hazard)})."
            )
        if swaps:
            rewritten[number - 1] = rewrite_steps([step], swaps)[0]
    return rewritten, warnings


def _same_food_kind(word: str, original_item: str) -> bool:
    """Whether a step's `word` can name the swapped `original_item`: the substitution table
    replaces both by one rule ("cheese" for "parmesan"), so "mashed potato" never names butter."""
    named, original = find_rules(word), find_rules(original_item)
    return named is not None and original is not None and bool(set(named[0]) & set(original[0]))


def _made_from(word: str, listed: Sequence[str]) -> bool:
    """Whether the food `word` is made of is on the final list: its last word, in either number,
    is a word of a listed item ("mashed potato" and "4 potatoes, peeled")."""
    words = word.lower().split()
    if not words:
        return False
    return any(
        _stem(words[-1]) == _stem(listed_word)
        for item in listed
        for listed_word in re.findall(r"[a-z]+", item.lower())
    )


def _stem(word: str) -> str:
    """A food word without its plural ending: "potatoes", "potato" → "potato"."""
    for ending, stem in (("ies", "y"), ("oes", "o"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(ending):
            return word[: -len(ending)] + stem
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _unlisted_swap(word: str, constraints: CookConstraints) -> str | None:
    """What stands in a step for an unlisted food the profile forbids: the table's substitute
    that plays the same part ("corn tortilla" for "tortilla", a wrap for a wrap), clean of
    everything the profile forbids; None when the table has none."""
    found = find_rules(word)
    if found is None:
        return None
    rules, matched = found
    role = role_needed(word, matched)

    def clean(text: str) -> bool:
        hazards = hazards_in(text, constraints.allergens, constraints.dislikes, constraints.diets)
        return not hazards and plays(text, role)

    chosen = choose_substitute(rules, quantity=None, methods=(), is_safe=clean)
    if chosen is None:
        return None
    new = short_name(chosen[0])
    # the step's number: "a tortilla" takes "a corn tortilla", not "a corn tortillas"
    if new.endswith("s") and not word.endswith("s") and clean(new[:-1]):
        new = new[:-1]
    return new
