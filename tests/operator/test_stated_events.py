"""Games the operator states as facts: read with the shared date reader and the words of the
data file, and counted as near, as a supposed game is (issue 36; panel half A, o21)."""

from __future__ import annotations

import tomllib
from datetime import date, timedelta
from importlib.resources import files

import pytest

from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.rules import SignalPack, decide
from kairos.operator.stated_events import read_stated_events, stated_events
from kairos.signals.events.models import Event

TUESDAY = date(2026, 11, 24)
SATURDAY = date(2026, 11, 28)
_DATA = tomllib.loads(
    (files("kairos.operator") / "data" / "stated_events.toml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("team", _DATA["teams"])
def test_every_team_of_the_data_file_is_read(team: str) -> None:
    assert read_stated_events(f"{team.title()} play Saturday, staffing?", TUESDAY) == [SATURDAY]


def test_a_date_the_shared_reader_knows_is_the_events_day() -> None:
    """The shared date reader's forms, not only a weekday: a calendar date."""
    assert read_stated_events("there's a concert on Dec 12 near us", TUESDAY) == [
        date(2026, 12, 12)
    ]
    assert read_stated_events("game is on tomorrow", TUESDAY) == [TUESDAY + timedelta(days=1)]


def test_a_stated_game_moves_demand_as_much_as_a_supposed_one() -> None:
    """o21: 'what if there's a game?' said +15 %, and once the game was stated, +7 %."""
    stated = stated_events([SATURDAY], [SATURDAY])
    supposed = Event(id="supposed", name="a large event (your scenario)", day=SATURDAY,
                     start_time=stated[0].start_time, distance_km=0.5)  # fmt: skip

    def effect(event: Event) -> float:
        shape = DemandShape(DEFAULT_SHAPE, "d", 0, 0)
        pack = SignalPack(location="here", days=[SATURDAY], demand=shape, baseline_covers=200,
                          baseline_weekday=4, events=[event])  # fmt: skip
        return decide(pack, "staffing").drivers[0].effect_pct

    assert effect(stated[0]) == effect(supposed) > 10
