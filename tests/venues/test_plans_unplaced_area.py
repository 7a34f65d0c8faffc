"""Group plans (issue 38, round 9b): "closer to" an area that is not on the map offers the
nearest alternative, never only "it is not on the map"."""

from __future__ import annotations

from kairos.venues.followups import closer_sentence
from kairos.venues.schemas import VenueResult
from kairos.venues.scout_query import widened_note


def _top() -> list[VenueResult]:
    return [VenueResult.model_construct(name=n) for n in ("A", "B", "C")]


def test_closer_to_an_unplaced_area_falls_back_on_the_members_trips() -> None:
    """Plans panel (brief, p36/p47): "anything closer to kendall? half of us are coming from
    there" answered only that Kendall Square is not on the map. With members located, the plan
    is ordered by their trips, and that is said as what closer came to."""
    said = closer_sentence(True, "kendall square", _top(), ["A", "B", "C"], placed=False)
    assert "could not be met" not in said, said
    assert "Kendall Square is not on the map" in said and "longest trip" in said, said


def test_closer_to_an_unplaced_area_without_locations_says_what_would_place_it() -> None:
    said = closer_sentence(False, "kendall square", _top(), ["A", "B", "C"], placed=False)
    assert "could not be met" in said and "where the members are coming from" in said, said
    note = widened_note("Kendall Square", "cambridge", 0, placed=False)
    assert "where the members are coming from" in note, note
