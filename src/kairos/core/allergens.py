"""Allergen vocabulary: canonical names, severity and confidence scales, normalisation.

Every check in Kairos (profile, detection, place inference, SQL filter, guard) speaks in the
canonical names below, so a word a user or a menu uses ("ghee", "prawns", "maida") must pass
through `normalise_allergen` or `expand_allergen` before it reaches any of them.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Final, Literal

from kairos.core.allergen_spelling import corrected_allergen_word
from kairos.core.lexicon import CANONICAL_ALLERGENS, CANONICAL_SET, default_lexicon, term_key

__all__ = [
    "CANONICAL_ALLERGENS",
    "CONFIDENCE_RANK",
    "SEVERITIES",
    "SEVERITY_RISK",
    "Confidence",
    "Severity",
    "asked_allergens",
    "expand_allergen",
    "is_canonical",
    "is_known_food",
    "is_umbrella",
    "lactose_free_for_intolerance",
    "named_allergens",
    "names_allergen_class",
    "normalise_allergen",
    "severity_risk",
    "term_allergens",
    "worst_severity",
]

Severity = Literal["anaphylactic", "severe", "moderate", "intolerance"]
Confidence = Literal["high", "medium", "low"]

SEVERITIES: Final[tuple[Severity, ...]] = ("anaphylactic", "severe", "moderate", "intolerance")
# Higher is riskier. The original system sorted anaphylactic as the mildest; this table is the
# single place the order is written down, and everything else compares through it.
SEVERITY_RISK: Final[dict[Severity, int]] = {
    "intolerance": 1,
    "moderate": 2,
    "severe": 3,
    "anaphylactic": 4,
}
CONFIDENCE_RANK: Final[dict[Confidence, int]] = {"low": 0, "medium": 1, "high": 2}

_FILLER = re.compile(
    r"^(?:(?:i\s+am|i'?m|am|severely|very|mildly|highly)\s+)*"
    r"(?:allergic\s+to|allergy\s+to|intolerant\s+to|intolerance\s+to|sensitive\s+to)\s+",
)
_SUFFIX = re.compile(
    r"[\s\-]+(?:allerg(?:y|ies|ic)|intoleran(?:ce|t)|sensitivity|sensitive)$",
)
_SPACES = re.compile(r"\s+")


def severity_risk(severity: Severity) -> int:
    """Risk rank of a severity; anaphylactic is the worst (highest)."""
    return SEVERITY_RISK[severity]


def worst_severity(severities: Iterable[Severity]) -> Severity | None:
    """The riskiest severity in `severities`, or None when there is none."""
    worst: Severity | None = None
    for severity in severities:
        if worst is None or SEVERITY_RISK[severity] > SEVERITY_RISK[worst]:
            worst = severity
    return worst


def is_canonical(name: str) -> bool:
    """True for one of the 14 canonical allergen names (exact spelling)."""
    return name in CANONICAL_SET


def _clean(term: str) -> str:
    text = _SPACES.sub(" ", term.strip().lower().replace("_", " "))
    text = _FILLER.sub("", text)
    text = _SUFFIX.sub("", text)
    return " ".join(re.findall(r"[^\W_]+(?:['’][^\W_]+)*", text))


def term_allergens(term: str) -> tuple[str, ...]:
    """Allergens a single surface form denotes, as read on a label ("ghee" -> dairy).

    Exact lexicon entries first (including profile-only words such as "til"), then the
    lexicon entries found inside the term ("sesame seeds" -> sesame). Empty when unknown.
    """
    lexicon = default_lexicon()
    cleaned = _clean(term)
    key = term_key(cleaned)
    if key in lexicon.text_terms:
        return lexicon.text_terms[key]
    if key in lexicon.profile_only:
        return lexicon.profile_only[key]
    found: list[str] = []
    for match in lexicon.pattern.finditer(cleaned):
        for allergen in lexicon.text_terms.get(term_key(match.group()), ()):
            if allergen not in found:
                found.append(allergen)
    return tuple(found)


def expand_allergen(term: str) -> tuple[str, ...]:
    """Every canonical allergen a profile entry may mean, or the cleaned custom ingredient.

    Umbrella words widen ("nuts" -> tree_nuts and peanuts; "seafood" -> fish, shellfish,
    molluscs; "shellfish" -> crustaceans and molluscs, as people mean it) because for a profile
    the safe mistake is to cover too much. A word the lexicon
    does not know, or knows as "not an allergen" ("coconut"), is a custom ingredient (garlic,
    kiwi, coconut) and comes back cleaned, as one entry.
    """
    cleaned = _clean(term)
    if not cleaned:
        return ()
    key = term_key(cleaned)
    umbrella = default_lexicon().umbrellas.get(key)
    if umbrella:
        return umbrella
    canonical = _CANONICAL_BY_KEY.get(key)
    if canonical is not None:
        return (canonical,)
    found = term_allergens(cleaned)
    if found:
        return found
    corrected = corrected_allergen_word(cleaned)
    return expand_allergen(corrected) if corrected else (cleaned,)


def named_allergens(phrase: str) -> tuple[str, ...]:
    """Canonical allergens a phrase of a message names ("prawns", "nuts", "seafood", "dairy");
    empty for anything else, custom ingredients included (they cannot be filtered in SQL)."""
    found = expand_allergen(phrase)
    return found if found and all(is_canonical(a) for a in found) else ()


ASKED_FOR_THEMSELVES: Final = frozenset(
    {"peanuts", "tree_nuts", "shellfish", "molluscs", "fish", "eggs", "sesame"}
)
"""Allergens a food word asks for outright: who asks for prawns, walnut cake or hummus wants
the allergen itself, whereas pasta, cheese or tofu dishes have free-from versions a search for
them can still find."""


def asked_allergens(query: str, kept_out: Collection[str]) -> dict[str, tuple[str, ...]]:
    """The words of a search that ask for an allergen kept out ("prawn curry" with shellfish
    kept out → {"prawn": ("shellfish",)}): a search for them finds only places that are then
    left out, and the answer would be filled with places that have nothing to do with it."""
    found: dict[str, tuple[str, ...]] = {}
    for word in query.split():
        named = tuple(
            a for a in named_allergens(word) if a in kept_out and a in ASKED_FOR_THEMSELVES
        )
        if named:
            found[word] = named
    return found


def names_allergen_class(phrase: str) -> bool:
    """True for a word naming a whole allergen or family ("gluten", "nuts", "seafood",
    "peanuts"), as opposed to one food that contains it ("pizza", "sushi")."""
    cleaned = _clean(phrase)
    key = term_key(cleaned)
    lexicon = default_lexicon()
    return key in _CANONICAL_BY_KEY or key in lexicon.class_keys or key in lexicon.umbrellas


def is_umbrella(phrase: str) -> bool:
    """A word that widens to several allergens ("nuts" → tree nuts and peanuts)."""
    return term_key(_clean(phrase)) in default_lexicon().umbrellas


def normalise_allergen(term: str) -> str:
    """Map any surface form to its canonical allergen, or return the cleaned custom ingredient.

    A form that names several allergens ("soy sauce") maps to the first one listed for it; use
    `expand_allergen` where every one of them matters (user profiles).
    """
    expanded = expand_allergen(term)
    return expanded[0] if expanded else ""


_CANONICAL_BY_KEY: Final[dict[str, str]] = {term_key(name): name for name in CANONICAL_ALLERGENS}


_NOT_FOOD_WORDS: Final = re.compile(
    r"^(?:\d+|[½¼¾⅓⅔⅛]|cups?|tbsp|tsp|tablespoons?|teaspoons?|oz|ounces?|lbs?|pounds?|g|kg|ml|"
    r"l|litres?|liters?|pinch|dash|cans?|packages?|pkg|slices?|pieces?|large|small|"
    r"medium|fresh|chopped|diced|minced|sliced|to|taste|of|and|or|for|a|an|the|optional|"
    r"about|plus|more|finely|roughly|cut|into|inch|cm|whole|ground|dried|frozen)$"
)


def is_known_food(line: str) -> bool:
    """Whether a line names at least one food the knowledge base knows (the Open Food Facts
    taxonomy's English names, the lexicon and the derived words): a line naming none is one
    the core cannot read, and is reported as unknown, never taken as free of allergens."""
    words = [w for w in re.findall(r"[^\W\d_]+", line.lower()) if not _NOT_FOOD_WORDS.match(w)]
    known = default_lexicon().known_foods
    for size in (3, 2, 1):
        for start in range(len(words) - size + 1):
            if term_key(" ".join(words[start : start + size])) in known:
                return True
    return False


_LACTOSE_FREE: Final = r"lactose[\s-]*free"


def lactose_free_for_intolerance(text: str, word: str, allergen: str, severity: str | None) -> bool:
    """`word` (a dairy word found in `text`) is lactose-free dairy ("lactose-free milk", "the
    lactose-free butter") and dairy is only an intolerance: lactose is what an intolerance
    reacts to; the milk protein an allergy reacts to is still there, so an allergy never
    takes it. Only the word the qualifier reaches counts: in "lactose-free milk and butter"
    the butter is plain butter."""
    if allergen != "dairy" or severity != "intolerance":
        return False
    if re.match(_LACTOSE_FREE, word, re.IGNORECASE):
        return True
    said = rf"\b{_LACTOSE_FREE}\s+(?:[\w-]+\s+){{0,2}}?{re.escape(word)}\b"
    return re.search(said, text, re.IGNORECASE) is not None
