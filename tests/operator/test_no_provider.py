"""Issue 34: a role with no provider is no source. Offline, events and closures have none; the
operator assistant once cited them as "events no-events-source (live)", counted them in "3 of 3
sources answered" and reached `high` on "no closures or weather risks stand out". Each test here
builds that case from the real offline signals and fails if any of it is printed again."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import ClassVar

import pytest

from kairos.operator.compose import compose
from kairos.operator.confidence import assess
from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.rules import SignalPack, decide
from kairos.operator.schemas import Card, SourceStatus
from kairos.operator.sources import ReviewList, ReviewsQuery, ToolBudget, fetch_pack, status_of
from kairos.settings import Settings
from kairos.signals.client import SignalClient
from kairos.signals.envelope import SignalAnswer, SignalData
from kairos.signals.events.models import EventList
from kairos.signals.service import build_signals
from kairos.signals.weather.models import WeatherReport

BROOKLYN = (40.6857, -73.9806)  # 350 Atlantic Ave: inside the offline climatology's coverage
FRIDAY = date(2026, 11, 27)
DAYS = [FRIDAY + timedelta(days=i) for i in range(3)]
N_OF_N = re.compile(r"\b(\d+) of \1 sources answered")
SETTINGS = ("KAIROS_EVENTS_PROVIDER=ticketmaster", "KAIROS_EVENTS_API_KEY",
            "KAIROS_CLOSURES_PROVIDER=nycdot")  # fmt: skip


class _NoReviews:
    name = "no-reviews"
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True

    async def fetch(self, query: ReviewsQuery) -> ReviewList:
        return ReviewList(reviews=[])

    async def aclose(self) -> None:
        return None


def _status(name: str, *, external: bool, status: str = "ok") -> SourceStatus:
    return SourceStatus(name=name, provider="p", status=status, freshness="live",  # type: ignore[arg-type]
                        informative=status in ("ok", "stale"), external=external)  # fmt: skip


@pytest.mark.parametrize("card", ["risk", "staffing", "opportunity"])
async def test_offline_events_and_closures_are_never_a_source(card: Card) -> None:
    """A resolved address, a stated baseline, every source fetched offline: before, the risk
    card answered `high` on three "sources", two of which had no provider."""
    signals = build_signals(Settings(_env_file=None))  # type: ignore[call-arg]
    reviews: SignalClient[ReviewsQuery, ReviewList] = SignalClient(
        _NoReviews(), timeout_seconds=1, fresh_seconds=60, keep_seconds=600
    )
    fetched = await fetch_pack(signals=signals, reviews=reviews, card=card, lat=BROOKLYN[0],
                               lng=BROOKLYN[1], days=DAYS, place_id=None, want_reviews=False,
                               refresh=False, budget=ToolBudget())  # fmt: skip
    sources = [fetched.statuses[n] for n in ("weather", "events", "closures", "school_calendar")
               if n in fetched.statuses]  # fmt: skip
    pack = SignalPack(location="350 Atlantic Ave", days=DAYS, baseline_covers=180,
                      baseline_weekday=4, demand=DemandShape(DEFAULT_SHAPE, "default", 0, 0),
                      weather=fetched.weather, school=fetched.school,
                      events=fetched.events.events if fetched.events else None,
                      closures=fetched.closures.closures if fetched.closures else None)  # fmt: skip
    decision = decide(pack, card)
    confidence = assess(card=card, sources=sources, location_resolved=True,
                        location_assumed=False, baseline_given=True, baseline_assumed=False,
                        reviews_used_sparse=False)  # fmt: skip
    answer = compose(decisions=[decision], confidence=confidence, sources=sources,
                     window="Fri 27 Nov – Sun 29 Nov", assumptions=[], question=None,
                     snapshot=None, verbose=True)  # fmt: skip

    for name in ("events", "closures"):
        role = fetched.statuses[name]
        assert (role.status, role.informative, role.external) == ("not_configured", False, False)
        assert role.freshness == "not configured" and role.detail
    weather = fetched.statuses["weather"]
    assert weather.informative and not weather.external  # climatology: the normal for the date
    cited = [name for name, _ in answer.action_line.sources]
    assert not [n for n in cited if n.startswith(("events", "closures"))], cited
    assert "no-events-source" not in answer.text and "no-closures-source" not in answer.text
    assert not N_OF_N.search(answer.text), answer.text
    assert confidence.level != "high" and confidence.uncapped != "high"
    assert any("no outside signal" in cap.reason for cap in confidence.caps)
    assert "no events or street-closure source is configured, so they are not counted" in (
        confidence.reasons)  # fmt: skip
    for setting in SETTINGS:
        assert setting in answer.text, setting  # said plainly, with the settings to change
    assert "No events source is configured" in answer.text
    assert "No street-closure source is configured" in answer.text
    assert "closures or weather risks stand out" not in answer.text  # no all-clear on closures
    assert "nothing outside is bringing guests" not in answer.text  # nor on events
    assert answer.text.count("?") == 0
    await signals.aclose()


def test_high_needs_an_outside_signal() -> None:
    """ADR-012, ADR-022: three sources that answered, none of them an outside account of the
    period (climatology, the catalog's reviews), is at most medium; one forecast makes it high."""
    args = dict(card="staffing", location_resolved=True, location_assumed=False,
                baseline_given=True, baseline_assumed=False, reviews_used_sparse=False)  # fmt: skip
    inside = [_status(n, external=False) for n in ("weather", "school_calendar", "reviews")]
    found = assess(sources=inside, **args)  # type: ignore[arg-type]
    assert found.level == "medium"
    assert [c.level for c in found.caps] == ["medium"]
    assert found.caps[0].reason.startswith("no outside signal covers this place and period")
    forecast = [_status("weather", external=True), *inside[1:]]
    assert assess(sources=forecast, **args).level == "high"  # type: ignore[arg-type]


def test_climatology_alone_or_nothing_is_low_and_counts_no_missing_role() -> None:
    args = dict(card="risk", location_resolved=True, location_assumed=False,
                baseline_given=True, baseline_assumed=False, reviews_used_sparse=False)  # fmt: skip
    none = [_status(n, external=False, status="not_configured") for n in ("events", "closures")]
    climatology = assess(sources=[_status("weather", external=False), *none], **args)  # type: ignore[arg-type]
    nothing = assess(sources=none, **args)  # type: ignore[arg-type]
    for found in (climatology, nothing):
        assert found.level == "low" and found.uncapped == "low"
        said = "; ".join(found.reasons + [c.reason for c in found.caps])
        assert not N_OF_N.search(said), said
        assert "no events or street-closure source is configured" in said
        assert "the risk card's primary source (closures) has no provider" in said
    assert "only 1 of 1 configured sources answered" in climatology.reasons
    assert "only 0 of 0 configured sources answered" in nothing.reasons


def test_no_all_clear_on_what_was_not_checked() -> None:
    """The risk card's "no closures or weather risks stand out" only when both were checked; an
    opportunity's "nothing outside" only when events were."""
    day = DAYS[1]
    dry = {day: WeatherReport(day=day, kind="forecast", known=True, precip_chance=0.0,
                              heavy_precip_chance=0.0, snow_chance=0.0, summary="dry",
                              basis="test")}  # fmt: skip
    shape = DemandShape(DEFAULT_SHAPE, "default", 0, 0)

    def said(card: Card, **pack: object) -> str:
        found = SignalPack(location="here", days=[day], demand=shape, **pack)  # type: ignore[arg-type]
        return decide(found, card).recommendation

    assert said("risk", weather=dry, closures=[]) == (
        "No closures or weather risks stand out for this period; run as usual.")  # fmt: skip
    for unknown in (said("risk", weather=dry, closures=None), said("risk", closures=None),
                    said("risk", closures=[])):  # fmt: skip
        assert "closures or weather risks stand out" not in unknown, unknown
        assert "not an all-clear" in unknown or "no all-clear" in unknown, unknown
    assert "street closures nearby are unknown" in said("risk", weather=dry, closures=None)
    closed = DemandShape(DEFAULT_SHAPE * 0, "closed all week", 0, 0)  # no window to fill
    quiet = decide(SignalPack(location="here", days=[day], demand=closed), "opportunity")
    assert quiet.recommendation.startswith("No outside opportunity is known (events nearby")


def test_only_a_forecast_listings_permits_or_the_calendar_are_outside_signals() -> None:
    day, at = DAYS[0], datetime.now(UTC)

    def answer(data: SignalData) -> SignalAnswer[SignalData]:
        return SignalAnswer[SignalData](source="s", status="ok", data=data, fetched_at=at,
                                        age_seconds=0.0)  # fmt: skip

    def report(kind: str, known: bool = True) -> WeatherReport:
        return WeatherReport(day=day, kind=kind, known=known, summary="", basis="test")  # type: ignore[arg-type]

    assert status_of("weather", [answer(report("forecast"))]).external
    assert not status_of("weather", [answer(report("climatology"))]).external
    assert not status_of("weather", [answer(report("forecast", known=False))]).external
    assert status_of("events", [answer(EventList(events=[]))]).external  # a provider's "none"
    assert not status_of("reviews", [answer(ReviewList(reviews=[]))]).external


async def test_a_source_the_card_never_asked_is_not_said_to_cover_anything() -> None:
    """The staffing card does not fetch the school calendar, nor reviews without a matched
    place: those roles were listed `informative: true`, a certificate on a source never asked."""
    signals = build_signals(Settings(_env_file=None))  # type: ignore[call-arg]
    reviews: SignalClient[ReviewsQuery, ReviewList] = SignalClient(
        _NoReviews(), timeout_seconds=1, fresh_seconds=60, keep_seconds=600
    )
    fetched = await fetch_pack(signals=signals, reviews=reviews, card="staffing",
                               lat=BROOKLYN[0], lng=BROOKLYN[1], days=DAYS, place_id=None,
                               want_reviews=False, refresh=False, budget=ToolBudget())  # fmt: skip
    skipped = [s for s in fetched.statuses.values() if s.status == "skipped"]
    assert skipped, fetched.statuses
    for source in skipped:
        assert (source.informative, source.external) == (False, False), source
    await signals.aclose()
