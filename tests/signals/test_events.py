"""Events: one contract over every registered source (none offline, Ticketmaster Discovery
against an in-process server), then Ticketmaster's own behaviour."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import SecretStr

from kairos.signals.events.models import EventsQuery
from kairos.signals.registry import answering_sources, available_sources
from tests.signals.conftest import BARCLAYS
from tests.signals.fake_services import FakeState, tm_event

FRIDAY, SUNDAY = date(2031, 5, 2), date(2031, 5, 4)
WEEKEND = EventsQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], radius_km=2, start=FRIDAY, end=SUNDAY)
PROSPECT_PARK = (40.6602, -73.9690)  # 2.5 km from Barclays
MIDTOWN = (40.7505, -73.9934)  # Madison Square Garden, 7.7 km away


def _listings() -> list[dict[str, Any]]:
    return [
        tm_event("e3", "Liberty v Sky", SUNDAY, "15:00:00", *BARCLAYS, segment="Sports"),
        tm_event("e1", "Brooklyn Nets v Knicks", FRIDAY, "19:30:00", *BARCLAYS, segment="Sports"),
        tm_event("e2", "Late show", FRIDAY, None, *BARCLAYS),
        tm_event(
            "e4", "Cancelled gig", date(2031, 5, 3), "20:00:00", *BARCLAYS, status="cancelled"
        ),
        tm_event("e5", "Bandshell", date(2031, 5, 3), "18:00:00", *PROSPECT_PARK),
        tm_event("e6", "Garden show", FRIDAY, "20:00:00", *MIDTOWN, venue="MSG"),
        tm_event("e7", "Next weekend", date(2031, 5, 9), "20:00:00", *BARCLAYS),
    ]


@pytest.fixture(params=answering_sources("events"))  # "offline" has no data: below
def events(request: pytest.FixtureRequest, client_for: Any, fake: FakeState) -> Any:
    fake.events = _listings()
    return client_for("events", request.param)


# --- the contract --------------------------------------------------------------------------------


async def test_events_in_the_window_and_radius_soonest_first(events: Any) -> None:
    answer = await events.get(WEEKEND)
    assert (answer.status, answer.source) == ("ok", events.name)
    found = answer.data.events
    assert all(WEEKEND.start <= e.day <= WEEKEND.end for e in found)
    assert all(e.distance_km is None or e.distance_km <= WEEKEND.radius_km for e in found)
    keys = [(e.day, e.start_time is not None, e.start_time) for e in found]
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)
    if not found:
        assert answer.data.note, "an empty answer from a source with no data says so"


async def test_nothing_nearby_is_ok_and_empty(events: Any) -> None:
    ocean = EventsQuery(lat=30.0, lng=-40.0, start=FRIDAY, end=SUNDAY)
    answer = await events.get(ocean)
    assert (answer.status, answer.error_code, answer.data.events) == ("ok", None, [])


def test_a_bad_window_is_refused() -> None:
    with pytest.raises(ValueError, match="before start"):
        EventsQuery(lat=0, lng=0, start=SUNDAY, end=FRIDAY)
    with pytest.raises(ValueError, match="at most 31 days"):
        EventsQuery(lat=0, lng=0, start=date(2031, 1, 1), end=date(2031, 3, 1))


# --- offline and Ticketmaster --------------------------------------------------------------------


async def test_offline_is_not_configured_never_ok_and_empty(client_for: Any) -> None:
    """Offline no events source exists: not "no events nearby" (`ok`, empty), but no answer at
    all, with the settings that give the role a provider (issue 34: "events … (live)")."""
    assert available_sources("events") == ["offline", "ticketmaster"]
    client = client_for("events", "offline")
    answer = await client.get(WEEKEND)
    assert (answer.status, answer.error_code, answer.data) == ("not_configured", "not_configured",
                                                               None)  # fmt: skip
    assert not answer.usable and not answer.informative
    assert answer.freshness == "not configured"  # never "live" nor "under 1 min old"
    assert answer.detail and "KAIROS_EVENTS_PROVIDER=ticketmaster" in answer.detail
    assert "KAIROS_EVENTS_API_KEY" in answer.detail
    assert client.setup == answer.detail
    assert (await client.get(WEEKEND)).cache_hit is False  # nothing is kept: there is no data


async def test_ticketmaster_reads_discovery_events(client_for: Any, fake: FakeState) -> None:
    fake.events = _listings()
    answer = await client_for("events", "ticketmaster").get(WEEKEND)
    assert [e.id for e in answer.data.events] == ["e2", "e1", "e3"]  # untimed first on a day
    nets = answer.data.events[1]
    assert (nets.venue, nets.category, str(nets.start_time)) == (
        "Barclays Center",
        "Sports",
        "19:30:00",
    )
    assert nets.lat == BARCLAYS[0] and nets.distance_km == 0.0
    assert nets.url and nets.url.endswith("/e1")
    sent = fake.calls("ticketmaster")[0]
    assert sent["localStartEndDateTime"] == "2031-05-02T00:00:00,2031-05-04T23:59:59"
    assert (sent["unit"], sent["radius"], sent["latlong"]) == ("km", "2", "40.682600,-73.975400")
    wider = await client_for("events", "ticketmaster").get(
        WEEKEND.model_copy(update={"radius_km": 3.0})
    )
    assert "e5" in [e.id for e in wider.data.events]  # Prospect Park, 2.5 km
    assert "e4" not in [e.id for e in wider.data.events]  # cancelled


@pytest.mark.parametrize(
    ("status", "code"), [(401, "unauthorized"), (429, "rate_limited"), (500, "upstream_error")]
)
async def test_ticketmaster_failures_are_answers(
    client_for: Any, fake: FakeState, status: int, code: str
) -> None:
    fake.status["ticketmaster"] = status
    answer = await client_for("events", "ticketmaster").get(WEEKEND)
    assert (answer.status, answer.error_code) == ("error", code)


async def test_ticketmaster_wrong_key_names_the_setting(client_for: Any, fake: FakeState) -> None:
    source = client_for("events", "ticketmaster", events_api_key=SecretStr("nope"))
    answer = await source.get(WEEKEND)
    assert answer.error_code == "unauthorized"
    assert "Invalid ApiKey" in (answer.detail or "")
    assert "KAIROS_EVENTS_API_KEY" in (answer.detail or "")
