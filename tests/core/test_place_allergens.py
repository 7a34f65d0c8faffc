"""Place allergen inference: evidence, confidence levels, whole-name cuisine matching."""

from __future__ import annotations

import pytest

from kairos.core.place_allergens import (
    PlaceAllergens,
    cuisine_allergens,
    infer_place_allergens,
    venue_kinds,
)


@pytest.mark.parametrize(
    ("cuisine", "key"),
    [
        ("Thai", "thai"), ("South Indian", "south indian"),
        ("north indian restaurant", "north indian"), ("Sushi Bars", "sushi bar"),
        ("Breakfast & Brunch", "breakfast brunch"), ("Tapas Bars", "tapa"),
    ],
)  # fmt: skip
def test_cuisines_match_on_whole_names(cuisine: str, key: str) -> None:
    found = cuisine_allergens(cuisine)
    assert found is not None and found[0] == key


@pytest.mark.parametrize(
    "cuisine", ["thailand style", "pizzeria", "gluten-free", "vegetarian friendly"]
)
def test_cuisines_never_match_inside_words(cuisine: str) -> None:
    assert cuisine_allergens(cuisine) is None


def test_nothing_known_is_low_confidence() -> None:
    place = infer_place_allergens(["International"], [("r1", "Staff were friendly.")])
    assert place == PlaceAllergens(confidence="low")


def test_cuisine_only_is_medium_and_never_contains_for_sql() -> None:
    place = infer_place_allergens(["Thai"])
    assert place.confidence == "medium"
    assert place.known_allergens == ["fish", "molluscs", "peanuts", "shellfish", "soy"]
    assert place.contains_allergens == []
    assert {e.source for e in place.evidence} == {"cuisine_heuristic"}


def test_dish_and_review_evidence_is_high_and_kept() -> None:
    place = infer_place_allergens(
        ["Italian"],
        [
            ("r1", "My friend has a nut allergy, but the peanut sauce was amazing."),
            ("r2", "I'm nuts about this place."),
            ("r3", "The shrimp was great."),
            ("r4", "Open til late."),
        ],
        ["Paneer Tikka", "Green salad"],
        menu=["Desserts may contain traces of sesame"],
    )
    assert place.confidence == "medium", "gluten is listed only from the Italian heuristic"
    assert set(place.contains_allergens) == {"peanuts", "shellfish", "dairy"}
    by_ref = {(e.ref, e.allergen): e for e in place.evidence if e.confidence == "high"}
    assert by_ref["r1", "peanuts"].span == "peanut sauce"
    assert by_ref["r3", "shellfish"].source == "review"
    assert by_ref["Paneer Tikka", "dairy"].source == "dish"
    sesame = by_ref["Desserts may contain traces of sesame", "sesame"]
    assert (sesame.status, sesame.source) == ("may_contain", "menu")
    assert not any(e.ref in ("r2", "r4") for e in place.evidence)
    assert "gluten" in place.known_allergens  # from the Italian heuristic
    assert (
        place.knowledge("gluten") is not None and place.knowledge("gluten").confidence == "medium"
    )


def test_reviews_need_food_context_for_single_words() -> None:
    place = infer_place_allergens([], [("r1", "Cream walls and a calm vibe")])
    assert place.known_allergens == []
    place = infer_place_allergens([], [("r1", "We ordered the cream cake")])
    assert "dairy" in place.contains_allergens


def test_best_evidence_prefers_high_contains() -> None:
    place = infer_place_allergens(["Thai"], dishes=["Chicken satay"])
    knowledge = place.knowledge("peanuts")
    assert knowledge is not None and (knowledge.status, knowledge.confidence) == (
        "contains",
        "high",
    )


def test_stored_rows_without_evidence_still_inform_the_guard() -> None:
    place = PlaceAllergens(
        known_allergens=["sesame", "soy"], contains_allergens=["soy"], confidence="medium"
    )
    soy, sesame = place.knowledge("soy"), place.knowledge("sesame")
    assert soy is not None and (soy.status, soy.confidence) == ("contains", "high")
    assert sesame is not None and (sesame.status, sesame.confidence) == ("may_contain", "medium")


def test_stored_contains_overrides_weaker_evidence() -> None:
    weak = infer_place_allergens([], menu=["may contain traces of sesame"])
    stored = PlaceAllergens(
        known_allergens=["sesame"],
        contains_allergens=["sesame"],
        confidence="high",
        evidence=weak.evidence,
    )
    sesame = stored.knowledge("sesame")
    assert sesame is not None and (sesame.status, sesame.confidence) == ("contains", "high")


