"""A question about one thing guests say is answered on that thing (issue 36, item 2): "do
reviews mention waits?" with how many do, or plainly that none does — never with a quote about
the food standing in for an answer."""

from __future__ import annotations

from datetime import date

from kairos.operator.compose import evidence_lines
from kairos.operator.reading import read_message
from kairos.operator.schemas import EvidenceItem, GuestSnapshot, ResolvedLocation, ThemeSignal

HERE = ResolvedLocation(label="Grezzo", kind="place", lat=42.36, lng=-71.05, place_id=7,
                        resolved=True)  # fmt: skip
TODAY = date(2026, 12, 2)


def _snapshot(*themes: ThemeSignal, evidence: list[EvidenceItem]) -> GuestSnapshot:
    return GuestSnapshot(place="Grezzo", place_id=7, sample_size=14,
                         window_start=date(2019, 1, 5), window_end=date(2021, 3, 2),
                         themes=list(themes), summary="", sparse=False,
                         evidence=evidence)  # fmt: skip


FOOD = ThemeSignal(theme="food", mentions=5, negative=1, positive=4, summary="")
FOOD_QUOTE = EvidenceItem(review_id=11, place="Grezzo", date=date(2020, 5, 1), theme="food",
                          polarity="positive",
                          snippet="The raw lasagna was a revelation.")  # fmt: skip


def test_a_wait_question_with_no_review_on_waits_says_none_and_quotes_nothing_else() -> None:
    reading = read_message("do any reviews mention waits?", TODAY)
    assert reading.expand and reading.themes == ("wait_time",)
    lines = evidence_lines(_snapshot(FOOD, evidence=[FOOD_QUOTE]), HERE, None, False,
                           reading.themes)  # fmt: skip
    assert lines == ["None of Grezzo's 14 reviews (Jan 2019–Mar 2021) mentions waits."]


def test_a_wait_question_is_answered_with_its_count_and_its_own_quotes_first() -> None:
    waits = ThemeSignal(theme="wait_time", mentions=3, negative=2, positive=1, summary="")
    wait_quote = EvidenceItem(review_id=12, place="Grezzo", date=date(2021, 1, 9),
                              theme="wait_time", polarity="negative",
                              snippet="We waited 40 minutes for a table.")  # fmt: skip
    reading = read_message("are people complaining about the wait times?", TODAY)
    lines = evidence_lines(_snapshot(FOOD, waits, evidence=[FOOD_QUOTE, wait_quote]), HERE, None,
                           reading.complaints, reading.themes)  # fmt: skip
    assert lines[0] == "On waits: 3 of 14 reviews mention it (2 complaints, 1 in praise)."
    assert lines[1:] == ['- "We waited 40 minutes for a table." (09 Jan 2021; wait time, '
                         "negative; review 12)"]  # fmt: skip


def test_a_wait_said_without_asking_the_reviews_asks_no_theme() -> None:
    assert read_message("we have a long wait on fridays, staffing?", TODAY).themes == ()
    assert read_message("show me the reviews", TODAY).themes == ()
    assert read_message("do guests find it too loud?", TODAY).themes == ("noise",)


def test_fix_first_on_a_single_complaint_is_a_check_not_a_briefing() -> None:
    """Panel half A, o37: one 2011 review of service made a whole floor briefing."""
    from kairos.operator.asks import direct_answers
    from kairos.operator.demand import DEFAULT_SHAPE, DemandShape

    service = ThemeSignal(theme="service", mentions=1, negative=1, positive=0, summary="")
    guests = _snapshot(service, evidence=[])
    said = direct_answers("fix_first", DemandShape(DEFAULT_SHAPE, "d", 0, 0), None, [], guests)
    assert said[0].startswith(
        "Fix first: nothing your reviews say is firm enough to act on — 1 of 14 reviews complains "
        "about service, the newest from Mar 2021. Check it on the floor before changing anything"
    ), said
