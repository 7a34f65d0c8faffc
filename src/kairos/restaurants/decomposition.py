"""Offline query decomposition: a chat message → a structured restaurant search, without a model.

The default decomposer of the chat pipeline (seed 000 §5, Step 2) and the fallback whenever a
model provider fails. The shared reader (`text.query.QueryReader`, with the restaurant words of
`understanding.py`) reads the message; this module turns that reading into a `Decomposition`.

Choices worth knowing:
- Only the catalog's own categories, cities and areas are produced, so a filter never asks the
  database for something it does not have; dietary words ("vegan") go to `dietary`, never to
  `categories`.
- Categories are OR-ed by the search, so meal and venue words ("brunch", "drinks", "bar")
  become a category only when nothing else names the food.
- A city is a scope (list view); proximity ("near X", "around here", "closest") is a map.
- One clarifying question at most, and only when nothing at all is searchable; if the previous
  turn already asked (`pending_clarification`), the parser proceeds with a stated assumption.
- A follow-up ("cheaper?", "which are good with kids?") refines the previous request of the
  conversation (`conversation.merge_follow_up`); a message naming what and where ("kosher
  options in boston?") starts a new one unless it reads as a follow-up ("what about …").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date

from kairos.core.place_kinds import MEAL_KINDS, is_diet_category, serves_meals
from kairos.restaurants.conversation import (
    MAX_VECTOR_WORDS,
    assume_instead_of_asking,
    merge_follow_up,
)
from kairos.restaurants.schemas_decomposition import Decomposition, Intent, UiPreference
from kairos.restaurants.understanding import (
    FOOD_ALIASES,
    FOOD_KINDS,
    RESTAURANT_WORDS,
    SECONDARY_CATEGORY_WORDS,
    with_known_cuisines,
)
from kairos.search.filters import SearchFilters
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.conversation import (
    continues_earlier,
    replaces_earlier,
    seeks_somewhere_safe,
)
from kairos.text.query.understanding import QueryReader, QueryUnderstanding
from kairos.text.query.vocabulary import GENERIC_WORDS, MEAL_WORDS, NOT_FOOD_ACTIVITIES

MAX_HISTORY = 3  # earlier messages a chain of follow-ups may reach back to
GROUP_SIZE = 6  # parties this large want a place that takes groups
MAX_PARTY = 500  # "a table for 10000" is still a large group, not an error
NAMED_PLACE_ROLES = ("compare=name", "locate")  # the reader's roles for a place's own name
TASTE_VERBS = frozenset(("love", "loves", "like", "likes", "adore", "enjoy", "prefer", "hate"))
# How much of a food is wanted, not what: "a good bowl of pho", "a slice of pizza". The full-text
# arm needs every word it is given, and no review says "bowl" beside "pho".
PORTION_WORDS = frozenset(
    ("bowl", "bowls", "plate", "plates", "slice", "slices", "piece", "pieces", "cup", "cups",
     "serving", "servings", "portion", "portions", "helping", "helpings")
)  # fmt: skip
"""How a taste is said ("I love spicy food"): no place's text is searched for "love", and a
later request never keeps it ("Kept from your earlier message: love and spicy")."""
CLARIFYING_QUESTION = (
    "What are you in the mood for — a cuisine, a neighbourhood, or an occasion "
    "(say, a quiet dinner or a cheap lunch)?"
)
GREETING_QUESTION = (
    "Hi! I find restaurants that fit your taste and your allergies. "
    "What are you in the mood for today?"
)
THANKS_REPLY = "You're welcome! Ask me any time you want another place to eat."


_REFERENCE = r"\b(?:near|by|around|beside|opposite|after|before|next to|close to)(?: the| a| an)? "


def not_for_eating(reading: QueryUnderstanding) -> str | None:
    """The thing to do a message asks for when it is not a meal or a drink ("where can I play
    basketball in boston"): a restaurant list would answer it with places to eat as if they
    were courts."""
    if reading.categories or reading.secondary_categories or reading.dishes or reading.dietary:
        return None
    words = set(reading.leftover)
    if words & MEAL_WORDS:
        return None
    asked = (w for w in reading.leftover if w in NOT_FOOD_ACTIVITIES)
    # "anything near the aquarium?", "after the museum": a landmark to eat by, not the ask
    return next(
        (w for w in asked if not re.search(_REFERENCE + re.escape(w) + r"\b", reading.text)),
        None,
    )


def activity_reply(activity: str) -> str:
    return (
        f'I find places to eat and drink, so I can\'t look for "{activity}" here. The Plan tab '
        "looks at every kind of place (courts, museums, parks): ask there, or ask me for "
        "somewhere to eat nearby."
    )


_INTENTS: dict[str, Intent] = {
    "search": "find_restaurant",
    "compare": "compare",
    "locate": "locate",
}


def named_in(matched: Mapping[str, str]) -> list[str]:
    """The places a message names ("compare Coppa and Troquet", "where is Neptune Oyster"),
    from the reader's phrase → role map."""
    return [phrase for phrase, role in matched.items() if role in NAMED_PLACE_ROLES]


def _vector_query(reading: QueryUnderstanding, vibes: list[str]) -> str:
    """Vibes said positively ("not too loud" searches for "quiet"), dishes, and every word
    no step claimed."""
    leftover = list(reading.leftover)
    if reading.categories or reading.dishes:  # the food is named: its portion is no subject
        leftover = [w for w in leftover if w not in PORTION_WORDS]
    if reading.categories:
        # "south indian breakfast": the meal word searches semantically instead
        leftover += reading.secondary_phrases
    # the places a message names ("compare Coppa and Troquet", "where is Neptune Oyster") are
    # what the search looks for: their names are in the places' own text
    vibe_words = [v.replace("_", " ") for v in vibes]
    parts = named_in(reading.matched) + vibe_words + reading.dishes + leftover
    unique = [w for w in dict.fromkeys(" ".join(parts).split()) if w not in TASTE_VERBS]
    return " ".join(unique[:MAX_VECTOR_WORDS])


def meal_kinds(categories: list[str]) -> list[str]:
    """A request for food (a cuisine, a dish, or nothing named) wants places that serve meals;
    one for coffee, drinks or sweets wants places of those categories, whatever their kind.
    A diet's category ("kosher food") names no kind: it is a meal request."""
    categories = [c for c in categories if not is_diet_category(c)]
    if not categories or serves_meals(categories):
        return sorted(MEAL_KINDS)
    return []


def food_said(decomposition: Decomposition) -> str | None:
    """The food of core/data/food_words.toml the request names ("satay", "ice cream"), as said;
    a meal word ("brunch") names when, not what, and is not one."""
    said = (
        head
        for phrase, role in decomposition.matched.items()
        if role.startswith("categories=")
        for head in (phrase, phrase.rsplit(" ", 1)[0])
    )
    return next((h for h in said if h in FOOD_ALIASES and h not in SECONDARY_CATEGORY_WORDS), None)


def names_food(decomposition: Decomposition) -> bool:
    """Whether the request names such a food: places of another food are then no answer, and
    the cuisine is never widened away ("vegan brunch" may still widen to vegan places)."""
    return food_said(decomposition) is not None


def said_kinds(reading: QueryUnderstanding) -> list[str]:
    """The kinds of place the food words ask for ("ice cream": a dessert shop, a café or a
    bakery, not a salad chain also tagged "ice cream"), when every food the message names
    says its kinds; [] otherwise."""
    named = [p for p, role in reading.matched.items() if role.startswith("categories=")]
    kinds: list[str] = []
    for phrase in named:
        found = FOOD_KINDS.get(phrase) or FOOD_KINDS.get(phrase.rsplit(" ", 1)[0])
        if not found:
            return []
        kinds += found
    return sorted(set(kinds))


def to_decomposition(reading: QueryUnderstanding, vocabulary: CatalogVocabulary) -> Decomposition:
    """The restaurant search a reading asks for."""
    if reading.small_talk == "greeting":
        return Decomposition(
            intent="greeting",
            ui_preference="text",
            needs_clarification=True,
            clarification_question=GREETING_QUESTION,
        )
    if reading.small_talk == "thanks":
        return Decomposition(intent="other", ui_preference="text", reply=THANKS_REPLY)
    if activity := not_for_eating(reading):
        return Decomposition(intent="other", ui_preference="text", reply=activity_reply(activity))
    assumptions = list(reading.assumptions)
    matched = dict(reading.matched)
    city = reading.city
    if len(reading.cities) > 1:
        assumptions.append(f"You named several cities; searching {city} first.")
    unknown = reading.unknown_place if city is None and reading.area is None else None
    if city is None and reading.area_city and reading.area_city in vocabulary.cities:
        city = reading.area_city
        matched[reading.area or ""] = f"city={city}"
    vibes = list(reading.vibes)
    if reading.party_size and reading.party_size >= GROUP_SIZE and "group" not in vibes:
        vibes.append("group")
        matched[f"party of {reading.party_size}"] = "vibes=group"
    categories = reading.categories or reading.secondary_categories
    filters = SearchFilters(
        kinds=said_kinds(reading) or meal_kinds(categories),
        price_tiers=list(reading.price_tiers),
        categories=categories,
        exclude_categories=reading.exclude_categories,
        city=city,
        area=reading.area,
        min_rating=reading.min_rating,
        radius_km=reading.radius_km,
        exclude_allergens=reading.allergens,
    )
    structured = filters.model_dump(exclude_defaults=True, exclude={"kinds"})
    searchable = bool(
        structured
        or vibes
        or reading.dietary
        or reading.avoid
        or reading.map_asked
        or reading.dishes
        or reading.intent != "search"
        or any(w not in GENERIC_WORDS for w in reading.leftover)
    )
    ui: UiPreference = "restaurant_list"
    if reading.intent == "compare":
        ui = "radar_comparison"
    elif reading.intent == "locate" or reading.map_asked or reading.near_user:
        ui = "map_view"
    return Decomposition(
        intent=_INTENTS[reading.intent],
        filters=filters,
        vector_query=_vector_query(reading, vibes),
        ui_preference=ui if searchable else "text",
        vibes=vibes,
        dietary=reading.dietary,
        avoid=reading.avoid,
        turn_allergens=reading.allergens,
        near_user=reading.near_user,
        unknown_place=unknown,
        party_size=min(reading.party_size, MAX_PARTY) if reading.party_size else None,
        needs_clarification=not searchable,
        clarification_question=None if searchable else CLARIFYING_QUESTION,
        assumptions=assumptions,
        matched=matched,
    )


class QueryParser:
    """Builds the reader's indexes once; `decompose` is then pure and deterministic."""

    def __init__(self, vocabulary: CatalogVocabulary) -> None:
        self.vocabulary = vocabulary = with_known_cuisines(vocabulary)
        self.reader = QueryReader(vocabulary, RESTAURANT_WORDS)

    @property
    def known_words(self) -> frozenset[str]:
        """Every word the reader knows: a request of none of them is not understood."""
        return self.reader.index.known_words

    def read(self, message: str, *, today: date | None = None) -> Decomposition:
        """One message alone, without the conversation."""
        return to_decomposition(self.reader.read(message, today=today), self.vocabulary)

    def decompose(
        self,
        message: str,
        *,
        history: Sequence[str] = (),
        previous: Decomposition | None = None,
        pending_clarification: str | None = None,
        today: date | None = None,
    ) -> Decomposition:
        """`previous` is the conversation's last request when it is known (stored state);
        otherwise it is read again from `history`, the user's earlier messages, oldest first."""
        reading = self.reader.read(message, today=today)
        result = to_decomposition(reading, self.vocabulary)
        searching = result.intent in {"find_restaurant", "compare", "locate"}
        # in a conversation, a message that does not name both what and where refines the
        # request before it ("italian, ideally", "cheaper?", "good with kids?"); one that
        # names both ("kosher options in boston?") is a new request unless it says otherwise
        # ("what about …", "and …"): merging it kept every earlier diet, vibe and word, until
        # nothing matched them all
        wanted = (
            result.filters.categories
            or result.dietary
            or result.vibes
            or reading.dishes
            or any(w not in GENERIC_WORDS for w in reading.leftover)  # "afternoon tea"
        )
        partial = not (wanted and (result.filters.city or result.filters.area))
        follows = reading.follow_up and (partial or continues_earlier(message))
        if searching and (follows or (partial and (previous or history))):
            before = previous or (self._previous(history[-MAX_HISTORY:]) if history else None)
            if before is not None and before.intent in {"find_restaurant", "compare", "locate"}:
                result = merge_follow_up(
                    result,
                    before,
                    replacing=replaces_earlier(message),
                    food_dropped=seeks_somewhere_safe(message),
                )
        if result.needs_clarification and pending_clarification:
            result = assume_instead_of_asking(result)
        return result

    def _previous(self, history: Sequence[str]) -> Decomposition:
        reading = self.reader.read(history[-1])
        previous = to_decomposition(reading, self.vocabulary)
        if len(history) > 1 and reading.follow_up:
            previous = merge_follow_up(
                previous,
                self._previous(history[:-1]),
                replacing=replaces_earlier(history[-1]),
                food_dropped=seeks_somewhere_safe(history[-1]),
            )
        return previous
