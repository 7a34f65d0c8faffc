"""The offline parser turns any message into a valid Decomposition: numbers too large, too small
or nonsensical are brought into range or ignored, never raised (a raise there was a 500)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.restaurants.decomposition import QueryParser
from kairos.search.filters import MAX_RADIUS_KM
from kairos.text.query.catalog_words import CatalogVocabulary

FIXTURE = Path(__file__).with_name("vocabulary.json")
NUMBERS = ["0", "0.0001", "5.9", "9.9", "99999999999999999999", "1e308", "-3", "2,000,000", "007"]
WORDS = [
    "within", "under", "over", "at least", "rated", "stars", "star", "km", "kms", "miles", "mi",
    "m", "minutes", "walk", "for", "people", "party of", "$", "$$$$$", "₹", "€", "£", "bucks",
    "k", "pm", "am", "near", "me", "in", "boston", "pizza", "thai", "cheap", "not", "allergic",
    "to", "peanuts", ",", ".", "'", "s'", "&", "|", "!", ":*", "(", ")", "\n", "🍕",
]  # fmt: skip


@pytest.fixture(scope="module")
def parser() -> QueryParser:
    return QueryParser(CatalogVocabulary.from_json(FIXTURE))


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.lists(st.sampled_from(NUMBERS + WORDS), min_size=1, max_size=12))
def test_any_mix_of_numbers_and_units_parses(parser: QueryParser, tokens: list[str]) -> None:
    decomposition = parser.decompose(" ".join(tokens))
    radius = decomposition.filters.radius_km
    assert radius is None or 0 < radius <= MAX_RADIUS_KM


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.text(max_size=200))
def test_any_text_parses(parser: QueryParser, message: str) -> None:
    parser.decompose(message)


@pytest.mark.parametrize(
    "message",
    [
        "pizza near 0,0 within 100000 km",
        "rated 5.9 stars",
        "at least 9.9 stars",
        "table for 99999999999999999999 people",
        "under 99999999999999999999 dollars",
        "within 1e308 km",
    ],
)
def test_extreme_numbers_parse(parser: QueryParser, message: str) -> None:
    parser.decompose(message)
