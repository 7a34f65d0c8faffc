"""Words of a trip request read as said (issue 35, round 3): a real word is not "fixed" into a
table's word, and stairs a traveller cannot climb ask for step-free places."""

from __future__ import annotations

from datetime import date

from kairos.trips.intent_cues import tokens
from kairos.trips.intent_request import text_filters

TODAY = date(2026, 11, 25)


def test_a_real_word_is_not_fixed_into_a_shorter_table_word() -> None:
    assert "peace" in tokens("hiroshima day trip, peace memorial and the castle")
    assert "pace" not in tokens("the peace garden")


def test_slips_and_plurals_are_still_read() -> None:
    assert tokens("relaxxed singpore dehli") == ["relaxed", "singapore", "delhi"]


def test_stairs_they_cannot_climb_ask_for_step_free_places() -> None:
    for text in (
        "Kathmandu 3 days with my parents in their 70s, they can't climb stairs much",
        "Delhi 2 days, my mum cannot manage stairs",
        "Edinburgh, 2 days, we must avoid stairs",
    ):
        assert "step_free" in text_filters(text, TODAY).accessibility, text
