"""Things that are not sights (a street corner, a sign, a street with its quarter) and the words
for an early start (issue 35)."""

from __future__ import annotations

from kairos.core.notability import not_a_sight
from kairos.trips.intent_hours import EARLY_START, said_hours
from kairos.trips.unmet_words import unmet_phrases


def test_a_street_corner_a_sign_and_a_street_with_its_quarter_are_no_sights() -> None:
    listed = {"poi": {"tripadvisor_attractions": {"category": "landmark"}}}
    corner = "Eglinton Avenue West between Colin Avenue and Yonge Street, Toronto"
    assert not_a_sight("Yonge and Eglinton", "attraction", listed, corner) is not None
    assert not_a_sight("Toronto Sign", "attraction", listed, "100 Queen St W") is not None
    assert not_a_sight("Bloor Street West/Annex", "attraction", listed) is not None
    # two names joined whose address names no such streets stay sights
    assert not_a_sight("Soldiers' and Sailors Monument", "attraction", listed,
                       "171 Riverside Dr, New York") is None  # fmt: skip
    assert not_a_sight("Yonge and Eglinton", "attraction", listed) is None


def test_an_early_start_or_beating_the_crowds_starts_the_day_at_eight() -> None:
    assert said_hours("Kyoto 2 days, early start to beat the crowds", 2) == (EARLY_START, None)
    assert said_hours("temples before the crowds please", 2) == (EARLY_START, None)
    assert said_hours("9am to 6pm, early start", 1) == (9 * 60, 18 * 60)  # a time said wins
    assert said_hours("how early does the temple open", 1) == (None, None)
    assert unmet_phrases("Kyoto temples, early start to beat the crowds", "Kyoto", []) == []
