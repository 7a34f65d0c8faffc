"""The substitution table (`data/substitutions.toml`) and the choice of a safe substitute.

A substitute is chosen only when the allergen core reads it as free of everything the whole
constraint set forbids (`reading.hazards_in`), so the table can list "oat milk" first for
dairy and still never hand it to a household that also avoids gluten. A food may have several
rules (beer: sparkling water in a batter that is fried, stock anywhere else); they are tried in
the table's order.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from kairos.core.lexicon import inflections

__all__ = [
    "SubstituteAmount",
    "SubstitutionRule",
    "choose_substitute",
    "find_rules",
    "plays",
    "role_needed",
    "rule_in_form",
    "rules",
    "short_name",
]

_ROLES = frozenset({
    "sauce", "soup", "mix", "paste", "dressing", "butter", "oil", "milk", "cream", "stock",
    "broth", "seasoning", "powder", "flour", "bread", "breadcrumb", "crumb", "tortilla",
    "noodle", "pasta", "cheese", "chip", "cracker", "syrup", "extract", "spread", "dip",
    "mayonnaise", "yogurt", "yoghurt", "gravy", "marinade", "glaze", "wrap", "crust", "dough",
    "cake", "cookie", "biscuit", "batter", "filling", "frosting", "icing", "sugar",
})  # fmt: skip
"""What an ingredient does in a dish, read from its last word: a sauce base, a binder, a wrap.
A food inside it ("peanut" in "peanut sauce", "mushroom" in "cream of mushroom soup") is
replaced only by something that plays the same part ("peanut-free sauce"), never by the
food's own substitute (sunflower seeds for a sauce, zucchini for a soup base)."""


_FRACTION_WORDS: Final = {
    0.25: "a quarter of the amount", 1 / 3: "a third of the amount", 0.5: "half the amount",
    2 / 3: "two thirds of the amount", 0.75: "three quarters of the amount",
    1.5: "half as much again", 2.0: "twice the amount", 3.0: "three times the amount",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class SubstituteAmount:
    """How much of a substitute stands for the food it replaces, when not one for one: capers
    for olives are a quarter of the olives' volume, vanilla for almond extract twice it."""

    ratio: float
    why: str | None = None

    def words(self) -> str:
        """The ratio as the substitution says it: "a quarter of the amount (they are saltier)"."""
        said = next(
            (text for value, text in _FRACTION_WORDS.items() if abs(value - self.ratio) < 0.01),
            f"{round(self.ratio * 100)}% of the amount",
        )
        return f"{said} ({self.why})" if self.why else said


@dataclass(frozen=True, slots=True)
class SubstitutionRule:
    foods: tuple[str, ...]
    removes: tuple[str, ...]
    use: tuple[str, ...]
    when_method: tuple[str, ...] = ()
    max_quantity: float | None = None
    note: str | None = None
    main: bool = False
    """The dish's main protein: a food the cook names in its place ("could chicken work?") is
    tried first."""
    stands_in: bool = False
    """A substitute of the same role that takes the allergen out of a dish that only carries it
    through this line (a plant dashi in a miso soup): the dish is offered with it, not refused."""
    amounts: tuple[tuple[str, SubstituteAmount], ...] = ()
    """Per substitute, its amount against the replaced food's when not one for one."""
    notes: tuple[tuple[str, str], ...] = ()
    """Per substitute, what the cook is told of it, when the rule's `note` is not true of every
    substitute (a lactose-free cheese is milk cheese; a dairy-free one is made of cashews)."""

    def note_of(self, substitute: str) -> str | None:
        """The note shown with `substitute` (as written in `use`): its own, else the rule's."""
        return next((note for use, note in self.notes if use == substitute), self.note)

    def amount_of(self, substitute: str) -> SubstituteAmount | None:
        """How much of `substitute` (as written in `use`) replaces the food; None for 1:1."""
        return next((amount for use, amount in self.amounts if use == substitute), None)


@cache
def rules() -> tuple[SubstitutionRule, ...]:
    path = resources.files("kairos.recipes").joinpath("data").joinpath("substitutions.toml")
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return tuple(
        SubstitutionRule(
            foods=tuple(rule["foods"]),
            removes=tuple(rule.get("removes", ())),
            use=tuple(rule["use"]),
            when_method=tuple(rule.get("when_method", ())),
            max_quantity=rule.get("max_quantity"),
            note=rule.get("note"),
            main=bool(rule.get("main", False)),
            stands_in=bool(rule.get("stands_in", False)),
            amounts=tuple(
                (use, SubstituteAmount(float(amount["ratio"]), amount.get("why")))
                for use, amount in rule.get("amounts", {}).items()
            ),
            notes=tuple((use, str(note)) for use, note in rule.get("notes", {}).items()),
        )
        for rule in data["rule"]
    )


@cache
def _matcher() -> tuple[re.Pattern[str], dict[str, tuple[SubstitutionRule, ...]]]:
    by_form: dict[str, tuple[SubstitutionRule, ...]] = {}
    for rule in rules():
        for food in rule.foods:
            for form in dict.fromkeys(inflections(food)):
                if rule not in by_form.get(form, ()):
                    by_form[form] = (*by_form.get(form, ()), rule)
    forms = sorted(by_form, key=len, reverse=True)
    alternatives = "|".join(re.escape(f).replace(r"\ ", r"[\s\-]+") for f in forms)
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE), by_form


