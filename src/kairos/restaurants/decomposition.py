"""Offline query decomposition: a chat message → a structured search request, without a model.

The default decomposer of the chat pipeline (seed 000 §5, Step 2) and the fallback whenever a
model provider fails. It reads the message in a fixed order, each step claiming the words it
used (see `query_text.Words`): numbers, a place to locate, a comparison, negated idioms,
allergy language, negations, places, vibe / diet / price words, categories, and last,
typo-tolerant matching of what is left. What nobody claimed becomes the semantic
`vector_query`. Deterministic: the same message and vocabulary give the same answer.

Choices worth knowing (the rest are in `query_constraints` and `query_numbers`):
- Only the catalog's own categories, cities and areas are produced, so a filter never asks the
  database for something it does not have; dietary words ("vegan") go to `dietary`, never to
  `categories`, so they rank rather than exclude.
- Categories are OR-ed by the search, so meal and venue words ("brunch", "drinks", "bar")
  become a category only when nothing else names the food.
- A city is a scope (list view); proximity ("near X", "around here", "closest") is a map.
  "X or Y" is a comparison only with a comparing word ("which is better", "vs", "compare").
- One clarifying question at most, and only when nothing at all is searchable; if the previous
  turn already asked (`pending_clarification`), the parser proceeds with a stated assumption.
- A follow-up ("what about in cambridge?", "any cheaper ones?") keeps the previous message's
  request for whatever it does not change, allergen exclusions included.
"""

from __future__ import annotations

from collections.abc import Sequence

from kairos.restaurants.catalog_vocabulary import CatalogVocabulary
from kairos.restaurants.query_constraints import extract_allergies, extract_negations
from kairos.restaurants.query_conversation import (
    assume_instead_of_asking,
    is_follow_up,
    merge_follow_up,
    small_talk,
)
from kairos.restaurants.query_draft import Draft
from kairos.restaurants.query_index import AllergenNormaliser, QueryIndex
from kairos.restaurants.query_matching import (
    category_or_typo,
    match_categories,
    match_lexicon,
    match_typos,
)
from kairos.restaurants.query_numbers import extract_numbers
from kairos.restaurants.query_places import extract_compare, extract_locate, extract_places
from kairos.restaurants.query_result import build_decomposition
from kairos.restaurants.query_text import Words, normalise_message
from kairos.restaurants.query_vocabulary import ALLERGEN_WORDS
from kairos.restaurants.schemas_decomposition import Decomposition

MAX_HISTORY = 3  # earlier messages a chain of follow-ups may reach back to


def fallback_allergen(word: str) -> str | None:
    """Stand-in for `kairos.core.allergens` until the lead passes the real recogniser."""
    return ALLERGEN_WORDS.get(word)


class QueryParser:
    """Builds the vocabulary indexes once; `decompose` is then pure and deterministic.

    `normalise_allergen` recognises allergen words: it returns the canonical allergen(s) a
    phrase names, or None / an empty tuple when the phrase is not an allergen (so a function
    that echoes unknown words back as custom ingredients does not fit).
    """

    def __init__(
        self,
        vocabulary: CatalogVocabulary,
        *,
        normalise_allergen: AllergenNormaliser | None = None,
    ) -> None:
        self.index = QueryIndex(vocabulary, normalise_allergen or fallback_allergen)

    def decompose(
        self,
        message: str,
        *,
        history: Sequence[str] = (),
        pending_clarification: str | None = None,
    ) -> Decomposition:
        """`history` holds the user's earlier messages, oldest first."""
        result = self._read(message)
        searching = result.intent in {"find_restaurant", "compare", "locate"}
        if history and searching and is_follow_up(message):
            result = merge_follow_up(result, self._previous(history[-MAX_HISTORY:]))
        if result.needs_clarification and pending_clarification:
            result = assume_instead_of_asking(result)
        return result

    def _previous(self, history: Sequence[str]) -> Decomposition:
        previous = self._read(history[-1])
        if len(history) > 1 and is_follow_up(history[-1]):
            previous = merge_follow_up(previous, self._previous(history[:-1]))
        return previous

    def _read(self, message: str) -> Decomposition:
        text = normalise_message(message)
        words = Words(text)
        draft = Draft()
        if (reply := small_talk(words, draft)) is not None:
            return reply
        facts, spans = extract_numbers(text)
        for start, end in spans:
            words.claim_span(start, end)
        index = self.index
        extract_locate(text, words, draft, index)
        extract_compare(text, words, draft, index)
        match_lexicon(words, draft, index, negated_only=True)
        extract_allergies(words, draft, index.allergens)
        extract_negations(
            words,
            draft,
            index.allergens,
            lambda phrase: category_or_typo(index, phrase),
            index.is_dietary,
        )
        extract_places(words, draft, index)
        match_lexicon(words, draft, index)
        match_categories(words, draft, index)
        match_typos(words, draft, index)
        return build_decomposition(words, draft, facts, index)


_PARSERS: dict[int, tuple[CatalogVocabulary, QueryParser]] = {}


def decompose(
    message: str,
    vocabulary: CatalogVocabulary,
    *,
    history: Sequence[str] = (),
    pending_clarification: str | None = None,
) -> Decomposition:
    """Convenience entry point; the parser for a vocabulary is built once and reused. Code
    that needs the real allergen recogniser builds its own `QueryParser`."""
    cached = _PARSERS.get(id(vocabulary))
    if cached is None or cached[0] is not vocabulary:
        if len(_PARSERS) >= 4:
            _PARSERS.clear()
        cached = (vocabulary, QueryParser(vocabulary))
        _PARSERS[id(vocabulary)] = cached
    return cached[1].decompose(
        message, history=history, pending_clarification=pending_clarification
    )
