"""Spelling variants of one dish name are one dish (meals panel half A, m43: "General Tsao's
Chicken" offered as "Not general tso chicken, but close to it")."""

from __future__ import annotations

import pytest

from kairos.meals.dish_words import spelling_variants, title_names, title_words
from kairos.meals.name_spellings import same_name_word


@pytest.mark.parametrize(
    ("title", "dish"),
    [
        ("General Tsao's Chicken II", "general tso chicken"),
        ("General Tso's Chicken", "general tsao chicken"),
        ("Red Lentil Dhal", "lentil dal"),
        ("Tarka Daal", "tarka dal"),
        ("Chilli con Carne", "chili con carne"),
        ("Chicken Kabob Skewers", "chicken kabobs"),
    ],
)
def test_a_title_spelling_the_name_otherwise_names_the_dish(title: str, dish: str) -> None:
    assert title_names(title, dish)


@pytest.mark.parametrize(("asked", "written"), [("bean", "ban"), ("pie", "pea"), ("tso", "taco")])
def test_food_words_and_other_words_are_not_merged(asked: str, written: str) -> None:
    assert not same_name_word(asked, written)


def test_another_dish_is_still_not_named() -> None:
    assert not title_names("Orange Chicken", "general tso chicken")


def test_the_title_search_accepts_a_short_names_other_spelling() -> None:
    vocabulary = title_words(["General Tsao's Chicken", "Tofu Tacos", "Tso Fish"])
    assert spelling_variants("tso", vocabulary) == ["tsao", "tso"]
