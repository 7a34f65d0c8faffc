"""Misspelt allergens are read as the allergen, never as an unknown word nothing matches.

The allergy panel's worst answer (r03): a profile and a message saying "shelfish", severe, got
five sushi bars marked safe, because "shelfish" became a custom ingredient no place mentions.
The expected readings below are written here, not taken from the lexicon.
"""

from __future__ import annotations

import pytest

from kairos.core.allergens import expand_allergen
from kairos.core.allergy_profile import AllergyProfile
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.index import ProductWords
from kairos.text.query.understanding import QueryReader

TYPOS = {
    "shelfish": {"shellfish", "molluscs"},
    "peantus": {"peanuts"},
    "penuts": {"peanuts"},
    "seasame": {"sesame"},
    "glutten": {"gluten"},
    "diary": {"dairy"},
    "musturd": {"mustard"},
    "celary": {"celery"},
    "sulfities": {"sulphites"},
    "srimp": {"shellfish"},
    "walnutes": {"tree_nuts"},
    "crustacian": {"shellfish"},
}
LEFT_AS_WRITTEN = ["garlic", "kiwi", "mango", "banana", "chicken", "cinnamon", "strawberies"]


@pytest.mark.parametrize(("typed", "meant"), TYPOS.items())
def test_a_misspelt_allergen_is_the_allergen(typed: str, meant: set[str]) -> None:
    assert set(expand_allergen(typed)) == meant


@pytest.mark.parametrize("word", LEFT_AS_WRITTEN)
def test_other_foods_stay_what_was_written(word: str) -> None:
    assert expand_allergen(word) == (word,)


def test_a_profile_saying_shelfish_keeps_shellfish_out_at_its_severity() -> None:
    profile = AllergyProfile(confirmed=["shelfish"], severity={"shelfish": "severe"})
    assert profile.severity == {"shellfish": "severe", "molluscs": "severe"}


def test_a_message_saying_shelfish_excludes_shellfish_and_says_how_it_read_it() -> None:
    reader = QueryReader(
        CatalogVocabulary(frozenset({"sushi", "japanese"}), frozenset({"cambridge"})),
        ProductWords(),
    )
    read = reader.read("any good sushi in cambridge? no shelfish for me pls")
    assert {"shellfish", "molluscs"} <= set(read.allergens)
    assert any("read as 'no shellfish'" in said for said in read.assumptions), read.assumptions
    allergic = reader.read("I'm allergic to peantus, thai please")
    assert allergic.allergens == ["peanuts"]
    assert any("'peantus' read as 'peanuts'" in said for said in allergic.assumptions)
