"""What a request asks for that the trip does not hold, said by name ("harry potter places",
"anime"): the request's words that no table of the trips classifier knows (dates, paces, modes,
companions, kinds of place, cities), that are not plain language, not the weather, an allergy
or an hour, and that no stop of the trip is named by, are the traveller's own interests Kairos
could not match. Neighbouring words make one phrase; a request with more than `MAX_PHRASES`
such phrases is read as prose, and nothing is said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from rapidfuzz.distance import DamerauLevenshtein

from kairos.text.query.vocabulary import GENERIC_WORDS, word_set
from kairos.text.query.words import normalise_message
from kairos.trips.intent_cues import cues, tokens
from kairos.trips.interest_gaps import KINDS
from kairos.trips.kind_groups import kind_groups
from kairos.trips.kind_words import EXTRA_KIND_WORDS, kind_phrases

__all__ = ["LANDMARKS", "MAX_PHRASES", "unmet_note", "unmet_phrases"]

MAX_PHRASES: Final = 3
_WORD: Final = re.compile(r"[a-z0-9]+")
_PARTS: Final = re.compile(r"[,;.!?()]|\band\b|\bor\b", re.IGNORECASE)
_TRIP_WORDS: Final = word_set(
    """starting start starts from until till aged age ages old year years yr yrs uses using
    use user loves love loved likes like liked enjoy enjoys interested interest interests
    into fan fans mostly mainly mostly especially maybe ideally prefer rather weather rainy
    rain cold hot warm sunny snow freezing heatwave indoors indoor outdoors outdoor layover
    stopover airport flight land landing arrive arriving back hotel hostel stay staying
    reach quick quickly far close easy group friends first second third time times ever
    never again country japan india nepal canada scotland singapore usa america england
    vegetarian vegetarians veggie vegan vegans halal kosher allergic allergy allergies intolerant
    intolerance free
    gluten dairy peanut peanuts nuts nut sesame shellfish fish egg eggs soy wheat milk
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec spring summer autumn fall winter
    photos photo photography pictures picture instagram views view spots see seeing things
    day days trip trips tour tours visit visits holiday vacation honeymoon birthday
    early earlier riser risers bird birds morning mornings beat beating avoid avoiding ahead
    crowd crowds crowded queue queues lines rush"""
)
"""Words of a trip request that are its manner, not a place to visit."""
_ORDER_WORDS: Final = word_set(
    """before after then later afterwards afterward finally next last once while during
    beginning begin end ending late latest noon midday lunchtime tourists tourist people
    stroll wander slowly"""
)
"""Words that order a day or time it ("before the crowds", "then", "later"), never a place."""
LANDMARKS: Final = word_set(
    """bridge bridges gate gates tower towers castle castles palace fort fortress temple temples
    shrine mosque masjid cathedral church basilica abbey chapel monastery memorial monument
    statue tomb stupa island islands market square park garden gardens museum gallery zoo
    aquarium beach hill lake pier wharf station hall mandir gurdwara falls waterfall mile"""
)
"""The last word of a sight's name ("Brooklyn Bridge", "India Gate", "the Royal Mile")."""
LEADS: Final = word_set("fort lake mount castle palace temple")
"""The first word of a sight's name ("Fort York", "Lake Louise")."""


@lru_cache(maxsize=1)
def _kind_words() -> frozenset[str]:
    """The words of the trip's one list of kinds (`kind_words.kind_phrases`, which retrieval
    reads too), generic words aside."""
    words = {w for phrase in kind_phrases() for w in phrase.split()}
    return frozenset(words - GENERIC_WORDS) | frozenset(EXTRA_KIND_WORDS)


