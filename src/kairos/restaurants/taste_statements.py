"""What a chat message says about the person's taste, when it says it (issue 39).

The profile is written from chat only from an explicit statement about the person ("I love
spicy food", "we're on a budget", "I'm vegetarian", "we don't like sushi"), never from what a
request asks for this time ("cheap eats in london", "thai near me") and never from a fuzzy
match (a typo-tolerant reading turned "satay" into "sasta", cheap, and stored `$`). What is
learnt is said in the answer and undone with one `PATCH /users/{uid}`.

A statement's object is read with the restaurant reader; a reading that needed any typo
tolerance teaches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kairos.core.diets import DIETS, diet_label
from kairos.core.fit_scorer import TastePreferences
from kairos.core.pricing import PRICE_TIERS
from kairos.restaurants.learning import merge_preferences
from kairos.restaurants.phrasing import listed
from kairos.restaurants.request_words import category_name
from kairos.restaurants.schemas import LearnedTaste
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.text.query.words import normalise_message

__all__ = ["learned_taste", "stated_taste"]

Reader = Callable[[str], Decomposition]

_SUBJECT = r"(?:^|[.!;,]\s*|\b(?:and|but|so|also|because|cause|cuz)\s+)"
_WHO = r"(?:i|we|me and my \w+|my \w+ and i)"
_ADVERBS = r"(?:\s+(?:really|truly|absolutely|just|both|all|also|generally|usually|always|do|very much|kinda|totally|mostly|honestly))*"  # noqa: E501
_LIKE = r"(?:love|like|adore|enjoy|prefer|dig|am into|'m into|are into|'re into|am a (?:big |huge )?fan of|'m a (?:big |huge )?fan of|are (?:big |huge )?fans of|'re (?:big |huge )?fans of)"  # noqa: E501
_DISLIKE = r"(?:hate|dislike|detest|loathe|don't like|do not like|dont like|can't stand|cannot stand|cant stand|am not a fan of|'m not a fan of|are not fans of|'re not fans of|don't eat|do not eat|dont eat)"  # noqa: E501
_OBJECT = r"(?P<object>[^.!?;,]+)"
LIKES = re.compile(_SUBJECT + _WHO + _ADVERBS + r"\s+(?:" + _LIKE + r")\s+" + _OBJECT)
DISLIKES = re.compile(_SUBJECT + _WHO + _ADVERBS + r"\s+(?:" + _DISLIKE + r")\s+" + _OBJECT)
_BE = r"(?:i'm|im|i am|we're|we are|were)"
BUDGET = re.compile(
    _SUBJECT + _BE + r"(?:\s+(?:always|usually|currently|really))?\s+(?:on\s+(?:a\s+)?"
    r"(?:tight\s+|strict\s+|small\s+|limited\s+|student\s+)?budget|broke|saving money"
    r"|(?:poor\s+)?students)\b"
)
_DIET_WORDS = sorted({p for d in DIETS.values() for p in d.phrases}, key=len, reverse=True)
DIET = re.compile(
    _SUBJECT + r"(?:" + _BE + r"(?:\s+(?:a|an|strictly|fully|mostly|both|all))*|(?:i|we) "
    r"(?:eat|keep|only eat|follow a|follow|go)(?:\s+(?:a|an))?)\s+(?P<diet>"
    + "|".join(re.escape(w) for w in _DIET_WORDS)
    + r")\b"
)
_OBJECT_ENDS = re.compile(r"\b(?:in|near|around|at|for|tonight|today|tomorrow|but|so|and then)\b.*")
TASTE_WORDS = re.compile(r"\b(?:spicy|hot and spicy|fiery)\b")
"""A taste no catalogue word names ("I love spicy food"): kept as the vibe `spicy`."""


@dataclass
class _Said:
    found: dict[str, list[str]] = field(default_factory=dict)

    def add(self, key: str, values: list[str]) -> None:
        if values:
            self.found[key] = list(dict.fromkeys([*self.found.get(key, []), *values]))


def _object(text: str) -> str:
    return _OBJECT_ENDS.sub("", text).strip()


def _exact(reading: Decomposition) -> bool:
    """No part of the reading came from typo tolerance."""
    return not any("typo" in role for role in reading.matched.values())


def stated_taste(message: str, read: Reader) -> dict[str, list[str]]:
    """The preferences a message states about the person, by key; {} for every message that
    states none (a request, a question, a typo-matched word)."""
    text = normalise_message(message)
    said = _Said()
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if sentence.rstrip().endswith("?"):
            continue  # "do you think i'd like thai?" asks, it does not tell
        for match in LIKES.finditer(sentence):
            phrase = _object(match["object"])
            if TASTE_WORDS.search(phrase):
                said.add("vibes", ["spicy"])
            reading = read(phrase)
            if not phrase or not _exact(reading):
                continue
            said.add("cuisine_affinity", list(reading.filters.categories))
            said.add("vibes", list(reading.vibes))
            said.add("price_comfort", [str(t) for t in reading.filters.price_tiers])
            said.add("dietary", list(reading.dietary))
        for match in DISLIKES.finditer(sentence):
            phrase = _object(match["object"])
            reading = read(phrase)
            if phrase and _exact(reading):
                said.add("cuisine_aversion", list(reading.filters.categories))
        if BUDGET.search(sentence):
            said.add("price_comfort", ["$"])
        for match in DIET.finditer(sentence):
            reading = read(match["diet"])
            if _exact(reading):
                said.add("dietary", list(reading.dietary))
    return said.found


def _names(categories: list[str]) -> str:
    """ "Thai", not "Thai and Thai restaurant": a catalogue variant of a name said once."""
    names = list(dict.fromkeys(category_name(c) for c in categories))
    return listed([n for n in names if not any(n != o and n.startswith(o) for o in names)])


def _sentence(key: str, values: list[str]) -> str:
    if key == "price_comfort":
        tiers = [t for t in PRICE_TIERS if t in values]
        return f"you prefer {listed(tiers, 'or')}"
    if key == "dietary":
        return f"you eat {listed([diet_label(d) for d in values])}"
    if key == "cuisine_aversion":
        return f"you'd rather avoid {_names(values)}"
    if key == "cuisine_affinity":
        return f"you like {_names(values)}"
    words = ["spicy food" if v == "spicy" else f"{v.replace('_', ' ')} places" for v in values]
    return f"you like {listed(words)}"


def learned_taste(message: str, read: Reader, current: TastePreferences) -> LearnedTaste | None:
    """What a message teaches the profile beyond what it holds, the sentence that says so and
    the `PATCH` body that undoes it; None when it teaches nothing."""
    stated = stated_taste(message, read)
    if not stated:
        return None
    after = merge_preferences(current, stated)
    before_data, after_data = current.model_dump(), after.model_dump()
    added = {
        key: [v for v in after_data[key] if v not in before_data[key]]
        for key in stated
        if after_data[key] != before_data[key]
    }
    added = {k: v for k, v in added.items() if v}
    if not added:
        return None
    undo = {key: before_data[key] for key in after_data if after_data[key] != before_data[key]}
    said = "Noted: " + "; ".join(_sentence(k, v) for k, v in added.items()) + "."
    return LearnedTaste(said=said, added=added, undo={"preferences": undo})
