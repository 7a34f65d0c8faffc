"""What a request holds its venues to beyond kind and budget (issue 38, item 2).

- A member's diet said as a must ("Jen is coeliac so it really has to be gluten free", or a
  diet an allergy of theirs at severe or anaphylactic asks for): venues showing evidence of it
  come before every venue that does not, whatever their kind — a guess is no plan for a need.
- An outing asked to be nice ("somewhere nice", "something special", "fancy", an anniversary):
  sit-down venues, priced $$ or more (unless a budget or "cheaper" says otherwise), rated 4★ or
  more, before those that are not; a casual chain (a name many catalogue places carry, priced
  $$ or less or not said to serve at tables) is not one. "Nothing too fancy" asks for nothing
  of the kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from kairos.core.diets import SOFT_FREE_DIETS
from kairos.venues.group import GroupProfile, diet_trait
from kairos.venues.schemas import Member

__all__ = [
    "NICE_RATING",
    "NICE_TIERS",
    "an_occasion",
    "asks_for_nice",
    "below_a_nice_outing",
    "casual_by_name",
    "casual_chain",
    "cheap_for_the_occasion",
    "must_diets",
    "nice_or_occasion",
    "under_the_occasion",
]

NICE_RATING: Final = 4.0
KNOWN_BY: Final = 10
"""A venue known from fewer reviews than this is no sure pick for an occasion (a barbeque place
rated 4.0★ from 5 reviews third for a homecoming dinner, plans panel p49)."""
NICE_TIERS: Final = ("$$", "$$$", "$$$$")
CASUAL_CHAIN_LEVEL: Final = 2
"""A chain priced at this level ($$, ££) or less is a casual one (`casual_chain`)."""
_NICE: Final = re.compile(
    r"\b(nice|special|fancy|upscale|classy|elegant|posh|swanky|upmarket|fine dining|"
    r"high end|romantic|anniversary|date night|proposal)\b"
)
_NEGATED: Final = re.compile(
    r"\b(?:nothing|not|no|never|without)\s+(?:too\s+|very\s+|overly\s+|that\s+|so\s+|super\s+)?$"
)
_MUST: Final = re.compile(
    r"\b(has to|have to|had to|must|needs? to|strictly|absolutely|non[- ]?negotiable|"
    r"essential|can'?t have|cannot have|cannot eat|can'?t eat|only eats?)\b"
)
_SEVERE: Final = frozenset({"severe", "anaphylactic"})
_CASUAL_NAME: Final = re.compile(
    r"\b(tavern|pub|saloon|ale ?house|tap ?room|tap ?house|brewing|brewery|sports bar|"
    r"diner|shack|truck)\b"
)
"""Names that say a venue is a casual one (a tavern, a pub, a diner): not "somewhere nice"."""


_OCCASION: Final = re.compile(
    r"\b(birthday|bday|celebrat\w*|anniversary|graduation|reunion|engagement|retirement|"
    r"farewell|leaving do|send[- ]?off|homecoming|date night|(?:a|first|second) date|"
    r"promotion|rehearsal dinner|christmas party|holiday party|banquet)\b"
)
"""An occasion the group marks: an amount a head said for it is the level they mean to spend
(a $ pizza counter is no farewell dinner at "around $40 a head")."""


def an_occasion(prompt: str) -> str | None:
    """The word that makes the outing an occasion ("farewell", "birthday"), if any."""
    found = _OCCASION.search(prompt.lower())
    return found.group(1) if found else None


_CASUAL_SAID: Final = re.compile(
    r"\b(casual|low[- ]?key|laid[- ]?back|relaxed|cheap\w*|budget|inexpensive|affordable|"
    r"quick|no[- ]frills|simple)\b"
)
"""Words that ask an occasion to be kept simple: a $ place is then what was asked."""


def cheap_for_the_occasion(
    price_range: str | None, activity: str | None, prompt: str, *, price_said: bool
) -> bool:
    """A $ place for a meal marking an occasion (a birthday dinner, a farewell) when no budget
    or "cheaper" set the price and nothing asks to keep it simple: the group means a sit-down
    $$–$$$ meal, so it ranks after those (plans panel p13: a $ burrito counter led a birthday
    dinner for 6)."""
    if price_range != "$" or activity != "meal" or price_said or an_occasion(prompt) is None:
        return False
    return _CASUAL_SAID.search(prompt.lower()) is None


def casual_by_name(name: str) -> str | None:
    """The word in a venue's name that makes it a casual place ("Five Horses Tavern")."""
    found = _CASUAL_NAME.search(name.lower())
    return found.group(1) if found else None


def asks_for_nice(prompt: str) -> str | None:
    """The word that asks for a nice place ("nice", "special", "anniversary"), unless it is
    said as what the group does not want ("nothing too fancy")."""
    said = prompt.lower()
    for match in _NICE.finditer(said):
        if not _NEGATED.search(said[: match.start()]):
            return match.group(1)
    return None


