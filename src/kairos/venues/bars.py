"""Bars and kitchens for a group's outing (issue 38, item 2): whether a venue is a bar first
for a meal that asks for no drink (after every place whose food leads), a bar whose source
lists no food at all (left out of a meal, `fit`), a bar for children, or a kitchen first for
drinks; and what a venue is shown as for a meal when its source lists a drinking category
first. Moved from `outing` whole, `bar_without_food` added.
"""

from __future__ import annotations

import re
from typing import Final

from kairos.core.place_kinds import named_a_cafe, serves_meals
from kairos.store.places import PlaceSummary
from kairos.venues.outing import NEUTRAL

__all__ = [
    "DRINKING",
    "a_bar_for_children",
    "bar_led",
    "bar_without_food",
    "food_led_for_drinks",
    "meal_label",
]

DRINKING: Final = frozenset(
    {
        "nightlife", "bars", "bar", "pubs", "pub", "cocktail bars", "wine bars", "beer bar",
        "dive bars", "lounges", "sports bars", "gay bars", "hookah bars", "tiki bars",
        "whiskey bars", "irish pub", "beer gardens", "breweries", "brewpubs", "karaoke",
        "dance clubs", "music venues", "comedy clubs", "champagne bars", "speakeasies",
    }
)  # fmt: skip
"""Categories of a place to drink: a venue listing more of these than of food is a bar first."""
_ASKS_A_DRINK: Final = re.compile(
    r"\b(drinks?|bars?|pubs?|beers?|cocktails?|wine|brewer(?:y|ies)|nightlife|happy hour|"
    r"gastropubs?|tavern|karaoke)\b"
)


_EATERY_NAME: Final = re.compile(
    r"\b(restaurant|ristorante|trattoria|osteria|bistro|brasserie|kitchen|grill|eatery|"
    r"diner|dhaba|taqueria|pizzeria)\b"
)


def bar_led(place: PlaceSummary, activity: str | None, prompt: str) -> bool:
    """A bar first and a kitchen second, for a meal that asks for no drink: after every place
    whose food leads (a team lunch is not led by a cocktail bar, a cozy dinner not by a sports
    bar). A bar first: more drinking categories than food ones ("Nightlife, Cocktail Bars,
    American"), or as many and a drinking one listed first; never a venue whose name says it
    is a restaurant ("Rigoletto Ristorante", "Bar & Kitchen")."""
    if activity != "meal" or _ASKS_A_DRINK.search(prompt.lower()):
        return False
    if _EATERY_NAME.search(place.name.lower()):
        return False
    categories = [c.strip().lower() for c in place.categories]
    drinking = sum(c in DRINKING for c in categories)
    food = sum(c not in DRINKING and c not in NEUTRAL and serves_meals([c]) for c in categories)
    if drinking > food:
        return True
    return drinking > 0 and drinking == food and categories[0] in DRINKING


def bar_without_food(
    place: PlaceSummary, activity: str | None, prompt: str, meals: frozenset[str] | None = None
) -> str | None:
    """Why a bar is no place for the meal asked, or None: a meal that asks for no drink, and a
    venue whose source lists drinking categories and nothing else but neutral ones
    ("Restaurants, Nightlife, Bars, Pubs"): no food said, no meal listed (`meals`, Yelp's
    GoodForMeal), no name saying it is a restaurant. Left out like a café for a dinner
    (`fit`; graders: a tiki bar planned for a biryani lunch for 25)."""
    if activity != "meal" or _ASKS_A_DRINK.search(prompt.lower()):
        return None
    if meals and meals & {"breakfast", "brunch", "lunch", "dinner"}:
        return None
    if _EATERY_NAME.search(place.name.lower()):
        return None
    categories = [c.strip().lower() for c in place.categories]
    drinking = [c for c in categories if c in DRINKING]
    if not drinking or any(c not in DRINKING and c not in NEUTRAL for c in categories):
        return None
    shown = ", ".join(c for c in drinking if c not in ("nightlife", "bars"))[:60] or "bars"
    return f"a bar ({shown}): its source lists no food, not a place for a meal"


def meal_label(place: PlaceSummary, activity: str | None, prompt: str) -> str | None:
    """What a venue is shown as for a meal that asks for no drink, when its source lists a
    drinking category first but more food ones (not `bar_led`): its first food category. A
    sushi restaurant listed "Cocktail Bars, Asian Fusion, Sushi Bars, Japanese, Nightlife, Bars"
    was shown as "cocktail bars" for a birthday dinner (plans panel p13). Over the shared
    data, 437 of 27,503 restaurants list a drinking category first without being bar-led
    (No. 9 Park "Bars, American (New), Italian, French"): a first category alone does not make
    a bar, so it ranks as before, shown as what it serves. None: shown as its first."""
    if activity != "meal" or _ASKS_A_DRINK.search(prompt.lower()) or not place.categories:
        return None
    if place.categories[0].strip().lower() not in DRINKING or bar_led(place, activity, prompt):
        return None
    for category in place.categories:
        c = category.strip().lower()
        if c not in DRINKING and c not in NEUTRAL and serves_meals([c]):
            return category
    return None


_DRINKING_NAME: Final = re.compile(
    r"\b(tavern|pub|saloon|lounge|taproom|tap room|alehouse|ale house|brewery|brewing|"
    r"beer hall|beer garden|bar & grille?)s?\b"
)
"""A name that says the venue is a place to drink, whatever else it serves."""


def _drinking_and_food(place: PlaceSummary) -> tuple[int, int, bool]:
    """How many of its categories are drinking ones, how many food ones, and whether a
    drinking one is listed first."""
    categories = [c.strip().lower() for c in place.categories]
    drinking = sum(c in DRINKING for c in categories)
    food = sum(c not in DRINKING and c not in NEUTRAL and serves_meals([c]) for c in categories)
    return drinking, food, bool(categories) and categories[0] in DRINKING


def a_bar_for_children(place: PlaceSummary, with_children: bool) -> bool:
    """Children coming, and the venue a bar, tavern or lounge: by its name ("Lincoln Tavern
    and Restaurant", even one its source lists as good for kids) or its categories (as many
    drinking ones as food ones). After the family places that are not (plans panel p29: a
    tavern third for a pizza night with kids, unsaid)."""
    if not with_children:
        return False
    if _DRINKING_NAME.search(place.name.lower()):
        return True
    drinking, food, _ = _drinking_and_food(place)
    return drinking > 0 and drinking >= food


def food_led_for_drinks(place: PlaceSummary, activity: str | None) -> bool:
    """Drinks asked, and the venue a kitchen first: fewer drinking categories than food
    ones, or as many with a food one listed first ("Steakhouses, Nightlife, Bars, Seafood").
    After the bars (plans panel p17: an oyster-and-steak house third for a fun drinks night),
    as is a café that pours a beer (and after these restaurants: `Scored.other_kind`)."""
    if activity != "drinks":
        return False
    if named_a_cafe(place.name, place.categories):
        return True
    drinking, food, bar_first = _drinking_and_food(place)
    return drinking < food or (drinking == food and food > 0 and not bar_first)
