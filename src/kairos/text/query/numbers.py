"""Numbers in a request: price tiers and amounts, ratings, distances, party sizes, times.

Prices become tiers through one table per currency (`TIER_BOUNDS`):
- INR is cost for two, as Zomato and the seed write it: ≤500 $, ≤1000 $$, ≤1800 $$$, else $$$$.
- USD is per person with Yelp's own definition of its tiers, because the US catalog's tiers are
  Yelp's: ≤10 $, ≤30 $$, ≤60 $$$, else $$$$.
- GBP and EUR are per person, half the cost-for-two bands ingestion uses for London and
  Barcelona (GBP 30/60/120, EUR 35/70/140 for two): GBP ≤15/30/60, EUR ≤17.5/35/70.
An amount is converted to the table's unit first ("₹800 per person" is 1600 for two, "$50 for
two" is 25 a head). "under X" (and a bare "X") keeps every tier up to the one containing X,
"around X" keeps that tier, "over X" that tier and above, "X-Y" the tiers between.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Literal

from kairos.core.pricing import PRICE_TIERS, PriceTier

Currency = Literal["INR", "USD", "GBP", "EUR"]
Unit = Literal["person", "two", "group"]
Mode = Literal["cap", "about", "floor", "range"]

TIER_BOUNDS: dict[Currency, tuple[Unit, tuple[float, float, float]]] = {
    "INR": ("two", (500, 1000, 1800)),
    "USD": ("person", (10, 30, 60)),
    "GBP": ("person", (15, 30, 60)),
    "EUR": ("person", (17.5, 35, 70)),
}
# Without a currency sign or a known city, amounts this large are rupees (nobody writes
# "under 500" meaning dollars a head), smaller ones dollars.
RUPEE_GUESS_FROM = 150.0

_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "dozen": 12,
    "a dozen": 12,
    "couple": 2,
    "a couple": 2,
}
_NUM_WORD = "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_SYMBOL_CURRENCY: dict[str, Currency] = {"$": "USD", "£": "GBP", "€": "EUR", "₹": "INR"}
CURRENCY_SYMBOL: dict[str, str] = {code: symbol for symbol, code in _SYMBOL_CURRENCY.items()}
"""How an amount in each currency is written: "£75 a head" for a request said in pounds."""
_WORD_CURRENCY: dict[str, Currency] = {
    "dollar": "USD",
    "dollars": "USD",
    "bucks": "USD",
    "usd": "USD",
    "pound": "GBP",
    "pounds": "GBP",
    "quid": "GBP",
    "gbp": "GBP",
    "euro": "EUR",
    "euros": "EUR",
    "eur": "EUR",
    "rupee": "INR",
    "rupees": "INR",
    "rs": "INR",
    "inr": "INR",
    "/-": "INR",
}

_AMOUNT = r"(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_CUR_AFTER = r"(?:dollars?|bucks|usd|pounds?|quid|gbp|euros?|eur|rupees?|rs|inr|/-)"
_UNIT = (
    r"(?:per person|per head|a head|a person|each|pp|per pax|/person|/head|"
    r"for (?:the )?two(?: of us| people| ppl)?|for 2(?: people| ppl| persons| pax)?|"
    rf"for a couple|for (?P<n>\d+|{_NUM_WORD})(?: people| ppl| persons| pax| of us)?)"
)
_PRICE = re.compile(
    rf"(?<![a-z])(?P<lead>(?:under|below|less than|lesser than|upto|up to|"
    rf"max(?:imum)?(?: of)?|within|not more than|no more than|not over|at most|cheaper than|<|"
    rf"around|about|approx(?:imately)?|roughly|~|close to|"
    rf"over|above|more than|at least|min(?:imum)?|>|between)\s*)?"
    rf"(?P<budget>budget(?: is| of)?\s+(?:(?:around|about|roughly|under|below|max)\s+)?)?"
    rf"(?:(?P<sym>[$£€₹]|\brs\.?\s?|\binr\s?)|(?<![a-z0-9.,]))(?P<num>{_AMOUNT})\s?(?P<k>k\b)?"
    rf"(?:\s*(?P<sep>-|to|and)\s*(?P<sym2>[$£€₹])?(?P<num2>{_AMOUNT})(?P<k2>k\b)?)?"
    rf"\s*(?P<cur>{_CUR_AFTER}(?![a-z]))?\s*(?P<unit>{_UNIT}(?![a-z]))?"
)
_TIER_SYMBOLS = re.compile(
    r"(?<![\w$£€])(?P<a>\${1,4}|£{1,4}|€{1,4})(?![\w$£€\d])"
    r"(?:\s*(?:-|to|or|/)\s*(?P<b>\${1,4}|£{1,4}|€{1,4})(?![\w$£€\d]))?"
)
_NOT_PRICE_AFTER = re.compile(
    r"\s*(?:km|kms|kilomet|mi\b|miles?|mins?\b|minutes?|hours?|hrs?|stars?|people|ppl|persons|"
    r"pax|adults|kids|children|guests|friends|colleagues|of us|am\b|pm\b|o'?clock|:\d|\+|"
    r"years?|yrs?|days?|nights?|weeks?|th\b|st\b|nd\b|rd\b|/5|out of)"
)

_AGE_BEFORE = re.compile(
    r"\b(?:kids?|children|child|toddlers?|boys?|girls?|babies|baby|teens?|grandkids)"
    r"\s+(?:aged\s+|ages\s+)?(?:under|below|over|above|less than|younger than|older than)\s*$"
)
"""The words before a bare number that make it an age ("two kids under 8")."""

_RATING = re.compile(
    r"(?:(?P<kw>at ?least|min(?:imum)?|above|over|more than|greater than|>=?|rated|"
    r"rating(?: of)?(?: at least| above| over)?)\s*(?P<v1>[0-5](?:\.\d)?)(?![\d.])"
    r"(?!\s*(?:people|ppl|persons|pax|of us|adults|guests|friends|kids|km|mi\b|miles|min|"
    r"hours?|dollars|bucks|pounds|euros|rupees|k\b))"
    r"\s*(?P<s1>\+|stars?|star)?(?:\s*(?:and|or)\s*(?:up|above|higher|more|over|plus))?)"
    r"|(?:(?P<v2>[0-5](?:\.\d)?)\s*(?:\+\s*(?:stars?|star|rating|rated)?|stars?\s*(?:and|or)\s*"
    r"(?:up|above|higher|more|over|plus)|stars?\s*\+|(?:\s|-)?stars?|\s*/\s*5\b))"
)
_DISTANCE = re.compile(
    r"(?:(?:within|max(?:imum)?|under|less than|no more than|up to|upto)\s*)?"
    r"(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>kms?|kilomet(?:er|re)s?|mi|miles?|m|met(?:er|re)s?|"
    r"mins?|minutes?)\b(?P<walk>\s*(?:walk|walking|on foot|away))?"
)
_WALKING = re.compile(r"\b(?:walking distance|walkable|within walking)\b")
WALKING_DISTANCE_KM = 1.0  # about 12 minutes on foot
WALKING_KMH = 5.0
_MILE_KM = 1.609344
_PARTY = re.compile(
    rf"\b(?:(?:table for|party of|group of|family of|feed|feeds|feeding|serves|serving|for|we are|"
    rf"we're|there are|there will be|"
    rf"there'll be|with)\s+(?P<a>\d+|{_NUM_WORD})"
    rf"(?!\s*(?:k\b|\d|\.\d|km|mi|miles|min|stars?|pm|am)))"
    rf"|\b(?P<b>\d+|{_NUM_WORD})(?=\s+(?:people|ppl|persons|pax|of us|adults|guests|friends|"
    rf"colleagues|coworkers|kids|children|couples)\b)"
)
_TIME = re.compile(
    r"\b(?:(?:at|after|before|by|around|from|till|until)\s+)?\d{1,2}(?::\d{2})?\s*"
    r"(?:am|pm|o'?clock)\b|\b(?:at|after|before|by|till|until)\s+\d{1,2}(?::\d{2})?\b"
)


@dataclass(frozen=True)
class PriceMention:
    """An amount before its currency is known (the city may only be found later)."""

    amount: float
    upper: float | None
    currency: Currency | None
    unit: Unit | None
    party: int
    mode: Mode
    text: str


@dataclass(frozen=True)
class NumberFacts:
    tiers: tuple[PriceTier, ...] = ()
    tier_text: str = ""
    price: PriceMention | None = None
    min_rating: float | None = None
    rating_text: str = ""
    radius_km: float | None = None
    radius_text: str = ""
    party_size: int | None = None


def _number(raw: str, k: str | None) -> float:
    value = float(raw.replace(",", ""))
    return value * 1000 if k else value


def _tier_index(value: float, bounds: tuple[float, float, float]) -> int:
    for index, upper in enumerate(bounds):
        if value <= upper:
            return index
    return 3


def in_dollar_bands(per_head: float, currency: str | None) -> float:
    """A per-head amount in another currency, as the US amount that sits at the same place in
    its price tiers: piecewise linear through the tier bounds of `TIER_BOUNDS` ("£30 a head" is
    the top of $$ in London as $30 is in Boston; "₹500 a head" the top of $$ in Bengaluru).
    Tiers are what the catalog's prices are, so this compares like with like where an exchange
    rate would not: ₹500 buys in Bengaluru what $30 buys in Boston, not what $6 does."""
    if currency not in TIER_BOUNDS or currency == "USD":
        return per_head
    table_unit, bounds = TIER_BOUNDS[currency]
    local = [b / 2 if table_unit == "two" else b for b in bounds]
    dollars = TIER_BOUNDS["USD"][1]
    points = [(0.0, 0.0), *zip(local, dollars, strict=True)]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if per_head <= x1:
            return y0 + (per_head - x0) * (y1 - y0) / (x1 - x0)
    return per_head * dollars[-1] / local[-1]


def tiers_for(price: PriceMention, currency: Currency) -> tuple[PriceTier, ...]:
    """Tiers an amount allows, after converting it to the currency table's unit."""
    table_unit, bounds = TIER_BOUNDS[currency]
    unit = price.unit or table_unit
    people = {"person": 1, "two": 2, "group": max(price.party, 1)}[unit]

    def convert(amount: float) -> float:
        per_person = amount / people
        return per_person * 2 if table_unit == "two" else per_person

    low = _tier_index(convert(price.amount), bounds)
    if price.mode == "range" and price.upper is not None:
        high = _tier_index(convert(price.upper), bounds)
        return PRICE_TIERS[min(low, high) : max(low, high) + 1]
    if price.mode == "about":
        return (PRICE_TIERS[low],)
    if price.mode == "floor":
        return PRICE_TIERS[low:]
    return PRICE_TIERS[: low + 1]


