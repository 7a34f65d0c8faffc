"""What a dish is, so a recipe that only shares its name is not handed over as the dish:
"Banana Bread Oatmeal" is an oatmeal, "Curry Chicken Salad" a salad, "Pad Thai Sauce" a sauce
(`other_kind`); and what a recipe of the dish lacks of what defines it (`missing_defining`: an
"authentic" pad thai with neither tamarind nor fish sauce). The table is
`recipes/data/dish_identity.toml`.

A title's kind is its head noun: the last kind noun of the title before the words that add to
it ("with", "in", "on", "over", "and", "served", "for"), as English puts the head last
("Oatmeal Chocolate Chip Cookies" are cookies), and not before the dish's name (a "Margarita
Grilled Chicken" is grilled chicken). A kind noun inside the dish's own name is the
dish's ("Banana Bread"); a kind the dish is (its `kind` or `also`) is the dish's too. A dish not
in the table has the kind its own name's last kind noun gives ("vegetable soup": a soup), and
a dish of no known kind is told apart only from a sauce, a drink, a dip or a pastry shell:
parts of a dish or no dish at all."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Final

from kairos.meals.name_spellings import same_name_word

__all__ = [
    "DishIdentity",
    "authentic_note",
    "dish_identity",
    "holds_word",
    "identity_rank",
    "kind_note",
    "missing_defining",
    "other_kind",
]

_WORD: Final = re.compile(r"[a-z]+(?:-[a-z]+)?")
_ADDED: Final = frozenset({"with", "in", "on", "over", "and", "served", "for", "plus", "or"})
"""Words after which a title adds to its dish ("Beef Stew with Dumplings")."""
NEVER_A_DISH: Final = frozenset({"sauce", "drink", "dip", "pastry shell"})
"""Kinds told apart from any dish, even one of no known kind."""
_SINGULAR_NOUNS: Final = frozenset({"hummus", "couscous", "molasses", "asparagus"})


@dataclass(frozen=True)
class DishIdentity:
    name: str
    kind: str | None
    also: tuple[str, ...] = ()
    defining: tuple[tuple[str, ...], ...] = ()
    """Groups of ingredient words; one of each group makes the dish."""
    main: str | None = None
    flavours: tuple[str, ...] = ()

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset((self.kind, *self.also) if self.kind else self.also)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("'", "").replace("’", ""))


@cache
def _data() -> dict[str, Any]:
    path = resources.files("kairos.recipes").joinpath("data").joinpath("dish_identity.toml")
    with path.open("rb") as handle:
        return tomllib.load(handle)


@cache
def _nouns() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Every kind noun as words, with its kind; longest first so "pie crust" beats "pie"."""
    pairs = [
        (tuple(_words(noun)), kind) for kind, nouns in _data()["kinds"].items() for noun in nouns
    ]
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


@cache
def _dishes() -> dict[tuple[str, ...], DishIdentity]:
    return {
        tuple(_words(name)): DishIdentity(
            name=name,
            kind=entry.get("kind"),
            also=tuple(entry.get("also", ())),
            defining=tuple(tuple(group) for group in entry.get("defining", ())),
            main=entry.get("main"),
            flavours=tuple(entry.get("flavours", ())),
        )
        for name, entry in _data()["dishes"].items()
    }


def _find(words: list[str], part: tuple[str, ...]) -> int:
    """Where `part` starts in `words`, or -1."""
    size = len(part)
    for start in range(len(words) - size + 1):
        if tuple(words[start : start + size]) == part:
            return start
    return -1


