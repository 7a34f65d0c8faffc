"""FitScorer: the seed's point rules, tag templates, and allergy points from the guard."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.core.allergy_guard import check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import (
    FitCandidate,
    FitScorer,
    FitTag,
    TastePreferences,
    price_level,
    score_fit,
)
from kairos.core.place_allergens import PlaceAllergens, infer_place_allergens

PREFS = TastePreferences(
    cuisine_affinity=["Indian", "thai"],
    cuisine_aversion=["mexican"],
    vibes=["quiet", "romantic", "cozy"],
    price_comfort=["$$"],
    dietary=["vegetarian", "halal"],
)


def assess(place: PlaceAllergens, profile: AllergyProfile | None = None):  # type: ignore[no-untyped-def]
    profile = profile or AllergyProfile(confirmed=["peanuts"], intolerances=["gluten"])
    result = check([place], profile, allergens_of=lambda p: p)
    return (*result.safe, *result.flagged)[0].assessment


VERIFIED_SAFE = assess(infer_place_allergens([], dishes=["Green salad"], menu=["Tomato soup"]))


def test_full_match_scores_every_dimension() -> None:
    candidate = FitCandidate(
        cuisines=("indian",),
        vibe_tags=("quiet", "romantic", "cozy", "lively"),
        price_tier="$$",
        dietary_tags=("vegetarian", "halal"),
    )
    fit = score_fit(candidate, PREFS, VERIFIED_SAFE)
    assert fit.points == {"cuisine": 30, "vibe": 15, "price": 20, "dietary": 10, "allergy": 10}
    assert fit.score == 85
    assert fit.tags == (
        FitTag("Matches your Indian preference", "cuisine"),
        FitTag("Within your $$ comfort zone", "price"),
        FitTag("Known for being quiet — your top vibe tag", "vibe"),
        FitTag("Vegetarian-friendly", "dietary"),  # ties with allergy (10): table order wins
    )


def test_partial_cuisine_and_aversion() -> None:
    scorer = FitScorer(PREFS)
    partial = scorer.score(FitCandidate(cuisines=("south indian",)), VERIFIED_SAFE)
    assert partial.points["cuisine"] == 15
    assert partial.tags[0].label == "Matches your Indian preference"
    averse = scorer.score(FitCandidate(cuisines=("Mexican",)), VERIFIED_SAFE)
    assert averse.points["cuisine"] == -10
    both = scorer.score(FitCandidate(cuisines=("thai", "mexican")), VERIFIED_SAFE)
    assert both.points["cuisine"] == 20
    generic = scorer.score(FitCandidate(cuisines=("fast food", "indian bar")), VERIFIED_SAFE)
    assert generic.points["cuisine"] == 15  # "indian" is distinctive, "food" and "bar" are not


def test_caps_and_price_adjacency() -> None:
    prefs = TastePreferences(vibes=list("abcdefg"), dietary=["v", "h", "k", "g"], price_comfort=[2])
    scorer = FitScorer(prefs)
    fit = scorer.score(
        FitCandidate(
            vibe_tags=tuple("abcdefg"), dietary_tags=("v", "h", "k", "g"), price_tier="$$$"
        ),
        VERIFIED_SAFE,
    )
    assert (fit.points["vibe"], fit.points["dietary"], fit.points["price"]) == (25, 15, 10)
    assert all(tag.type != "price" for tag in fit.tags)  # adjacent is not "within" the zone
    assert scorer.score(FitCandidate(price_tier="$$$$"), VERIFIED_SAFE).points["price"] == 0
    assert [price_level(t) for t in ("$", "$$$$", 3, "2", "$$$$$", None, "cheap")] == [
        1, 4, 3, 2, None, None, None,
    ]  # fmt: skip


def test_allergy_points_follow_the_guard() -> None:
    scorer = FitScorer(PREFS)
    candidate = FitCandidate()
    bakery = assess(infer_place_allergens([], dishes=["Sourdough"]))
    assert bakery.worst_severity == "intolerance"
    assert scorer.score(candidate, bakery).points["allergy"] == 5
    satay = assess(
        infer_place_allergens([], dishes=["Satay"]),
        AllergyProfile(confirmed=["peanuts"], severity={"peanuts": "moderate"}),
    )
    assert scorer.score(candidate, satay).points["allergy"] == 0
    heuristic = assess(infer_place_allergens(["italian"]), AllergyProfile(confirmed=["sesame"]))
    fit = scorer.score(candidate, heuristic)
    assert fit.points["allergy"] == 10
    assert all(tag.type != "allergy_safe" for tag in fit.tags)  # never "safe" on a heuristic
    no_profile = assess(PlaceAllergens(), AllergyProfile())
    assert all(tag.type != "allergy_safe" for tag in scorer.score(candidate, no_profile).tags)


def test_at_most_four_tags_highest_first() -> None:
    candidate = FitCandidate(("thai",), ("quiet",), "$$", ("halal",))
    fit = score_fit(candidate, PREFS, VERIFIED_SAFE)
    assert len(fit.tags) == 4
    assert [t.type for t in fit.tags] == ["cuisine", "price", "allergy_safe", "vibe"]


names = st.sampled_from(["indian", "thai", "mexican", "south indian", "italian", "cafe"])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(names, max_size=3),
    st.lists(st.sampled_from(["quiet", "romantic", "lively", "cozy"]), max_size=4),
    st.sampled_from([None, "$", "$$", "$$$", "$$$$", 1, 4]),
    st.lists(st.sampled_from(["vegetarian", "halal", "vegan"]), max_size=3),
)
def test_score_is_bounded_and_deterministic(
    cuisines: list[str], vibes: list[str], tier: str | int | None, diet: list[str]
) -> None:
    candidate = FitCandidate(tuple(cuisines), tuple(vibes), tier, tuple(diet))
    first = FitScorer(PREFS).score(candidate, VERIFIED_SAFE)
    assert 0 <= first.score <= 100
    assert first == FitScorer(PREFS).score(candidate, VERIFIED_SAFE)
    assert len(first.tags) <= 4
    assert first.score == max(0, min(100, sum(first.points.values())))


def test_the_safe_tag_is_named_and_typed() -> None:
    fit = score_fit(FitCandidate(), PREFS, VERIFIED_SAFE)
    assert fit.tags == (FitTag("Safe for your allergy profile", "allergy_safe"),)
    assert fit.points == {"cuisine": 0, "vibe": 0, "price": 0, "dietary": 0, "allergy": 10}
    assert fit.score == 10


def test_a_known_conflict_is_never_tagged_safe() -> None:
    bakery = assess(infer_place_allergens([], dishes=["Sourdough"]))
    assert bakery.basis == "evidence" and bakery.worst_severity == "intolerance"
    fit = score_fit(FitCandidate(), PREFS, bakery)
    assert fit.tags == () and fit.points["allergy"] == 5


def test_an_aversion_named_exactly_costs_points_even_when_its_words_are_generic() -> None:
    scorer = FitScorer(TastePreferences(cuisine_aversion=["Bars"]))
    assert scorer.score(FitCandidate(cuisines=("bars",)), VERIFIED_SAFE).points["cuisine"] == -10
    assert scorer.score(FitCandidate(cuisines=("wine bars",)), VERIFIED_SAFE).points["cuisine"] == 0


def test_price_one_tier_below_or_above_the_comfort_zone() -> None:
    scorer = FitScorer(TastePreferences(price_comfort=["$$"]))
    points = {
        tier: scorer.score(FitCandidate(price_tier=tier), VERIFIED_SAFE).points["price"]
        for tier in ("$", "$$", "$$$", "$$$$", None)
    }
    assert points == {"$": 10, "$$": 20, "$$$": 10, "$$$$": 0, None: 0}


def test_a_place_without_a_price_does_not_decide_the_next_one() -> None:
    scorer = FitScorer(TastePreferences(price_comfort=["$$"]))
    assert scorer.score(FitCandidate(price_tier=None), VERIFIED_SAFE).points["price"] == 0
    assert scorer.score(FitCandidate(price_tier="$$"), VERIFIED_SAFE).points["price"] == 20


UNKNOWN = assess(PlaceAllergens())  # no conflict known, nothing verified: no safe tag


def test_dietary_tags_read_naturally() -> None:
    scorer = FitScorer(TastePreferences(dietary=["gluten free", "vegan"]))
    free = scorer.score(FitCandidate(dietary_tags=("gluten_free",)), UNKNOWN)
    assert free.tags[0] == FitTag("Gluten-free options", "dietary")
    vegan = scorer.score(FitCandidate(dietary_tags=("vegan",)), UNKNOWN)
    assert vegan.tags[0] == FitTag("Vegan-friendly", "dietary")
    none = scorer.score(FitCandidate(dietary_tags=("halal",)), UNKNOWN)
    assert none.points["dietary"] == 0


def test_a_vibe_outside_the_vocabulary_is_named_as_written() -> None:
    scorer = FitScorer(TastePreferences(vibes=["Jazzy"]))
    fit = scorer.score(FitCandidate(vibe_tags=("jazzy",)), UNKNOWN)
    assert fit.points["vibe"] == 5
    assert fit.tags[0] == FitTag("Known for jazzy — your top vibe tag", "vibe")
    assert scorer.score(FitCandidate(vibe_tags=("quiet",)), UNKNOWN).points["vibe"] == 0


def test_equal_points_keep_the_table_order_and_two_tags_are_sorted() -> None:
    prefs = TastePreferences(
        vibes=["quiet", "romantic", "cozy", "lively"],
        price_comfort=["$$"],
        cuisine_affinity=["indian"],
    )
    tie = FitScorer(prefs).score(
        FitCandidate(vibe_tags=("quiet", "romantic", "cozy", "lively"), price_tier="$$"),
        assess(PlaceAllergens()),
    )
    assert (tie.points["vibe"], tie.points["price"]) == (20, 20)
    assert [t.type for t in tie.tags] == ["vibe", "price"]
    two = FitScorer(prefs).score(
        FitCandidate(cuisines=("south indian",), price_tier="$$"), assess(PlaceAllergens())
    )
    assert [(t.type, two.points[t.type]) for t in two.tags] == [("price", 20), ("cuisine", 15)]
