"""Whether a substitution still cooks (issue 37, item 4: "substitutions that cook").

- A seed or garnish that only decorates the dish ("toasted sesame seeds, for garnish", or seeds
  the steps only sprinkle over) is left out and said, not swapped for other seeds.
- A raw or cured dish (a ceviche, a tartare: the acid "cooks" the fish) never takes a meat that
  must be cooked; a food bought cooked ("cooked shrimp" added at the end) is replaced by the
  substitute cooked ("cooked chicken"), since no step cooks it.
- Once seafood is replaced by a food that is not, the steps' doneness cues for seafood ("until
  pink", "until opaque") read "until cooked through".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from kairos.recipes.models import IngredientLine, Recipe
from kairos.recipes.step_forms import kind_words

__all__ = [
    "cooked_form",
    "decorates_only",
    "doneness_for",
    "needs_cooking",
    "raw_dish",
    "sensible_steps",
    "swap_notes",
    "unfit",
    "without_garnish_sentence",
]

_GARNISH_WORDS: Final = re.compile(
    r"\b(?:garnish\w*|sprinkl\w*|scatter\w*|decorat\w*|dust\w*|top\s+(?:it\s+|them\s+|each\s+)?"
    r"with|topped\s+with|to\s+serve|for\s+serving|serve\s+with|finish\s+with)\b",
    re.IGNORECASE,
)
_FOR_GARNISH: Final = re.compile(
    r"\b(?:for\s+|to\s+)(?:garnish\w*|decorat\w*|sprinkl\w*|topping)\b|\bgarnish\b", re.IGNORECASE
)
_SEEDS: Final = re.compile(r"\bseeds?\b", re.IGNORECASE)
_SENTENCE: Final = re.compile(r"[^.!?]+[.!?]?")


def _key_word(item: str) -> str:
    """The word a step names the line by: "sesame" of "toasted sesame seeds"."""
    words = re.findall(r"[a-z]+", re.split(r"[,(]", item.lower(), maxsplit=1)[0])
    meaningful = [
        w for w in words if w not in ("toasted", "black", "white", "raw", "seeds", "seed")
    ]
    return meaningful[-1] if meaningful else (words[-1] if words else "")


def decorates_only(line: IngredientLine, steps: Sequence[str]) -> bool:
    """A line that only decorates: its own words say it is a garnish ("for garnish"), or it
    is seeds and every sentence of the steps that names them sprinkles, garnishes or tops."""
    said = f"{line.preparation or ''} {line.original}"
    if _FOR_GARNISH.search(said):
        return True
    if not _SEEDS.search(line.item):
        return False
    word = _key_word(line.item)
    if not word:
        return False
    naming = [
        sentence
        for step in steps
        for sentence in _SENTENCE.findall(step)
        if re.search(
            rf"\b{re.escape(word)}(?:\s+seeds?)?\b(?!\s+(?:oil|paste|sauce))", sentence, re.I
        )
    ]
    return bool(naming) and all(_GARNISH_WORDS.search(sentence) for sentence in naming)


def without_garnish_sentence(step: str) -> str:
    """A garnish sentence whose only garnish was left out ("Sprinkle with (left out).") goes;
    any other sentence stays as it is."""
    if "(left out)" not in step:
        return step
    kept = [
        sentence
        for sentence in _SENTENCE.findall(step)
        if not ("(left out)" in sentence and _GARNISH_WORDS.search(sentence))
    ]
    text = "".join(kept).strip()
    return text or step


_RAW: Final = re.compile(
    r"\b(?:ceviche|cebiche|tartare|tartar|sashimi|sushi|poke|crudo|carpaccio|gravlax|gravadlax|"
    r"tiradito|aguachile|kinilaw|kokoda|cured)\b|\b(?:lime|lemon|citrus|acid|juice)\b[^.]{0,40}"
    r"\bwill\s+(?:cook|cure)\b",
    re.IGNORECASE,
)
_MEAT: Final = re.compile(r"\b(?:chicken|turkey|pork|beef|lamb|meat|mince)\b", re.IGNORECASE)
_NEEDS_COOKING: Final = re.compile(
    r"\b(?:chicken|turkey|pork|beef|lamb|meat|mince|fish)\b", re.IGNORECASE
)
_BOUGHT_COOKED: Final = re.compile(
    r"\b(?:cooked|pre-?cooked|smoked|canned|tinned|poached|steamed|grilled|roasted)\b",
    re.IGNORECASE,
)


def raw_dish(title: str, steps: Sequence[str]) -> bool:
    """A dish eaten raw or cured by acid or salt (a ceviche, a tartare, sushi)."""
    return bool(_RAW.search(title) or any(_RAW.search(step) for step in steps))


def needs_cooking(substitute: str) -> bool:
    """A substitute that is raw meat or fish until cooked ("boneless skinless chicken
    breast"), not one bought cooked ("cooked chicken") or eaten raw (tofu)."""
    return bool(_NEEDS_COOKING.search(substitute)) and not _BOUGHT_COOKED.search(substitute)


def cooked_form(item: str, substitute: str) -> str:
    """The substitute as the replaced food was bought: "cooked shrimp" by "cooked boneless
    skinless chicken breast", so no one eats raw chicken where no step cooks the shrimp."""
    if needs_cooking(substitute) and _BOUGHT_COOKED.search(item):
        return f"cooked {substitute}"
    return substitute


_CUE: Final = (
    r"(?:(?:firm|curled)\s+and\s+)?(?:(?:just|bright|light|lightly)\s+)?(?:pink|opaque)\b"
    r"(?:\s+(?:and|or)\s+(?:(?:just|bright|light|lightly)\s+)?(?:pink|opaque|cooked\s+thr?ough)\b)*"
)
_SEAFOOD_DONE: Final = re.compile(
    rf"\buntil\s+(?:(?:the\s+)?[a-z]+\s+)?(?:(?:are|is|turn|turns|become|becomes)\s+)?{_CUE}"
    rf"|\b(?:(?:the\s+)?[a-z]+\s+)(?:turn|turns|become|becomes|are|is)\s+{_CUE}",
    re.IGNORECASE,
)


def doneness_for(step: str) -> str:
    """A step's seafood doneness cue for a food that is not seafood: "cook until pink and
    opaque", "until the shrimp are opaque" → "until cooked through"."""

    def cooked(match: re.Match[str]) -> str:
        if match.group().lower().startswith("until"):
            return "until cooked through"
        noun = re.match(r"(?:the\s+)?[a-z]+", match.group(), re.IGNORECASE)
        return f"{noun.group() if noun else 'it'} is cooked through"

    return _SEAFOOD_DONE.sub(cooked, step)


def swap_notes(swapped: Sequence[tuple[str, str]]) -> list[str]:
    """What a cook must know once chicken stands in for seafood: it cooks longer."""
    return [
        f"Chicken takes longer to cook than {kind_words(old)[0]}: cook the pieces until no pink "
        "remains inside (about 6–8 minutes in a hot pan), whatever time the steps give."
        for old, new in swapped
        if needs_cooking(new) and "chicken" in new.lower() and _SEA & set(kind_words(old))
    ][:1]


_SHAPED: Final = re.compile(
    r"\b(?:meat\s*balls?|meatloaf|meat\s+loaf|burgers?|patt(?:y|ies)|koftas?|kofte|keftedes|"
    r"polpette|kebabs?|rissoles?|croquettes?)\b|\b(?:shape|form|roll)\w*\b[^.]{0,60}?\b(?:balls?|"
    r"patt(?:y|ies)|loaf|logs?|burgers?|sausages?)\b",
    re.IGNORECASE,
)
_LOOSE: Final = re.compile(r"\b(?:lentils|beans|chickpeas)\b", re.IGNORECASE)
_EGG_SET: Final = re.compile(
    r"\b(?:quiches?|frittatas?|custards?|flans?|souffl[eé]s?|omelet(?:te)?s?|clafoutis|"
    r"cr[eè]me\s+(?:br[uû]l[eé]e|caramel)|stratas?|tortilla\s+espa[nñ]ola|spanish\s+tortilla|"
    r"egg\s+(?:bakes?|casseroles?|muffins?|bites?|cups?)|meringues?|pavlovas?|carbonara|"
    r"shakshuka|eggs?\s+benedict|deviled\s+eggs?|egg\s+salad)\b",
    re.IGNORECASE,
)
_EGG_BINDER: Final = re.compile(r"\b(?:flax\w*|apple\s*sauce|applesauce|chia)\b", re.IGNORECASE)


def unfit(substitute: str, recipe: Recipe) -> bool:
    """A substitute the dish's own making rules out: a meat to cook for a dish eaten raw or
    cured (chicken in a shrimp ceviche), loose cooked lentils for meat that is shaped into
    meatballs, a loaf or burgers (they hold no shape without a binder: plant-based mince does),
    a binder for a dish the eggs set or are (flaxseed gel sets no quiche, custard or frittata)."""
    meat = _MEAT.search(substitute) and not _BOUGHT_COOKED.search(substitute)
    if meat and raw_dish(recipe.title, recipe.steps):
        return True
    if _EGG_BINDER.search(substitute) and _EGG_SET.search(recipe.title):
        return True
    return bool(_LOOSE.search(substitute)) and bool(
        _SHAPED.search(recipe.title) or any(_SHAPED.search(step) for step in recipe.steps)
    )


_SEA: Final = frozenset(("fish", "seafood", "shellfish"))


def sensible_steps(steps: Sequence[str], swapped: Sequence[tuple[str, str]]) -> list[str]:
    """The rewritten steps made to agree with what the swaps put in: seafood's doneness cues
    gone once no seafood stands in for it, a garnish sentence of only a left-out garnish gone."""
    sea_gone = any(
        _SEA & set(kind_words(old)) and not _SEA & set(kind_words(new)) for old, new in swapped
    )
    return [without_garnish_sentence(doneness_for(s) if sea_gone else s) for s in steps]
