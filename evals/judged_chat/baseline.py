#!/usr/bin/env python3
"""A plain filter-and-sort baseline for the judged chat set (standard library only).

    python evals/judged_chat/baseline.py --requests evals/judged_chat/requests.jsonl \
        --places ../shared/data/restaurant_reviews/restaurants.jsonl.gz \
        --places ../shared/data/restaurant_reviews/yelp_restaurants_metadata.jsonl.gz \
        --out baseline_answers.jsonl

What a person would build in an afternoon, with no Kairos code: read the places (the shared
restaurant formats: `restaurant_reviews` restaurants, Yelp metadata, Yelp 2015 businesses; one
place per `restaurant_id`/`business_id`, first file wins), read each request's words with keyword
rules of its own, filter, sort by rating then review count, keep five.

- **City**: the longest catalogue city named in the conversation (the latest turn naming one wins;
  exact words, no typo tolerance). None named: every city.
- **Kind**: the words of the latest turn that are words of some category label (plurals folded,
  generic words left out): a place is kept when one of its labels holds one of them. When no word
  of the turn is a label word, no kind filter.
- **Diet**: vegan, vegetarian, halal, kosher, gluten-free, said anywhere in the conversation: the
  word must be in the place's labels or its dietary attributes.
- **Price**: "cheap", "budget", "inexpensive", "affordable", "cheaper" → level 1; "mid range",
  "not too pricey/expensive" → 1–2; "fancy", "upscale", "high end", "fine dining", "splurge",
  "expensive" → 3–4. A place of unknown level is dropped under a price filter.
- Nothing else: no occasions, no allergies (the profile is not read), no questions.

Each output line is {"id", "answer"}, the answer rendered as
`evals/panels/run_restaurants_panel.py` renders a Kairos answer (user turn, reply, places),
so a blind sheet shows both alike.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

TOP = 5
GENERIC = {
    "food",
    "foods",
    "restaurant",
    "restaurants",
    "place",
    "places",
    "good",
    "best",
    "dinner",
    "lunch",
    "free",
    "new",
    "the",
    "and",
    "in",
    "for",
    "with",
    "of",
    "a",
    "bar",
    "bars",
    "spot",
    "service",
    "services",
    "option",
    "options",
    "friendly",
    "shop",
    "shops",
    "store",
    "stores",
    "event",
    "planning",
    "specialty",
    "traditional",
    "local",
    "flavor",
    "other",
    "small",
    "american",
    "something",
    "near",
    "any",
    "anything",
    "what",
    "about",
    "instead",
    "ok",
    # occasion words: this baseline filters no occasion, and they are words of unrelated labels
    # ("Hot Dogs", "Kids Activities", "Bookstores", "Acai Bowls", "Sports Bars")
    "kid",
    "kids",
    "family",
    "outdoor",
    "outside",
    "patio",
    "seating",
    "dog",
    "book",
    "sport",
    "game",
    "watch",
    "wifi",
    "work",
    "study",
    "quiet",
    "late",
    "night",
    "date",
    "group",
    "bowl",
    "show",
    "table",
    "people",
    "ppl",
    "talk",
    "classy",
    "romantic",
    "tonight",
    "street",
}
SAME_KIND = {"bbq": "barbeque", "barbecue": "barbeque"}
"""Spelling variants of one label word (Zomato 'BBQ', Yelp 'Barbeque')."""
DIETS = {
    "vegan": ("vegan",),
    "vegetarian": ("vegetarian", "veggie", "vegitarian"),
    "halal": ("halal",),
    "kosher": ("kosher",),
    "gluten": ("gluten", "glutten", "celiac", "coeliac"),
}
CHEAP = ("cheap", "cheapest", "cheaper", "budget", "inexpensive", "affordable")
MID = ("mid range", "mid-range", "not too pricey", "not too expensive", "nothing too pricey")
DEAR = ("fancy", "upscale", "high end", "high-end", "fine dining", "splurge", "expensive")


@dataclass
class Place:
    pid: str
    name: str
    city: str
    labels: list[str]
    price: int | None
    rating: float
    votes: int
    diet_words: set[str] = field(default_factory=set)
    label_words: set[str] = field(init=False)
    where: str = field(init=False)

    def __post_init__(self) -> None:
        self.label_words = {kind(w) for label in self.labels for w in words(label)}
        self.where = city_key(self.city)


def read_jsonl(path: str) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def as_int(value: Any) -> int | None:
    try:
        level = int(value)
    except (TypeError, ValueError):
        return None
    return level if 1 <= level <= 4 else None


def diet_attribute_words(attrs: dict[str, Any]) -> set[str]:
    """Words of the diets a place's attributes state as true (Yelp's DietaryRestrictions)."""
    out: set[str] = set()
    for key in ("DietaryRestrictions", "Dietary Restrictions"):
        value = attrs.get(key)
        if isinstance(value, dict):
            out |= {str(k).lower() for k, v in value.items() if v is True}
    return out


def to_place(row: dict[str, Any]) -> Place | None:
    pid = str(row.get("restaurant_id") or row.get("business_id") or "")
    name = str(row.get("name") or "")
    if not pid or not name:
        return None
    raw_attrs = row.get("attributes")
    attrs: dict[str, Any] = raw_attrs if isinstance(raw_attrs, dict) else {}
    labels = [str(x) for x in (row.get("cuisines") or row.get("categories") or [])]
    price = as_int(row.get("price_level"))
    if price is None:
        price = as_int(attrs.get("Price Range") or attrs.get("RestaurantsPriceRange2"))
    rating = row.get("rating") if row.get("rating") is not None else row.get("stars")
    votes = row.get("n_reviews_platform") or row.get("review_count") or row.get("n_reviews_in_file")
    return Place(
        pid=pid,
        name=name,
        city=str(row.get("city") or ""),
        labels=labels,
        price=price,
        rating=float(rating or 0.0),
        votes=int(votes or 0),
        diet_words=diet_attribute_words(attrs),
    )


def load_places(paths: Iterable[str]) -> list[Place]:
    seen: dict[str, Place] = {}
    for path in paths:
        for row in read_jsonl(path):
            place = to_place(row)
            if place and place.pid not in seen:
                seen[place.pid] = place
    return list(seen.values())


def words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def fold(word: str) -> str:
    """Plural folded: 'tacos' -> 'taco', 'sandwiches' -> 'sandwich', 'bakeries' -> 'bakery'."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("ches") or word.endswith("shes"):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def kind(word: str) -> str:
    """A label word as compared: plural folded, spelling variants as one."""
    return SAME_KIND.get(fold(word), fold(word))