def test_copies_with_new_evidence_are_reindexed() -> None:
    place = infer_place_allergens([], dishes=["Satay"])
    assert place.knowledge("peanuts") is not None
    copy = place.model_copy(
        update={"evidence": [], "known_allergens": [], "contains_allergens": []}
    )
    assert copy.knowledge("peanuts") is None
    assert place.knowledge("peanuts") is not None


def test_json_round_trip() -> None:
    place = infer_place_allergens(["Japanese"], [("r9", "The salmon sashimi was delicious")])
    assert PlaceAllergens.model_validate_json(place.model_dump_json()) == place


def test_a_category_that_certainly_serves_an_allergen_is_high_confidence() -> None:
    """An oyster or raw bar serves shellfish: high-confidence "contains", so SQL hard-filters it
    for an anaphylactic user; the cuisine heuristic stays a medium "may contain"."""
    raw_bar = infer_place_allergens(["seafood", "raw bar"])
    assert {"shellfish", "molluscs", "fish"} <= set(raw_bar.contains_allergens)
    cited = [e for e in raw_bar.evidence if e.source == "category"]
    assert {e.ref for e in cited} == {"seafood", "raw bar"}
    chinese = infer_place_allergens(["chinese"])
    assert "peanuts" in chinese.known_allergens
    assert chinese.contains_allergens == []
    assert chinese.confidence == "medium"
    assert all(e.status == "may_contain" for e in chinese.evidence)


@pytest.mark.parametrize(
    ("name", "allergen", "span"),
    [
        ("O Sushi Restaurant & Bar", "fish", "Sushi"),
        ("Legal Sea Foods", "shellfish", "Sea Foods"),
        ("Joe's Crab Shack", "shellfish", "Crab Shack"),
        ("Fish & Chips Co", "fish", "Fish & Chips"),
        ("The Oyster House", "molluscs", "Oyster"),
    ],
)  # fmt: skip
def test_a_name_that_says_what_it_serves_is_high_confidence(
    name: str, allergen: str, span: str
) -> None:
    """A sushi bar filed only as "Korean, Japanese" still serves fish: its name says so, and an
    anaphylactic user must not be offered it."""
    place = infer_place_allergens(["Korean", "Japanese"], name=name)
    assert allergen in place.contains_allergens
    cited = place.knowledge(allergen)
    assert cited is not None and (cited.source, cited.span, cited.ref) == ("name", span, name)


@pytest.mark.parametrize("name", ["Crabtree Kittle House", "Slowpoke Noodles", "Sushisamba Grill"])
def test_a_name_counts_only_in_whole_words(name: str) -> None:
    assert infer_place_allergens(["Korean"], name=name).contains_allergens == []


@pytest.mark.parametrize(
    ("category", "kinds"),
    [
        ("Bakeries", ["bakery"]), ("Bakery", ["bakery"]), ("Patisserie/Cake Shop", ["patisserie"]),
        ("Cupcakes", ["patisserie"]), ("Custom Cakes", ["patisserie"]), ("Macarons", ["macaron"]),
        ("Donuts", ["donut"]), ("Desserts", ["dessert"]), ("Chocolatiers & Shops", ["chocolatier"]),
        ("Candy Stores", ["candy store"]), ("Gelato", ["gelato"]),
        ("Ice Cream & Frozen Yogurt", ["ice cream", "frozen yogurt"]), ("Ice Cream", ["ice cream"]),
        ("Creperies", ["creperie"]), ("Crêperie", ["creperie"]), ("Waffles", ["waffle"]),
        ("Sandwiches", ["sandwich"]), ("Delis", ["deli"]), ("Delicatessen", ["deli"]),
        ("Bagels", ["bagel"]), ("Pizza", ["pizza"]), ("Noodles", ["noodle"]), ("Ramen", ["ramen"]),
        ("Pubs", ["pub"]), ("Irish Pub", ["pub"]), ("Gastropubs", ["gastropub"]),
        ("Breweries", ["brewery"]), ("Brewpubs", ["brewery"]), ("Beer Bar", ["beer bar"]),
        ("Beer, Wine & Spirits", ["beer bar", "wine bar"]), ("Wine Bars", ["wine bar"]),
        ("Poke", ["poke"]), ("J-Petal & Poke Waterford", ["poke"]),
    ],
)  # fmt: skip
def test_kinds_of_venue_match_as_sources_write_them(category: str, kinds: list[str]) -> None:
    """The Yelp and restaurant-review category names, plurals and '&' forms included: "Sandwiches"
    once read "sandwiche" and "Delis" "delis", so neither matched the sandwich or deli key."""
    assert [kind.key for _, kind in venue_kinds(category)] == kinds


