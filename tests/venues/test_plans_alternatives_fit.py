"""Issue 38, plans panel half A on the full shared data: alternatives to the kind asked lost
points. A biryani lunch for 25 was offered a bar and a $$$ wings chain ahead of the one
biryani place shown with its risk named (p37); tapas for 4 a $ Malaysian place third while a
Mediterranean tapas restaurant came later (p39). An alternative never ranks ahead of a venue
of the kind asked that the group can use, suits the outing as that kind would, and comes
nearest by cuisine; none suiting, the plan shows fewer."""

from __future__ import annotations

from kairos.venues.alternative_fit import FARTHEST, arranged, closeness, suits
from kairos.venues.alternatives import merge_alternatives, needs_alternatives
from kairos.venues.facts import RawFacts
from kairos.venues.followups import Asked
from kairos.venues.schemas import MemberRisk
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _scored
from tests.venues.test_commander import read
from tests.venues.test_plans_alternatives_and_closed import _found, _seafood, at_risk, usable
from tests.venues.test_plans_fourth_round import _candidates
from tests.venues.test_plans_meal_served import _place


def _intent(prompt: str, *categories: str):  # type: ignore[no-untyped-def]
    intent = read(prompt)
    intent.reading = intent.reading.model_copy(update={"categories": list(categories)})
    return intent


def test_a_venue_with_a_severe_not_anaphylactic_risk_counts_as_one_the_group_can_use() -> None:
    """Three seafood places, one likely to hold a member's severe allergen (named with what
    to ask): three the group can use, no alternative; one flagged as a danger for an
    anaphylactic member is not one."""
    intent = _seafood()
    fish = [_place(i, f"Fish {i}", ["seafood"]) for i in (1, 2, 3)]
    severe = usable(_candidates(fish[:2])) + at_risk(_candidates(fish[2:]), "severe")
    assert not needs_alternatives(intent, _found(severe))
    grave = usable(_candidates(fish[:2])) + at_risk(_candidates(fish[2:]), "anaphylactic")
    assert needs_alternatives(intent, _found(grave))


def test_an_alternative_ranks_after_a_venue_of_the_kind_whatever_its_risk_named() -> None:
    """The biryani place with a member's severe risk named leads the bar offered instead; one
    flagged as a danger for an anaphylactic member comes after every alternative."""
    severe = MemberRisk(name="Sara", allergens=["tree_nuts"], severity="severe", note="")
    grave = MemberRisk(name="Sara", allergens=["tree_nuts"], severity="anaphylactic", note="")
    kind = _scored("biryani", None, 1, risks=[severe])
    dangerous = _scored("danger", None, 1, risks=[grave])
    near, far = _scored("near", None, 1), _scored("far", None, 1)
    near.alternative, far.alternative = True, True
    far.alternative_closeness, far.rating = FARTHEST, 5.0  # rated higher, still after
    ranked = synthesise(
        [dangerous, far, near, kind], SEED_WEIGHTS, vibe_name=None, budget_text=None
    )
    assert [v.venue_id for v in ranked] == ["biryani", "near", "far", "danger"]


def test_cuisines_nearest_to_the_one_asked_come_first() -> None:
    """From the data: the kinds nearest to the one asked (core/data/nearest_kinds.toml), then
    its region's and continent's (recipes/data/world_dishes.toml)."""
    assert closeness(["catalan"], ["tapas"]) == 0
    assert closeness(["mediterranean"], ["tapas"]) == 1
    assert closeness(["italian", "pizza"], ["tapas"]) == 1
    assert closeness(["french"], ["tapas"]) == 2
    assert closeness(["malaysian"], ["tapas"]) == FARTHEST
    assert closeness(["north indian", "chinese"], ["biryani"]) == 0
    assert closeness(["pakistani"], ["biryani"]) == 1
    assert closeness(["chinese"], ["biryani"]) == 2
    assert closeness(["american", "chicken wings"], ["biryani"]) == FARTHEST
    intent = _intent("tapas in barcelona for 4", "tapas")
    found = usable(
        _candidates(
            [
                _place(1, "Malaysia", ["malaysian"], "$"),
                _place(2, "Thai", ["thai"]),
                _place(3, "Guell", ["mediterranean"]),
                _place(4, "Bodega", ["catalan"]),
            ]
        )
    )
    assert [(c.place_id, near) for c, near in arranged(found, intent)] == [
        (4, 0),
        (3, 1),
        (1, FARTHEST),
        (2, FARTHEST),
    ]


def test_an_alternative_suits_the_outing_as_the_kind_asked_would() -> None:
    """No bar for a meal, no café for a dinner, nothing over the budget or shown as one that
    may exceed it (p37: a $$$ wings chain for "around 600 rupees per head"), and for a group
    of 25 only a venue said to take groups."""
    dinner = _intent("dinner in boston for 6, around $30 a head", "seafood")
    bar, cafe, dear, bistro = usable(
        _candidates(
            [
                _place(1, "Dive", ["dive bars", "bars", "nightlife"]),
                _place(2, "Cuppa", ["coffee & tea", "cafes"], "$"),
                _place(3, "Wings", ["chicken wings", "american"], "$$$$"),
                _place(4, "Bistro", ["french"]),
            ]
        )
    )
    assert not suits(bar, dinner), "a bar for a dinner"
    assert not suits(cafe, dinner), "a café for a dinner"
    dear.facts = RawFacts(price_signals={"yelp": 4})  # priced by its sources, as planned
    assert not suits(dear, dinner), "over the budget"
    assert suits(bistro, dinner)
    bistro.facts = RawFacts(price_signals={"yelp": 2})  # $$: some $25 a head
    assert suits(bistro, dinner)
    assert not suits(bistro, _intent("dinner in boston for 6, around $15 a head", "seafood")), (
        "shown as one that may exceed the budget"
    )
    cheaper = _intent("tapas in boston for 4, about 30 euros each", "tapas")
    cheaper.asked = Asked(changes=("cheaper",), ceiling=1)
    assert not suits(bistro, cheaper), "$$ over the cheaper asked, nothing of the kind to match"
    assert suits(bistro, cheaper, priced_as=2), "$$ as the tapas bars shown: stands in for them"
    assert not suits(bistro, cheaper, priced_as=1), "dearer than the kind asked"
    lunch = _intent("biryani lunch in boston for 25", "biryani")
    assert not suits(bistro, lunch), "nothing says it takes 25"
    bistro.facts = RawFacts(good_for_groups=True)
    assert suits(bistro, lunch)


def test_when_no_alternative_suits_the_plan_shows_fewer() -> None:
    intent = _intent("biryani lunch in boston for 25", "biryani")
    found = _found(at_risk(_candidates([_place(1, "Biryani House", ["biryani"])])))
    other = usable(_candidates([_place(2, "Tiki Bar", ["tiki bars", "bars", "nightlife"])]))
    merged = merge_alternatives(found, _found(other), "No biryani place is safe for Sam", intent)
    assert merged is found
    assert not merged.alternatives and not merged.notes