def nice_or_occasion(prompt: str, activity: str | None) -> str | None:
    """The word that holds a meal's venues to a nice outing's (`below_a_nice_outing`): one
    asking for a nice place, or an occasion the group marks with a meal (a birthday dinner,
    an anniversary, a homecoming: plans panel p13, a burrito counter third for a birthday
    dinner), unless the request asks to keep it simple ("a casual birthday lunch", "a
    celebration dinner, nothing too fancy")."""
    if word := asks_for_nice(prompt):
        return word
    said = prompt.lower()
    if activity != "meal" or _CASUAL_SAID.search(said) or _NICE.search(said):
        return None  # a nice word said, not as asked: "nothing too fancy"
    return an_occasion(prompt)


def below_a_nice_outing(
    *,
    counter: bool,
    price_tier: str | None,
    rating: float | None,
    price_said: bool,
    casual: bool = False,
    chain: bool = False,
    reviews: int | None = None,
) -> bool:
    """Not what a nice outing asks: served at a counter, named as a casual place (a tavern,
    a pub: `casual_by_name`), a casual chain (`casual_chain`), priced $ (when no budget or
    "cheaper" set the price), rated under `NICE_RATING`, or known from fewer than `KNOWN_BY`
    reviews. An unknown price, rating or review count is not held against a venue."""
    cheap = not price_said and price_tier is not None and price_tier not in NICE_TIERS
    low = rating is not None and 0 < rating < NICE_RATING
    few = reviews is not None and 0 < reviews < KNOWN_BY
    return counter or casual or chain or cheap or low or few


def casual_chain(chain: bool, table_service: bool | None, price_tier: str | None) -> bool:
    """A chain (its name carried by many catalogue places) that its source does not say
    serves at tables, or priced $$ or less (or unknown): a fast-casual or family chain (a
    California Pizza Kitchen, a salad chain), not "somewhere nice" while a restaurant of
    its own is there. A chain priced $$$ or more that serves at tables is not held to it."""
    if not chain:
        return False
    return table_service is not True or price_tier is None or len(price_tier) <= CASUAL_CHAIN_LEVEL


def _severe_needs(member: Member) -> Iterable[str]:
    """The diets a member's severe or anaphylactic allergy asks for (gluten → gluten_free)."""
    for allergen, severity in member.allergies.resolved_severities().items():
        if severity in _SEVERE and (trait := SOFT_FREE_DIETS.get(allergen)):
            yield trait


def must_diets(group: GroupProfile, prompt: str) -> frozenset[str]:
    """The place traits the members' diets ask for that are musts: every diet when the request
    says one must be kept ("it has to be", "strictly"), and any diet a member's severe allergy
    asks for, or that a member wrote as a condition ("coeliac")."""
    said_must = _MUST.search(prompt.lower()) is not None
    musts: set[str] = set()
    for member in group.members:
        for diet in member.diets:
            trait = diet_trait(diet)
            condition = trait is not None and diet.strip().lower() in ("coeliac", "celiac")
            if trait and (said_must or condition):
                musts.add(trait)
        kept = {diet_trait(d) for d in member.diets}
        musts |= {t for t in _severe_needs(member) if t in kept}
    return frozenset(musts)


_ADJECTIVES: Final = frozenset(
    {"nice", "special", "fancy", "upscale", "classy", "elegant", "posh", "swanky", "upmarket",
     "high end", "romantic"}
)  # fmt: skip
"""Words of `_NICE` that describe the place ("somewhere nice"), not the occasion."""


def _outing_in_words(nice: str, meal: str | None) -> str:
    """What the group asked for, as a person says it: "the nice dinner asked for", "a
    birthday dinner usually calls for", "a date night usually calls for"."""
    word = {"bday": "birthday"}.get(nice, "celebration" if nice.startswith("celebrat") else nice)
    if word in _ADJECTIVES:
        return f"the {word} {meal or 'meal'} asked for"
    meal_named = meal and " " not in word and word != "banquet"
    article = "an" if word[0] in "aeiou" else "a"
    return f"{article} {word}{f' {meal}' if meal_named else ''} usually calls for"


def under_the_occasion(
    nice: str,
    meal: str | None,
    a_bar: bool,
    rating: float | None,
    counter: bool,
    casual: str | None = None,
    *,
    chain: bool = False,
    votes: int | None = None,
) -> str:
    """What a venue ranked for a nice outing or an occasion (`nice`, `nice_or_occasion`) lacks,
    said on it in plain words: it ranks after every venue that does not lack it, so it is
    shown only for want of those (plans panel: 'Not what "graduation" asks for (rated 3.5★)'
    read as jargon; `meal`: the lunch or dinner asked, `meal_served.meal_asked`)."""
    lacks = ["mainly a bar"] if a_bar else []
    if casual:
        lacks.append(f"a {casual}, by its name")
    if chain:
        lacks.append("a casual chain")
    if rating is not None and 0 < rating < NICE_RATING:
        lacks.append(f"rated only {rating:.1f}★")
    if counter:
        lacks.append("you order at a counter")
    if votes is not None and 0 < votes < KNOWN_BY:
        lacks.append(f"known from {votes} review{'s' if votes > 1 else ''} only")
    why = "; ".join(lacks) or "priced lower than such an outing usually is"
    return (
        f"Plainer than {_outing_in_words(nice, meal)} ({why}): shown because too few "
        "better-suited places were found."
    )
