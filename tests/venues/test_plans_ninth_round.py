"""Group plans, ninth round (issue 38): a member's diet shown by the dishes reviews name, and
"make it cheaper" said as the plan ranks."""

from __future__ import annotations

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.traits import derive_traits, held_traits
from kairos.store.places import PlaceRecord
from kairos.venues.dish_evidence import lesser_diets, shown_by_dishes
from kairos.venues.group import GroupProfile, diet_risks
from kairos.venues.schemas import Member
from tests.venues.test_plans_eighth_round import _place


def test_a_review_naming_a_vegetarian_dish_is_evidence_of_vegetarian_dishes() -> None:
    """Plans panel p37 (half A): "Meena veg unevidenced" at three Hyderabad biryani places
    whose reviews say "Ordered veg biryani", "veg tikka", "Veg Fried Rice". A dish is not a
    vegetarian place (a steakhouse's veggie burger): its own trait."""
    for said in (
        "Ordered veg biryani.",
        "We ordered the shui zhu you, vegetarian dumplings, and vegetarian ma pa tofu.",
        "I have also had the tomato basil pita, and the veggie pita, both are great.",
    ):
        held = held_traits(derive_traits([], None, [("r1", said)]))
        assert "vegetarian_dishes" in held and "vegetarian" not in held, said
    for said in (
        "I have ordered few non veg combos from here.",
        "My vegetarian friend had the salad.",
        "We had both veg and non veg food.",
        "They did not have any veggie dishes at all.",
        "I'm vegan so I asked for it without fish sauce.",
    ):
        assert "vegetarian_dishes" not in held_traits(derive_traits([], None, [("r", said)])), said


def _record(traits: list[str]) -> PlaceRecord:
    place = _place("Kritunga Restaurant", ["Biryani", "Andhra"]).model_copy(
        update={
            "traits": traits,
            "trait_evidence": [
                {"trait": "vegetarian_dishes", "source": "review", "ref": "7",
                 "span": "Ordered veg biryani.", "holds": True}
            ],
        }
    )  # fmt: skip
    return PlaceRecord(place=place, aspects=None)


def test_vegetarian_dishes_show_a_members_diet_but_not_one_the_request_asks_of_the_place() -> None:
    """A member keeping vegetarian is no longer "no evidence of vegetarian options" at a
    place whose reviews name vegetarian dishes: it ranks with the places showing the diet,
    the dish quoted. A "pure veg" request or a must still needs a vegetarian place."""
    group = GroupProfile.of(
        [Member(name="Meena", diets=["vegetarian"]), Member(name="Ali", diets=["halal"])],
        owner=AllergyProfile(),
        owner_name="you",
    )
    records = {1: _record(["vegetarian_dishes"])}
    diets = lesser_diets(group, frozenset(), [])
    assert diets == {"vegetarian"}
    shown = shown_by_dishes(records, diets)[1].place
    assert "vegetarian" in shown.traits
    quoted = [e["span"] for e in shown.trait_evidence if e["trait"] == "vegetarian"]
    assert quoted == ["Ordered veg biryani."]
    assert records[1].place.traits == ["vegetarian_dishes"], "the shared record is left as it is"
    risks = diet_risks(group, "restaurant", shown.traits, shown.categories, shown.name)
    assert [r.name for r in risks] == ["Ali"], "Meena's diet is shown; Ali's halal is not"
    assert lesser_diets(group, frozenset({"vegetarian"}), []) == frozenset(), "a must"
    assert lesser_diets(group, frozenset(), ["pure veg"]) == frozenset(), "asked of the place"


def test_a_place_without_dishes_named_stays_as_it_was() -> None:
    records = {1: _record([])}
    assert shown_by_dishes(records, {"vegetarian"})[1] is records[1]


def test_a_review_saying_vegetarians_have_nothing_outweighs_a_dish_named() -> None:
    record = _record(["vegetarian_dishes"])
    said = {"trait": "vegetarian", "source": "review", "ref": "8", "holds": False,
            "span": "None of the entrees were vegetarian friendly."}  # fmt: skip
    place = record.place.model_copy(update={"trait_evidence": [*record.place.trait_evidence, said]})
    records = {1: PlaceRecord(place=place, aspects=None)}
    assert "vegetarian" not in shown_by_dishes(records, {"vegetarian"})[1].place.traits


