"""Group plans, fourth round (issue 38): "make it cheaper" counts only the places that fit the
meal, a bar first never leads a meal for its price, and the one venue meeting a member's diet
is shown in the top three when only its hygiene record is held against it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from kairos.store.places import PlaceSummary
from kairos.venues.fit import fit
from kairos.venues.followups import Asked
from kairos.venues.schemas import MemberRisk, RiskFlag
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _checked, _scored
from tests.venues.test_commander import read


def _place(pid: int, name: str, categories: list[str], tier: str) -> PlaceSummary:
    return PlaceSummary(
        id=pid, name=name, kind="restaurant", categories=categories, price_tier=tier,
        rating=4.0, votes=100, city="Cambridge", area=None, address=None, lat=None,
        lng=None, url=None, known_allergens=[], contains_allergens=[],
        allergen_confidence="low",
    )  # fmt: skip


def _candidates(places: list[PlaceSummary]) -> list[Any]:
    return [
        SimpleNamespace(
            place_id=p.id, venue_id=f"kp_{p.id}", record=SimpleNamespace(place=p), endangers=False
        )
        for p in places
    ]


def test_cheaper_counts_only_places_that_fit_the_meal() -> None:
    """After "make it cheaper" on a lunch meeting, two $ restaurants, a $ dive bar and a bank's
    café made four cheaper places, so every $$ restaurant was cut and the dive bar sat second
    (plans panel p47): the bar and the bank café do not count toward the three, the pricier
    restaurants stay (after the cheaper ones) and the plan says so."""
    places = [
        _place(1, "Taqueria Uno", ["Mexican"], "$"),
        _place(2, "Pho Two", ["Vietnamese"], "$"),
        _place(3, "Cantab", ["Dive Bars", "Bars", "Nightlife"], "$"),
        _place(4, "Capital One Café", ["Banks & Credit Unions", "Coffee & Tea"], "$"),
        *(_place(i, f"Bistro {i}", ["French"], "$$") for i in (5, 6, 7)),
    ]
    intent = read("lunch meeting for 3 in cambridge")
    intent.asked = Asked(changes=("cheaper",), ceiling=1)
    fitted = fit(_candidates(places), {}, intent)
    kept = {c.place_id for c in fitted.candidates}
    assert {5, 6, 7} <= kept, fitted.excluded
    assert not [e for e in fitted.excluded if e.cause == "budget"]
    assert any("Only 2 cheaper venue(s)" in n for n in fitted.notes), fitted.notes
    # with three cheaper restaurants that fit, the pricier ones are left out as before
    more = [*places, _place(8, "Curry Eight", ["Indian"], "$")]
    fitted = fit(_candidates(more), {}, intent)
    assert {e.venue_id for e in fitted.excluded if e.cause == "budget"} == {"kp_5", "kp_6", "kp_7"}


def test_a_bar_first_does_not_lead_a_meal_for_its_price() -> None:
    bar = _scored("dive", 0.6, 1)
    bar.bar_led = True
    pricier = _scored("bistro", 0.6, 2)
    pricier.above_ceiling = True
    ranked = synthesise([bar, pricier], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["bistro", "dive"]


def _no_vegan(name: str) -> MemberRisk:
    return MemberRisk(
        name="Ana",
        allergens=[],
        severity="diet",
        note=f"Ana: no evidence of vegan options ({name})",
    )


HYGIENE = RiskFlag(
    description="4 severe health-code violation(s) at inspections on 2015-03-04",
    severity="high",
    kind="inspection",
)


def test_the_one_venue_meeting_a_diet_is_shown_third_with_its_hygiene_warning() -> None:
    """ "cozy dinner for 6, one of us is vegan": the only venue with vegan evidence sat sixth
    behind five saying "Ana: no evidence of vegan options", for severe violations at its
    inspections (plans panel p03). A warning about the place's hygiene record, not a member's
    safety: it is shown third, with the warning and why it is there."""
    plain = [_scored(n, 0.6, 2, risks=[_no_vegan(n)]) for n in ("a", "b", "c", "d", "e")]
    darbar = _scored("darbar", 0.6, 2, flags=[HYGIENE])
    ranked = synthesise([*plain, darbar], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[2].venue_id == "darbar", [v.venue_id for v in ranked]
    assert "Shown for Ana's diet" in ranked[2].watch_out
    assert "health-code violation" in ranked[2].watch_out
    # poorly rated, or flagged for something else (closed), it stays where it was
    poor = _scored("darbar", 0.6, 2, flags=[HYGIENE])
    poor.rating, poor.review_count = 2.0, 80
    closed = _scored("shut", 0.6, 2, flags=[HYGIENE.model_copy(update={"kind": "closed"})])
    for other in (poor, closed):
        ranked = synthesise([*plain, other], SEED_WEIGHTS, vibe_name=None, budget_text=None)
        assert ranked[-1].venue_id == other.venue_id
    # a top three already showing the diet is left as it is
    vegan = _scored("vegan", 0.6, 2)
    ranked = synthesise([*plain, vegan, darbar], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[0].venue_id == "vegan" and ranked[-1].venue_id == "darbar"


def test_a_casual_chain_does_not_lead_somewhere_nice() -> None:
    """ "seafood dinner in boston for 6, somewhere nice" had California Pizza Kitchen at
    Prudential third (plans panel p15): a name many catalogue places carry (a branch's name
    after "at" set aside) priced $$ or less, or not said to serve at tables, is a casual
    chain — below a nice outing, said so, after the restaurants of their own."""
    from kairos.search.filters import SearchFilters
    from kairos.venues.cost import cost_profile
    from kairos.venues.facts import RawFacts
    from kairos.venues.scoring import scored
    from kairos.venues.scouted import ScoutResult, chains_of

    cpk = _place(1, "California Pizza Kitchen at Prudential", ["Pizza", "Salad"], "$$")
    own = _place(2, "Atlantic Fish", ["Seafood"], "$$")
    listings = {"california pizza kitchen": 4, "atlantic fish": 1}
    candidates = _candidates([cpk, own])
    assert chains_of(candidates, listings) == {1}
    assert chains_of(candidates, None) == set()
    found = ScoutResult(
        candidates=candidates, excluded=[], found=2, duplicates=0, meeting=None,
        filters=SearchFilters(), providers={}, chains={1},
    )  # fmt: skip
    intent = read("seafood dinner in boston for 6, somewhere nice")
    for c in candidates:
        c.hit = SimpleNamespace(why=SimpleNamespace(best_review_id=None, matched_terms=[]))
        c.facts = RawFacts(price_signals={"yelp": 2}, table_service=True)
        c.allergy = _checked()
        c.distances = []
    costs = {c.place_id: cost_profile(c.facts.price_signals, None) for c in candidates}
    chain, restaurant = (scored(c, {}, costs, {}, {}, {}, intent, found) for c in candidates)
    assert chain.below_the_occasion and not restaurant.below_the_occasion
    assert any("a casual chain" in check for check in chain.checks), chain.checks
    # a chain priced $$$ that serves at tables is held to nothing of the kind
    candidates[0].record.place = cpk.model_copy(update={"price_tier": "$$$"})
    candidates[0].facts = RawFacts(price_signals={"yelp": 3}, table_service=True)
    costs[1] = cost_profile({"yelp": 3}, None)
    assert not scored(candidates[0], {}, costs, {}, {}, {}, intent, found).below_the_occasion
    # a venue its source says takes orders at a counter is below it too, chain or not
    candidates[1].facts = RawFacts(price_signals={"yelp": 2}, table_service=False)
    counter = scored(candidates[1], {}, costs, {}, {}, {}, intent, found)
    assert counter.below_the_occasion and "order at a counter" in counter.checks[-1]


def test_a_severe_hygiene_record_does_not_count_toward_the_three() -> None:
    """Cheaper places with severe violations at their latest inspections (the critic's high
    flag) are no reason to drop every pricier restaurant, for "cheaper" or "quieter"."""
    from datetime import date

    from kairos.store.venue_facts import Inspection
    from kairos.venues.critic import severe_record
    from kairos.venues.facts import Attributes

    old, recent = date(2013, 1, 5), date(2015, 3, 4)
    assert severe_record(
        [Inspection("b", "2", recent, 1, 0, 2), Inspection("b", "1", old, 0, 0, 0)]
    )
    assert not severe_record(
        [Inspection("b", "2", recent, 3, 1, 0), Inspection("b", "1", old, 0, 0, 4)]
    )
    places = [
        *(_place(i, f"Diner {i}", ["Mexican"], "$") for i in (1, 2, 3)),
        *(_place(i, f"Bistro {i}", ["French"], "$$") for i in (5, 6, 7)),
    ]
    dirty = {3: Attributes(severe_record=True)}
    intent = read("dinner in cambridge for 4")
    intent.asked = Asked(changes=("cheaper",), ceiling=1)
    fitted = fit(_candidates(places), dirty, intent)
    assert {5, 6, 7} <= {c.place_id for c in fitted.candidates}, fitted.excluded
    fitted = fit(_candidates(places), {}, intent)
    assert {e.venue_id for e in fitted.excluded} == {"kp_5", "kp_6", "kp_7"}
    # "quieter": loud ones are left out only when three others that fit stay
    loud = {i: Attributes(noise="loud") for i in (5, 6, 7)}
    intent = read("dinner in cambridge for 4")
    intent.asked = Asked(changes=("quieter",))
    fitted = fit(_candidates(places), {**loud, **dirty}, intent)
    assert {5, 6, 7} <= {c.place_id for c in fitted.candidates}, fitted.excluded
    fitted = fit(_candidates(places), loud, intent)
    assert {e.venue_id for e in fitted.excluded} == {"kp_5", "kp_6", "kp_7"}
