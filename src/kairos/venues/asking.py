"""What a group's words ask of a plan (moved out of `commander.py`): the activity and the kinds
of venue that host it, the budget (a level, or an amount per head or for the whole group), and
the actions that need the user's consent. Every keyword table matches whole words only: "bar"
is not in "barbecue"."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from kairos.core.place_kinds import ALSO_SERVED_BY_RESTAURANTS, MEAL_KINDS, serves_meals
from kairos.text.query.context import without_context
from kairos.text.query.index import ProductWords
from kairos.text.query.numbers import in_dollar_bands
from kairos.text.query.understanding import QueryUnderstanding
from kairos.venues.category_words import category_spellings
from kairos.venues.schemas import Budget, BudgetLevel

__all__ = [
    "ACTIVITIES",
    "NEGATED_WISH",
    "PLANNER_WORDS",
    "Activity",
    "activity_feature",
    "activity_kinds",
    "budget_of",
    "find_activity",
    "first_phrase",
    "oauth_scopes",
]

ACTIVITY_FEATURES: Final = {"sport": "sport"}
"""Activities a venue must have the facility for, looked for as a feature: a basketball court
asked is a sports facility (a gym, a court, an arena), and a plan with none says so instead of
offering restaurants as if they were courts."""


@dataclass(frozen=True, slots=True)
class Activity:
    name: str
    kinds: tuple[str, ...]
    """Kinds of place that host it; empty = any kind (matched by words)."""
    words: tuple[str, ...]
    """What the scout searches for besides the kind."""
    outdoor: bool = False


def activity_feature(activity: Activity | None) -> list[str]:
    feature = ACTIVITY_FEATURES.get(activity.name) if activity else None
    return [feature] if feature else []


def _activity(name: str, kinds: str, words: str, *, outdoor: bool = False) -> Activity:
    return Activity(name, tuple(kinds.split()), tuple(w for w in words.split(",") if w), outdoor)


# phrase → activity; longest phrases are tried first.
ACTIVITIES: Final[dict[str, Activity]] = {}
for _phrases, _act in (
    (
        "dinner,lunch,brunch,breakfast,eat,eats,food,meal,restaurant,restaurants,supper,"
        "date night,dinner date,first date",
        _activity("meal", "restaurant", ""),
    ),
    (
        "drinks,drink,bar,bars,pub,pubs,cocktails,cocktail,beers,beer,wine,happy hour,nightlife,"
        "night out,bachelorette,bachelor party,hen do,hen party,stag do,bar crawl,pub crawl",
        _activity("drinks", "bar", ""),
    ),
    ("coffee,cafe,cafes,tea,study,work session,laptop", _activity("coffee", "cafe", "")),
    ("dessert,desserts,ice cream,cake,bakery", _activity("dessert", "dessert bakery", "")),
    (
        "museum,museums,gallery,galleries,exhibition,art",
        _activity("culture", "museum attraction", ""),
    ),
    (
        "park,parks,picnic,hike,hiking,walk,garden,gardens,outdoors",
        _activity("outdoors", "park viewpoint", "", outdoor=True),
    ),
    (
        "sightseeing,attraction,attractions,landmark,landmarks,tour,viewpoint",
        _activity("sightseeing", "attraction viewpoint museum park", ""),
    ),
    (
        "temple,temples,church,churches,cathedral,cathedrals,mosque,mosques,shrine,shrines,"
        "monastery,monasteries,stupa,stupas,synagogue,synagogues",
        _activity("religious_sites", "religious_site", ""),
    ),
    (
        "basketball,basketball court,court,football,soccer,tennis,sports,climbing",
        _activity("sport", "", "basketball,court,sports,gym", outdoor=True),
    ),
    (
        "bowling,karaoke,arcade,games,escape room,pool,billiards,trivia,comedy,live music,concert",
        _activity("entertainment", "", "bowling,karaoke,arcade,games,music,comedy"),
    ),
):
    for _phrase in _phrases.split(","):
        ACTIVITIES[_phrase] = _act

_BUDGET_WORDS: Final[dict[str, BudgetLevel]] = {
    "cheap": "low",
    "budget": "low",
    "affordable": "low",
    "inexpensive": "low",
    "student": "low",
    "broke": "low",
    "free": "low",
    "mid range": "medium",
    "moderate": "medium",
    "reasonable": "medium",
    "mid priced": "medium",
    "splurge": "high",
    "fancy": "high",
    "upscale": "high",
    "expensive": "high",
    "luxury": "high",
    "high end": "high",
    "cheaper": "low",
    "less expensive": "low",
    "pricier": "high",
    "fancier": "high",
    "fine dining": "high",
    "posh": "high",
    # a dinner the company hosts is priced as one: $$$ and $$$$ rooms first
    "company dinner": "high",
    "corporate dinner": "high",
    "business dinner": "high",
    "client dinner": "high",
}
_FREE_OF: Final = re.compile(
    r"\b(gluten|dairy|nut|nuts|peanut|lactose|egg|soy|sesame|shellfish|wheat|sugar|meat|"
    r"allergen|alcohol|caffeine)[- ]free\b"
)
"""Free of an ingredient ("gluten free"): a need, never a price."""
NEGATED_WISH = re.compile(
    r"\b(?:not|nothing|no|never|isn'?t|without)\s+(?:too\s+|very\s+|overly\s+|super\s+|that\s+|"
    r"so\s+|particularly\s+)?(fancy|upscale|posh|expensive|pricey|fine dining|high end|fussy|"
    r"formal|cheap|budget)\b"
)
"""A price or style word said in the negative ("nothing too fancy"): not what the group asks
for; a negated high price reads as a medium budget, a negated low one too."""
_PER_HEAD = re.compile(r"\b(a head|per head|each|per person|a person|pp|apiece|per guest)\b")
# Per-head amount (USD) at or under which a budget is low, then medium; above, high.
_LEVEL_BOUNDS: Final = (20.0, 50.0)
PLANNER_WORDS: Final = ProductWords(amounts_in="USD", category_aliases=category_spellings())
"""A group's amount without a currency, in a city of none known, is dollars: "under 200 for
10" is $20 a head, not the rupees for two that the size of the number suggests to the chat.
A food the sources spell otherwise ("bbq" for "Barbeque") reaches every spelling
(`category_words.py`)."""

_SCOPES: Final = (
    (
        ("email", "e mail", "mail", "send", "invite everyone", "let everyone know", "notify"),
        "email",
        "https://www.googleapis.com/auth/gmail.send",
    ),
    (
        ("calendar", "invite", "schedule it", "book it in", "add it to my calendar"),
        "calendar",
        "https://www.googleapis.com/auth/calendar.events",
    ),
)


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", text) is not None


def first_phrase(text: str, phrases: Iterable[str]) -> str | None:
    """The longest phrase of `phrases` present in `text` as whole words."""
    for phrase in sorted(phrases, key=len, reverse=True):
        if _has(text, phrase):
            return phrase
    return None


def find_activity(text: str) -> tuple[str | None, Activity | None]:
    """The activity the message asks for: "food after a concert" is a meal."""
    phrase = first_phrase(without_context(text), ACTIVITIES)
    return phrase, ACTIVITIES[phrase] if phrase else None


def oauth_scopes(text: str) -> tuple[list[str], list[str]]:
    """The actions a request implies ("email the group", "add it to my calendar") and the
    scopes they would need; declared only, never executed here."""
    actions, scopes = [], []
    for phrases, action, scope in _SCOPES:
        if first_phrase(text, phrases):
            actions.append(action)
            scopes.append(scope)
    return actions, scopes


def _level(per_head: float, currency: str | None = "USD") -> BudgetLevel:
    low, medium = _LEVEL_BOUNDS
    dollars = in_dollar_bands(per_head, currency)
    return "low" if dollars <= low else "medium" if dollars <= medium else "high"


def budget_of(
    text: str, reading: QueryUnderstanding, group_size: int, given: BudgetLevel | float | None
) -> Budget | None:
    """The group's budget. An amount is per head when the words say so ("$40 a head");
    otherwise, for a group, it is the whole group's ("under $200 for 10" is $20 a head)."""
    if isinstance(given, str):
        return Budget(level=given, text=given)
    if given is not None:
        per_head = float(given) / group_size
        return Budget(
            level=_level(per_head),
            per_head=round(per_head, 2),
            total=float(given),
            currency="USD",
            text=f"{given:g} for the group",
        )
    found = reading.budget
    if found is not None and found.amount is not None:
        amount = found.upper or found.amount
        per_head_said = _PER_HEAD.search(found.text) or _PER_HEAD.search(text)
        per_head = amount if per_head_said or group_size <= 1 else amount / group_size
        total = per_head * group_size
        return Budget(
            level=_level(per_head, found.currency),
            per_head=round(per_head, 2),
            total=round(total, 2),
            currency=found.currency,
            text=found.text,
        )
    negated = NEGATED_WISH.search(text)
    word = first_phrase(_FREE_OF.sub(" ", NEGATED_WISH.sub(" ", text)), _BUDGET_WORDS)
    if word:
        return Budget(level=_BUDGET_WORDS[word], text=word)
    if negated:
        return Budget(level="medium", text=negated.group(0))
    return _tiers_budget(found.tiers if found is not None else [])


def _tiers_budget(tiers: Sequence[str]) -> Budget | None:
    """The price tiers the shared reader read, typos included ("chepa", "budjet", "studnets"
    are its fuzzy readings of its price words), as a budget level."""
    if not tiers:
        return None
    if set(tiers) <= {"$"}:
        return Budget(level="low", text="cheap")
    if "$" not in tiers and "$$" not in tiers:
        return Budget(level="high", text="upscale")
    return Budget(level="medium", text="mid-range")


def activity_kinds(activity: Activity | None, categories: Sequence[str]) -> tuple[str, ...]:
    """The kinds of venue the activity asks for; with a meal category beside a bar, café or
    bakery ("tapas bar", "sushi bar", "crêpe café"), restaurants too: those are restaurants."""
    if activity is None:
        return ()
    kinds = activity.kinds
    if set(kinds) <= ALSO_SERVED_BY_RESTAURANTS and any(serves_meals([c]) for c in categories):
        return (*kinds, *sorted(MEAL_KINDS - set(kinds)))
    return kinds
