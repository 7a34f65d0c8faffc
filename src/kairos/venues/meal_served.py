"""Whether a venue serves the meal the group asked for (issue 38, item 2).

For a lunch or a dinner, a venue whose categories say it serves something else comes after
every place that serves the meal, or is left out, with why, when enough of those remain
(`fit.fit`):

- a café, coffee, tea or juice bar, a bakery or pastry shop, a dessert place: as many of
  these kinds among its categories as categories naming a meal, a diet its kitchen cooks to
  counted once ("Australian, Coffee & Tea"; "Pizza, Bakeries"; not "Vegan, Juice Bars &
  Smoothies, Middle Eastern"), unless its source lists it for the meal asked (Yelp's
  GoodForMeal). A café counts for a dinner, not for a lunch, which cafés serve;
- an activity (an escape room, a bowling alley, a theatre): an activity's category and none
  naming a meal ("Escape Games, Team Building Activities, Dinner Theater");
- a juice, smoothie, ice cream, dessert or doughnut place by its name ("Clean Juice"), unless
  its name says it is a restaurant too or its source lists it for the meal;
- for a dinner, a breakfast and brunch place: its source lists the meals it is good for and
  not dinner, or, listing none, every meal its categories name is a morning one ("Breakfast
  & Brunch, Diners, Bagels");
- for a dinner, a coffee shop or café by its name or listing whose listing shows no dinner
  (`cafe_dinner.cafe_without_dinner`). An evening occasion with no meal named ("date night",
  "anniversary") asks a dinner.

Measured over the full shared restaurant data (27,504 places of kind restaurant), each venue
counted once, by the first rule that moves it: for a lunch 972 (658 cafés, coffee, tea or juice
bars, 181 bakeries, 121 dessert places, 12 activities); for a dinner 2,598 (972 cafés and the
like, 173 bakeries, 110 dessert places, 12 activities, 1,331 breakfast places, 1,091 of them by
their source's meals). A brunch, a breakfast, coffee or drinks are left to the other rules
(`outing`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal

from kairos.core.place_kinds import is_diet_category, kind_categories, serves_meals
from kairos.store.places import PlaceSummary
from kairos.venues.cafe_dinner import cafe_without_dinner

__all__ = ["MealAsked", "listed_meals", "meal_asked", "not_the_meal"]

MealAsked = Literal["lunch", "dinner"]

_DINNER: Final = re.compile(r"\b(dinner|supper)s?\b")
_LUNCH: Final = re.compile(r"\b(lunch|luncheon)(?:es)?\b")
_OTHER_MEAL: Final = re.compile(r"\b(brunch|breakfast|coffee|tea|drinks?|dessert)\b")
_EVENING_OCCASION: Final = re.compile(
    r"\b(date night|dinner date|anniversary|tonight|this evening|evening out|night out)\b"
)
"""An evening outing with no meal named: a meal then is a dinner ("anniversary for 2")."""

_SIDES: Final = (
    ("a café, coffee, tea or juice bar", kind_categories("cafe")),
    ("a bakery or pastry shop", kind_categories("bakery")),
    ("a dessert place", kind_categories("dessert")),
)
_CAFES: Final = frozenset({"cafes", "cafe"})
_DIETS: Final = frozenset({"vegan", "vegetarian", "gluten-free", "halal", "kosher"})
"""A café serves lunch: counted as a side kind for a dinner only."""
ACTIVITIES: Final = (
    kind_categories("venue")
    | kind_categories("attraction")
    | frozenset(
        {
            "escape games", "team building activities", "laser tag", "mini golf",
            "axe throwing", "go karts", "tabletop games", "water parks", "skating rinks",
            "trampoline parks", "paint & sip", "paintball", "playgrounds",
            "recreation centers", "leisure centers", "casinos", "adult entertainment",
            "strip clubs", "golf", "pool & billiards", "climbing", "race tracks",
            "stadiums & arenas",
        }
    )
)  # fmt: skip
"""Categories of a thing to do, not a place to eat."""
_EARLY: Final = frozenset({"breakfast & brunch", "breakfast", "brunch"})
_MORNING_FOOD: Final = _EARLY | frozenset(
    {
        "diners", "bagels", "creperies", "pancakes", "waffles", "delis", "sandwiches",
        "donuts", "juice bars & smoothies", "acai bowls",
    }
)  # fmt: skip
"""Meals a breakfast place's categories name that do not make it a dinner place."""
_SWEETS_NAME: Final = re.compile(
    r"\b(juice|juicery|smoothie|acai|açaí|ice cream|creamery|gelato|gelateria|froyo|"
    r"frozen yogurt|boba|bubble tea|donut|doughnut|cupcake|dessert|sweets|churro)s?\b"
)
"""A name that says the venue serves juice, sweets or ice cream ("Clean Juice", "Tropical
Smoothie Cafe", "Oakberry Acai Bowls"), whatever its categories add ("Salad, Wraps"; graders:
a juice bar planned for a Christmas party dinner for 30): over the shared Yelp restaurants it
moves 103 places the categories' rule kept for a dinner, 89 for a lunch (one its source lists
for the meal is kept)."""
_EATERY_NAME: Final = re.compile(
    r"\b(restaurant|ristorante|trattoria|osteria|bistro|brasserie|kitchen|grill|eatery|diner|"
    r"taqueria|pizza|pizzeria)\b"
)
"""A name that also says it serves meals ("Jay's Pizza and Ice Cream"); not a café's ("Tropical
Smoothie Cafe")."""