def guess_currency(price: PriceMention, city_currency: Currency | None) -> Currency:
    if price.currency:
        return price.currency
    if city_currency:
        return city_currency
    return "INR" if price.amount >= RUPEE_GUESS_FROM else "USD"


def _lead_mode(lead: str) -> Mode:
    lead = lead.strip()
    if lead in {"around", "about", "approx", "approximately", "roughly", "~", "close to"}:
        return "about"
    if lead in {"over", "above", "more than", "at least", "min", "minimum", ">"}:
        return "floor"
    return "cap"


def _price(match: re.Match[str]) -> PriceMention | None:
    lead, budget = (match.group("lead") or "").strip(), (match.group("budget") or "").strip()
    sym = (match.group("sym") or "").strip().rstrip(".")
    cur = match.group("cur") or ""
    unit_text = match.group("unit") or ""
    amount = _number(match.group("num"), match.group("k"))
    upper = _number(match.group("num2"), match.group("k2")) if match.group("num2") else None
    currency = _SYMBOL_CURRENCY.get(sym) or _WORD_CURRENCY.get(sym) or _WORD_CURRENCY.get(cur)
    if currency is None and match.group("sym2"):
        currency = _SYMBOL_CURRENCY.get(match.group("sym2") or "")
    has_context = bool(currency or unit_text or budget)
    if not has_context:
        # a bare number is a price only after a price word, and "around 8" is a time
        if not lead or (_lead_mode(lead) == "about" and amount < 100) or amount < 6:
            return None
        if lead == "between" and upper is None:
            return None
    if upper is not None and lead != "between" and match.group("sep") == "and":
        upper = None
    unit: Unit | None = None
    party = 1
    if unit_text:
        n = match.group("n")
        if n is not None:
            party = int(n) if n.isdigit() else _NUMBER_WORDS.get(n, 2)
            unit = "two" if party == 2 else "person" if party == 1 else "group"
        elif unit_text.startswith("for"):
            unit = "two"
        else:
            unit = "person"
    mode: Mode = "cap"
    if upper is not None:
        mode = "range"
    elif lead:
        mode = _lead_mode(lead)
    elif budget:
        mode = _lead_mode(budget.split()[-1])
    return PriceMention(amount, upper, currency, unit, party, mode, match.group().strip())


