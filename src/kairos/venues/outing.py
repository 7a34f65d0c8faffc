"""The kind of place an outing needs, and whether a venue seats the group (issue 38, item 2).

A meal the group sits down to — dinner or supper, an occasion (a birthday, a celebration, a
team dinner), or any meal for `SIT_DOWN_GROUP` or more — needs table service: a food truck, a
coffee counter or a salad chain is no place for it. Table service is read from what the venue
carries, in order: its source's attributes (waiter service, table service, reservations, dine
in: yes; ordering at a counter: no), then its categories (food trucks, stands and street
vendors never; fast food, or mostly counter categories — coffee & tea, bagels, sandwiches, a
bakery, specialty food — no, or as many as cuisines when its source says it takes no
reservations; a cuisine otherwise).

Seating: for `LARGE_GROUP` or more, a venue whose source says it is not good for groups is not
one the group can use; one that says it is, or whose reviews say so, is cited; for the rest the
plan says capacity is unknown. No source says how many a venue seats, so for a party of
`LARGE_PARTY` or more even "good for groups" is said as what it is, with what to ask.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, Literal

from kairos.core.place_kinds import is_store, named_a_cafe, serves_meals
from kairos.store.places import PlaceSummary
from kairos.venues.facts import Attributes

__all__ = [
    "CAPACITY_SAID",
    "LARGE_GROUP",
    "LARGE_PARTY",
    "SIT_DOWN_GROUP",
    "Service",
    "a_brunch_counter",
    "leads_a_meal",
    "misses_the_early_meal",
    "seating_note",
    "seating_summary",
    "service",
    "service_reason",
    "sit_down",
]

Service = Literal["table", "counter", "street", "unknown"]
SIT_DOWN_GROUP: Final = 6
"""A meal for this many or more is a sit-down meal, whatever the words."""
LARGE_GROUP: Final = 6
"""The critic's large group: seating starts to matter."""
LARGE_PARTY: Final = 20
"""No source says a venue seats this many, even one "good for groups": ask about a private room."""
CAPACITY_SAID: Final = 10
"""From this many, every venue says its capacity or that it is unknown: "good for groups" is
no capacity (plans panel, graders: "seating for 15 never said unknown")."""

STREET: Final = frozenset(
    {"food trucks", "food stands", "street vendors", "food delivery services"}
)
_STREET_NAME: Final = re.compile(r"\b(food truck|truck|food cart|cart|kiosk)s?\b")
"""A venue named as a truck, cart or kiosk ("The Taco Truck", listed only as Mexican) is one."""
_TAKEAWAY_NAME: Final = re.compile(
    r"\b(take ?aways?|take-away|take ?out|take-out|carry ?out|to go|delivery)\b"
)
"""A venue named as a takeaway ("Chinese To Go", "The Take Away", "Tso Chinese Delivery") is
a counter unless its name or its source says it seats diners too ("Restaurant & Takeout")."""
_SEATS_NAME: Final = re.compile(r"\b(restaurant|dining|dine|bistro|grill|kitchen|cafe|café)\b")
COUNTER: Final = frozenset(
    {
        "fast food", "coffee & tea", "coffee", "cafes", "cafe", "tea rooms", "bubble tea",
        "bagels", "sandwiches", "delis", "juice bars & smoothies", "donuts", "desserts",
        "ice cream & frozen yogurt", "gelato", "bakeries", "bakery", "cupcakes", "patisserie",
        "patisserie/cake shop", "specialty food", "cheese shops", "do-it-yourself food",
        "hot dogs", "salad", "soup", "fruits & veggies", "convenience stores", "grocery",
        "food court", "quick bites", "street food", "takeaway", "chocolatiers & shops",
        "shaved ice", "creperies", "kiosk", "public markets", "shopping centers",
        "farmers market",
    }
)  # fmt: skip
NOT_A_PLACE_TO_EAT: Final = frozenset(
    {
        "banks & credit unions", "financial services", "shared office spaces",
        "coworking spaces", "office equipment", "real estate", "bookstores", "libraries",
    }
)  # fmt: skip
"""Businesses of another trade that serve food on the side (a bank's café, a bookshop's)."""
FOOD_SHOPS: Final = frozenset(
    {
        "seafood markets", "meat shops", "butcher", "cheese shops", "fruits & veggies",
        "imported food", "pasta shops", "health markets", "organic stores", "grocery",
        "international grocery", "ethnic grocery", "convenience stores", "wholesale stores",
        "beer, wine & spirits", "farmers market", "public markets",
    }
)  # fmt: skip
"""Categories of a shop: a venue listing one is never a sit-down outing venue, whatever
cuisines it also lists (a fish market listed as Seafood led a birthday dinner for 6)."""
SIDE_KINDS: Final = frozenset({"cafe", "bakery", "dessert", "market"})
"""Kinds that serve food without being a place for a meal."""
_EARLY_MEALS: Final = re.compile(r"\b(brunch|breakfast|coffee|tea)\b")
_EVENING: Final = re.compile(r"\b(dinner|supper|evening|tonight|night)\b")
BRUNCH_FOOD: Final = frozenset(
    {
        "breakfast & brunch", "brunch", "breakfast", "cafes", "cafe", "coffee & tea", "diners",
        "bakeries", "bagels", "creperies", "pancakes", "waffles", "tea rooms", "delis",
        "juice bars & smoothies", "patisserie/cake shop",
    }
)  # fmt: skip
"""Categories that show a place serves breakfast or brunch."""
_EARLY_MEAL_NAMED: Final = frozenset({"breakfast & brunch", "brunch", "breakfast"})
"""Of those, the ones that name the meal: no source's list of meals outweighs them."""
_QUICK: Final = re.compile(r"\b(quick|grab|takeaway|take away|to go|on the go)\b")
"""A quick meal asked: a counter may lead it."""
NEUTRAL: Final = frozenset(
    {
        "restaurants", "food", "nightlife", "vegetarian", "vegan", "gluten-free", "halal",
        "kosher", "vegetarian friendly", "vegan options", "gluten free options", "ethnic food",
        "local flavor", "event planning & services", "caterers", "breakfast & brunch",
        "healthy", "arts & entertainment",
    }
)  # fmt: skip
"""Categories that say nothing of how a venue serves."""
_SIT_DOWN_WORDS: Final = re.compile(
    r"\b(dinner|supper|sit ?down|sit-down|birthday|bday|celebrat\w*|anniversary|graduation|"
    r"reunion|engagement|retirement|farewell|rehearsal|christmas party|holiday party|banquet|"
    r"team dinner|date night|meeting|business (?:lunch|dinner|meal)|client (?:lunch|dinner)|"
    r"work (?:lunch|dinner))\b"
)
"""Words that make a meal one the group sits down to, whatever its size: an occasion, or a
meeting over food (a lunch meeting for 3 is held at a table, not at a taco truck)."""


