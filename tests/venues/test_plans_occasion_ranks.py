"""Group plans, eleventh round (issue 38): the occasion the group named ranks the venues.

A venue the plan flags as unfit for the occasion ("Not what "farewell" asks for") ranks after
every venue that fits it, before the members' diets are weighed (each unmet diet is named);
a counter ranks after every unfit venue with tables; the scout's cap keeps the fitting venues
in; after "make it cheaper", a venue over the amount a head said ranks after those within it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.store.places import PlaceSummary
from kairos.venues.cost import cost_profile
from kairos.venues.facts import Attributes
from kairos.venues.fit import Fitted
from kairos.venues.followups import Asked
from kairos.venues.group import GroupProfile
from kairos.venues.occasion_cap import capped, unfit_for_the_occasion
from kairos.venues.schemas import MemberRisk
from kairos.venues.scoring import over_the_head
from kairos.venues.standing import ranked_after_because
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _checked, _scored
from tests.venues.test_commander import read


def _place(
    pid: int, name: str, categories: list[str], tier: str | None, rating: float = 4.0
) -> PlaceSummary:
    return PlaceSummary(
        id=pid, name=name, kind="restaurant", categories=categories, price_tier=tier,
        rating=rating, votes=100, city="Boston", area=None, address=None, lat=None,
        lng=None, url=None, known_allergens=[], contains_allergens=[],
        allergen_confidence="low",
    )  # fmt: skip


def _candidates(places: list[PlaceSummary]) -> list[Any]:
    return [
        SimpleNamespace(
            place_id=p.id,
            venue_id=f"kp_{p.id}",
            record=SimpleNamespace(place=p),
            endangers=False,
            allergy=_checked(),
        )
        for p in places
    ]


def _no_vegetarian(name: str) -> MemberRisk:
    return MemberRisk(
        name=name, allergens=[], severity="diet", note=f"{name}: no evidence of vegetarian"
    )


def test_a_venue_unfit_for_the_occasion_ranks_after_those_that_fit_it() -> None:
    """Plans panel p31 (half A): "#1 CPK 3.0★ flagged unfit for a farewell": the pizza chain
    led a farewell dinner for showing one member's vegetarian listing, the plan itself
    saying it was not what a farewell asks for. The occasion ranks before the diets (named
    where unmet on the venues that fit), and the flag stays on the unfit venue shown."""
    fits = [_scored(f"fits{i}", 0.5, 2, risks=[_no_vegetarian("Ravi")]) for i in (1, 2, 3, 4)]
    chain = _scored("chain", 0.9, 2)
    chain.below_the_occasion = True
    chain.checks = ["Plainer than a farewell dinner usually calls for (rated only 3.0★)."]
    ranked = synthesise([chain, *fits], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[0].venue_id != "chain"
    assert ranked_after_because(fits[0], chain) == "it is below the occasion"
    # the one venue showing Ravi's diet is shown third, never first, its flag kept
    assert [v.venue_id for v in ranked] == ["fits1", "fits2", "chain", "fits3", "fits4"]
    assert "Shown for Ravi's diet" in ranked[2].watch_out
    assert "farewell" in ranked[2].watch_out
    # with the diets shown above it, it ranks after every venue that fits
    plain = [_scored(f"plain{i}", 0.5, 2) for i in (1, 2, 3)]
    ranked = synthesise([chain, *plain], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["plain1", "plain2", "plain3", "chain"]
    # a counter is not shown third for a diet: it stays after the venues with tables
    chain.counter_for_the_occasion = True
    ranked = synthesise([chain, *fits], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[-1].venue_id == "chain"
    # a venue that must not be shown first for other reasons stays after it (safety first)
    chain.counter_for_the_occasion = False
    hana = MemberRisk(name="Hana", allergens=["peanuts"], severity="anaphylactic", note="x")
    severe = _scored("severe", 0.9, 2, risks=[hana])
    ranked = synthesise([severe, chain], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["chain", "severe"]


def test_a_counter_ranks_after_every_unfit_venue_with_tables_for_an_occasion() -> None:
    """Plans panel p13 (half A): a burrito counter stood in the top three of a birthday
    dinner while a tavern and a 3.5★ restaurant serving at tables stood lower."""
    counter, tavern, restaurant = (
        _scored("counter", 0.9, 1),
        _scored("tavern", 0.4, 2),
        (_scored("restaurant", 0.3, 3)),
    )
    for s in (counter, tavern, restaurant):
        s.below_the_occasion = True
    counter.counter_for_the_occasion = True
    ranked = synthesise(
        [counter, tavern, restaurant], SEED_WEIGHTS, vibe_name=None, budget_text=None
    )
    assert ranked[-1].venue_id == "counter"
    assert ranked_after_because(tavern, counter) == (
        "it is served at a counter, below the occasion"
    )


def test_after_cheaper_a_venue_over_the_amount_a_head_ranks_after_those_within_it() -> None:
    """After "make it cheaper" on "$15 each", "may exceed budget" picks stood in the top three
    before places within the $15 (graders, plans half A)."""
    intent = read("quick lunch meeting for 3 in cambridge, $15 each")
    assert intent.budget is not None and intent.budget.per_head == 15
    within = cost_profile({"yelp": 1}, intent.budget)
    over = cost_profile({"yelp": 2}, intent.budget)
    assert not over_the_head(within, intent) and over_the_head(over, intent)
    assert not over_the_head(over, read("lunch meeting for 3 in cambridge")), "no budget said"
    pricier, cheap = _scored("pricier", 0.9, 2), _scored("cheap", 0.2, 1)
    pricier.over_the_head_after_cheaper = True
    pricier.rating, cheap.rating = 4.5, 3.5
    ranked = synthesise([pricier, cheap], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["cheap", "pricier"]


def test_the_cap_keeps_the_venues_that_fit_the_occasion() -> None:
    """When every venue the plan showed carried "Not what … asks for", the cap had cut the
    fitting ones before the ranking read the occasion (plans panel, p16 class): among the
    venues safe for everyone and showing the musts, the unfit come after the others."""
    places = [
        _place(1, "Five Horses Tavern", ["American (New)"], "$$"),
        _place(2, "Dough Counter", ["Pizza", "Fast Food"], "$"),
        _place(3, "Pub Grub", ["Bars", "Nightlife", "Pubs"], "$$"),
        _place(4, "Low Rated Bistro", ["French"], "$$", rating=3.0),
        _place(5, "Bistro Five", ["French"], "$$$"),
        _place(6, "Trattoria Six", ["Italian"], "$$"),
    ]
    candidates = _candidates(places)
    intent = read("birthday dinner in boston for 6")
    unfit = unfit_for_the_occasion(candidates, {}, intent, Fitted(candidates=[]), None)
    assert unfit == {1, 2, 3, 4}
    kept = capped(candidates, 3, [], _group(), set(), unfit=unfit)
    assert [c.place_id for c in kept[:2]] == [5, 6]
    # nothing asked of the occasion: the cap's order is the scout's as before
    plain = read("dinner in boston for 6")
    assert unfit_for_the_occasion(candidates, {}, plain, Fitted(candidates=[]), None) == set()
    # a source saying it serves at a counter makes it unfit, whatever its categories
    said = {6: Attributes(table_service=False)}
    assert 6 in unfit_for_the_occasion(candidates, said, intent, Fitted(candidates=[]), None)
    # a diet said as a must comes before the occasion: a fitting venue without it stays out
    places[0] = places[0].model_copy(update={"traits": ["gluten_free"]})
    candidates = _candidates(places)
    kept = capped(candidates, 1, [], _group(), set(), frozenset({"gluten_free"}), unfit)
    assert [c.place_id for c in kept] == [1]


def _group() -> GroupProfile:
    return GroupProfile.of([], AllergyProfile(), "you")


def test_make_it_cheaper_keeps_the_asked_budget() -> None:
    """The budget a head said first still holds after "make it cheaper" (what the rank reads)."""
    intent = read("quick lunch meeting for 3 in cambridge, $15 each")
    intent.asked = Asked(changes=("cheaper",), ceiling=1)
    assert over_the_head(cost_profile({"yelp": 2}, intent.budget), intent)


def test_a_chains_branch_serves_as_its_siblings_say_when_its_own_listing_is_silent() -> None:
    """Plans panel p13 (half A): "Boloco Berklee", listed only by cuisine, stood third for a
    birthday dinner unflagged as a counter, while "Boloco - Newbury Street" says "Order at
    Counter" and no waiter service. A sibling listing's counter is the branch's when no
    sibling says tables; a shorter word or another chain's name is no sibling."""
    from kairos.venues.sibling_service import branch_head, counter_by_siblings, like_prefixes

    assert branch_head("Boloco - Newbury Street") == "boloco"
    assert branch_head("California Pizza Kitchen at Prudential") == "california pizza kitchen"
    assert like_prefixes(["Boloco Berklee", "B.GOOD"]) == ["b.good%", "boloco%"]
    newbury = (2, "Boloco - Newbury Street", False)
    assert counter_by_siblings("Boloco Berklee", 1, [newbury])
    assert counter_by_siblings("Boloco", 1, [newbury, (3, "Boloco Cambridge", None)])
    assert not counter_by_siblings("Boloco Berklee", 1, [newbury, (3, "Boloco", True)])
    assert not counter_by_siblings("Boloco Berklee", 1, [(1, "Boloco Berklee", False)])
    assert not counter_by_siblings("Legal Sea Foods", 1, [(2, "Legal Harborside", False)])
    assert not counter_by_siblings("Thai Basil", 1, [(2, "Thai - Express", False)]), "4 letters"
    assert not counter_by_siblings("Bolocoa", 1, [newbury])


async def test_the_catalogues_boloco_branch_reads_as_a_counter(runtime: Any) -> None:
    """The sample's "Boloco Berklee" says nothing of table service; its sibling "Boloco -
    Newbury Street" takes orders at the counter: the branch reads as a counter."""
    from sqlalchemy import text

    from kairos.venues.facts import venue_attributes

    async with runtime.db.reading() as session:
        rows = (
            await session.execute(text("SELECT id, name FROM places WHERE name LIKE 'Boloco%'"))
        ).all()
    ids = {str(r.name): int(r.id) for r in rows}
    assert "Boloco Berklee" in ids and "Boloco - Newbury Street" in ids, ids
    read = await venue_attributes(runtime.db, [ids["Boloco Berklee"]])
    assert read[ids["Boloco Berklee"]].table_service is False
