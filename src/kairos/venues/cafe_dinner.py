"""A coffee shop or café for a dinner (issue 38, item 2): graders found "a coffee shop for a
Friday dinner after 'cheaper'" and "a Bayswater coffee shop and a café" for a special date
night, kept because a cuisine among their categories outnumbered the café ones
(`meal_served.not_the_meal`'s count: "Italian, Cafe, Vegetarian Friendly" for Arro Coffee -
The Temple of Coffee; "Cafes, Sandwiches" for a café).

A café by its name or listing is read as serving no dinner unless its listing shows one:

- its source lists dinner among the meals it is good for (Yelp's GoodForMeal), or its name
  also says it is a restaurant, a bistro, a kitchen, a bar ("Café Luna Restaurant");
- named as a coffee place (coffee, espresso, a tea room, a roastery) and listed as a café:
  the cuisine of its food is the café's ("Italian" coffee bar), so only the above show dinner;
- otherwise (named "Café …" or listed as a café): a category of a kitchen that cooks dinner,
  any but those of a café, a counter or a morning or lunch place ("Hong Kong Cafe: Chinese",
  "Café 47: Italian" serve dinner; "Rebecca's Cafe: Cafes, Sandwiches" does not).
"""

from __future__ import annotations

import re
from typing import Final

from kairos.core.place_kinds import is_diet_category, kind_categories
from kairos.store.places import PlaceSummary

__all__ = ["cafe_without_dinner"]

_COFFEE_NAME: Final = re.compile(
    r"\b(coffee|coffeehouse|coffee ?house|espresso|tea ?rooms?|tea ?house|roasters?|roastery|"
    r"kaffee?)\b"
)
_CAFE_NAME: Final = re.compile(r"\b(caf[eé]s?|caff[eèé])\b")
_DINNER_NAME: Final = re.compile(
    r"\b(restaurant|ristorante|trattoria|osteria|bistro|brasserie|kitchen|grill|eatery|"
    r"taverna?|pizzeria|steakhouse|bar & grill|wine bar|cantina|supper)\b"
)
"""A name that says the café is also a place for dinner ("Café Luna Restaurant")."""
_CAFE_LISTED: Final = kind_categories("cafe") | frozenset({"cafe", "coffee", "tea", "coffeehouse"})
_NO_DINNER: Final = _CAFE_LISTED | frozenset(
    {
        "restaurants", "restaurant", "food", "breakfast & brunch", "breakfast", "brunch",
        "bakeries", "bakery", "bagels", "sandwiches", "delis", "salad", "soup", "desserts",
        "dessert", "donuts", "creperies", "pancakes", "waffles", "patisserie/cake shop",
        "cupcakes", "ice cream & frozen yogurt", "gelato", "specialty food", "fast food",
        "quick bites", "takeaway", "street food", "internet cafes", "local flavor",
        "vegetarian friendly", "vegan options", "gluten free options", "healthy", "wraps",
        "chocolatiers & shops", "tea rooms", "wifi spots", "books, mags, music & video",
    }
)  # fmt: skip
"""Categories that show no dinner: a café's, a counter's, a morning or lunch place's."""


def cafe_without_dinner(place: PlaceSummary, meals: frozenset[str] | None) -> str | None:
    """Why a coffee shop or café serves no dinner by its listing, or None when it is none or
    its listing shows a dinner; `meals`: what its source lists it as good for."""
    name = place.name.lower()
    categories = [c.strip().lower() for c in place.categories]
    coffee_named = _COFFEE_NAME.search(name)
    cafe_named = coffee_named or _CAFE_NAME.search(name)
    listed = [c for c in categories if c in _CAFE_LISTED]
    if not (cafe_named or listed):
        return None
    if (meals and "dinner" in meals) or _DINNER_NAME.search(name):
        return None
    kitchen = [c for c in categories if c not in _NO_DINNER and not is_diet_category(c)]
    if kitchen and not (coffee_named and listed):
        return None
    said = f"named {place.name}" if cafe_named else f"listed as {', '.join(listed[:2])}"
    by = f"; its source lists it for {', '.join(sorted(meals))}" if meals else ""
    return f"a coffee shop or café ({said}{by}): nothing in its listing says it serves dinner"
