"""Place kind from categories: most sources only say 'Restaurants', 'Bars', 'Coffee & Tea'."""

from __future__ import annotations

_CAFE = {"cafes", "cafe", "coffee & tea", "coffee", "tea rooms", "bakeries", "cafeteria"}
_BAR = {
    "bars", "pubs", "nightlife", "cocktail bars", "wine bars", "beer bar", "dive bars", "lounges"
}  # fmt: skip
_VENUE = {"music venues", "venues & event spaces", "arts & entertainment", "comedy clubs"}


def infer_kind(categories: list[str]) -> str:
    cats = set(categories)
    if "restaurants" in cats or "restaurant" in cats:
        return "restaurant"
    if cats & _BAR:
        return "bar"
    if cats & _CAFE:
        return "cafe"
    if cats & _VENUE:
        return "venue"
    return "restaurant"