def sit_down(activity: str | None, prompt: str, group_size: int) -> str | None:
    """What makes this outing a sit-down meal ("a dinner for 6"), or None when it is not one
    (brunch for 3, coffee, drinks)."""
    if activity != "meal":
        return None
    said = _SIT_DOWN_WORDS.search(prompt.lower())
    if said is None and group_size < SIT_DOWN_GROUP:
        return None
    # the meal named anywhere: "christmas party dinner for 30" is a dinner, not "a meal"
    text = prompt.lower()
    meal = "dinner" if re.search(r"\b(dinner|supper)s?\b", text) else "meal"
    if meal == "meal":
        meal = "lunch" if "lunch" in text else "meal"
    return f"a sit-down {meal} for {group_size}" if group_size > 1 else f"a sit-down {meal}"


def service(place: PlaceSummary, attributes: Attributes | None) -> Service:
    """How a venue serves: at tables, at a counter, from a truck or stand, or unknown."""
    categories = {c.lower() for c in place.categories}
    if categories & STREET or _STREET_NAME.search(place.name.lower()):
        return "street"
    if attributes is not None and attributes.table_service is not None:
        return "table" if attributes.table_service else "counter"
    name = place.name.lower()
    if _TAKEAWAY_NAME.search(name) and not _SEATS_NAME.search(name):
        return "counter"
    if place.kind in ("cafe", "bakery", "dessert"):
        return "counter"
    if "fast food" in categories:
        return "counter"
    counter = len(categories & COUNTER)
    cuisine = len(categories - COUNTER - NEUTRAL)
    if counter > cuisine:
        return "counter"
    if counter and counter == cuisine and attributes and attributes.reservations is False:
        # as many counter categories as cuisines, and its source says it takes no booking
        # ("Juice Bars & Smoothies, Middle Eastern", "Salad, Noodles"): ordered at a counter
        return "counter"
    return "table" if cuisine else "unknown"


def service_reason(place: PlaceSummary, how: Service, outing: str) -> str:
    """Why a venue is not the kind of place `outing` needs."""
    shown = [c for c in place.categories if c.lower() in STREET | COUNTER][:3]
    what = ", ".join(shown) if shown else place.kind
    if not shown and _TAKEAWAY_NAME.search(place.name.lower()):
        what = f"a takeaway by its name, {place.name}"
    if how == "street":
        return f"a food truck or stand ({what}): no tables for {outing}"
    return f"counter service ({what}): not {outing}"


