"""Allergen detection in free text: ingredient lists, dish names, menu lines, reviews.

One pass of the lexicon's trie regex finds candidate words; a little context around each
candidate then decides whether it counts:

- negations do not count ("nut-free", "dairy free", "without eggs", "no peanuts or sesame",
  "egg-less"); negating a word that names a whole class ("gluten-free bread") also clears the
  rest of that phrase, while negating a part does not ("lactose-free milk" is still dairy);
- talk about an allergy is not an ingredient ("my friend has a nut allergy", "allergic to
  shellfish");
- cross-contact statements turn mentions into `may_contain` until the sentence ends ("may
  contain traces of nuts", "produced in a facility that also handles peanuts"); inside them
  a negation or an allergy word does not clear the mention, because "not suitable for nut
  allergy sufferers" is a warning, not a reassurance.

The context checks run only around candidates, so text without allergen words costs one regex
scan. Parenthesised sub-ingredients need no special case: every word is scanned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from kairos.core.lexicon import default_lexicon, term_key

__all__ = ["AllergenMention", "MentionStatus", "detect_allergens"]

MentionStatus = Literal["contains", "may_contain"]

_DASH = r"[\-‐‑–]"
_NEG_SUFFIX: Final = re.compile(
    rf"(?:\s*{_DASH}\s*|\s+)?free\b(?!\s*{_DASH}?\s*range)|\s*{_DASH}\s*less\b", re.IGNORECASE
)
_NEG_PREFIX: Final = re.compile(
    r"(?<![^\W_])(?:no|not|nor|neither|without|zero|sans|free\s+(?:from|of)|free-from|non"
    r"|contains?\s+no|(?:does|do)\s*n[o']?t\s+contain|not\s+contain(?:s|ing)?)"
    rf"(?:\s*{_DASH}\s*|\s+)(?:(?:any|added|real|actual|the|traces?\s+of|trace|of)\s+)*$",
    re.IGNORECASE,
)
_ALLERGY_SUFFIX: Final = re.compile(
    rf"(?:\s*{_DASH}\s*|\s+)(?:allerg(?:y|ies|ic)|intoleran(?:ce|ces|t)|sensitivit(?:y|ies)"
    r"|sensitive|anaphyla\w*)\b",
    re.IGNORECASE,
)
_ALLERGY_PREFIX: Final = re.compile(
    r"(?<![^\W_])(?:allergic|allergy|allergies|intolerant|intolerance|sensitive|sensitivity)"
    r"\s+(?:to|of)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# Between list items that share one negation: "no peanuts or sesame". Commas continue the
# list only after a list-opening phrase ("free from milk, eggs and nuts"): after a bare "no",
# "no peanuts, wheat flour" must still report the wheat.
_CHAIN: Final = re.compile(r"\s*(?:[/&]\s*)?(?:(?:or|and|nor)\s+)?", re.IGNORECASE)
_LIST_CHAIN: Final = re.compile(r"\s*(?:[,/&]\s*)?(?:(?:or|and|nor)\s+)?", re.IGNORECASE)
_LIST_OPENER: Final = re.compile(
    r"(?:free\s+(?:from|of)|free-from|without|contains?\s+no|allergic\s+to|allergy\s+to)",
    re.IGNORECASE,
)
_MAY_MARKER: Final = re.compile(
    r"(?<![^\W_])(?:"
    r"(?:may|might|can|could)\s+(?:also\s+)?(?:contain|include|have\s+been\s+in\s+contact)"
    r"|may\s+be\s+present|traces?\s*(?:of\b|:)|trace\s+amounts?"
    r"|(?:produced|made|manufactured|processed|packed|packaged|prepared|baked|cooked|fried"
    r"|bottled)\s+(?:in|on|at)\s+(?:a\s+|the\s+|an\s+)?(?:same\s+|shared\s+|common\s+)?"
    r"(?:facility|factory|plant|kitchen|premises|site|environment|equipment|line|bakery)"
    r"|(?:facility|factory|plant|kitchen|equipment|line|premises|site)\s+(?:that|which|where)"
    r"\s+(?:also\s+)?(?:handles?|process(?:es)?|uses?|produces?|manufactures?|makes?"
    r"|packages?|packs?)"
    r"|(?:shared|same|common)\s+(?:equipment|facility|fryers?|kitchen|production|line|surfaces?)"
    r"|cross[\s\-]?(?:contact|contamination|contaminated)"
    r"|(?:cannot|can't|can\s+not|unable\s+to)\s+guarantee|not\s+guaranteed"
    r"|not\s+suitable\s+for"
    # The same statements on the multilingual labels that reach "English" ingredient fields.
    r"|peut\s+contenir|traces?\s+(?:de|d'|éventuelles)|kann|spuren\s+von|pode\s+conter"
    r"|traços\s+de|puede\s+contener|trazas\s+de|pu[oò]\s+contenere|tracce\s+di"
    r"|może\s+zawierać|kan\s+sporen|sporen\s+van)",
    re.IGNORECASE,
)
_SENTENCE_END: Final = re.compile(
    r"[.;!?\n](?!\d)|[()\[\]]|(?<![^\W_])(?:contains|ingredients?)(?![^\W_])", re.IGNORECASE
)
_CLAUSE_END: Final = re.compile(
    r"[,;.:!?()\[\]\n]|(?<![^\W_])(?:and|with|but|or)(?![^\W_])|&", re.IGNORECASE
)
_WINDOW = 48


@dataclass(frozen=True, slots=True)
class AllergenMention:
    """One allergen found in a text, with the span that triggered it."""

    allergen: str
    status: MentionStatus
    start: int
    end: int
    text: str


def _may_scopes(text: str) -> list[tuple[int, int]]:
    scopes: list[tuple[int, int]] = []
    for marker in _MAY_MARKER.finditer(text):
        depth = 0
        end = len(text)
        for stop in _SENTENCE_END.finditer(text, marker.end()):
            token = stop.group()
            if token in "([":
                depth += 1
                continue
            if token in ")]" and depth:
                depth -= 1
                continue
            end = stop.start()
            break
        scopes.append((marker.start(), end))
    return scopes


def _clause_end(text: str, position: int) -> int:
    stop = _CLAUSE_END.search(text, position)
    return stop.start() if stop else len(text)


def _inside(position: int, scopes: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in scopes)


def detect_allergens(text: str) -> list[AllergenMention]:
    """Every canonical allergen mentioned as food in `text`, in order of appearance.

    Returns one mention per allergen per matched span (a dish word can name several). Words
    that only look like allergens ("coconut", "nutmeg", "rice flour", "butter beans") match
    lexicon entries that name no allergen, so they never reach the result.
    """
    lexicon = default_lexicon()
    candidates = [
        (match, allergens, key in lexicon.uncertain_keys)
        for match in lexicon.pattern.finditer(text)
        if (allergens := lexicon.text_terms.get(key := term_key(match.group()), ()))
    ]
    if not candidates:
        return []
    may_scopes = _may_scopes(text)
    cleared: list[tuple[str, int, int]] = []
    chain_end = -1
    chain: re.Pattern[str] = _CHAIN
    mentions: list[AllergenMention] = []
    for match, allergens, uncertain in candidates:
        start, end = match.span()
        in_may = _inside(start, may_scopes)
        if not in_may:
            prefix = text[max(0, start - _WINDOW) : start]
            chained = chain_end >= 0 and chain.fullmatch(text, chain_end, start) is not None
            opener = _NEG_PREFIX.search(prefix) or _ALLERGY_PREFIX.search(prefix)
            if opener or chained:
                if opener:
                    chain = _LIST_CHAIN if _LIST_OPENER.match(opener.group()) else _CHAIN
                chain_end = end
                _clear_class(lexicon.class_keys, match.group(), text, end, cleared)
                continue
            if _NEG_SUFFIX.match(text, end) or _ALLERGY_SUFFIX.match(text, end):
                _clear_class(lexicon.class_keys, match.group(), text, end, cleared)
                continue
        chain_end = -1
        status: MentionStatus = "may_contain" if in_may or uncertain else "contains"
        span = match.group()
        for allergen in allergens:
            if any(a == allergen and s <= start < e for a, s, e in cleared):
                continue
            mentions.append(AllergenMention(allergen, status, start, end, span))
    return mentions


def _clear_class(
    class_keys: Mapping[str, str],
    matched: str,
    text: str,
    end: int,
    cleared: list[tuple[str, int, int]],
) -> None:
    """After "gluten-free", ignore gluten words until the phrase ends ("gluten-free bread")."""
    allergen = class_keys.get(term_key(matched))
    if allergen is not None:
        cleared.append((allergen, end, _clause_end(text, end)))
