"""Street closures: one contract over every registered source (none offline, NYC DOT's open data
against an in-process Socrata server), then the DOT source's own behaviour."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import SecretStr

from kairos.signals.closures.models import ClosuresQuery
from kairos.signals.registry import answering_sources
from tests.signals.conftest import BARCLAYS
from tests.signals.fake_services import FakeState, dot_row

SATURDAY = date(2031, 5, 3)
NEAR = ClosuresQuery(lat=BARCLAYS[0], lng=BARCLAYS[1], radius_km=0.5, start=SATURDAY, end=SATURDAY)


def _rows() -> list[dict[str, Any]]:
    return [
        # Atlantic Ave, one block east of the arena: ~250 m
        dot_row(
            "a1",
            "ATLANTIC AVENUE",
            date(2031, 4, 28),
            date(2031, 5, 9),
            [(40.6815, -73.9728), (40.6810, -73.9712)],
        ),
        # Flatbush Ave right by the arena: ~60 m
        dot_row(
            "a2",
            "FLATBUSH AVENUE",
            date(2031, 5, 3),
            date(2031, 5, 3),
            [(40.6831, -73.9760), (40.6840, -73.9770)],
        ),
        # near, but over before the day
        dot_row(
            "a3",
            "DEAN STREET",
            date(2031, 4, 1),
            date(2031, 5, 2),
            [(40.6808, -73.9750), (40.6800, -73.9735)],
        ),
        # in force, but in Manhattan
        dot_row(
            "a4",
            "BROADWAY",
            date(2031, 5, 1),
            date(2031, 5, 31),
            [(40.7505, -73.9870), (40.7520, -73.9860)],
            borough="M",
        ),
    ]


@pytest.fixture(params=answering_sources("closures"))  # "offline" has no data: below
def closures(request: pytest.FixtureRequest, client_for: Any, fake: FakeState) -> Any:
    fake.closures = _rows()
    return client_for("closures", request.param)


async def test_closures_in_force_nearby_nearest_first(closures: Any) -> None:
    answer = await closures.get(NEAR)
    assert (answer.status, answer.source) == ("ok", closures.name)
    found = answer.data.closures
    assert all(c.start <= NEAR.end and c.end >= NEAR.start for c in found)
    distances = [c.distance_km for c in found if c.distance_km is not None]
    assert distances == sorted(distances) and all(d <= NEAR.radius_km for d in distances)
    if not found:
        assert answer.data.note


async def test_no_closures_nearby_is_ok_and_empty(closures: Any) -> None:
    quiet = ClosuresQuery(lat=40.58, lng=-74.15, start=SATURDAY, end=SATURDAY)
    answer = await closures.get(quiet)
    assert (answer.status, answer.data.closures) == ("ok", [])


async def test_offline_is_not_configured_never_ok_and_empty(client_for: Any) -> None:
    """Offline no closures source exists: not "no closures nearby" (`ok`, empty), which let the
    operator assistant say "no closures … stand out" at high confidence (issue 34)."""
    answer = await client_for("closures", "offline").get(NEAR)
    assert (answer.status, answer.error_code, answer.data) == ("not_configured", "not_configured",
                                                               None)  # fmt: skip
    assert not answer.usable and not answer.informative and answer.freshness == "not configured"
    assert answer.detail and "KAIROS_CLOSURES_PROVIDER=nycdot" in answer.detail
    # every operator, in any city, reads this: the one source must not read as one for their streets
    assert "covers New York City only" in answer.detail


async def test_nycdot_reads_socrata_rows(client_for: Any, fake: FakeState) -> None:
    fake.closures = _rows()
    answer = await client_for("closures", "nycdot").get(NEAR)
    found = answer.data.closures
    assert [c.id for c in found] == ["a2", "a1"]
    flatbush = found[0]
    assert (flatbush.street, flatbush.borough, flatbush.purpose) == (
        "FLATBUSH AVENUE",
        "Brooklyn",
        "DOT IN-HOUSE MILLING",
    )
    assert flatbush.distance_km is not None and flatbush.distance_km < 0.1
    assert found[1].distance_km is not None and 0.2 < found[1].distance_km < 0.5
    sent = fake.calls("socrata")[0]
    assert sent["$where"].startswith("within_circle(the_geom, 40.682600, -73.975400, 500)")
    headers = fake.requests[0][2]
    assert headers["x-app-token"] == "app-token"


async def test_nycdot_bad_token_and_failures(client_for: Any, fake: FakeState) -> None:
    source = client_for("closures", "nycdot", closures_api_key=SecretStr("bad"))
    answer = await source.get(NEAR)
    assert (answer.status, answer.error_code) == ("error", "unauthorized")
    assert "Invalid app_token" in (answer.detail or "")
    fake.garbage.add("socrata")
    garbled = await client_for("closures", "nycdot").get(NEAR)
    assert garbled.error_code == "bad_response"