@lru_cache(maxsize=1)
def _asking_words() -> frozenset[str]:
    """The words of the kind groups and of the interests' asking phrases."""
    words: set[str] = set()
    for group in kind_groups().values():
        words |= {w for phrase in (*group.words, *group.kinds) for w in _WORD.findall(phrase)}
    for kind in KINDS:
        words |= {w for phrase in kind.asked_by for w in _WORD.findall(phrase)}
    return frozenset(words)


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    return (
        frozenset(cues().vocabulary)
        | GENERIC_WORDS
        | _TRIP_WORDS
        | _ORDER_WORDS
        | (_asking_words())
    )


@lru_cache(maxsize=1)
def _interest_words() -> frozenset[str]:
    """The words that ask for a kind of place ("history", "art"), not name one."""
    return _kind_words() | GENERIC_WORDS | _asking_words()


def _readings(text: str) -> tuple[list[str], list[str]]:
    """`text`'s words, accents folded, as written and with a possessive's apostrophe and a
    hyphenated name's hyphen dropped ("Humayun's Tomb": "humayuns"; "Kinkaku-ji": "kinkakuji"),
    as they are often typed."""
    joined = re.sub(r"(\w)['’](s)\b", r"\1\2", text)
    joined = re.sub(r"(?<=[^\W\d_])[-‐‑](?=[^\W\d_])", "", joined)
    return _WORD.findall(normalise_message(text)), _WORD.findall(normalise_message(joined))


def _plain(text: str) -> set[str]:
    """The words of `text` in both `_readings` ("Gaudí" holds "gaudi", "Humayun's Tomb"
    "humayuns")."""
    written, joined = _readings(text)
    return {*written, *joined}


def _spoken(text: str) -> list[str]:
    """`text`'s words as one line per reading (`_readings`), to find a pair of words in."""
    return [f" {' '.join(words)} " for words in _readings(text)]


def _typo_of_held(word: str, held: set[str]) -> bool:
    """`word` is a stop's word typed a letter off ("qutb" for "qutub"): 4 letters or more,
    the stop's word 5 or more."""
    return len(word) >= 4 and any(
        len(h) >= 5 and DamerauLevenshtein.distance(word, h) <= 1 for h in held
    )


def _begins_held(word: str, held: set[str]) -> bool:
    """`word` begins a stop's longer word, as typed or a letter off, added or missed
    ("boudha" for Baudhanath, "pasupati" for Pashupatinath): 4 letters or more as typed; 5 or
    more, with the same first letter, when a letter off."""
    if len(word) < 4 or not word.isalpha():
        return False
    size = len(word)
    if any(len(h) > size and h.startswith(word) for h in held):
        return True
    return size >= 5 and any(
        len(h) > size and h[0] == word[0] and DamerauLevenshtein.distance(word, h[:n]) <= 1
        for h in held
        for n in (size - 1, size, size + 1)
    )


def _typed(text: str) -> str:
    return normalise_message(text).replace("'", "")


def _pair_held(first: str, second: str, lines: Sequence[str]) -> bool:
    seconds = {second, second[:-1]} if second.endswith("s") else {second}
    return any(f" {first} {s} " in line for s in seconds for line in lines)


def _pair_near_held(first: str, second: str, lines: Sequence[str]) -> bool:
    """A stop's name holds `second` and a word `first` begins or is a letter off ("boudha
    stupa" is the Baudhanath Stupa; "india gate" is not Delhi Gate)."""
    seconds = {second, second[:-1]} if second.endswith("s") else {second}
    for line in lines:
        words = set(line.split())
        if seconds & words and (_begins_held(first, words) or _typo_of_held(first, words)):
            return True
    return False


def _names_a_sight(
    words: Sequence[str], typed: Sequence[str], i: int, city: Sequence[str],
    lines: Sequence[str],
) -> bool:  # fmt: skip
    """words[i] and the landmark after it are a sight's name no stop holds ("brooklyn bridge",
    "india gate": a word of a borough or a country, not of a kind of place)."""
    if i + 1 >= len(words) or words[i + 1] not in LANDMARKS:
        return False
    word = words[i]
    if word in _interest_words() or word in city or len(word) < 3 or not word.isalpha():
        return False
    return not any(
        _pair_held(w, words[i + 1], lines) or _pair_near_held(w, words[i + 1], lines)
        for w in {word, typed[i]}
    )


