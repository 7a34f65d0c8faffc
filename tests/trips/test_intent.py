"""Trips intent (seed 003, stages 1-2): normalisation into an IntentRequest and classification."""

from __future__ import annotations

from datetime import date

import pytest

from kairos.errors import InvalidInput
from kairos.settings import Settings
from kairos.text.embeddings import get_embedder
from kairos.trips.intent import (
    Intent,
    IntentFilters,
    IntentRequest,
    TripWindow,
    classify,
    normalise,
)

TODAY = date(2025, 6, 11)  # a Wednesday
TRIP = TripWindow(start=TODAY, days=5)  # Wednesday to Sunday


def _request(text: str, **kwargs: object) -> IntentRequest:
    return normalise(text, profile_id="p1", today=TODAY, **kwargs)  # type: ignore[arg-type]


def _on_trip(text: str) -> Intent:
    return classify(_request(text, trip_id="t1"), trip=TRIP)


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_text_without_filters_is_invalid_and_says_what_to_type(text: str) -> None:
    with pytest.raises(InvalidInput, match="Type what you would like"):
        _request(text)


def test_empty_text_with_structured_filters_is_a_request() -> None:
    request = _request("", filters=IntentFilters(city="Delhi", days=2))
    assert request.filters.city == "Delhi" and request.filters.days == 2
    assert classify(request).intent_type == "discovery"


def test_an_unsupported_locale_is_recorded_and_read_by_the_english_pipeline() -> None:
    request = _request("3 days in Delhi", locale="fr-FR")
    assert request.locale == "fr-FR" and request.locale_fallback
    assert request.filters.city == "Delhi" and request.filters.days == 3
    assert not _request("3 days in Delhi", locale="en-GB").locale_fallback


def test_text_fills_the_filters_and_structured_filters_win() -> None:
    said = _request("4 days in Singapore with kids in March, not too packed, by MRT")
    assert said.filters.city == "Singapore"
    assert said.filters.days == 4
    assert said.filters.companions == ["kids"]
    assert said.filters.pace == "relaxed"
    assert said.filters.mode == "transit"
    given = IntentFilters(city="Toronto", pace="packed", companions=["elderly"])
    merged = _request("4 days in Singapore with kids, not too packed", filters=given).filters
    assert merged.city == "Toronto" and merged.pace == "packed"
    assert merged.companions == ["elderly", "kids"]
    assert merged.days == 4
    assert _request("4 days in Singapore", filters=given).text_filters.city == "Singapore"


def test_dates_come_from_the_shared_reader() -> None:
    weekend = _request("things to do in quebec city this weekend").filters
    assert (weekend.start, weekend.end, weekend.days) == (date(2025, 6, 14), date(2025, 6, 15), 2)
    week = _request("3 days in Delhi next week").filters
    assert (week.start, week.days) == (date(2025, 6, 16), 3)  # next week's Monday
    whole = _request("a trip to Singapore next week").filters
    assert (whole.start, whole.end) == (date(2025, 6, 16), date(2025, 6, 22))
    assert _request("next weekend in Delhi").filters.start == date(2025, 6, 21)
    month = _request("Kathmandu next month").filters
    assert (month.start, month.end) == (date(2025, 7, 1), date(2025, 7, 31))
    span = _request("plan my trip to Tokyo from friday to sunday").filters
    assert span.city == "Tokyo" and span.days == 3 and span.start == date(2025, 6, 13)


def test_a_day_trip_is_one_day_on_the_date_given() -> None:
    """Trips panel t22: 'Day trip around Delhi on 2027-02-06' planned three half-days."""
    dated = _request("Day trip around Delhi on 2027-02-06, Mughal architecture").filters
    assert (dated.start, dated.end, dated.days) == (date(2027, 2, 6), date(2027, 2, 6), 1)
    assert _request("a day-trip from Delhi").filters.days == 1
    assert _request("3 days in Delhi with a day trip to Agra").filters.days == 3
    assert _request("2 day trip to Delhi").filters.days == 2


def test_a_free_day_said_in_words_is_kept_free() -> None:
    """Issue 34 audit: '4 days in Singapore, day 3 free' planned five stops on day 3."""
    assert _request("4 days in Singapore, day 3 free, gardens").filters.free_days == [3]
    assert _request("3 days in Delhi, keep day 1 free").filters.free_days == [1]
    assert _request("3 days in Delhi, day 3 museums").filters.free_days == []


def test_tags_budget_and_accessibility_are_normalised() -> None:
    filters = _request("free wheelchair accessible museums and temples in dc").filters
    assert filters.city == "Washington"
    assert filters.tags == ["museum", "religious_site"]
    assert filters.budget == "free"
    assert filters.accessibility == ["wheelchair"]
    assert _request("they can't walk far").filters.accessibility == ["limited_mobility"]
    assert _request("they can't walk far").filters.mode is None


