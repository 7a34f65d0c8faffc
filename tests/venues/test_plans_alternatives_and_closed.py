"""Issue 38 (plans panel half A on the full shared data): a seafood dinner for a group with a
shellfish-anaphylactic member got ONE venue, "only 1 left after 32 shellfish venues excluded"
(p15), a biryani lunch with an anaphylactic tree-nut allergy likewise (p37): a group still
needs three places it can go, so the nearest safe venues of other kinds fill the plan, each
labelled an alternative, and the allergy filter is never relaxed to fill. A venue whose own
latest review says "Oh B, how I will miss you" was shown open (p17): it is left out, listed."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

from kairos.search.filters import SearchFilters
from kairos.venues.alternatives import (
    alternatives_note,
    merge_alternatives,
    needs_alternatives,
    with_alternatives,
    without_categories,
)
from kairos.venues.bars import meal_label
from kairos.venues.closed_by_reviews import closed_by_reviews, closure_said
from kairos.venues.commander import Intent
from kairos.venues.cost import cost_profile
from kairos.venues.facts import RawFacts
from kairos.venues.schemas import ExcludedVenue, MemberRisk
from kairos.venues.scoring import scored
from kairos.venues.scouted import ScoutResult
from kairos.venues.standing import ranked_after_because
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _checked, _scored
from tests.venues.test_commander import read
from tests.venues.test_plans_fourth_round import _candidates
from tests.venues.test_plans_meal_served import _place


def _found(
    candidates: list[object], kinds: tuple[str, ...] = ("restaurant",), **more: object
) -> ScoutResult:
    return ScoutResult(
        candidates=candidates, excluded=[], found=len(candidates), duplicates=0, meeting=None,
        filters=SearchFilters(city="boston", kinds=list(kinds)), providers={},
        **more,  # type: ignore[arg-type]
    )  # fmt: skip


def _seafood() -> Intent:
    """The request with "seafood" read as a category (the full catalogue's vocabulary)."""
    intent = read("seafood dinner in boston for 6, somewhere nice")
    intent.reading = intent.reading.model_copy(update={"categories": ["seafood"]})
    return intent


def at_risk(candidates: list[object], severity: str = "anaphylactic") -> list[object]:
    """`candidates`, each now likely to hold shellfish, which Sam (`severity`) must avoid."""
    sam = MemberRisk(name="Sam", allergens=["shellfish"], severity=severity, note="")
    for c in candidates:
        c.endangers, c.allergy = True, _checked([sam])  # type: ignore[attr-defined]
        c.facts, c.distances = RawFacts(), []  # type: ignore[attr-defined]
    return candidates


def usable(candidates: list[object]) -> list[object]:
    """`candidates` checked, with no risk and no facts known: as a search hands them on."""
    for c in candidates:
        c.allergy, c.facts, c.distances = _checked(), RawFacts(), []  # type: ignore[attr-defined]
    return candidates


def _sam_out(pid: int) -> ExcludedVenue:
    return ExcludedVenue(
        venue_id=f"kp_{pid}", name=f"Oyster {pid}", reason="shellfish", cause="allergy",
        members=["Sam"], city="Boston",
    )  # fmt: skip


def test_fewer_than_three_safe_venues_of_the_kind_asked_call_for_alternatives() -> None:
    intent = _seafood()
    one = at_risk(_candidates([_place(1, "Bait Shop", ["seafood markets"])]))
    assert needs_alternatives(intent, _found(one))
    three = usable(_candidates([_place(i, f"Fish {i}", ["seafood"]) for i in (1, 2, 3)]))
    assert not needs_alternatives(intent, _found(three)), "three safe ones: nothing to fill"
    assert not needs_alternatives(read("dinner in boston for 6"), _found(one)), "no kind asked"
    museum = read("museum afternoon for 5 in london")
    museum.reading = museum.reading.model_copy(update={"categories": ["museums"]})
    assert not needs_alternatives(museum, _found([], kinds=("museum",))), "said as none"
    assert without_categories(intent).reading.categories == []
    assert without_categories(intent).prompt == intent.prompt, "the words still rank them"


def test_alternatives_fill_after_the_kind_asked_and_never_one_at_risk() -> None:
    intent = _seafood()
    found = _found(at_risk(_candidates([_place(1, "Bait Shop", ["seafood markets"])])))
    found.excluded = [_sam_out(9)]
    other = usable(_candidates([_place(i, f"Bistro {i}", ["french"]) for i in (1, 4, 5, 6)]))
    other[2].endangers = True  # Bistro 5: a member's severe allergen likely: never a filler
    note = alternatives_note(intent, found, " in Boston")
    assert note == "No seafood place in Boston is safe for Sam"
    wider = _found(other)
    closed = ExcludedVenue(venue_id="kp_7", name="Gone", reason="closed", cause="closed")
    wider.excluded = [_sam_out(9), _sam_out(8), closed]
    merged = merge_alternatives(found, wider, note, intent)
    assert [c.place_id for c in merged.candidates] == [1, 4, 6]
    assert merged.alternatives == {4, 6}
    assert [e.venue_id for e in merged.excluded] == ["kp_9", "kp_8"], "allergy cuts, once each"
    assert any("nearest safe alternatives" in n for n in merged.notes), merged.notes
    # one safe of the kind, no allergy involved: said as what was found
    found = _found(_candidates([_place(1, "Biryani House", ["biryani"])]))
    found.candidates[0].allergy = _checked()
    assert alternatives_note(intent, found, " in Hyderabad") == (
        "Only 1 seafood place found in Hyderabad"
    )


def test_an_alternative_is_labelled_and_ranks_after_a_safe_venue_of_the_kind() -> None:
    intent = _seafood()
    candidates = _candidates([_place(1, "Fish Co", ["seafood"]), _place(2, "Bistro", ["french"])])
    found = _found(candidates, alternatives={2}, alternatives_note="Only 1 seafood place is safe")
    for c in candidates:
        c.hit = SimpleNamespace(why=SimpleNamespace(best_review_id=None, matched_terms=[]))
        c.facts = RawFacts(price_signals={"yelp": 2})
        c.allergy = _checked()
        c.distances = []
    costs = {c.place_id: cost_profile(c.facts.price_signals, None) for c in candidates}
    fish, bistro = (scored(c, {}, costs, {}, {}, {}, intent, found) for c in candidates)
    assert bistro.alternative and not fish.alternative
    # an alternative is mainly another kind than asked: never called the best pick
    assert bistro.other_kind and not fish.other_kind
    assert bistro.checks[0].startswith("An alternative, not seafood: only 1 seafood place"), (
        bistro.checks
    )
    better, alternative = _scored("a", None, 2), _scored("b", None, 2)
    better.rating, alternative.alternative = 3.5, True  # rated lower, still first
    ranked = synthesise([alternative, better], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["a", "b"]
    assert ranked_after_because(better, alternative) == "it is not the kind or cuisine asked"


def test_closure_is_read_from_words_about_the_venue_itself() -> None:
    for said in (
        "SO sad to hear that this place has closed. I went today.",
        "There's a tear in my beer... Oh B, how I will miss you. Good times.",
        "RIP Z Square. This was my go-to brunch place.",
        "This location has closed as of 8/10/2009.",
        "Sadly permanently closed.",
    ):
        assert closure_said(said), said
    for not_said in (
        "RIP OFF!!!!! I truly like coming here",
        "I'll miss this place when I graduate!",
        "the Indian place next door closed down, so we came here",
        "This place would be out of business if it wasn't on Newbury St.",
        "I tried to order at 11pm and the bar had closed.",
        "App says this place has closed, but I had some great pizza there today!",
        "My friend's place closed down, but Tampopo is great.",
    ):
        assert closure_said(not_said) is None, not_said


def test_only_the_latest_reviews_say_a_venue_has_closed() -> None:
    farewell = (date(2008, 11, 16), "Oh B, how I will miss you. Good times and bad.")
    earlier = [(date(2008, 10, d), "Great drinks, friendly staff.") for d in (1, 2, 3)]
    assert closed_by_reviews([*earlier, farewell]) == "Oh B, how I will miss you."
    later = (date(2009, 3, 1), "Still the best cocktails in town.")
    assert closed_by_reviews([*earlier, farewell, later, (date(2009, 4, 1), "Fun.")]) is None, (
        "reviews go on after it: not closed"
    )


def test_a_restaurant_listed_under_a_bar_first_is_shown_as_what_it_serves_for_a_meal() -> None:
    """p13: a sushi restaurant listed "Cocktail Bars, Asian Fusion, Sushi Bars, …" was shown as
    "cocktail bars" for a birthday dinner; a bar first (more drinking categories) is still one,
    and for drinks the bar is what it is."""
    sushi = _place(
        1,
        "Shell",
        [
            "cocktail bars",
            "asian fusion",
            "sushi bars",
            "japanese",
            "nightlife",
            "bars",
            "tapas bars",
        ],
    )
    bar = _place(2, "Mama", ["cocktail bars", "vietnamese", "nightlife", "bars", "thai"])
    dinner = "birthday dinner in boston for 6"
    assert meal_label(sushi, "meal", dinner) == "asian fusion"
    assert meal_label(bar, "meal", dinner) is None, "a bar first: shown as one"
    assert meal_label(sushi, "meal", "dinner and cocktails for 6") is None
    assert meal_label(sushi, "drinks", "drinks for 6") is None
    intent = read(dinner)
    (c,) = _candidates([sushi])
    c.hit = SimpleNamespace(why=SimpleNamespace(best_review_id=None, matched_terms=[]))
    c.facts, c.allergy, c.distances = RawFacts(), _checked(), []
    shown = scored(c, {}, {}, {}, {}, {}, intent, _found([c]))
    assert shown.category == "asian fusion", shown.category


async def test_when_the_nearest_are_as_risky_the_words_of_the_kind_are_dropped_too() -> None:
    """Every Thai-like place a search for "thai lunch" finds may hold peanuts: the second
    search leaves "thai" out of the words, and finds safe lunches; the first venue stays."""
    intent = _seafood()
    found = _found(at_risk(_candidates([_place(1, "Fish Co", ["seafood"])])))
    asked: list[str] = []

    async def find(again: Intent) -> ScoutResult:
        asked.append(again.prompt)
        near = at_risk(_candidates([_place(i, f"Oyster {i}", ["seafood"]) for i in (2, 3)]))
        far = usable(_candidates([_place(i, f"Bistro {i}", ["french"]) for i in (4, 5, 6)]))
        return _found(near if "seafood" in again.prompt else far)

    filled = await with_alternatives(find, intent, found)
    assert asked == [
        "seafood dinner in boston for 6, somewhere nice",
        "dinner in boston for 6, somewhere nice",
    ]
    assert [c.place_id for c in filled.candidates] == [1, 4, 5, 6]
    assert filled.alternatives == {4, 5, 6}
    assert sum("nearest safe alternatives" in n for n in filled.notes) == 1


def test_a_plan_full_of_risky_venues_still_gains_three_safe_ones() -> None:
    """Ten Thai places in a city, every one likely to hold peanuts for an anaphylactic
    member, filled the cap and left no room for the safe alternatives found."""
    risky = at_risk(_candidates([_place(i, f"Thai {i}", ["thai"]) for i in range(1, 11)]))
    grills = usable(_candidates([_place(i, f"Grill {i}", ["american"]) for i in (11, 12, 13, 14)]))
    note = "No thai place is safe for Ana"
    merged = merge_alternatives(_found(risky), _found(grills), note, read("thai dinner for 4"))
    assert [c.place_id for c in merged.candidates][10:] == [11, 12, 13]
    assert merged.alternatives == {11, 12, 13}