def _leads_a_sight(
    words: Sequence[str], typed: Sequence[str], i: int, city: Sequence[str],
    lines: Sequence[str],
) -> bool:  # fmt: skip
    """words[i], a landmark that leads a name, and the known word after it are a sight's name
    no stop holds ("fort york", "lake louise")."""
    if words[i] not in LEADS or i + 1 >= len(words):
        return False
    word = words[i + 1]
    if word in _interest_words() or word in _TRIP_WORDS or word in LANDMARKS or word in city:
        return False
    if len(word) < 3 or not word.isalpha():
        return False
    return not _pair_held(typed[i], typed[i + 1], lines)


def unmet_phrases(text: str, city: str, said: Sequence[str]) -> list[str]:
    """The request's phrases nothing of the trip answers. `said`: the trip's stop names and
    notes (a word one of them holds is met or already said; a pair of words, a word of a
    stop's name before an unknown one or a landmark after a known word, is met only when a
    stop's name holds the pair: "royal mile" is not Royal Botanic Garden, "india gate" is not
    Delhi Gate). A phrase ending in a landmark is a name, not prose."""
    known = _known()
    held = set().union(*(_plain(s) for s in said), _plain(city))
    lines = [line for s in said for line in _spoken(s)]
    phrases: list[list[str]] = []
    last = -2
    city_words = _plain(city)
    parts = _PARTS.split(text)
    words = [w for part in parts for w in [*tokens(part), ","]]
    # the words as typed: a typo's correction ("forth" read "fourth") is not held or said
    typed = [w for part in parts for w in [*_WORD.findall(_typed(part)), ","]]
    if len(typed) != len(words):
        typed = words
    for i, word in enumerate(words):
        if i <= last:
            continue  # taken with the word before it
        if _leads_a_sight(words, typed, i, sorted(city_words), lines):
            phrases.append([typed[i], typed[i + 1]])
            last = i + 1
            continue
        pair = _names_a_sight(words, typed, i, sorted(city_words), lines)
        if not pair and (
            word in known or word in held or typed[i] in held or len(word) < 3
            or any(c.isdigit() for c in word)
        ):  # fmt: skip
            continue
        if not pair and any(DamerauLevenshtein.distance(word, c) <= 2 for c in city_words):
            continue  # "tokio"
        if not pair and _typo_of_held(typed[i], held):
            continue  # "qutb" beside the Qutub Minar
        if not pair and _begins_held(typed[i], held):
            continue  # "boudha" beside the Baudhanath Stupa
        before = typed[i - 1] if i else ""
        if i == last + 1:
            phrases[-1].append(typed[i])
        elif (before in held and before not in known and len(before) >= 3
              and not _pair_held(before, typed[i], lines)):  # fmt: skip
            phrases.append([before, typed[i]])  # "royal mile" beside Royal Botanic Garden
        else:
            phrases.append([typed[i]])
        last = i
        if pair:
            phrases[-1].append(typed[i + 1])
            last = i + 1
            continue
        # a kind's word after the name is part of it ("central park", "victoria street")
        if i + 1 < len(words) and words[i + 1] in _kind_words():
            phrases[-1].append(typed[i + 1])
            last = i + 1
    if sum(1 for p in phrases if p[-1] not in LANDMARKS) > MAX_PHRASES:
        return []  # prose, not a list of interests
    return [" ".join(p) for p in phrases]


def unmet_note(phrases: Sequence[str], city: str) -> str:
    """The sentence the answer gives ("Kairos knows no places for 'anime' in Tokyo: ...")."""
    if not phrases:
        return ""
    quoted = " or ".join(f"'{p}'" for p in phrases)
    return (
        f"Kairos knows no places for {quoted} in {city}: the days hold what it knows of the rest "
        "of your request."
    )