@pytest.mark.parametrize("category", ["Pizza Hut Express", "Wine & Spirits"])
def test_a_kind_is_never_read_inside_a_word(category: str) -> None:
    assert all(said.lower() in category.lower() for said, _ in venue_kinds(category))
    assert venue_kinds("Publick House") == venue_kinds("Bakerloo Line") == []


def test_a_kind_is_a_medium_may_contain_with_its_reason() -> None:
    """Tree nuts at a bakery are likely, not known: medium, "may contain", never the 'contains'
    the SQL filter acts on; the reason is the kind's (almond croissants), said by its label."""
    bakery = infer_place_allergens(["Bakeries", "Cafes"])
    nuts = bakery.knowledge("tree_nuts")
    assert nuts is not None
    assert (nuts.status, nuts.confidence, nuts.source) == (
        "may_contain",
        "medium",
        "cuisine_heuristic",
    )
    assert (nuts.ref, nuts.span) == ("bakery", "Bakeries")
    assert "tree_nuts" not in bakery.contains_allergens
    (_, kind), *_ = venue_kinds("Bakeries")
    assert kind.reason("tree_nuts") == "almond croissants, nut breads and frangipane"
    sandwiches = infer_place_allergens(["Sandwiches"])
    assert {"gluten", "dairy", "eggs", "mustard"} <= set(sandwiches.known_allergens)
    assert sandwiches.contains_allergens == [] and sandwiches.confidence == "medium"
    pub = infer_place_allergens(["Pubs", "Irish"])
    assert [e.ref for e in pub.evidence if e.allergen == "gluten"] == ["Irish", "pub"]
    # a place filed only as "restaurants": its name is the one hint of its kitchen
    sushi = infer_place_allergens(["Restaurants"], name="Yoshino Sushi")
    assert {"fish", "soy", "sesame", "shellfish"} <= set(sushi.known_allergens)
    assert "soy" not in sushi.contains_allergens
    ocean = infer_place_allergens(["Seafood"], name="The Indian Ocean Bar")
    assert "tree_nuts" not in ocean.known_allergens, "the name counts only without a cuisine"
    # allergy panel r33: a Sunday roast pub never named celery (gravy, stock) for Olivia
    roast = infer_place_allergens(["Pubs", "British"])
    assert {"gluten", "celery", "mustard"} <= set(roast.known_allergens)
    assert "celery" not in roast.contains_allergens


def test_a_kind_said_in_the_name_counts_once() -> None:
    """ "Tatte Bakery & Cafe" filed only under Coffee & Tea is still a bakery; a bakery filed
    as one and named as one is one kind, not two."""
    tatte = infer_place_allergens(["Coffee & Tea"], name="Tatte Bakery & Cafe")
    assert "tree_nuts" in tatte.known_allergens
    named = infer_place_allergens(["Bakeries"], name="Flour Bakery")
    kinds = [e for e in named.evidence if e.allergen == "tree_nuts"]
    assert [(e.ref, e.span) for e in kinds] == [("bakery", "Bakeries")]
    assert infer_place_allergens([], name="Publick House").known_allergens == []


def test_a_review_in_spanish_that_praises_a_dish_is_evidence() -> None:
    """Restaurants panel q34: 'Pulpo a la brasa espectacular, gente encantadora.' was a card's
    reason, shown to a person anaphylactic to shellfish (molluscs included) as no known risk:
    the reader asked for English words around the dish before a review counted."""
    spanish = infer_place_allergens(
        [], [("r1", "Pulpo a la brasa espectacular, gente encantadora.")]
    )
    assert spanish.knowledge("molluscs") is not None
    assert spanish.knowledge("molluscs").confidence == "high"  # type: ignore[union-attr]
    italian = infer_place_allergens([], [("r2", "Le cozze erano ottime, piatto abbondante.")])
    assert italian.knowledge("molluscs") is not None
    not_food = infer_place_allergens([], [("r3", "The waiter was crabby and slow.")])
    assert not_food.knowledge("shellfish") is None


@pytest.mark.parametrize("cuisine", ["Japanese", "Sushi Bars", "Chinese", "Thai", "Korean"])
def test_kitchens_that_cook_with_squid_octopus_or_oyster_sauce_may_hold_molluscs(
    cuisine: str,
) -> None:
    """A severe mollusc allergy was sent to a Japanese place as 'no conflict expected from its
    cuisine' (plans panel p50): squid, octopus, scallop and oyster sauce are common there."""
    found = cuisine_allergens(cuisine)
    assert found is not None and "molluscs" in found[1], found
