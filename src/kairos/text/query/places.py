"""Where and which: named places to locate, items to compare, cities, areas and proximity.

Restaurant names are not in the vocabulary, so a comparison's items and a place to locate are
claimed as names before category matching runs: "Is Flour Bakery better than Tatte?" must not
become a search for bakeries. An item that is wholly a category ("pizza vs burgers") stays a
category.
"""

from __future__ import annotations

import re

from kairos.text.query.draft import Draft, add
from kairos.text.query.index import QueryIndex
from kairos.text.query.vocabulary import (
    AREA_NEEDS_PREPOSITION,
    CITY_NEEDS_PREPOSITION,
    STOPWORDS,
    phrases,
    word_set,
)
from kairos.text.query.words import Words, phrase_table

_LOCATE = re.compile(
    r"\b(?:where is|where's|wheres|where are|how do i get to|how do we get to|how to get to|"
    r"how can i get to|how can we get to|directions? to|address (?:of|for)|location of|"
    r"how far is|take me to|navigate to)\s+(?P<target>[^,.;!?]+)"
)
_TARGET_STOP = word_set("in near at on around from by for close next and with")
_GENERIC_TARGET = word_set(
    "closest nearest best good cheapest nice some any a an great decent nearby all"
)

_COMPARE_TRIGGERS = (
    re.compile(r"\b(?:compare|comparing|comparison|versus|vs\.?|v/s)(?![a-z])"),
    re.compile(
        r"\bwhich (?:one |place |restaurant |of them |of these )?(?:is |'s |would be |"
        r"do you think is )?(?:the )?(?:better|cheaper|nicer|quieter|closer|healthier|"
        r"more romantic|more fun)\b"
    ),
    re.compile(r"\bwhich one\b"),
    re.compile(r"\bdifference between\b"),
    re.compile(r"\b(?:better|cheaper|nicer|worse|quieter) than\b"),
    re.compile(r"\bshould (?:i|we) (?:go|pick|choose|try)\b(?=[^.?!]*\bor\b)"),
    re.compile(r"\bor\b(?=[^.?!]*\bwhich\b)"),
)
_END = r"(?=\s+(?:for|in|near|on|at|by|which|who|tonight|today)\b|\s*[,.;!?]|\s*$)"
_ITEMS = (
    re.compile(rf"\bcompare\s+(?P<a>.+?)\s+(?:and|with|to|vs\.?|versus|&)\s+(?P<b>.+?){_END}"),
    re.compile(rf"\bbetween\s+(?P<a>.+?)\s+and\s+(?P<b>.+?){_END}"),
    re.compile(rf"(?P<a>[^,.;!?]+?)\s+(?:vs\.?|versus|v/s)\s+(?P<b>[^,.;!?]+?){_END}"),
    re.compile(
        rf"\bis\s+(?P<a>[^,.;!?]+?)\s+(?:better|cheaper|nicer|worse|quieter)\s+than\s+"
        rf"(?P<b>[^,.;!?]+?){_END}"
    ),
    re.compile(rf"(?:^|[,.;!?]\s*)(?P<a>[^,.;!?]+?)\s+or\s+(?P<b>[^,.;!?]+?){_END}"),
)
_COMPARE_WORDS = word_set(
    """compare comparing comparison versus vs v which one is 's better cheaper nicer quieter
    closer healthier more than worse should i we go pick choose try would be do you think the
    of them these place restaurant fun romantic difference between what's whats"""
)
_ITEM_LEAD = STOPWORDS | {"between", "should", "go", "pick", "choose", "try"}

_PLACE_PREPS = word_set("in near around at by to from of off close next the")


def _sequences(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(p.split()) for p in phrases(text))


_NEAR_USER = phrase_table(
    _sequences(
        "close to me, close to here, close to us, near me, near us, near here, around here, "
        "around me, around us, close by, near by, nearby, from me, of me, my location, this area, "
        "where i am, where we are"
    )
)
_NEAR_PLACE = phrase_table(
    _sequences("not too far from, not far from, close to, next to, near, around, walking to")
)
_MAP = phrase_table(_sequences("on a map, map, directions"))
_SUPERLATIVE_NEAR = word_set("closest nearest closer nearer")
_DETERMINERS = word_set("the my our a an your this that")


def _tokens_in(words: Words, start: int, end: int) -> list[int]:
    return [i for i in range(len(words)) if words.starts[i] >= start and words.ends[i] <= end]


def _is_place(words: Words, i: int, index: QueryIndex) -> bool:
    one = words.words[i]
    two = words.phrase(i, i + 2) if i + 1 < len(words) else ""
    return one in index.cities or one in index.areas or two in index.areas


def extract_locate(text: str, words: Words, draft: Draft, index: QueryIndex) -> None:
    match = _LOCATE.search(text)
    if not match:
        return
    target: list[int] = []
    for i in _tokens_in(words, match.start("target"), match.end("target")):
        if words.words[i] in _TARGET_STOP or words.used[i] or _is_place(words, i, index):
            break
        target.append(i)
    if not target or any(words.words[i] in _GENERIC_TARGET for i in target[:2]):
        return
    draft.intent = "locate"
    draft.map_asked = True
    for i in _tokens_in(words, match.start(), match.start("target")):
        words.claim(i, i + 1)
    words.claim(target[0], target[-1] + 1)
    draft.note(words.phrase(target[0], target[-1] + 1), "locate")


