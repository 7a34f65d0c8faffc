"""Allergen names, severity order and normalisation of every synonym class."""

from __future__ import annotations

import pytest

from kairos.core.allergens import (
    CANONICAL_ALLERGENS,
    SEVERITY_RISK,
    asked_allergens,
    expand_allergen,
    normalise_allergen,
    term_allergens,
    worst_severity,
)
from kairos.core.lexicon import build_lexicon, default_lexicon, inflections, load_toml


def test_fourteen_canonical_names_exactly() -> None:
    assert CANONICAL_ALLERGENS == (
        "peanuts", "tree_nuts", "shellfish", "molluscs", "fish", "dairy", "eggs",
        "gluten", "soy", "sesame", "mustard", "celery", "lupin", "sulphites",
    )  # fmt: skip


def test_anaphylactic_is_the_worst_severity() -> None:
    order = sorted(SEVERITY_RISK, key=SEVERITY_RISK.__getitem__)
    assert order == ["intolerance", "moderate", "severe", "anaphylactic"]
    assert worst_severity(["intolerance", "anaphylactic", "severe"]) == "anaphylactic"
    assert worst_severity([]) is None


@pytest.mark.parametrize("name", CANONICAL_ALLERGENS)
def test_canonical_names_map_to_themselves(name: str) -> None:
    assert normalise_allergen(name) == name
    assert normalise_allergen(name.replace("_", " ").upper()) == name


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        # plurals and inflections
        ("prawns", "shellfish"), ("egg", "eggs"), ("eggs", "eggs"), ("walnuts", "tree_nuts"),
        ("anchovies", "fish"), ("Peanuts", "peanuts"), ("crustaceans", "shellfish"),
        # dairy ingredient words, English and Indian
        ("ghee", "dairy"), ("paneer", "dairy"), ("curd", "dairy"), ("whey", "dairy"),
        ("casein", "dairy"), ("butter", "dairy"), ("cream", "dairy"), ("cheese", "dairy"),
        ("yoghurt", "dairy"), ("yogurt", "dairy"), ("milk", "dairy"), ("lactose", "dairy"),
        # gluten
        ("maida", "gluten"), ("wheat", "gluten"), ("barley", "gluten"), ("rye", "gluten"),
        ("semolina", "gluten"), ("couscous", "gluten"), ("seitan", "gluten"), ("spelt", "gluten"),
        ("bulgur", "gluten"), ("malt", "gluten"), ("atta", "gluten"),
        # sesame, peanuts, tree nuts
        ("tahini", "sesame"), ("til", "sesame"), ("groundnut", "peanuts"), ("mungfali", "peanuts"),
        ("cashew", "tree_nuts"), ("kaju", "tree_nuts"), ("almond", "tree_nuts"),
        ("badam", "tree_nuts"), ("pistachio", "tree_nuts"), ("hazelnut", "tree_nuts"),
        ("pecan", "tree_nuts"), ("macadamia", "tree_nuts"), ("brazil nut", "tree_nuts"),
        # soy, and the rest
        ("soya", "soy"), ("tofu", "soy"), ("tempeh", "soy"), ("edamame", "soy"), ("miso", "soy"),
        ("lecithin (soy)", "soy"), ("squid", "molluscs"), ("calamari", "molluscs"),
        ("celeriac", "celery"), ("dijon", "mustard"), ("lupine", "lupin"),
        ("sulphur dioxide", "sulphites"), ("E 220", "sulphites"),
        # dish words name their main allergen first
        ("hummus", "sesame"), ("satay", "peanuts"), ("pad thai", "peanuts"), ("pesto", "tree_nuts"),
        # phrasing a user might type
        ("peanut allergy", "peanuts"), ("allergic to shellfish", "shellfish"),
        ("sesame seeds", "sesame"), ("  Tree_Nuts ", "tree_nuts"),
    ],
)  # fmt: skip
def test_synonyms_normalise(term: str, expected: str) -> None:
    assert normalise_allergen(term) == expected


@pytest.mark.parametrize("term", ["garlic", "Kiwi", "coconut", "nutmeg", "rice flour"])
def test_unknown_or_non_allergen_words_are_custom_ingredients(term: str) -> None:
    assert normalise_allergen(term) == " ".join(term.lower().split())


def test_umbrella_words_widen_for_profiles() -> None:
    assert set(expand_allergen("nuts")) == {"tree_nuts", "peanuts"}
    assert set(expand_allergen("seafood")) == {"fish", "shellfish", "molluscs"}
    assert set(expand_allergen("soy sauce")) == {"soy", "gluten"}
    assert expand_allergen("shellfish") == ("shellfish", "molluscs")  # as people mean it
    assert expand_allergen("crustaceans") == ("shellfish",)
    assert expand_allergen("") == ()


def test_term_allergens_reads_label_words() -> None:
    assert term_allergens("en:sesame-seeds") == ("sesame",)
    assert term_allergens("noisette") == ("tree_nuts",)
    assert term_allergens("gelatin") == ()


def test_inflections() -> None:
    assert inflections("walnut") == ["walnut", "walnuts"]
    assert inflections("anchovy")[:2] == ["anchovy", "anchovies"]
    assert inflections("Soy Bean") == ["soy bean", "soy beans"]


def test_lexicon_rejects_unknown_allergens() -> None:
    data = load_toml("allergen_lexicon.toml")
    data["compounds"] = {"moon cheese": ["moon"]}
    with pytest.raises(ValueError, match="unknown allergen"):
        build_lexicon(data)


def test_lexicon_rejects_bad_word_parts() -> None:
    data = load_toml("allergen_lexicon.toml")
    data["word_parts"] = {"moon": {"inside": ["mondkäse"]}}
    with pytest.raises(ValueError, match="unknown allergen"):
        build_lexicon(data)
    data = load_toml("allergen_lexicon.toml")
    data["word_parts"]["dairy"]["inside"].append("moon cheese")
    with pytest.raises(ValueError, match="not one word"):
        build_lexicon(data)
    data = load_toml("allergen_lexicon.toml")
    data["usual_despite_class_negation"]["rice"] = ["gluten"]
    with pytest.raises(ValueError, match="must name"):
        build_lexicon(data)


def test_no_word_is_listed_under_two_allergens() -> None:
    data = load_toml("allergen_lexicon.toml")
    owner: dict[str, str] = {}
    clashes = []
    for allergen, spec in data["allergens"].items():
        for term in [*spec.get("class_terms", []), *spec.get("terms", [])]:
            key = "".join(term.lower().split())
            if owner.setdefault(key, allergen) != allergen:
                clashes.append((term, owner[key], allergen))
    assert not clashes, "use [compounds] for words that name several allergens"


def test_lexicon_is_built_once() -> None:
    assert default_lexicon() is default_lexicon()


def test_a_food_that_is_a_kept_out_allergen_is_asked_for() -> None:
    assert asked_allergens("prawn curry", {"shellfish"}) == {"prawn": ("shellfish",)}
    assert asked_allergens("family friendly hummus", {"sesame", "peanuts"}) == {
        "hummus": ("sesame",)
    }
    assert asked_allergens("walnut cake", {"tree_nuts", "gluten"}) == {"walnut": ("tree_nuts",)}
    # not kept out, or with free-from versions a search can still find: left in the search
    assert asked_allergens("prawn curry", {"peanuts"}) == {}
    assert asked_allergens("pasta with cheese", {"gluten", "dairy"}) == {}