def test_discovery_with_city_days_companions_and_pace() -> None:
    request = _request("4 days in Singapore with kids in March, not too packed")
    intent = classify(request)
    assert intent.intent_type == "discovery"
    assert intent.entities.locations == ["Singapore"]
    assert request.filters.days == 4
    assert request.filters.companions == ["kids"]
    assert request.filters.pace == "relaxed"


def test_make_day_2_more_relaxed() -> None:
    intent = _on_trip("make day 2 more relaxed")
    assert intent.intent_type == "refine_trip_day" and intent.method == "rules"
    assert intent.day_index == 2
    assert intent.change is not None and intent.change.kind == "more_relaxed"


def test_swap_the_museum_on_day_3_for_something_outdoors() -> None:
    intent = _on_trip("swap the museum on day 3 for something outdoors")
    assert intent.intent_type == "refine_trip_day"
    assert intent.day_index == 3
    assert intent.change is not None
    assert (intent.change.kind, intent.change.target, intent.change.stop) == (
        "swap",
        "outdoors",
        "museum",
    )


@pytest.mark.parametrize(
    ("text", "day", "kind"),
    [
        ("can we make the second day lighter", 2, "more_relaxed"),
        ("the last day should be more relaxed", 5, "more_relaxed"),
        ("tomorrow feels too rushed", 2, "more_relaxed"),
        ("on saturday let's do more stuff", 4, "more_packed"),
        ("remove Lotus Temple from day 4", 4, "remove"),
        ("add a park to day 1", 1, "add"),
        ("take the church off sunday's plan", 5, "remove"),
        ("mak day 3 more relaxd", 3, "more_relaxed"),
    ],
)
def test_refinements_name_the_day_and_the_change(text: str, day: int, kind: str) -> None:
    intent = _on_trip(text)
    assert intent.intent_type == "refine_trip_day"
    assert intent.day_index == day
    assert intent.change is not None and intent.change.kind == kind


def test_a_weekday_without_the_trip_keeps_the_date_but_no_index() -> None:
    intent = classify(_request("on saturday replace the museum with a park", trip_id="t1"))
    assert intent.intent_type == "refine_trip_day"
    assert intent.day_index is None and intent.day_date == date(2025, 6, 14)


def test_three_days_in_a_city_is_not_day_three() -> None:
    intent = _on_trip("3 days in Delhi next week")
    assert intent.intent_type == "discovery" and intent.day_index is None


@pytest.mark.parametrize(
    ("text", "petal"),
    [
        ("what time does Humayun's Tomb open?", "Humayun's Tomb"),
        ("tell me more about Humayun's Tomb", "Humayun's Tomb"),
        ("is the Red Fort open on Monday?", "Red Fort"),
        ("opening hours of the Royal Ontario Museum", "Royal Ontario Museum"),
        ("Is the Washington Monument accessible for wheelchairs", "Washington Monument"),
        ("Is the National Museum in Delhi open on Mondays?", "National Museum"),
    ],
)
def test_questions_about_a_place_enrich_that_petal(text: str, petal: str) -> None:
    intent = classify(_request(text))
    assert intent.intent_type == "enrich_petal"
    assert intent.petal == petal


def test_a_question_without_a_named_place_is_a_search() -> None:
    assert classify(_request("quebec city in winter, what's open")).intent_type == "discovery"


def test_the_real_model_breaks_ties_the_rules_cannot(settings: Settings) -> None:
    embedder = get_embedder(settings)
    request = _request("art galleries in NYC")
    rules = classify(request)
    blended = classify(request, embedder=embedder)
    assert rules.method == "rules" and blended.method == "embedding"
    assert blended.intent_type == "discovery"
    sure = classify(_request("make day 2 more relaxed", trip_id="t1"), embedder=embedder)
    assert sure.method == "rules"  # the model is not called when the rules are sure


def test_the_evaluation_reports_every_class(settings: Settings) -> None:
    from kairos.evals.trips_intent import DEFAULT_DATA, evaluate_intents

    report = evaluate_intents(DEFAULT_DATA, None)
    figures = report.splits["all"]
    assert figures.rows >= 200 and set(report.splits) == {"all", "test", "train"}
    assert set(figures.classes) == {"discovery", "refine_trip_day", "enrich_petal"}
    assert {"city", "days", "day_index", "petal"} <= set(figures.entity_accuracy)
    for name, c in figures.classes.items():
        assert c.precision >= 0.9 and c.recall >= 0.9, name