def _names_category(phrase: str, index: QueryIndex) -> bool:
    if index.category(phrase):
        return True
    hit = index.fuzzy(phrase) if " " not in phrase else None
    return hit is not None and hit.kind == "category"


def extract_compare(text: str, words: Words, draft: Draft, index: QueryIndex) -> None:
    triggers = [m for pattern in _COMPARE_TRIGGERS for m in pattern.finditer(text)]
    if not triggers:
        return
    draft.intent = "compare"
    for pattern in _ITEMS:
        for match in pattern.finditer(text):
            for group in ("a", "b"):
                item = [
                    i
                    for i in _tokens_in(words, match.start(group), match.end(group))
                    if not words.used[i]
                ]
                while item and words.words[item[0]] in _ITEM_LEAD:
                    item.pop(0)
                if not item:
                    continue
                phrase = words.phrase(item[0], item[-1] + 1)
                if _names_category(phrase, index) or _is_place(words, item[0], index):
                    continue
                words.claim(item[0], item[-1] + 1)
                draft.note(phrase, "compare=name")
    for match in triggers:
        if match.group().startswith("or"):
            continue
        for i in _tokens_in(words, match.start(), match.end()):
            if words.words[i] in _COMPARE_WORDS:
                words.claim(i, i + 1)


_WHERE_PREPS = word_set("in near around at")
"""Words that name where the outing is: "dinner in boston", "drinks near harvard square"."""


def _city_said_where(words: Words, index: QueryIndex) -> tuple[int, str] | None:
    """The first city named after "in", "near", "around" or "at" (its first word, the city):
    the place the request is for, whatever other place name comes before it."""
    for i, word in enumerate(words.words):
        if word not in index.place_starts or words.prev_word(i) not in _WHERE_PREPS:
            continue
        for n in (3, 2, 1):
            if i + n <= len(words) and (phrase := words.phrase(i, i + n)) in index.cities:
                return i, index.cities[phrase]
    return None


def _before_the_city_said(
    words: Words, lo: int, said: tuple[int, str] | None, city: str | None
) -> bool:
    """A place name before the city named after "in" and not itself after such a word, in
    another city: an occasion or a name, not where the group goes ("golden anniversary dinner
    in boston" is not Golden, Colorado; "harmony team lunch in boston" not Harmony, Florida;
    "decatur reunion dinner in atlanta" is in Atlanta). An area of the city said stays ("back
    bay brunch in boston"), as does one whose city is unknown."""
    if said is None or lo >= said[0] or words.prev_word(lo) in _WHERE_PREPS:
        return False
    return city is not None and city != said[1]


def extract_places(words: Words, draft: Draft, index: QueryIndex) -> None:
    said = _city_said_where(words, index)
    for lo, hi in words.windows(3, index.place_starts):
        phrase = words.phrase(lo, hi)
        if phrase in index.areas:
            if phrase in AREA_NEEDS_PREPOSITION and words.prev_word(lo) not in _PLACE_PREPS:
                continue
            if _before_the_city_said(words, lo, said, index.areas[phrase][1]):
                continue
            words.claim(lo, hi)
            if draft.area is None:
                draft.area, draft.area_city = index.areas[phrase]
                draft.note(phrase, f"area={draft.area}")
        elif phrase in index.cities:
            if phrase in CITY_NEEDS_PREPOSITION and words.prev_word(lo) not in _PLACE_PREPS:
                continue  # "celebration dinner in boston" is an occasion, not Celebration, FL
            if _before_the_city_said(words, lo, said, index.cities[phrase]):
                continue
            words.claim(lo, hi)
            add(draft.cities, index.cities[phrase])
            draft.note(phrase, f"city={index.cities[phrase]}")
    i = 0
    while i < len(words):
        if n := words.match(i, _NEAR_USER):
            draft.near_user = draft.area is None
            draft.map_asked = True
            draft.note(words.phrase(i, i + n), "near_user")
        elif n := words.match(i, _NEAR_PLACE):
            following = words.next_word(i + n)
            if (
                i + n < len(words)
                and not words.is_sep[i + n]
                and (words.used[i + n] or following in _DETERMINERS or following not in STOPWORDS)
            ):
                # a place we know, or one we don't ("near the beach", "around leicester
                # square"): a map either way, and unknown words stay for the vector query
                draft.map_asked = True
                draft.note(words.phrase(i, i + n), "ui=map_view")
            else:
                n = 0
        elif n := words.match(i, _MAP):
            draft.map_asked = True
            draft.note(words.phrase(i, i + n), "ui=map_view")
        elif words.words[i] in _SUPERLATIVE_NEAR and not words.used[i]:
            n = 1
            draft.map_asked = True
            draft.near_user = draft.area is None
            draft.note(words.words[i], "near_user")
        if n:
            words.claim(i, i + n)
            i += n
        else:
            i += 1