def extract_numbers(text: str) -> tuple[NumberFacts, list[tuple[int, int]]]:
    """Numeric facts of a normalised message and the character spans they came from."""
    spans: list[tuple[int, int]] = []
    masked = text

    def take(match: re.Match[str]) -> None:
        nonlocal masked
        spans.append((match.start(), match.end()))
        masked = (
            masked[: match.start()] + " " * (match.end() - match.start()) + masked[match.end() :]
        )

    for match in _TIME.finditer(masked):
        take(match)

    radius: float | None = None
    radius_text = ""
    for match in _DISTANCE.finditer(masked):
        unit, value = match.group("unit"), float(match.group("num"))
        if unit.startswith("min"):
            if not match.group("walk"):
                continue
            km = value * WALKING_KMH / 60
        elif unit in {"mi", "mile", "miles"}:
            km = value * _MILE_KM
        elif unit.startswith("k"):
            km = value
        else:
            km = value / 1000
        radius, radius_text = round(km, 2), match.group().strip()
        take(match)
    if radius is None and (walk := _WALKING.search(masked)):
        radius, radius_text = WALKING_DISTANCE_KM, walk.group()
        take(walk)

    rating: float | None = None
    rating_text = ""
    for match in _RATING.finditer(masked):
        value = float(match.group("v1") or match.group("v2"))
        kw = (match.group("kw") or "").strip()
        bare = match.group("v1") is not None and not match.group("s1")
        if (
            bare
            and kw not in {"rated", "rating", "rating of"}
            and "." not in match.group("v1")
            and not kw.startswith(("at", "min", "above", "over"))
        ):
            # "more than 4" could be anything; "at least 4", "above 4", "4.5" are ratings
            continue
        if value < 1:
            continue
        rating, rating_text = min(value, 4.5), match.group().strip()
        take(match)

    tiers: tuple[PriceTier, ...] = ()
    tier_text = ""
    for match in _TIER_SYMBOLS.finditer(masked):
        a = len(match.group("a"))
        b = len(match.group("b")) if match.group("b") else a
        tiers = tuple(PRICE_TIERS[min(a, b) - 1 : max(a, b)])
        tier_text = match.group().strip()
        take(match)
        break

    price: PriceMention | None = None
    for match in _PRICE.finditer(masked):
        followed = _NOT_PRICE_AFTER.match(masked, match.end("num"))
        if followed and not match.group("unit") and not match.group("cur"):
            continue
        if not match.group("sym") and _AGE_BEFORE.search(masked, 0, match.start("num")):
            continue  # "3 kids under 8" is an age, not $8 a head
        mention = _price(match)
        if mention is not None:
            price = mention
            take(match)
            break

    heads = 0
    counted = 0
    for match in _PARTY.finditer(masked):
        raw = match.group("a") or match.group("b")
        size = int(raw) if raw.isdigit() else _NUMBER_WORDS[raw]
        if match.group("b"):
            # "2 adults and 3 kids" is five people
            couples = masked[match.end() : match.end() + 9].strip().startswith("couple")
            counted += size * 2 if couples else size
        else:
            heads = max(heads, size)
        take(match)
    party = max(heads, counted) or None
    return (
        NumberFacts(tiers, tier_text, price, rating, rating_text, radius, radius_text, party),
        spans,
    )