def _kind_nouns(words: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every kind noun in `words`, none overlapping a longer one."""
    found: list[tuple[int, int, str]] = []
    taken: set[int] = set()
    for noun, kind in _nouns():
        start = _find(words, noun)
        while start >= 0:
            span = set(range(start, start + len(noun)))
            if not span & taken:
                taken |= span
                found.append((start, start + len(noun), kind))
            rest = _find(words[start + 1 :], noun)
            start = start + 1 + rest if rest >= 0 else -1
    return sorted(found)


@lru_cache(maxsize=2048)
def dish_identity(dish: str) -> DishIdentity:
    """The table's entry of the longest dish name standing whole in `dish` ("healthy lasagne
    for 6": lasagne), else a dish of the kind its own words name (or of no known kind)."""
    words = _words(dish)
    known = [key for key in _dishes() if _find(words, key) >= 0]
    if known:
        return _dishes()[max(known, key=len)]
    nouns = _kind_nouns(words)
    return DishIdentity(name=" ".join(words), kind=nouns[-1][2] if nouns else None)


@lru_cache(maxsize=8192)
def _title_kind(title: str, dish: str) -> tuple[str, str] | None:
    """The kind and noun of a title's head when it is not the dish's own (see the module)."""
    words = _words(title)
    own = dish_identity(dish)
    name = tuple(_words(own.name)) or tuple(_words(dish))
    start = _find(words, name)
    if start < 0:
        start = _find(words, tuple(_words(dish)))
        name = tuple(_words(dish))
    inside = set(range(start, start + len(name))) if start >= 0 else set()
    after = max(inside) + 1 if inside else 1  # "Spaghetti and Lasagna Sauce" is a sauce
    head_end = next(
        (i for i, word in enumerate(words) if word in _ADDED and i >= after), len(words)
    )
    named = _other_dish(words, name, start, head_end)
    if named is not None:
        return "dish", named
    nouns = [  # a noun before the dish's name qualifies it ("Margarita Grilled Chicken")
        n for n in _kind_nouns(words) if n[1] <= head_end and (start < 0 or n[0] >= start)
    ]
    if not nouns:
        return None
    first, end, kind = nouns[-1]
    if set(range(first, end)) <= inside or kind in own.kinds:
        return None
    if own.kind is None and kind not in NEVER_A_DISH:
        return None
    return kind, " ".join(words[first:end])


def _same_word(a: str, b: str) -> bool:
    """One word spelt otherwise: a plural, "lasagne" and "lasagna", "tso", "tsos" and "tsao"."""
    return (
        a == b
        or a == b + "s"
        or b == a + "s"
        or (len(a) == len(b) > 4 and a[:-1] == b[:-1])
        or same_name_word(a, b)
    )


def _loose_find(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """`part` stands in `words`, each word alike (`_same_word`)."""
    size = len(part)
    return any(
        all(_same_word(w, p) for w, p in zip(words[start : start + size], part, strict=True))
        for start in range(len(words) - size + 1)
    )


@cache
def _known_names() -> tuple[tuple[tuple[str, ...], str], ...]:
    """Every dish name of this table and of world_dishes.toml with its kind, longest first."""
    path = resources.files("kairos.recipes").joinpath("data").joinpath("world_dishes.toml")
    with path.open("rb") as handle:
        world = tomllib.load(handle)["dishes"]
    kinds = {tuple(_words(name)): entry.get("kind", "") for name, entry in world.items()}
    kinds |= {tuple(_words(name)): e.get("kind", "") for name, e in _data()["dishes"].items()}
    return tuple(sorted(((n, k) for n, k in kinds.items() if n), key=lambda p: -len(p[0])))


def _other_dish(words: list[str], name: tuple[str, ...], start: int, head_end: int) -> str | None:
    """Another known dish the title's head names ("Pad See Ew" for a pad thai), neither part
    of the dish's name nor holding it, not before the dish's name (a "Chicken Alfredo
    Lasagna" is a lasagna), and not of the kind a dish named by its kind is (a korma is a
    chicken curry)."""
    generic = {kind for _, _, kind in _kind_nouns(list(name))}  # "chicken curry": a curry
    if not generic and not any(_loose_find(name, known) for known, _ in _known_names()):
        return None  # "ground beef" is a food, not a dish: its tacos are not another dish
    for known, kind in _known_names():
        if kind in generic:
            continue  # a korma is a chicken curry; a pad see ew is no pad thai
        at = _find(words, known)
        if at < 0 or at + len(known) > head_end or (start >= 0 and at < start):
            continue
        if _loose_find(name, known) or _loose_find(known, name):
            continue  # its own name, or one spelt otherwise ("lasagna", "general tsos")
        return " ".join(known)
    return None


def other_kind(title: str, dish: str) -> bool:
    """The title names a kind of dish `dish` is not: an oatmeal for a banana bread."""
    return _title_kind(title, dish) is not None


def _a(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def kind_note(title: str, dish: str) -> str:
    """ " This is an oatmeal, not a banana bread." or nothing."""
    found = _title_kind(title, dish)
    if found is None:
        return ""
    noun = found[1]
    plural = noun.endswith("s") and noun not in _SINGULAR_NOUNS
    name = dish_identity(dish).name if dish_identity(dish).defining else " ".join(_words(dish))
    said = f"These are {noun}" if plural else f"This is {_a(noun)} {noun}"
    many = name.endswith("s") and name.split()[-1] not in _SINGULAR_NOUNS
    return f" {said}, not {name if many else _a(name) + ' ' + name}."


def _holds(word: str, items: str) -> bool:
    return re.search(rf"(?<![a-z]){re.escape(word)}(?:e?s)?(?![a-z])", items) is not None


def _items_text(items: Iterable[str]) -> str:
    return " | ".join(" ".join(_words(item)) for item in items)


def holds_word(word: str, items: Iterable[str]) -> bool:
    """An ingredient item holds the word whole, or its plural ("lemon" in "lemon juice")."""
    return _holds(" ".join(_words(word)), _items_text(items))


def missing_defining(dish: str, items: Iterable[str]) -> list[str]:
    """The first word of each group of the dish's defining ingredients that no item holds:
    ["tamarind", "fish sauce"] for a pad thai of lime and soy sauce."""
    text = _items_text(items)
    return [
        group[0]
        for group in dish_identity(dish).defining
        if not any(_holds(" ".join(_words(word)), text) for word in group)
    ]


def authentic_note(dish: str, title: str, asked: str, items: Iterable[str]) -> str:
    """ " It has no tamarind or fish sauce, which make a pad thai: not an authentic one." when
    a recipe of the dish lacks what defines it ("authentic" said when the title or the request
    says it); nothing when it holds them all."""
    missing = missing_defining(dish, items)
    if not missing:
        return ""
    name = " ".join(_words(dish_identity(dish).name) or _words(dish))
    listed = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " or " + missing[-1]
    authentic = "authentic" in _words(title) or "authentic" in _words(asked)
    plural = name.endswith("s") and name.split()[-1] not in _SINGULAR_NOUNS
    made = f"{name} are" if plural else f"{_a(name)} {name} is"
    return f" It has no {listed}, which {made} made with" + (
        ": not an authentic one." if authentic else "."
    )


def identity_rank(title: str, items: Iterable[str], dish: str) -> tuple[bool, bool, int]:
    """Sort key among a dish's recipes: its own kind before another kind sharing its name, one
    lacking more than half of the dish's defining ingredients (a meringue of neither flour nor
    butter for chocolate chip cookies) or the food the dish is built on (its `main`'s group: a
    quinoa lasagna of no pasta) after the others, then the fewest lacking."""
    identity = dish_identity(dish)
    missing = missing_defining(dish, items)
    base = next((group for group in identity.defining if identity.main in group), None)
    lacks = 2 * len(missing) > len(identity.defining) or (base is not None and base[0] in missing)
    return other_kind(title, dish), lacks, len(missing)