def seating_note(
    place: PlaceSummary, good_for_groups: bool | None, group_size: int
) -> tuple[str | None, str | None]:
    """(what the evidence says for a why, what to check for a watch out) about seating the
    group; (None, None) for a group small enough that it does not matter."""
    if group_size < LARGE_GROUP:
        return None, None
    if good_for_groups or "group" in place.traits:
        source = (
            "good for groups, its source says" if good_for_groups else "reviews say it takes groups"
        )
        if group_size >= LARGE_PARTY:
            return (
                source,
                f"Nothing I read says it seats {group_size} ({source}, no more): ask about a "
                "private room or booking the space.",
            )
        if group_size >= CAPACITY_SAID:
            return (
                source,
                f"Capacity unknown: nothing I read says it seats {group_size} ({source}, no "
                "more): call ahead to book.",
            )
        return source, None
    if group_size >= CAPACITY_SAID:
        return None, f"Capacity unknown: nothing I read says it seats {group_size}: call ahead."
    return None, f"Nothing I read says whether it seats {group_size}: call ahead to book."


def seating_summary(shown: Sequence[tuple[str, bool]], group_size: int) -> str | None:
    """One sentence on seating over the top picks: `shown` holds (name, whether anything says
    it takes groups)."""
    if group_size < LARGE_GROUP or not shown:
        return None
    known = [name for name, yes in shown if yes]
    if group_size >= LARGE_PARTY:
        return (
            f"No source says how many a venue seats: for {group_size}, book ahead and ask about "
            f"a private room ({len(known)} of the top {len(shown)} are at least listed as good "
            "for groups)."
        )
    if group_size >= CAPACITY_SAID:
        return (
            f"Seating for {group_size} is unknown at each of the top {len(shown)}: no source says "
            f"how many a venue seats ({len(known)} listed as good for groups, which is no "
            "capacity); call ahead to book."
        )
    if len(known) == len(shown):
        return None
    unknown = len(shown) - len(known)
    return (
        f"Seating for {group_size} is unknown at {unknown} of the top {len(shown)}: call ahead "
        "to book."
    )


def leads_a_meal(place: PlaceSummary, activity: str | None, prompt: str, group_size: int) -> bool:
    """Whether the venue may lead a group's lunch or dinner: a bank's or an office's café, a
    grocery, a bakery, a coffee or bagel counter, a food truck or a specialty food shop (no
    category naming a meal) may not, nor, for a dinner, a café by its name and categories
    ("The Well Coffee House"); they come after every place to eat. A shop (`FOOD_SHOPS`: a
    seafood market, a butcher, a grocery) never leads a sit-down outing (`sit_down`), a brunch
    for 6 included. A brunch, a breakfast or a quick bite is left to the other rules."""
    categories = [c.strip().lower() for c in place.categories]
    if set(categories) & FOOD_SHOPS and sit_down(activity, prompt, group_size):
        return False
    if activity != "meal" or group_size < 2 or _EARLY_MEALS.search(prompt.lower()):
        return True
    if set(categories) & NOT_A_PLACE_TO_EAT or is_store(categories):
        return False
    if _EVENING.search(prompt.lower()) and named_a_cafe(place.name, place.categories):
        return False
    if place.kind in SIDE_KINDS or (
        service(place, None) in ("counter", "street") and not _QUICK.search(prompt.lower())
    ):
        return False
    # listed only as a restaurant (no cuisine said) is a place to eat, as one with no category
    return set(categories) <= {"restaurants", "restaurant"} or serves_meals(categories)


def a_brunch_counter(place: PlaceSummary, prompt: str) -> bool:
    """A café, bakery or diner (`BRUNCH_FOOD`) for a brunch or a breakfast: the kind of place
    the meal asks for, even where one orders at the counter (a housewarming brunch for 6 cut
    Somerville's bakery café as "not a sit-down meal" and was led by a kebab house)."""
    asked = _EARLY_MEALS.search(prompt.lower())
    if asked is None or asked.group(1) in ("coffee", "tea"):
        return False
    return bool({c.strip().lower() for c in place.categories} & BRUNCH_FOOD)


def misses_the_early_meal(
    place: PlaceSummary, prompt: str, matched: Sequence[str], *, source: bool | None = None
) -> bool:
    """A brunch or a breakfast asked, and nothing shows the venue serves one: no category
    names it, its source does not list it for either (`source`: `facts.early_meal`), no
    review the search matched names it, and, unless its source lists other meals and not
    these, no category of a place that serves one (`BRUNCH_FOOD`: a bakery, a café). After
    those that do (an Indian grill or a lounge bar does not lead a Sunday brunch, nor a
    bakery-restaurant its source lists for lunch and dinner only)."""
    asked = _EARLY_MEALS.search(prompt.lower())
    if asked is None or asked.group(1) in ("coffee", "tea"):
        return False
    categories = {c.strip().lower() for c in place.categories}
    if categories & _EARLY_MEAL_NAMED or source:
        return False
    if {m.lower() for m in matched} & {"brunch", "breakfast"}:
        return False
    return source is False or not categories & BRUNCH_FOOD
