"""A what-if over a span is said on each of its days within the two why bullets (panel half A,
o49/o51: "snow all week" named only Friday and Saturday, the rest of the week left out)."""

from __future__ import annotations

from kairos.operator.schemas import Driver
from kairos.operator.spans import spans


def _snow(day: str, effect: float = -33.0) -> Driver:
    return Driver(source="weather", summary=f"{day}: snow all day, your scenario",
                  effect_pct=effect, rank=abs(effect))  # fmt: skip


def test_the_same_signal_on_consecutive_days_is_one_bullet_over_the_span() -> None:
    days = ["Sat 05 Dec", "Tue 01 Dec", "Wed 02 Dec", "Thu 03 Dec", "Fri 04 Dec", "Sun 06 Dec"]
    said = spans([_snow(d) for d in days])
    assert said == [("Tue 01 Dec – Sun 06 Dec: snow all day, your scenario", -33.0)]


def test_days_apart_are_named_and_other_effects_stay_their_own_bullets() -> None:
    drivers = [_snow("Fri 04 Dec"), _snow("Sun 06 Dec"), _snow("Sat 05 Dec", -20.0),
               Driver(source="events", summary="Sat 05 Dec at 19:00: a game", effect_pct=15.0,
                      rank=15.0)]  # fmt: skip
    said = spans(drivers)
    assert said[0] == ("Fri 04 Dec and Sun 06 Dec: snow all day, your scenario", -33.0)
    assert said[1] == ("Sat 05 Dec: snow all day, your scenario", -20.0)
    assert said[2] == ("Sat 05 Dec at 19:00: a game", 15.0)
