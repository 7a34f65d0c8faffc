"""A card's why (issue 39, restaurant panel q05, q31, q37): "open now pizza boston" showed
`matched open; "open. Great place, kept it…"` and quoted "I was disappointed to find that this
location has closed"; "dinner in london" showed `matched dinner`; "ice cream in boston" showed
`matched cream, ice`. A card now says what was asked for that the place holds, a dish of
several words as one phrase, and quotes the best review's sentence showing it, or nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from kairos.pipeline.safety import AllergyCheck
from kairos.restaurants.card_why import asked_phrases, card_why, sentence_showing
from kairos.restaurants.chat_rules import text_query
from kairos.restaurants.decomposition import QueryParser
from kairos.restaurants.schemas import RestaurantResult
from kairos.search.models import MatchExplanation
from kairos.text.extractive import Quote
from kairos.text.query.catalog_words import CatalogVocabulary

CHECK = AllergyCheck(
    checked_for=["you"], allergens=["peanuts"], verdict="caution", basis="cuisine_heuristic",
    summary="Peanuts are likely here: ask staff.",
)  # fmt: skip


@pytest.fixture(scope="module")
def parser() -> QueryParser:
    return QueryParser(CatalogVocabulary.from_json(Path(__file__).with_name("vocabulary.json")))


def asked(parser: QueryParser, message: str) -> list[str]:
    decomposition = parser.read(message)
    return asked_phrases(text_query(decomposition), decomposition.matched)


def card(terms: list[str], quote: str | None = None) -> RestaurantResult:
    summary = Quote(text=quote, review_ids=["r1"]) if quote else None
    return RestaurantResult(
        id=1, name="Sal's Pizza", area=None, city="Boston", address=None, price_tier="$",
        rating=4.0, votes=80, cuisine_types=["pizza"], url=None, lat=None, lng=None,
        known_allergens=["peanuts"], allergen_confidence="medium", allergy=CHECK,
        allergy_safe=False, allergy_summary="Peanuts are likely here.", summary=summary,
        why=MatchExplanation(arms=["text"], matched_terms=terms, best_review_id=7,
                             snippet="open. Great place, kept it mostly the same"),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("message", "phrases"),
    [
        ("open now pizza boston", []),
        ("dinner in london", []),
        ("somewhere for dinner tonight in boston", []),
        ("ice cream in boston", ["ice cream"]),
        ("spicy noodles in cambridge", ["spicy"]),
        ("best place for fish and chips in london", ["fish and chips"]),
    ],
)
def test_what_was_asked_is_the_food_or_attribute_never_a_time_meal_or_filler(
    parser: QueryParser, message: str, phrases: list[str]
) -> None:
    assert asked(parser, message) == phrases


def test_a_dish_of_two_words_is_matched_as_one_phrase() -> None:
    review = "Iced coffee with cream was fine. The ice-cream here is creamy and delicious!"
    why = card_why(card(["cream", "ice"]), ["ice cream"], review).why
    assert why is not None and why.matched_terms == ["ice cream"]
    assert why.snippet == "The ice-cream here is creamy and delicious!"


def test_a_word_the_request_only_used_for_when_is_no_match_and_no_quote() -> None:
    """ "open now pizza": "open" is the hour asked, not a thing to eat; no snippet is made."""
    shown = card(["open"])
    why = card_why(shown, [], "Open late! Giant slices and really friendly staff.").why
    assert why is not None and why.matched_terms == [] and why.snippet is None
    # nothing but the why changes: every allergy field is the card's own
    after = card_why(shown, [], "Open late!").model_dump(exclude={"why"})
    assert after == shown.model_dump(exclude={"why"})


@pytest.mark.parametrize(
    "review",
    [
        "Fellow Yelpers- I was disappointed to find that this location has closed. Signage has"
        " been taken down and the space is empty :)",
        "They are closed!! After trying to make a reservation for pizza we gave up on it.",
        "The pizza was cold and soggy, the worst I have had in Boston.",
        "Their pizza was great, so it is sad to see this place has closed for good.",
        "The pizza place has closed down now, and I hope they reopen nearby.",
        "Great pizza, although the crust was not crispy enough for me.",
        "The pizza was great but the service was not friendly at all.",
    ],
)
def test_a_complaint_a_closure_or_a_sentence_not_showing_it_is_never_the_reason(
    review: str,
) -> None:
    why = card_why(card(["pizza"]), ["pizza"], review).why
    assert why is not None and why.matched_terms == ["pizza"]
    assert why.snippet is None, why.snippet


def test_a_sentence_reading_neither_way_shows_it_when_no_praise_does() -> None:
    review = "The service was slow tonight. I came here for pizza last Tuesday with two friends."
    assert sentence_showing(review, ["pizza"]) == (
        "I came here for pizza last Tuesday with two friends."
    )


def test_praise_naming_the_asked_food_is_chosen_over_a_complaint_before_it() -> None:
    review = (
        "The pizza was cold and soggy on my first visit, a terrible start. "
        "Since then their pizzas have been the best slices I have had in Boston."
    )
    assert sentence_showing(review, ["pizza"]) == (
        "Since then their pizzas have been the best slices I have had in Boston."
    )
    # a review that says the place has closed is quoted for nothing, praise included
    closed = "Fellow Yelpers- I was disappointed to find that this location has closed. "
    assert sentence_showing(closed + review, ["pizza"]) is None


def test_the_card_quote_is_not_repeated_as_the_why() -> None:
    review = "Long line for good ice-cream, worth every minute of the wait."
    shown = card(["cream", "ice"], quote="Long line for good ice-cream, worth every minute of…")
    why = card_why(shown, ["ice cream"], review).why
    assert why is not None and why.matched_terms == ["ice cream"] and why.snippet is None


@pytest.mark.parametrize(
    ("message", "searched"),
    [
        ("somewhere for dinner tonight in boston", ""),
        ("open now pizza boston", ""),
        ("cheap lunch in cambridge", ""),
        ("best place for fish and chips in london", "fish and chips"),
        ("spicy noodles in cambridge", "spicy"),
    ],
)
def test_a_time_meal_or_opening_word_is_never_searched_in_places_words(
    parser: QueryParser, message: str, searched: str
) -> None:
    """ "somewhere for dinner tonight" in Austin listed Dinner Elf (a personal chef), Tv Dinners
    Cafeteria and an escape room with "dinner theater" by their names; "open now pizza" ranked
    pizza places by reviews saying "open". The semantic query keeps those words."""
    decomposition = parser.read(message)
    assert text_query(decomposition) == searched
    assert decomposition.vector_query  # what the meaning search still reads
