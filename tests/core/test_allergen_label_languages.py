"""Allergen words of product labels the lexicon missed, by kind: an unqualified lecithin in
the label's language, Arabic label words, stuffed pasta shapes named as the product.

Each kind was found among Open Food Facts products' misses (half A of the shared files, see
docs/BENCHMARKS.md) and is checked here on text of its own, not on the product rows.
"""

from __future__ import annotations

import pytest

from kairos.core.allergen_detection import detect_allergens


def found(text: str) -> set[tuple[str, str]]:
    return {(m.allergen, m.status) for m in detect_allergens(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Emulsionante: lecitina, aroma.", {("soy", "may_contain")}),
        ("émulsifiant : lécithine, arôme", {("soy", "may_contain")}),
        ("emulgator: lecytyna, sól", {("soy", "may_contain")}),
        ("emulgator (lecithine), zout", {("soy", "may_contain")}),
        ("emulgeringsmedel (lecitin), salt", {("soy", "may_contain")}),
    ],
)
def test_unqualified_lecithin_in_label_languages_may_be_soy(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "emulsionante: lecitina de girasol",
        "émulsifiant : lécithine de tournesol",
        "emulsionante: lecitina di girasole",
        "emulgator: lecytyna słonecznikowa",
        "emulgator: lecithine van zonnebloem",
    ],
)
def test_sunflower_lecithin_in_label_languages_is_not_soy(text: str) -> None:
    assert found(text) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("بودرة حليب منزوع الدسم", {"dairy"}),
        ("مصل اللبن", {"dairy"}),
        ("دقيق القمح، خميرة", {"gluten"}),
        ("خلاصة الشعير", {"gluten"}),
        ("ليسيثين (الصويا)", {"soy"}),
        ("بندق (13 %)", {"tree_nuts"}),
        ("اللوز المحمص", {"tree_nuts"}),
        ("بذور السمسم", {"sesame"}),
        ("مسحوق البيض", {"eggs"}),
        ("فول سوداني", {"peanuts"}),
    ],
)
def test_allergen_words_on_arabic_labels(text: str, expected: set[str]) -> None:
    assert {allergen for allergen, _ in found(text)} == expected


@pytest.mark.parametrize(
    "text",
    [
        "سكر، ماء، ملح",
        # "the white" (Casablanca, in an importer's address) holds the letters of "the eggs".
        "الدار البيضاء 20000 المغرب",
        "شكل بيضاوي",
    ],
)
def test_arabic_words_that_only_look_like_allergens(text: str) -> None:
    assert found(text) == set()


@pytest.mark.parametrize(
    "text",
    ["Oven Roasted Pumpkin Pasta Purse", "Sacchetti ai funghi", "Fagottini", "tortelli di zucca"],
)
def test_stuffed_pasta_shapes_are_usually_egg_pasta(text: str) -> None:
    assert found(text) == {("gluten", "contains"), ("eggs", "may_contain")}
