"""Rules, confidence caps and the action line: deterministic, and each fails when broken."""

from __future__ import annotations

from datetime import date, time
from math import ceil

import pytest

from kairos.operator.action_line import ActionLineError, fallback, parse, parse_last_line
from kairos.operator.confidence import assess
from kairos.operator.demand import DEFAULT_SHAPE, DemandModel, DemandShape, open_cells
from kairos.operator.rules import COVERS_PER_SERVER, SignalPack, decide
from kairos.operator.schemas import ActionLine, SourceStatus
from kairos.signals.events.models import Event
from kairos.signals.weather.models import WeatherReport
from kairos.store.operator import PlaceCheckins

SATURDAY = date(2026, 11, 28)


def _pack(**extra: object) -> SignalPack:
    shape = DemandShape(DEFAULT_SHAPE, "default", 0, 0)
    return SignalPack(location="here", days=[SATURDAY], demand=shape, **extra)  # type: ignore[arg-type]


def _wet(chance: float) -> WeatherReport:
    return WeatherReport(day=SATURDAY, kind="forecast", known=True, precip_chance=chance,
                         heavy_precip_chance=chance / 2, snow_chance=0.0, summary="",
                         basis="test")  # fmt: skip


def test_a_big_event_nearby_adds_servers_in_its_daypart() -> None:
    event = Event(id="e1", name="Concert", day=SATURDAY, start_time=time(19), distance_km=0.4)
    decision = decide(_pack(baseline_covers=400, baseline_weekday=5, events=[event]), "staffing")
    top = decision.actions[0]
    assert (top.kind, top.daypart) == ("add_staff", "dinner")
    assert top.expected_covers is not None and top.usual_covers is not None
    # the change in the counts every answer states (one per COVERS_PER_SERVER, rounded up): the
    # count after it is the one a fresh plan gives for the expected covers (o09, operator15b)
    counted = ceil(top.expected_covers / COVERS_PER_SERVER) - ceil(
        top.usual_covers / COVERS_PER_SERVER
    )
    assert top.staff_delta == counted
    assert top.drivers[0].evidence_ids == ["e1"]


def test_certain_rain_cuts_staff_and_dry_weather_changes_nothing() -> None:
    wet = decide(_pack(baseline_covers=400, baseline_weekday=5, weather={SATURDAY: _wet(1.0)}),
                 "staffing")  # fmt: skip
    dry = decide(_pack(baseline_covers=400, baseline_weekday=5, weather={SATURDAY: _wet(0.0)}),
                 "staffing")  # fmt: skip
    assert any(a.kind == "cut_staff" for a in wet.actions)
    assert dry.actions == []
    assert dry.recommendation.startswith("Staff Sat 28 Nov, dinner 17:00–22:00 for ≈")
    assert "no outside signal moves demand: ≈" in dry.recommendation


def test_cards_rank_differently() -> None:
    event = Event(id="e1", name="Game", day=SATURDAY, distance_km=0.8)
    pack = dict(events=[event], weather={SATURDAY: _wet(0.9)})
    staffing = decide(_pack(**pack), "staffing").drivers[0].source
    risk = decide(_pack(**pack), "risk").drivers[0].source
    assert (staffing, risk) == ("events", "weather")


def _status(name: str, status: str) -> SourceStatus:
    # weather, events and closures as a forecast, listings and permits would answer: outside
    return SourceStatus(name=name, provider="p", status=status, freshness="live",  # type: ignore[arg-type]
                        external=name != "reviews")  # fmt: skip


ALL_OK = [_status(n, "ok") for n in ("weather", "events", "closures", "reviews")]


def test_confidence_high_only_when_everything_is_known() -> None:
    args = dict(card="staffing", sources=ALL_OK, location_assumed=False, baseline_assumed=False,
                reviews_used_sparse=False)  # fmt: skip
    assert assess(location_resolved=True, baseline_given=True, **args).level == "high"  # type: ignore[arg-type]
    approximate = assess(location_resolved=False, baseline_given=True, **args)  # type: ignore[arg-type]
    assert approximate.level == "medium" and approximate.caps


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        ([_status("weather", "stale"), *ALL_OK[1:]], "low"),  # primary source stale
        ([_status(n, "timeout") for n in ("weather", "events", "closures")], "low"),
    ],
)
def test_hard_caps(sources: list[SourceStatus], expected: str) -> None:
    found = assess(card="staffing", sources=sources, location_resolved=True,
                   location_assumed=False, baseline_given=True, baseline_assumed=False,
                   reviews_used_sparse=False)  # fmt: skip
    assert found.level == expected


def test_an_assumed_baseline_caps_at_medium() -> None:
    found = assess(card="staffing", sources=ALL_OK, location_resolved=True,
                   location_assumed=False, baseline_given=True, baseline_assumed=True,
                   reviews_used_sparse=False)  # fmt: skip
    assert (found.uncapped, found.level) == ("high", "medium")


def test_action_lines_round_trip_and_reject_malformed_ones() -> None:
    cited = [("weather climatology", "shipped data"), ("reviews catalog", "3 min old")]
    line = ActionLine(
        action="Add 1 server", window="Sat 28 Nov, dinner", confidence="medium", sources=cited
    )
    assert parse(line.render()) == line
    assert parse_last_line("Some text\n" + fallback("today").render()).sources == [
        ("system", "rules only")
    ]
    with pytest.raises(ActionLineError):
        parse_last_line(line.render() + "\nAnything else?")
    with pytest.raises(ActionLineError):
        parse("Action: x | Window: y | Confidence: certain | Source: z (live)")


def test_opening_hours_keep_closed_cells_near_zero() -> None:
    hours = {"Monday": {"open": "06:00", "close": "15:00"}}
    mask = open_cells(hours)
    assert mask is not None and mask[0, 0] == 1 and mask[0, 3] == 0 and mask[5].sum() == 0
    model = DemandModel({1: PlaceCheckins(["Cafes"], None, {(0, 8): 20, (0, 19): 80})})
    unknown = model.shape(place_id=None, categories=["Cafes"])
    known = model.shape(place_id=None, categories=["Cafes"], hours=hours)
    assert unknown.shares[0, 3] > unknown.shares[0, 0]
    assert known.shares[0, 0] > known.shares[0, 3]


def test_a_weekday_the_listing_leaves_out_but_its_own_check_ins_fill_is_read_as_open() -> None:
    """Operators panel o07 (half A): Coppa's listed hours name no Saturday, 12 of its own
    check-ins fall on Saturdays; 'staff Saturday' from a 150-cover Friday read ≈5 covers."""
    weekday = {"open": "12:00", "close": "23:30"}
    hours = {d: weekday for d in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")}
    own = {(4, 19): 10, (5, 19): 8, (5, 20): 4, (6, 19): 1}  # Fri, Sat, one stray Sunday
    model = DemandModel({7: PlaceCheckins(["Italian"], hours, own)})
    shape = model.shape(place_id=7, categories=["Italian"])
    assert shape.shares[5, 3] > 0.5 * shape.shares[4, 3]  # Saturday dinner is not near zero
    assert shape.shares[6, 3] < 0.1 * shape.shares[4, 3]  # one Sunday visit does not open it
    assert "leave out Saturday, yet 12 of its own check-ins fall then" in shape.basis
