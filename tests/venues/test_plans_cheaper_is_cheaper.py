"""Issue 38, plans panel half A p39: "tapas in gracia, barcelona for 4, about 30 euros each",
then "make it cheaper". The follow-up kept two $$ tapas bars, each reading only "may exceed
budget", then padded the plan with a $$ Galician restaurant and a rooftop of unknown price:
neither the food asked nor cheaper. After "cheaper", every venue shown is cheaper than the
plan it refines, or says plainly that it is not and why it is shown; an alternative of
another kind is shown only when it is known to be cheaper."""

from __future__ import annotations

from kairos.venues.alternatives import merge_alternatives
from kairos.venues.followups import Asked, cheaper_sentence, not_cheaper_note
from kairos.venues.synthesiser import synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _scored
from tests.venues.test_commander import read
from tests.venues.test_plans_alternatives_and_closed import _found, usable
from tests.venues.test_plans_fourth_round import _candidates
from tests.venues.test_plans_meal_served import _place

BEFORE = "the last plan's first pick was $$"


def _cheaper_tapas():  # type: ignore[no-untyped-def]
    intent = read("tapas in barcelona for 4, about 30 euros each")
    intent.reading = intent.reading.model_copy(update={"categories": ["tapas"]})
    intent.asked = Asked(changes=("cheaper",), ceiling=1, before=BEFORE)
    return intent


def test_after_cheaper_an_alternative_is_shown_only_when_known_to_be_cheaper() -> None:
    """Two $$ tapas bars, too few: of the other kinds, the $ one fills; the $$ Galician place
    (as dear as the tapas bars) and the one of unknown price are no padding."""
    intent = _cheaper_tapas()
    tapas = usable(_candidates([_place(1, "Paco", ["tapas"]), _place(2, "Milano", ["tapas"])]))
    galician = _place(3, "Retornino", ["galician"], "$$")
    unknown = _place(4, "Rooftop", ["restaurant"], "")
    cheap = _place(5, "Hermanas", ["spanish"], "$")
    other = usable(_candidates([galician, unknown, cheap]))
    merged = merge_alternatives(_found(tapas), _found(other), "Only 2 tapas places", intent)
    assert merged.alternatives == {5}
    assert [c.place_id for c in merged.candidates] == [1, 2, 5]
    intent.asked = Asked()  # no "cheaper": the $$ Galician place stands in, as before
    plain = merge_alternatives(_found(tapas), _found(other), "Only 2 tapas places", intent)
    assert 3 in plain.alternatives


def test_a_venue_not_cheaper_than_before_says_so_and_why_it_is_shown() -> None:
    asked = Asked(changes=("cheaper",), ceiling=1, before=BEFORE)
    assert not_cheaper_note(asked, "$", "tapas") is None
    assert not_cheaper_note(asked, "$$", "tapas") == (
        "Not cheaper than before: $$ (the last plan's first pick was $$); shown for want of "
        "enough cheaper tapas places that fit."
    )
    assert not_cheaper_note(asked, None, None) == (
        "Price unknown, so not known to be priced $ (the last plan's first pick was $$)."
    )
    assert not_cheaper_note(Asked(), "$$$", "tapas") is None, "no cheaper asked"
    lowest = Asked(changes=("cheaper",), ceiling=0, before="the last plan's first pick was $")
    assert not_cheaper_note(lowest, "$", None) is None, "nothing is cheaper than $"


def test_when_only_other_kinds_are_cheaper_the_summary_says_so_plainly() -> None:
    """Not "none can lead: … The nearest alternative is" a $$ tapas bar, which reads as if the
    tapas bar were one of the cheaper places."""
    hermanas = _scored("hermanas", 0.7, 1)
    hermanas.alternative = hermanas.other_kind = True  # after the tapas places, as shown
    plan = synthesise(
        [_scored("paco", 0.9, 2), _scored("milano", 0.8, 2), hermanas],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    assert [v.venue_id for v in plan] == ["paco", "milano", "hermanas"]
    asked = Asked(changes=("cheaper",), ceiling=1, before=BEFORE)
    said = cheaper_sentence(asked, plan, 0, " in Barcelona", kind="tapas")
    assert said == (
        "No tapas place in Barcelona is priced $ (the last plan's first pick was $$): the tapas "
        "places found lead, each saying it is not cheaper, and the 1 cheaper venue(s) after "
        "them are other kinds of place, each marked as one."
    )
    assert "none can lead" in cheaper_sentence(asked, plan, 0, " in Barcelona"), "no kind asked"
