"""Group plans, third round (issue 38): a member's diet weighs more than a price under the
target, a vibe that could not be read never outranks one that was, and what "quieter" came
to is said from the order shown."""

from __future__ import annotations

from kairos.venues.followups import quieter_sentence
from kairos.venues.schemas import MemberRisk
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _scored

RAVI = MemberRisk(
    name="Ravi", allergens=[], severity="diet", note="Ravi: no evidence of vegetarian options"
)


def test_a_venue_showing_a_members_diet_leads_one_priced_under_the_target() -> None:
    """ "work farewell dinner in back bay for 15, around $40 a head", Ravi vegetarian: three
    venues saying "Ravi: no evidence of vegetarian options" led, the one vegetarian-listed
    pizzeria eighth for costing well under the target (plans panel p31)."""
    plain = [_scored(name, 0.6, 2, risks=[RAVI]) for name in ("one", "two", "three")]
    veggie = _scored("veggie", 0.6, 1)
    veggie.off_budget = veggie.under_target = True
    ranked = synthesise([*plain, veggie], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[0].venue_id == "veggie"


def test_a_price_over_the_budget_still_ranks_after_a_members_diet_unmet() -> None:
    over = _scored("over", 0.6, 4)
    over.off_budget = True
    fits = _scored("fits", 0.6, 2, risks=[RAVI])
    ranked = synthesise([over, fits], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["fits", "over"]


def test_a_vibe_not_read_never_outranks_one_read_low() -> None:
    """An unknown vibe counted as a neutral 0.5 and beat venues read at 0.17 ("cozy")."""
    unread = _scored("unread", None, 2)
    read = _scored("read", 0.17, 2)
    ranked = synthesise([unread, read], SEED_WEIGHTS, vibe_name="cozy", budget_text=None)
    assert [v.venue_id for v in ranked] == ["read", "unread"]
    assert ranked[0].composite >= ranked[1].composite
    # with no vibe read anywhere, an unknown is still neutral
    (alone,) = synthesise([_scored("x", None, 2)], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert alone.composite == _scored_composite_neutral()


def _scored_composite_neutral() -> float:
    return round(0.33 * 0.5 + 0.40 * 0.6 + 0.27 * 1.0, 4)


def test_quieter_is_said_from_the_order_shown() -> None:
    """After "somewhere quieter" the summary said the venue listed as quiet came first while
    it stayed third (plans panel p43): the sentence reads the ranked plan."""
    ranked = synthesise(
        [_scored(n, 0.6, 2) for n in ("first", "second", "hushed")],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    hushed = next(v for v in ranked if v.venue_id == "hushed")
    said = quieter_sentence(ranked, {"hushed"}, 1)
    assert "come first" not in said
    assert f"Hushed (#{hushed.rank})" in said and "1 its source lists as loud" in said
    leading = quieter_sentence(ranked, {ranked[0].venue_id}, 0)
    assert leading.startswith("Quieter, as asked: 1 venue(s) listed as quiet")
    assert "No venue here is listed as quiet" in quieter_sentence(ranked, set(), 0)