def meal_asked(activity: str | None, said: str) -> MealAsked | None:
    """The lunch or the dinner a meal outing names ("birthday dinner", "quick lunch
    meeting"), an evening occasion with no meal named a dinner ("date night for 2"); None for
    a brunch, a breakfast, coffee, drinks or a meal not named."""
    if activity != "meal":
        return None
    text = said.lower()
    if _OTHER_MEAL.search(text) and not (_DINNER.search(text) or _LUNCH.search(text)):
        return None
    if _DINNER.search(text):
        return "dinner"
    if _LUNCH.search(text):
        return "lunch"
    return "dinner" if _EVENING_OCCASION.search(text) else None


def listed_meals(value: Any) -> frozenset[str] | None:
    """The meals a source lists a venue as good for (Yelp's GoodForMeal, or the 2015 "Good
    For", a mapping or its text), lower case; None when it lists none (many sources write
    every meal false: that says nothing)."""
    if isinstance(value, str):
        try:
            value = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            return None
    if not isinstance(value, Mapping):
        return None
    listed = frozenset(
        str(k).lower()
        for k, v in value.items()
        if v is True or (isinstance(v, str) and v.strip().lower() == "true")
    )
    return listed or None


def _meal_categories(categories: Iterable[str]) -> list[str]:
    """Its categories naming a meal, and one saying how its kitchen cooks ("vegan"), if any:
    a vegan kitchen that also pours juice ("Vegan, Juice Bars & Smoothies, Middle Eastern")
    is a restaurant."""
    cats = list(categories)
    meals = [c for c in cats if c not in ACTIVITIES and serves_meals([c])]
    return meals + [c for c in cats if is_diet_category(c)][:1] if meals else meals


def _shown(categories: Sequence[str], kinds: Iterable[str]) -> str:
    wanted = set(kinds)
    return ", ".join(c for c in categories if c in wanted)


def not_the_meal(
    place: PlaceSummary, meal: MealAsked | None, meals: frozenset[str] | None = None
) -> str | None:
    """Why the venue does not serve the lunch or dinner asked ("a coffee or tea place (coffee
    & tea): not a place for dinner"), or None when it may; `meals`: what its source lists it
    as good for (`listed_meals`)."""
    if meal is None:
        return None
    categories = [c.strip().lower() for c in place.categories]
    dishes = _meal_categories(categories)
    activity = [c for c in categories if c in ACTIVITIES]
    if activity and not dishes:
        return f"an activity ({', '.join(activity[:3])}), not a place to eat: no {meal} served"
    sides = [
        (label, members - (_CAFES if meal == "lunch" else frozenset())) for label, members in _SIDES
    ]
    held = [(label, members) for label, members in sides if set(categories) & members]
    if held and len(held) >= len(dishes) and not (meals and meal in meals):
        label, _ = max(held, key=lambda h: len(set(categories) & h[1]))
        shown = _shown(categories, frozenset().union(*(members for _, members in held)))
        return f"{label} ({shown}): not a place for {meal}"
    name = place.name.lower()
    sweet = _SWEETS_NAME.search(name)
    if sweet and not _EATERY_NAME.search(name) and not (meals and meal in meals):
        return f"a {sweet.group(1)} place by its name, {place.name}: not a place for {meal}"
    if meal == "dinner" and set(categories) & _EARLY:
        listed = meals is not None and "dinner" not in meals
        morning = meals is None and not set(dishes) - _MORNING_FOOD - _DIETS
        if listed or morning:
            by = f", its source lists it for {', '.join(sorted(meals))}" if meals else ""
            shown = _shown(categories, _MORNING_FOOD)
            return f"a breakfast and brunch place ({shown}{by}): not a place for dinner"
    return cafe_without_dinner(place, meals) if meal == "dinner" else None
