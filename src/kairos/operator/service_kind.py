"""Who serves a place's guests, and what the guests are called (issue 36): servers and covers
at a table-service restaurant; counter servers and customers at a counter (its listing's kind,
or its own listing saying it has no waiter service); baristas at a coffee counter; bartenders
and bar guests at a bar-led place; counter staff and orders when its usual day was given in
orders. One place's answer uses its one unit throughout (panel half A, o03)."""

from __future__ import annotations

from math import ceil
from typing import Final

__all__ = [
    "BAR_KINDS",
    "BAR_LED",
    "CAFE_SAID",
    "COUNTER_KINDS",
    "COUNTER_LED",
    "COUNTER_SAID",
    "COVERS_PER_BARISTA",
    "COVERS_PER_BAR_GUEST",
    "COVERS_PER_COUNTER",
    "COVERS_PER_SERVER",
    "FAST_KINDS",
    "KITCHEN_KINDS",
    "ORDERS_LED",
    "ORDERS_PER_COOK",
    "ORDERS_PER_COUNTER",
    "TABLE_LED",
    "front_role",
    "listing_categories",
    "staff_change",
    "staff_for",
]

COVERS_PER_SERVER: Final = 20
BAR_KINDS: Final = frozenset(
    {"bars", "pubs", "nightlife", "cocktail bars", "wine bars", "sports bars", "beer bar",
     "breweries", "brewpubs", "dive bars", "lounges", "irish pub", "gastropubs", "beer gardens",
     "tiki bars", "whiskey bars", "hotel bar"}
)  # fmt: skip
"""Categories of a listing that serves from a bar."""
_NIGHT_ONLY: Final = BAR_KINDS | frozenset(
    {"music venues", "dance clubs", "karaoke", "pool halls", "jazz & blues",
     "arts & entertainment", "venues & event spaces", "event planning & services"}
)  # fmt: skip
"""Categories of a listing that is a bar and nothing that feeds people: any cuisine or food
category (the catalogue drops "restaurants" at ingest) makes a bar listing a restaurant's."""
COUNTER_KINDS: Final = frozenset(
    {"coffee & tea", "donuts", "juice bars & smoothies", "bubble tea", "coffee roasteries",
     "bakeries"}
)  # fmt: skip
"""Categories of a counter-service listing (a coffee chain), when it is not also a restaurant."""
FAST_KINDS: Final = frozenset(
    {"fast food", "food court", "food stands", "food trucks", "street vendors", "cafeteria",
     "hot dogs", "pretzels"}
)  # fmt: skip
"""Categories of a listing served at a counter whatever its food (a food-court counter, a
chowder stand): counter staff for its customers, never table servers and covers."""
KITCHEN_KINDS: Final = frozenset(
    {"creperies", "breakfast & brunch", "sandwiches", "delis", "salad", "soup", "diners",
     "pizza", "burgers", "vegetarian", "vegan", "american (new)",
     "american (traditional)", "bagels", "waffles", "food stands", "food trucks", "fast food"}
)  # fmt: skip
"""Categories of a counter listing that cooks what it serves (Cafénation: coffee, crêpes and
brunch): cooks beside its baristas or counter staff."""
COVERS_PER_COUNTER: Final = 40
"""Customers one person serves at a food counter in a daypart (a rule of thumb, said as one)."""
COVERS_PER_BARISTA: Final = 30
"""Customers one barista serves in a daypart at the counter (a rule of thumb, said as one)."""
COVERS_PER_BAR_GUEST: Final = 40
"""Bar guests one bartender serves in a daypart at a bar-led place (a rule of thumb, said)."""
BAR_LED: Final = "bar-led (said by you)"
"""In a place's categories: the operator said it is mostly a bar (`lean.lean_categories`)."""
ORDERS_LED: Final = "orders (said by you)"
"""In a place's categories: the operator gave its usual day in takeout or delivery orders."""
CAFE_SAID: Final = "café (said by you)"
"""In a place's categories: the operator said it is a café (`lean.lean_categories`)."""
COUNTER_SAID: Final = "counter service (said by you)"
"""In a place's categories: the operator said it serves at a counter ("we're a food-court
counter", "counter service"): counter servers and customers, whatever its listing says."""
TABLE_LED: Final = "waiter service (your listing)"
"""In a place's categories: its own listing says it has waiter service (Caffé Vittoria, listed
under coffee and tea): a coffee listing with servers at the tables keeps servers and covers."""
COUNTER_LED: Final = "no waiter service (your listing)"
"""In a place's categories: its own listing says it has no waiter service (a burrito counter
listed only by its cuisine): counter servers and customers, never table servers and covers."""
ORDERS_PER_COUNTER: Final = 60
"""Orders one person takes, packs and hands out at the counter in a daypart (a rule of thumb)."""
ORDERS_PER_COOK: Final = 40
"""Orders one cook makes in a daypart (a rule of thumb, said)."""