def city_key(city: str) -> str:
    """'London (Greater London area)' -> 'london'."""
    return city.split("(")[0].strip().lower()


def find_city(turns: list[str], cities: set[str]) -> str | None:
    for turn in reversed(turns):
        text = " " + " ".join(words(turn)) + " "
        named = [c for c in cities if f" {c} " in text]
        if named:
            return max(named, key=len)
    return None


def kind_words(turn: str, vocabulary: set[str]) -> set[str]:
    """Label words of the turn; diet words are the diet filter's, not a kind."""
    diet_spellings = {s for spellings in DIETS.values() for s in spellings}
    out = set()
    for w in words(turn):
        if w in GENERIC or w in diet_spellings:
            continue
        w = kind(w)
        if w in vocabulary:
            out.add(w)
    return out


def diets_asked(text: str) -> set[str]:
    said = set(words(text))
    return {diet for diet, spellings in DIETS.items() if said & set(spellings)}


def price_range(text: str) -> tuple[int, int] | None:
    low = " ".join(words(text))
    if any(p in low for p in MID):
        return (1, 2)
    if any(re.search(rf"\b{p}\b", low) for p in DEAR):
        return (3, 4)
    if any(re.search(rf"\b{p}\b", low) for p in CHEAP):
        return (1, 1)
    return None


def has_diet(place: Place, diet: str) -> bool:
    text = " ".join(place.labels).lower() + " " + " ".join(place.diet_words)
    return diet in text


@dataclass
class Catalogue:
    places: list[Place]
    vocabulary: set[str] = field(init=False)
    by_city: dict[str, list[Place]] = field(init=False)

    def __post_init__(self) -> None:
        self.vocabulary = {w for p in self.places for w in p.label_words} - GENERIC
        self.by_city = {}
        for p in self.places:
            if p.where:
                self.by_city.setdefault(p.where, []).append(p)


def answer(turns: list[str], catalogue: Catalogue) -> list[Place]:
    city = find_city(turns, set(catalogue.by_city))
    pool = catalogue.by_city[city] if city else catalogue.places
    kinds: set[str] = set()
    for turn in reversed(turns):
        kinds = kind_words(turn, catalogue.vocabulary)
        if kinds:
            break
    whole = " ".join(turns)
    diets, prices = diets_asked(whole), price_range(whole)
    kept = [p for p in pool if keep(p, kinds, diets, prices)]
    if kinds and not kept:  # no place of the city holds those words: the city's places
        kept = [p for p in pool if keep(p, set(), diets, prices)]
    kept.sort(key=lambda p: (-p.rating, -p.votes, p.name))
    return kept[:TOP]


def keep(
    p: Place,
    kinds: set[str],
    diets: set[str],
    prices: tuple[int, int] | None,
) -> bool:
    if kinds and not kinds & p.label_words:
        return False
    if any(not has_diet(p, d) for d in diets):
        return False
    return not (prices and (p.price is None or not prices[0] <= p.price <= prices[1]))


def render(turns: list[str], catalogue: Catalogue) -> str:
    out: list[str] = []
    for n in range(1, len(turns) + 1):
        shown = answer(turns[:n], catalogue)
        out.append(f"[user] {turns[n - 1]}")
        out.append(f"reply: Here are {len(shown)} places.")
        out.append(f"places ({len(shown)}):")
        for i, p in enumerate(shown, 1):
            cuisines = ", ".join(x for x in p.labels if x != "Restaurants") or "cuisine unknown"
            price = "$" * p.price if p.price else "price unknown"
            out.append(f"{i}. {p.name} — {p.city} [{cuisines}; {price}]")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--requests", default="evals/judged_chat/requests.jsonl")
    ap.add_argument("--places", action="append", required=True, help="a places JSONL (repeat)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    catalogue = Catalogue(load_places(args.places))
    with open(args.requests, encoding="utf-8") as f:
        requests = [json.loads(line) for line in f if line.strip()]
    with open(args.out, "w", encoding="utf-8") as out:
        for req in requests:
            turns = [str(t) for t in req["turns"]]
            row = {"id": req["id"], "answer": render(turns, catalogue)}
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(requests)} requests over {len(catalogue.places)} places -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
