"""Allergen detection in free text: ingredient lists, dish names, menu lines, reviews.

One pass of the lexicon's trie regex finds candidate words; a little context around each
candidate then decides whether it counts:

- negations do not count ("nut-free", "dairy free", "without eggs", "no peanuts or sesame",
  "egg-less"); negating a word that names a whole class ("gluten-free bread") also clears the
  rest of that phrase, while negating a part does not ("lactose-free milk" is still dairy). A
  few words still name a usual source of the class after it is negated, and stay as
  may-contain ("gluten-free oats": oats are a cereal containing gluten in EU law, and some
  people with coeliac disease react to oats themselves). Negations are read in English only
  (and in compounds: "glutenfrei"): a negation clears a mention, the risky direction, so one
  is added only where measured (see docs/BENCHMARKS.md, allergen section);
- talk about an allergy is not an ingredient ("my friend has a nut allergy", "allergic to
  shellfish");
- cross-contact statements turn mentions into `may_contain` until the sentence ends ("may
  contain traces of nuts", "produced in a facility that also handles peanuts"); inside them
  a negation or an allergy word does not clear the mention, because "not suitable for nut
  allergy sufferers" is a warning, not a reassurance.

Words the lexicon does not list whole can still name an allergen through a part: a compound
("Hartweizengrieß") or an inflected stem ("owsiane"), see `kairos.core.word_parts`; the same
context rules then apply to the whole word.

The context checks run only around candidates, so text without allergen words costs two regex
scans. Parenthesised sub-ingredients need no special case: every word is scanned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from kairos.core.lexicon import Lexicon, default_lexicon, term_key, trie_regex

__all__ = ["AllergenMention", "MentionStatus", "detect_allergens"]

MentionStatus = Literal["contains", "may_contain"]

_DASH = r"[\-‐‑–]"
_NEG_SUFFIX_SOURCE: Final = (
    rf"(?:\s*{_DASH}\s*|\s+)?free\b(?!\s*{_DASH}?\s*range)|\s*{_DASH}\s*less\b"
)
_NEG_PREFIX_SOURCE: Final = (
    r"(?<![^\W_])(?:no|not|nor|neither|without|zero|sans|free\s+(?:from|of)|free-from|non"
    r"|contains?\s+no|(?:does|do)\s*n[o']?t\s+contain|not\s+contain(?:s|ing)?)"
    rf"(?:\s*{_DASH}\s*|\s+)(?:(?:any|added|real|actual|the|traces?\s+of|trace|of)\s+)*$"
)
_ALLERGY_SUFFIX_SOURCE: Final = (
    rf"(?:\s*{_DASH}\s*|\s+)(?:allerg(?:y|ies|ic)|intoleran(?:ce|ces|t)|sensitivit(?:y|ies)"
    r"|sensitive|anaphyla\w*)\b"
)
_ALLERGY_PREFIX_SOURCE: Final = (
    r"(?<![^\W_])(?:allergic|allergy|allergies|intolerant|intolerance|sensitive|sensitivity)"
    r"\s+(?:to|of)\s+(?:the\s+)?$"
)
# Between list items that share one negation: "no peanuts or sesame". Commas continue the
# list only after a list-opening phrase ("free from milk, eggs and nuts"): after a bare "no",
# "no peanuts, wheat flour" must still report the wheat.
_CHAIN_SOURCE: Final = r"\s*(?:[/&]\s*)?(?:(?:or|and|nor)\s+)?"
_LIST_CHAIN_SOURCE: Final = r"\s*(?:[,/&]\s*)?(?:(?:or|and|nor)\s+)?"
_LIST_OPENER_SOURCE: Final = (
    r"(?:free\s+(?:from|of)|free-from|without|contains?\s+no|allergic\s+to|allergy\s+to)"
)
_MAY_MARKER_SOURCE: Final = (
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
    r"|może\s+zawierać|kan\s+sporen|sporen\s+van|kan\s+(?:innehålla|indeholde|inneholde)"
    r"|spår\s+av|spor\s+af|spor\s+av|voi\s+sisältää|může\s+obsahovat|śladowe\s+ilości"
    r"|(?:fabriqué|élaboré|conditionné|produit)\s+dans\s+(?:un|une|le|la|l')\s*(?:atelier|usine|site)"
    r"|atelier\s+(?:qui\s+utilise|utilisant)|hergestellt\s+in\s+einem\s+betrieb"
    r"|(?:elaborado|fabricado|producido|produzido|prodotto)\s+(?:en|em|in)\s+"
    r"(?:una?|uma?|lo|la|el|o|a|uno)\s+(?:planta|fábrica|instalación|linha|línea"
    r"|stabilimento|local|área)"
    r"|geproduceerd\s+in\s+een\s+bedrijf)"
)
# First word of every marker above. A trie of these finds the few places where a marker can
# start, and only there is the full marker pattern tried: scanning a review with the whole
# alternation at every word would cost more than finding the allergens themselves.
_MAY_TRIGGERS: Final = (
    "may", "might", "can", "could", "trace", "traces", "produced", "made", "manufactured",
    "processed", "packed", "packaged", "prepared", "baked", "cooked", "fried", "bottled",
    "facility", "factory", "plant", "kitchen", "equipment", "line", "premises", "site", "shared",
    "same", "common", "cross", "cannot", "can't", "unable", "not", "peut", "kann", "spuren",
    "pode", "traços", "puede", "trazas", "può", "puo", "tracce", "może", "kan", "sporen", "spår",
    "spor", "voi", "může", "śladowe", "fabriqué", "élaboré", "conditionné", "produit",
    "atelier", "hergestellt", "elaborado", "fabricado", "producido", "produzido", "prodotto",
    "geproduceerd",
)  # fmt: skip
_SENTENCE_END_SOURCE: Final = (
    r"[.;!?\n](?!\d)|[()\[\]]|(?<![^\W_])(?:contains|ingredients?)(?![^\W_])"
)
_CLAUSE_END_SOURCE: Final = r"[,;.:!?()\[\]\n]|(?<![^\W_])(?:and|with|but|or)(?![^\W_])|&"
_WINDOW = 48
_NONE: Final[frozenset[str]] = frozenset()
_NO_REASONS: Final[dict[str, str]] = {}
_TRIGGER_SOURCE: Final = r"(?<![^\W_])(?:" + trie_regex(_MAY_TRIGGERS) + r")(?![^\W_])"


@dataclass(frozen=True, slots=True)
class _Context:
    """The context patterns, compiled for one case mode."""

    neg_suffix: re.Pattern[str]
    neg_prefix: re.Pattern[str]
    allergy_suffix: re.Pattern[str]
    allergy_prefix: re.Pattern[str]
    chain: re.Pattern[str]
    list_chain: re.Pattern[str]
    list_opener: re.Pattern[str]
    may_marker: re.Pattern[str]
    sentence_end: re.Pattern[str]
    clause_end: re.Pattern[str]
    may_trigger: re.Pattern[str]

    @classmethod
    def compile(cls, flags: int) -> _Context:
        sources = (
            _NEG_SUFFIX_SOURCE, _NEG_PREFIX_SOURCE, _ALLERGY_SUFFIX_SOURCE, _ALLERGY_PREFIX_SOURCE,
            _CHAIN_SOURCE, _LIST_CHAIN_SOURCE, _LIST_OPENER_SOURCE, _MAY_MARKER_SOURCE,
            _SENTENCE_END_SOURCE, _CLAUSE_END_SOURCE, _TRIGGER_SOURCE,
        )  # fmt: skip
        return cls(*(re.compile(source, flags) for source in sources))


# Text is lowercased before matching when that keeps its length (almost always): the
# case-sensitive patterns are then 2-3x faster. Otherwise the case-insensitive set is used.
_LOWER: Final = _Context.compile(0)
_ANY_CASE: Final = _Context.compile(re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class AllergenMention:
    """One allergen found in a text, with the span that triggered it."""

    allergen: str
    status: MentionStatus
    start: int
    end: int
    text: str
    reason: str | None = None
    """Why the word brings the allergen, when it is derived knowledge ("most Thai curry
    pastes hold shrimp paste and fish sauce"); None for a word that names it outright."""


def _may_scopes(text: str, ctx: _Context) -> list[tuple[int, int]]:
    scopes: list[tuple[int, int]] = []
    for trigger in ctx.may_trigger.finditer(text):
        marker = ctx.may_marker.match(text, trigger.start())
        if marker is None:
            continue
        depth = 0
        end = len(text)
        for stop in ctx.sentence_end.finditer(text, marker.end()):
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


def _clause_end(text: str, position: int, ctx: _Context) -> int:
    stop = ctx.clause_end.search(text, position)
    return stop.start() if stop else len(text)


def _inside(position: int, scopes: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in scopes)


def detect_allergens(text: str, lexicon: Lexicon | None = None) -> list[AllergenMention]:
    """Every canonical allergen mentioned as food in `text`, in order of appearance.

    Returns one mention per allergen per matched span (a dish word can name several). Words
    that only look like allergens ("coconut", "nutmeg", "rice flour", "butter beans") match
    lexicon entries that name no allergen, so they never reach the result. With a `lexicon`
    (e.g. `custom_lexicon(("garlic",))`) the same rules find that lexicon's terms instead.
    """
    lexicon = lexicon or default_lexicon()
    lowered = text.lower()
    is_lower = len(lowered) == len(text)
    if is_lower:
        scan, ctx, pattern = lowered, _LOWER, lexicon.lower_pattern
    else:
        scan, ctx, pattern = text, _ANY_CASE, lexicon.pattern
    matches = [(match.span(), term_key(match.group())) for match in pattern.finditer(scan)]
    candidates = [
        (span, key, allergens, lexicon.uncertain.get(key, _NONE))
        for span, key in matches
        if (allergens := lexicon.text_terms.get(key, ()))
    ]
    taken = [span for span, _ in matches]
    compounds = [
        (span, "", allergens, _NONE)
        for span, allergens in lexicon.word_parts.candidates(scan, is_lower, taken)
    ]
    if compounds:
        candidates = sorted(candidates + compounds, key=lambda candidate: candidate[0])
    if not candidates:
        return []
    may_scopes = _may_scopes(scan, ctx)
    cleared: list[tuple[str, int, int]] = []
    chain_end = -1
    chain = ctx.chain
    mentions: list[AllergenMention] = []
    for (start, end), key, allergens, uncertain in candidates:
        in_may = _inside(start, may_scopes)
        if not in_may:
            prefix = scan[max(0, start - _WINDOW) : start]
            chained = chain_end >= 0 and chain.fullmatch(scan, chain_end, start) is not None
            opener = ctx.neg_prefix.search(prefix) or ctx.allergy_prefix.search(prefix)
            if opener or chained:
                if opener:
                    listing = ctx.list_opener.match(opener.group())
                    chain = ctx.list_chain if listing else ctx.chain
                chain_end = end
                _clear_class(lexicon.class_keys, scan, start, end, cleared, ctx)
                continue
            if ctx.neg_suffix.match(scan, end) or ctx.allergy_suffix.match(scan, end):
                _clear_class(lexicon.class_keys, scan, start, end, cleared, ctx)
                head = _unnegated_head(scan, start, end, lexicon)
                if head is None:
                    continue
                (start, end), key, allergens, uncertain = head
        chain_end = -1
        span = text[start:end]
        for allergen in allergens:
            usual = allergen in uncertain
            if any(a == allergen and s <= start < e for a, s, e in cleared):
                if allergen not in lexicon.despite_class_negation.get(key, _NONE):
                    continue
                usual = True
            status: MentionStatus = "may_contain" if in_may or usual else "contains"
            reason = lexicon.reasons.get(key, _NO_REASONS).get(allergen)
            mentions.append(AllergenMention(allergen, status, start, end, span, reason))
    return mentions


_LAST_WORD: Final = re.compile(r"[\s\-‐‑–]+[^\s\-‐‑–]+$")


def _unnegated_head(
    scan: str, start: int, end: int, lexicon: Lexicon
) -> tuple[tuple[int, int], str, tuple[str, ...], frozenset[str]] | None:
    """In "wheat gluten-free fibre" the negation reaches only "gluten": the words before it
    ("wheat") still name an allergen when the lexicon knows them."""
    last = _LAST_WORD.search(scan, start, end)
    if last is None:
        return None
    key = term_key(scan[start : last.start()])
    allergens = lexicon.text_terms.get(key, ())
    if not allergens:
        return None
    return (start, last.start()), key, allergens, lexicon.uncertain.get(key, _NONE)


def _clear_class(
    class_keys: Mapping[str, str],
    scan: str,
    start: int,
    end: int,
    cleared: list[tuple[str, int, int]],
    ctx: _Context,
) -> None:
    """After "gluten-free", ignore gluten words until the phrase ends ("gluten-free bread")."""
    allergen = class_keys.get(term_key(scan[start:end]))
    if allergen is not None:
        cleared.append((allergen, end, _clause_end(scan, end, ctx)))