def find_rules(item: str) -> tuple[tuple[SubstitutionRule, ...], str] | None:
    """The rules for the longest food of the table named in `item`, and the words matched."""
    pattern, by_form = _matcher()
    best: re.Match[str] | None = None
    for match in pattern.finditer(item):
        if best is None or len(match.group()) > len(best.group()):
            best = match
    if best is None:
        return None
    key = " ".join(best.group().lower().replace("-", " ").split())
    found = by_form.get(key) or next(
        (r for f, r in by_form.items() if f.replace("-", " ") == key), None
    )
    return (found, best.group()) if found else None


def choose_substitute(
    found: Sequence[SubstitutionRule],
    *,
    quantity: float | None,
    methods: Sequence[str],
    is_safe: Callable[[str], bool],
    preferred: Sequence[str] = (),
) -> tuple[str, SubstitutionRule] | None:
    """The first substitute of the first of `found` that suits the recipe and that `is_safe`
    accepts, and the rule it comes from (for its note). For a main protein, a food the cook
    asked for (`preferred`) comes first when it is safe."""
    for rule in found:
        asked = next((food for food in preferred if rule.main and is_safe(food)), None)
        if asked is not None:
            return asked, rule
        if rule.when_method and not set(rule.when_method) & set(methods):
            continue
        if rule.max_quantity is not None and quantity is not None and quantity > rule.max_quantity:
            continue
        use = next((use for use in rule.use if is_safe(use)), None)
        if use is not None:
            return use, rule
    return None


def _head(words: str) -> str:
    last = re.findall(r"[a-z]+", short_name(words).lower())
    word = last[-1] if last else ""
    return word[:-1] if word.endswith("s") and word[:-1] in _ROLES else word


def role_needed(item: str, matched: str) -> str | None:
    """The part `item` plays when the table's food (`matched`) is only inside it: "sauce" for
    "peanut sauce" matched by "peanut"; None when the food is the item itself."""
    role = _head(item)
    if role not in _ROLES or _head(matched) == role:
        return None
    return role


def plays(substitute: str, role: str | None) -> bool:
    """Whether `substitute` can stand where an ingredient playing `role` stood."""
    return role is None or _head(substitute) == role


_STEP_DROPS: Final = re.compile(
    r"^(?:(?:cooked|boneless|skinless|extra-firm|firm|lean)\s+)+", re.IGNORECASE
)
_CUTS: Final = re.compile(r"(?<=\w)\s+(?:breasts?|thighs?|fillets?)$", re.IGNORECASE)


def short_name(substitute: str) -> str:
    """How the steps name a substitute: without its parenthesised note, the cut it comes in
    (", in bite-size pieces"), its trimming ("boneless skinless") or its cut of meat: "Pat the
    chicken dry", not "Pat the boneless skinless chicken breast, in bite-size pieces dry"."""
    name = re.sub(r",\s*in\s+[\w\s-]+$", "", substitute.split(" (")[0]).strip()
    return _CUTS.sub("", _STEP_DROPS.sub("", name)) or name


def rule_in_form(original: str, item: str) -> tuple[tuple[SubstitutionRule, ...], str] | None:
    """ "Frying oil (preferably peanut)": the allergen is named beside the item, and what
    replaces it is another oil, not seeds — the rule for "peanut oil", when there is one."""
    named = find_rules(original)
    words = item.lower().split()
    if named is None or not words or words[-1] in named[1].lower():
        return None
    return find_rules(f"{named[1]} {words[-1]}")