def staff_for(covers: int, per: int) -> int:
    """People serving a window's covers at one per `per`: every count the answers say."""
    return max(1, ceil(covers / per))


def staff_change(usual: int, expected: int, per: int) -> int:
    """People added (or cut) when a window's covers move from `usual` to `expected`: the change in
    the counts the plan states (`staff_for`), so the count after it is the one a fresh plan gives
    for the new covers (panel half A, o09: a snow cut that left "6 servers for ≈100 covers"
    against the plan's own one per 20); none for under half of `per` covers moved."""
    if abs(expected - usual) * 2 < per:
        return 0  # not for a cover or two
    return staff_for(expected, per) - staff_for(usual, per)


def front_role(categories: list[str] | None) -> tuple[str, int, str]:
    """Who serves the guests, how many guests each, and what the guests are called: bartenders
    and bar guests at a bar-led place (the operator said "mostly bar", or its listing is only
    bar and nightlife kinds); baristas and customers at a café the operator said is one, or a
    coffee counter by its listing (coffee or bakery, even beside "Restaurants", unless its own
    listing says it has waiter service), never a restaurant's servers and covers (panel half A,
    o29, o17); counter servers at a food-court counter or a stand (its listing or the operator's
    word); servers and covers otherwise."""
    kinds = {c.lower() for c in categories or []}
    if ORDERS_LED.lower() in kinds:  # takeout or delivery orders are not table covers (o39)
        return "counter staffer", ORDERS_PER_COUNTER, "orders"
    if BAR_LED.lower() in kinds or (kinds & BAR_KINDS and kinds <= _NIGHT_ONLY):
        return "bartender", COVERS_PER_BAR_GUEST, "bar guests"
    if CAFE_SAID.lower() in kinds:  # the operator's word wins over the listing's
        return "barista", COVERS_PER_BARISTA, "customers"
    if kinds & FAST_KINDS or COUNTER_SAID.lower() in kinds:  # a food-court counter, a stand
        return "counter server", COVERS_PER_COUNTER, "customers"
    if kinds & COUNTER_KINDS and TABLE_LED.lower() not in kinds:  # "Restaurants" beside it too
        return "barista", COVERS_PER_BARISTA, "customers"
    if COUNTER_LED.lower() in kinds:  # its own listing: no waiter service (half A, o03)
        return "counter server", COVERS_PER_COUNTER, "customers"
    return "server", COVERS_PER_SERVER, "covers"


def listing_categories(
    categories: list[str] | None, waiter_service: bool | None
) -> list[str] | None:
    """The categories staffing reads from a place's own listing: a listing that says it has no
    waiter service is served at a counter, whatever its cuisine (panel half A, o03: one Qdoba
    listed as fast food, its sibling only as Tex-Mex, with "Waiter Service" false); one that says
    it has waiter service keeps its servers even when it is listed under coffee."""
    if waiter_service is None or categories is None:
        return categories
    return [*categories, COUNTER_LED if waiter_service is False else TABLE_LED]
