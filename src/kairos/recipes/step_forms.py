"""The other names a step gives an ingredient: its plural or singular ("the burgers" for a
"burger" line, "the onion" for "onions") and the word for its kind ("the meat" and "the ground
meat" for "lean ground beef", "the fish" for "salmon fillets"). A substitution is made in every
step that names the replaced food in any of these ways, not only where the step repeats the
ingredient line's words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from kairos.recipes.foods import canonical_food, food_groups

__all__ = [
    "kind_words", "kinds_of", "plant_cooked", "plural_of", "same_word", "without_meat_cooking",
    "word_forms",
]  # fmt: skip

_KIND_WORDS: Final = {
    "meat": ("meat",),
    "processed_meat": ("meat",),
    "poultry": ("meat",),
    "fish_names": ("fish",),
    "shellfish_names": ("seafood", "shellfish"),
}
_GROUND: Final = re.compile(r"\b(?:ground|minced?)\b", re.IGNORECASE)
_GROUND_WORDS: Final = ("ground meat", "minced meat", "mince")
_NO_PLURAL: Final = re.compile(r"(?:ss|us|is|[^a-z])$")
_SIBILANT: Final = re.compile(r"(?:s|x|z|ch|sh)$")


def _plural(word: str) -> str:
    if _SIBILANT.search(word):
        return f"{word}es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{word[:-1]}ies"
    return f"{word}s"


def _singular(word: str) -> str | None:
    if len(word) <= 3 or _NO_PLURAL.search(word) or not word.endswith("s"):
        return None
    if word.endswith("ies"):
        return f"{word[:-3]}y"
    if word.endswith("es") and _SIBILANT.search(word[:-2]) and not word.endswith("ses"):
        return word[:-2]
    return word[:-1]


def word_forms(phrase: str) -> list[str]:
    """`phrase` and its last word's other number: "burger" → "burgers", "onions" → "onion"."""
    head, _, last = phrase.strip().rpartition(" ")
    if not last:
        return []
    lowered = last.lower()
    other = _singular(lowered) if lowered.endswith("s") else _plural(lowered)
    forms = [phrase.strip()]
    if other and other != lowered and lowered.isalpha():
        forms.append(f"{head} {other}".strip())
    return forms


def plural_of(phrase: str) -> str:
    """ "patty" → "patties", "veggie burger" → "veggie burgers"; a plural stays as it is."""
    head, _, last = phrase.rpartition(" ")
    if not last.isalpha() or last.lower().endswith("s"):
        return phrase
    return f"{head} {_plural(last)}".strip()


def same_word(word: str, text: str) -> bool:
    """Whether `text` holds `word` in either number ("burgers" in "Spelt Burger")."""
    lowered = text.lower()
    return any(
        re.search(rf"(?<![\w-]){re.escape(form.lower())}(?![\w-])", lowered)
        for form in word_forms(word)
    )


@lru_cache(maxsize=8192)
def kind_words(item: str) -> tuple[str, ...]:
    """The words a step uses for the kind of food `item` is: "meat" (and "ground meat",
    "mince" for a minced one), "fish", "seafood"; none for a vegetable or a staple."""
    groups = food_groups(canonical_food(item))
    words = list(dict.fromkeys(w for g in sorted(groups) for w in _KIND_WORDS.get(g, ())))
    if "meat" in words and _GROUND.search(item):
        words = [*_GROUND_WORDS, *words]
    return tuple(words)


def kinds_of(items: Iterable[str]) -> set[str]:
    return {word for item in items for word in kind_words(item)}


_BROWNED: Final = re.compile(
    r"\buntil\s+(?:(?:well|evenly|nicely|lightly)\s+)?(?:browned|brown)"
    r"(?:\s+(?:and\s+)?(?:crumbly|cooked\s+through))?"
    r"|\buntil\s+no\s+longer\s+pink(?:\s+and\s+crumbly)?",
    re.IGNORECASE,
)
_FAT: Final = re.compile(
    r"(?:[,;]\s*|\s*\b(?:and\s+)?)?\b(?:pour|drain|spoon|skim)(?:\s+off)?\s+"
    r"(?:(?:the|any|all|excess|off)\s+)*(?:fat|grease|drippings)\b(?:\s+from\s+the\s+pan)?"
    r"(?P<end>[.;,]?\s*(?:then\s+)?)",
    re.IGNORECASE,
)


def without_meat_cooking(step: str) -> str:
    """A step once the meat it browned is a plant food (lentils, beans): "cook until well
    browned" is "cook until heated through", and pouring off the meat's fat goes."""
    step = _BROWNED.sub("until heated through", step)

    def drop(match: re.Match[str]) -> str:
        end = match["end"]
        if "." in end or not end.strip() or "then" in end.lower():
            return ". " if match.start() > 0 else ""
        return end

    cleaned = _FAT.sub(drop, step)
    cleaned = re.sub(r"\.\s*\.", ".", cleaned)
    cleaned = re.sub(r"\.\s+([a-z])", lambda m: ". " + m[1].upper(), cleaned)
    cleaned = re.sub(r"^([a-z])", lambda m: m[1].upper(), cleaned.strip())
    return cleaned or step  # a step that only drained the fat stays a step


_BROWN_VERB: Final = re.compile(r"\b(?:(B)|b)rown(?=\s+(?:the|all|it|them)\b)")
_FAT_LINE: Final = re.compile(
    r"\b(?:oil|butter|ghee|lard|dripping|shortening|margarine|spray|bacon)\b", re.IGNORECASE
)
_VESSEL: Final = r"(?:skillet|pan|wok|dutch oven|pot|saucepan)"
_FRYING: Final = r"(?:fry|fries|frying|saut[eé]\w*|sear|sears|searing|cook|cooks|cooking)"
_PAN_FRY: Final = re.compile(
    rf"\b{_FRYING}\b[^.]*\b{_VESSEL}\b|\b{_VESSEL}\b[^.]*\b{_FRYING}\b", re.IGNORECASE
)
OIL_FIRST: Final = (
    "Heat 1 tbsp oil in the pan first: the stand-in gives off no fat of its own to cook in."
)
"""Said in the first pan step once a plant food stands in for a meat that fried in its own fat
and the list has no oil, butter or other fat to fry in."""


def plant_cooked(steps: Sequence[str], items: Iterable[str]) -> list[str]:
    """The steps once the meat is a plant food (lentils, beans): no browning until crumbly nor
    fat poured off (`without_meat_cooking`), "brown the lentils" is "cook the lentils", and,
    when neither a line of `items` nor a step names a fat to fry in, the first step that fries
    in a pan starts by heating oil (`OIL_FIRST`): the meat's own fat is gone."""
    cooked = [
        _BROWN_VERB.sub(lambda m: "Cook" if m[1] else "cook", without_meat_cooking(step))
        for step in steps
    ]
    if any(_FAT_LINE.search(text) for text in (*items, *cooked)):  # "heat oil in a pan"
        return cooked
    for number, step in enumerate(cooked):
        if _PAN_FRY.search(step):
            cooked[number] = f"{OIL_FIRST} {step}"
            break
    return cooked