def test_the_dish_a_diner_ate_is_quoted_before_a_complaint() -> None:
    record = _record(["vegetarian_dishes"])
    panned = {"trait": "vegetarian_dishes", "source": "review", "ref": "6", "holds": True,
              "span": "A total disappointment in terms of the Veg Food."}  # fmt: skip
    place = record.place.model_copy(
        update={"trait_evidence": [panned, *record.place.trait_evidence]}
    )
    shown = shown_by_dishes({1: PlaceRecord(place=place, aspects=None)}, {"vegetarian"})
    quoted = [e["span"] for e in shown[1].place.trait_evidence if e["trait"] == "vegetarian"]
    assert quoted[0] == "Ordered veg biryani."


def test_cheaper_after_a_dollar_pick_names_the_pricier_ones_it_keeps() -> None:
    """Plans panel p47 (half A): after "make it cheaper" the plan said "Nothing is cheaper than
    $ …: these are the least expensive places in Cambridge again" over $$ venues second and
    third, the other $ venue fifth."""
    from kairos.venues.followups import Asked, cheaper_sentence
    from kairos.venues.synthesiser import synthesise
    from tests.venues.test_agents import SEED_WEIGHTS, _scored

    plan = synthesise(
        [_scored("pizza", 0.9, 1), _scored("greek", 0.8, 2), _scored("shack", 0.7, 2),
         _scored("bank cafe", 0.1, 1)],
        SEED_WEIGHTS, vibe_name=None, budget_text=None,
    )  # fmt: skip
    assert [v.price_range for v in plan] == ["$", "$$", "$$", "$"]
    plan[3] = plan[3].model_copy(update={"other_kind": True})
    asked = Asked(changes=("cheaper",), ceiling=0, before="the last plan's first pick was $")
    said = cheaper_sentence(asked, plan, 0, " in Cambridge")
    assert "least expensive places" not in said
    assert said.startswith("Nothing is cheaper than $, the lowest price level (the last plan")
    assert "Priced $ in Cambridge: Pizza (#1), Bank Cafe (#4)" in said
    assert "Greek ($$, #2) and Shack ($$, #3) cost more" in said
    assert "Bank Cafe ($, #4: it is mainly another kind of place than asked)" in said

    def because(ahead: str, later: str) -> str | None:
        return "it is no place for the meal asked" if later == "bank cafe" else None

    told = cheaper_sentence(asked, plan, 0, " in Cambridge", because)
    assert "Bank Cafe ($, #4: it is no place for the meal asked)" in told, "the ranking's own key"
    cheap_only = cheaper_sentence(asked, [plan[0], plan[3]], 0, " in Cambridge")
    assert cheap_only.endswith("these are the least expensive places in Cambridge again.")


def test_two_diets_are_said_one_by_one() -> None:
    """Plans panel p37 (half A): "No venue here shows evidence of halal food and vegetarian
    food" over three venues each quoting a vegetarian dish."""
    from types import SimpleNamespace

    from kairos.venues.summary import ranked_features_line
    from kairos.venues.synthesiser import synthesise
    from tests.venues.test_agents import SEED_WEIGHTS, _scored

    ranked = synthesise(
        [_scored(n, 0.6, 2) for n in ("one", "two", "three")],
        SEED_WEIGHTS, vibe_name=None, budget_text=None,
    )  # fmt: skip
    candidates = [SimpleNamespace(venue_id=n, traits=["vegetarian"]) for n in ("one", "two")]
    found = SimpleNamespace(featured=0, featured_ids=[], candidates=candidates)
    line = ranked_features_line(["halal", "vegetarian"], found, ranked)  # type: ignore[arg-type]
    assert line == (
        "No venue here shows evidence of halal food; these are the closest matches. "
        "Only 2 venues here show evidence of vegetarian food: One, Two"
    )
