"""A word of the request that only a place's name holds is no evidence of what was asked:
"watch the game and eat wings" is not answered by First Watch, "cuban sandwich" not by a
sandwich shop called Cuban, "eggs" not by a place called The Egg. A word counts where the
place's categories hold it, or a review holds it once the place's own name is taken out of
the review (reviews say "I love First Watch").

Two readings, one statement (`name_evidence`):
- a place whose every matched word is in its name alone is shown after the places with
  evidence (`unproven`);
- a cuisine said as the kind of a dish ("cuban sandwich", "korean fried chicken") is what
  the request is about: a place of the dish's kind alone is kept only with the cuisine in its
  categories or reviews (`lacking`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kairos.restaurants.understanding import PLACE_KINDS_OF_DISH
from kairos.search.models import SearchHit
from kairos.store.database import Database

_WORD = re.compile(r"[a-z]+")

# reviews of the place holding the word once its name is taken out of them
_HELD_SQL = """
SELECT DISTINCT c.pid, c.word
FROM unnest(CAST(:ids AS bigint[]), CAST(:names AS text[]), CAST(:words AS text[]))
     AS c(pid, name, word)
WHERE EXISTS (
    SELECT 1 FROM reviews r
    WHERE r.place_id = c.pid
      AND r.text_tsv @@ plainto_tsquery('english', c.word)
      AND to_tsvector('english', replace(lower(r.text), c.name, ' '))
          @@ plainto_tsquery('english', c.word)
)
"""


def _singular(word: str) -> str:
    if len(word) <= 3 or not word.endswith("s") or word.endswith("ss"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1]


def _folded(text: str) -> set[str]:
    """Lower-case words, plurals folded ("wings" is "wing", "sandwiches" "sandwich")."""
    return {_singular(w) for w in _WORD.findall(text.lower())}


def _name_only(hit: SearchHit, asked: set[str]) -> list[str]:
    """The matched words the place's name holds and its categories do not; none when the name
    holds every word asked ("darbar in boston" names Darbar)."""
    name, held = _folded(hit.place.name), _folded(" ".join(hit.place.categories))
    if asked and asked <= name:
        return []
    return [t for t in hit.why.matched_terms if _folded(t) <= name and not _folded(t) <= held]


def _kind_of_dish(category: str) -> bool:
    return bool(_folded(category) & {k for k in PLACE_KINDS_OF_DISH if " " not in k})


def dish_cuisines(message: str, categories: Sequence[str]) -> list[str]:
    """The categories the message says as the kind of a dish also asked ("cuban sandwich":
    cuban; "seafood pizza": seafood): the word just before a kind of place named by what it
    serves (sandwich, pizza, noodles)."""
    text = " ".join(_WORD.findall(message.lower()))
    dishes = [c for c in categories if _kind_of_dish(c)]
    return [
        c for c in categories
        if c not in dishes and any(
            re.search(rf"\b{re.escape(c.lower())} {re.escape(d.lower()[:4])}", text)
            for d in dishes
        )
    ]  # fmt: skip


@dataclass(frozen=True)
class NameEvidence:
    unproven: frozenset[int]
    """Places whose every matched word is only in their name."""
    lacking: frozenset[int]
    """Places of a dish's kind without the cuisine it was asked in."""


async def name_evidence(
    db: Database, hits: Sequence[SearchHit], cuisines: Sequence[str], words: str
) -> NameEvidence:
    """`words`: what the full-text arm searched for (the request's dishes and free words)."""
    asked = _folded(words)
    asks: list[tuple[int, str, str]] = []
    only_name: dict[int, list[str]] = {}
    without: dict[int, list[str]] = {}
    for hit in hits:
        terms = _name_only(hit, asked)
        if terms and len(terms) == len(hit.why.matched_terms):
            only_name[hit.place.id] = terms
        filed = _folded(" ".join(hit.place.categories))
        if missing := [c for c in cuisines if not _folded(c) <= filed]:
            without[hit.place.id] = missing
        for word in {*only_name.get(hit.place.id, []), *without.get(hit.place.id, [])}:
            asks.append((hit.place.id, hit.place.name.lower(), word))
    if not asks:
        return NameEvidence(frozenset(), frozenset())
    rows = await db.fetch(
        _HELD_SQL,
        {"ids": [a[0] for a in asks], "names": [a[1] for a in asks],
         "words": [a[2] for a in asks]},
    )  # fmt: skip
    held = {(r["pid"], r["word"]) for r in rows}
    unproven = {p for p, words in only_name.items() if not any((p, w) in held for w in words)}
    lacking = {p for p, words in without.items() if not all((p, w) in held for w in words)}
    return NameEvidence(frozenset(unproven), frozenset(lacking))


# places with reviews, none of which names one of the foods (the place's own name taken out)
_UNMENTIONED_SQL = """
SELECT p.id FROM unnest(CAST(:ids AS bigint[]), CAST(:names AS text[])) AS p(id, name)
WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.place_id = p.id)
  AND NOT EXISTS (
    SELECT 1 FROM reviews r, unnest(CAST(:foods AS text[])) AS f(food)
    WHERE r.place_id = p.id
      AND r.text_tsv @@ plainto_tsquery('english', f.food)
      AND to_tsvector('english', replace(lower(r.text), p.name, ' '))
          @@ plainto_tsquery('english', f.food)
)
"""


async def food_unmentioned(
    db: Database, hits: Sequence[SearchHit], filed: frozenset[int], foods: Sequence[str]
) -> frozenset[int]:
    """Of the places to eat listed only because the source files them under the food asked
    (`filed`), those whose reviews never name it (`foods`: as said, and as the category names
    it): a salad chain filed under "ice cream & frozen yogurt" is no ice cream place when none
    of its diners writes "ice cream" or "frozen yogurt". A place without reviews keeps its
    category's word."""
    asks = [h for h in hits if h.place.id in filed]
    if not asks or not foods:
        return frozenset()
    rows = await db.fetch(
        _UNMENTIONED_SQL,
        {"ids": [h.place.id for h in asks], "names": [h.place.name.lower() for h in asks],
         "foods": list(dict.fromkeys(foods))},
    )  # fmt: skip
    return frozenset(int(r["id"]) for r in rows)
