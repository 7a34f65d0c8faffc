"""Matching words against the vocabulary: vibe / diet / price phrases, categories, typos.

Longest phrase first everywhere, so "south indian" beats "indian" and "sushi bar" is one thing.
"""

from __future__ import annotations

from kairos.text.query.draft import Draft, add
from kairos.text.query.index import LexiconValue, QueryIndex
from kairos.text.query.vocabulary import STOPWORDS, word_set
from kairos.text.query.words import Words

# "sushi bar", "pizza place", "burger joint": the venue word adds nothing to the category
_VENUE_SUFFIX = word_set(
    "bar bars place places joint joints spot spots restaurant restaurants shop shops food "
    "cuisine house options meals"
)


def match_lexicon(
    words: Words, draft: Draft, index: QueryIndex, *, negated_only: bool = False
) -> None:
    """Vibe, diet, price and rating phrases. With `negated_only`, only the idioms that contain
    a negation ("no frills", "money no object", "non veg"), which must be read before the
    negation step takes their "no" for a constraint."""
    for lo, hi in words.windows(index.max_phrase, index.lexicon_starts):
        phrase = words.phrase(lo, hi)
        hits = index.lexicon.get(phrase)
        if not hits or (negated_only and phrase not in index.negated_lexicon):
            continue
        words.claim(lo, hi)
        for kind, value in hits:
            apply_lexicon(draft, phrase, kind, value)


def apply_lexicon(draft: Draft, phrase: str, kind: str, value: LexiconValue) -> None:
    if kind == "vibe" and isinstance(value, str):
        add(draft.vibes, value)
        draft.note(phrase, f"vibes={value}")
    elif kind == "dietary" and isinstance(value, str):
        add(draft.dietary, value)
        draft.note(phrase, f"dietary={value}")
    elif kind == "price" and isinstance(value, tuple):
        draft.set_tiers(value, phrase)
    elif kind == "rating" and isinstance(value, float):
        if draft.min_rating is None:
            draft.min_rating = value
        draft.note(phrase, f"min_rating={value}")
    else:
        draft.note(phrase, "ignored")


def _add_categories(
    draft: Draft, index: QueryIndex, head: str, found: tuple[str, ...], phrase: str
) -> None:
    if head in index.product.secondary_words:
        add(draft.secondary_categories, *found)
        draft.secondary_phrases.append(head)
    else:
        add(draft.categories, *found)
    draft.note(phrase, "categories=" + ",".join(found))


def match_categories(words: Words, draft: Draft, index: QueryIndex) -> None:
    for lo, hi in words.windows(4, index.category_starts):
        phrase = words.phrase(lo, hi)
        found: tuple[str, ...] = ()
        head = phrase
        if hi - lo >= 2 and words.words[hi - 1] in _VENUE_SUFFIX:
            head = words.phrase(lo, hi - 1)
            found = index.category(head)
        if not found:
            head = phrase
            secondary = index.product.secondary_words
            if hi - lo == 1 and phrase in STOPWORDS and phrase not in secondary:
                continue
            found = index.category(phrase)
        if not found:
            continue
        words.claim(lo, hi)
        if head in index.dishes:
            add(draft.dishes, head)
        _add_categories(draft, index, head, found, phrase)


def category_or_typo(index: QueryIndex, phrase: str) -> tuple[str, ...]:
    """Categories of a negated phrase ("anything but chineese")."""
    found = index.category(phrase)
    if found or " " in phrase or phrase in index.known_words:
        return found
    hit = index.fuzzy(phrase)
    return index.category(hit.key) if hit and hit.kind == "category" else ()


_IN_PLACE = word_set("in near around")
# Words a place's name may start with that are words of their own ("new orleans").
_NAME_STARTS = word_set("new san santa saint st los las fort port mount lake el la le")
# Words that follow "in" without naming a place ("in style", "in person").
_NOT_PLACES = word_set(
    "town person style total advance mind general particular bulk time hurry season stock "
    "private public summer winter spring autumn fall evening morning afternoon night mood "
    "house store line order"
)


def _unknown_place(words: Words, i: int, index: QueryIndex) -> int:
    """How many words from `i` name a place no table holds, right after "in" / "near" /
    "around" ("steakhouse in nashville"): 0 when they are not that."""
    if words.prev_word(i) not in _IN_PLACE or words.words[i] in _NOT_PLACES:
        return 0
    n = 0
    while (
        i + n < len(words)
        and n < 3
        and words.free(i + n, i + n + 1)
        and words.words[i + n].isalpha()
        and (
            words.words[i + n] not in index.known_words
            or (n == 0 and words.words[i] in _NAME_STARTS)
        )
    ):
        n += 1
    if n == 1 and words.words[i] in _NAME_STARTS:
        return 0  # "in new" alone names nothing
    return n if n and len("".join(words.words[i : i + n])) >= 4 else 0


def match_typos(words: Words, draft: Draft, index: QueryIndex) -> None:
    """Words nobody recognised, against everything fuzzy-matchable; alone or with a neighbour
    ("south indain"). After "in", an unknown word is a place the catalog does not hold, never a
    typo of a cuisine ("in tampa" is not tapas), and the reader says so."""
    for i in range(len(words)):
        word = words.words[i]
        if (n := _unknown_place(words, i, index)) and not draft.cities and draft.area is None:
            phrase = words.phrase(i, i + n)
            hit = index.fuzzy(phrase)
            if hit is None or hit.kind not in {"city", "area"}:
                words.claim(i, i + n)
                draft.unknown_place = phrase
                draft.note(phrase, "unknown place")
                continue
        if (
            not words.free(i, i + 1)
            or len(word) < 4
            or not word.isalpha()
            or word in index.known_words
        ):
            continue
        alone = index.fuzzy(word)
        if alone is None:
            continue  # not a typo of anything; most unknown words stop here
        hits = [(alone, i, i + 1)]
        for lo, hi in ((i, i + 2), (i - 1, i + 1)):
            if words.free(lo, hi) and (hit := index.fuzzy(words.phrase(lo, hi))) is not None:
                hits.append((hit, lo, hi))
        hit, lo, hi = max(hits, key=lambda item: item[0].score)
        phrase = words.phrase(lo, hi)
        words.claim(lo, hi)
        if hit.kind == "category":
            _add_categories(draft, index, hit.key, index.category(hit.key), phrase)
            draft.note(phrase, "(typo)")
        elif hit.kind == "city":
            add(draft.cities, index.cities[hit.key])
            draft.note(phrase, f"city={index.cities[hit.key]} (typo)")
        elif hit.kind == "area" and draft.area is None:
            draft.area, draft.area_city = index.areas[hit.key]
            draft.note(phrase, f"area={draft.area} (typo)")
        elif hit.kind == "lexicon":
            for kind, value in index.lexicon[hit.key]:
                apply_lexicon(draft, phrase, kind, value)
            draft.note(phrase, "(typo)")
