"""Where a named game is, measured, never a default said as measured (brief operator20; a
grader's note: "Celtics assumed 0.5 km"): a venue the sentence names or the team's home ground,
its distance from the restaurant's own position; none said, "distance unknown"."""

from __future__ import annotations

import re
from datetime import date

from kairos.core.geo import haversine_km
from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.event_venue import HOME_SAID, placed, venue_said
from kairos.operator.landmarks import landmark_named
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.stated_events import read_stated_venues, stated_events
from kairos.operator.what_if import apply_scenario
from kairos.signals.events.models import Event

SATURDAY = date(2026, 12, 5)
CANAL_ST = (42.3648, -71.0610)  # by the Garden
BRIGHTON = (42.3490, -71.1542)


def _why(events: list[Event], at: tuple[float, float]) -> str:
    pack = SignalPack(location="here", days=[SATURDAY], demand=DemandShape(DEFAULT_SHAPE, "d", 0,
                      0), baseline_covers=200, baseline_weekday=4,
                      events=placed(events, *at))  # fmt: skip
    return decide(pack, "staffing").drivers[0].summary


def test_the_venue_said_or_the_teams_ground() -> None:
    assert venue_said("what if there's a game at Fenway?") == "Fenway Park"
    assert venue_said("what if there's a Celtics game wednesday?") == "TD Garden" + HOME_SAID
    assert venue_said("what if there's a game?") is None
    assert read_stated_venues("Bruins play Saturday", date(2026, 12, 2)) == {
        SATURDAY.isoformat(): "TD Garden" + HOME_SAID
    }


def test_a_stated_game_is_measured_from_the_restaurant() -> None:
    said = stated_events([SATURDAY], [SATURDAY], {SATURDAY.isoformat(): "TD Garden" + HOME_SAID})
    garden = landmark_named("TD Garden")
    assert garden is not None
    km = haversine_km(*CANAL_ST, garden.lat, garden.lng)
    near = _why(said, CANAL_ST)
    assert f"at TD Garden (if a home game), {km:.1f} km away" in near, near
    far = _why(said, BRIGHTON)
    assert "km away" in far and "0.5 km" not in far and f"{km:.1f} km" not in far, far


def test_a_game_with_no_venue_has_its_distance_said_unknown() -> None:
    said = _why(stated_events([SATURDAY], [SATURDAY]), BRIGHTON)
    assert "distance unknown" in said and "km away" not in said, said
    reading = read_message("what if there's a game saturday?", date(2026, 12, 2))
    pack = SignalPack(location="here", days=[SATURDAY], demand=DemandShape(DEFAULT_SHAPE, "d", 0,
                      0), baseline_covers=200, baseline_weekday=4)  # fmt: skip
    pack, _ = apply_scenario(pack, reading)
    supposed = _why(pack.events or [], BRIGHTON)
    assert "distance unknown" in supposed and "km away" not in supposed, supposed


def test_a_venue_in_another_city_is_not_measured_to_bostons() -> None:
    said = stated_events([SATURDAY], [SATURDAY], {SATURDAY.isoformat(): "TD Garden"})
    manhattan = (40.7505, -73.9934)
    text = _why(said, manhattan)
    assert "distance unknown" in text and "TD Garden" not in text, text


def test_a_supposed_games_venue_is_its_own_sentences_not_where_the_restaurant_is() -> None:
    today = date(2026, 12, 2)
    near = read_message("We're by Fenway Park. what if there's a Celtics game saturday?", today)
    assert near.what_if is not None and near.what_if.venue == "TD Garden" + HOME_SAID
    bare = read_message("we're near the Garden. what if there's a game saturday?", today)
    assert bare.what_if is not None and bare.what_if.venue is None


def test_a_far_venue_is_not_called_nearby_and_its_trigger_says_its_own_share() -> None:
    """o39 read after: a Patriots game placed at Gillette, 32 km off, was still 'a game or event
    nearby' by daypart, its trigger 'the 15% above usual' beside +7 %."""
    reading = read_message("what if there's a Patriots game saturday?", date(2026, 12, 2))
    pack = SignalPack(location="here", days=[SATURDAY], demand=DemandShape(DEFAULT_SHAPE, "d", 0,
                      0), baseline_covers=200, baseline_weekday=4)  # fmt: skip
    pack, _ = apply_scenario(pack, reading)
    pack.events = placed(pack.events or [], *BRIGHTON)
    decision = decide(pack, "staffing")
    assert "(+7% expected guests)" not in decision.recommendation
    assert "nearby" not in decision.recommendation, decision.recommendation
    assert re.search(r"game or event \d+\.\d km away on Sat 05 Dec", decision.recommendation)
    assert "past the 7% above usual" in decision.trigger, decision.trigger
