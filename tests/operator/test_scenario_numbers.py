"""A what-if is answered on the card's own days with a number per daypart it moves, and its
trigger agrees with what the answer recommends (issue 36, items 3–4; panel half A, o41: snow on a
Sunday lunch answered for one window, "-33% (≈7 covers)"; o59: snow on Friday "moved" a Thursday
promotion to delivery)."""

from __future__ import annotations

import re
from datetime import date, timedelta

import numpy as np

from kairos.operator.demand import DAYPARTS, DEFAULT_SHAPE, DemandShape
from kairos.operator.place_kind import kind_week
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.scenario_numbers import PLAUSIBLE, net_change
from kairos.operator.schemas import Driver
from kairos.operator.what_if import apply_scenario

WEDNESDAY = date(2026, 12, 2)
SATURDAY = date(2026, 12, 5)
SUNDAY = date(2026, 12, 6)


def _pack(days: list[date], covers: int | None = 90) -> SignalPack:
    return SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                      baseline_covers=covers, baseline_weekday=4 if covers else None)  # fmt: skip


def test_snow_on_the_planned_sunday_gives_each_daypart_its_covers_and_staff() -> None:
    pack, _ = apply_scenario(_pack([SUNDAY]), read_message("what if it snows tomorrow?", SATURDAY))
    decision = decide(pack, "staffing")
    said = decision.recommendation
    found = dict(
        (part, (int(a), int(b), int(c), int(d) if d else int(c)))
        for part, a, b, c, d in re.findall(
            r"(lunch|dinner) ≈(\d+) → ≈(\d+) covers \((\d+)(?: → (\d+))? servers?", said
        )
    )
    assert set(found) == {"lunch", "dinner"}, said
    assert "Snow on Sun 06 Dec, by daypart: lunch" in said, said
    for part, (usual, now, before, after) in found.items():
        assert now < usual, said  # snow takes guests away, each part said
        cut = next((a for a in decision.actions if a.daypart == part), None)
        # the servers said are the plan's: a cut is said where the actions cut, and only there
        assert (after - before) == (cut.staff_delta if cut else 0), (part, said)
    assert decision.trigger.startswith("If snow is forecast for Sun 06 Dec: "), decision.trigger


def test_without_usual_covers_each_daypart_gets_its_change_and_what_sizes_it() -> None:
    pack, _ = apply_scenario(_pack([SUNDAY], None), read_message("what if it snows sunday?",
                                                                  SATURDAY))  # fmt: skip
    said = decide(pack, "staffing").recommendation
    assert re.search(r"Snow on Sun 06 Dec: lunch and dinner -\d+% of guests \(give your usual "
                     r"covers to size them\)\.", said), said  # fmt: skip


def test_snow_on_another_day_than_the_offer_keeps_the_offer_and_says_so() -> None:
    week = [WEDNESDAY + timedelta(days=n) for n in range(5)]
    plain = decide(_pack(week, None), "opportunity")
    offer = plain.actions[0].day
    assert offer is not None
    snow = next(d for d in reversed(week) if d != offer)  # a day of the week not the offer's
    ask = f"what if it snows {snow:%A}?".lower()
    pack, _ = apply_scenario(_pack(week, None), read_message(ask, WEDNESDAY))
    decision = decide(pack, "opportunity")
    assert decision.actions[0].day == offer
    assert f"Snow on {snow:%a %d %b}: " in decision.recommendation, decision.recommendation
    assert "move the promotion" not in decision.trigger, decision.trigger
    assert f"keep the {offer:%a %d %b} promotion as it is" in decision.trigger, decision.trigger


def test_signals_stacked_stay_within_a_plausible_factor_but_covers_supposed_do_not() -> None:
    def driver(source: str, pct: float) -> Driver:
        return Driver(source=source, summary="x", effect_pct=pct, rank=0)

    stacked = [driver("events", 30.0), driver("weather", 20.0), driver("school_calendar", 10.0)]
    assert net_change(stacked) == PLAUSIBLE[1]
    assert net_change([driver("weather", -90.0)]) == PLAUSIBLE[0]
    assert net_change([driver("scenario", 150.0)]) == 1.5  # "what if we get 250 covers?"


def test_a_part_of_the_day_asked_is_the_only_one_the_what_if_sizes() -> None:
    """ "sunday lunch buffet … what if it snows tomorrow?": the lunch, never a dinner's servers
    cut that no plan of this card spoke of (half A, o41)."""
    pack = _pack([SUNDAY])
    pack.daypart = "lunch"
    pack, _ = apply_scenario(pack, read_message("what if it snows tomorrow?", SATURDAY))
    said = decide(pack, "staffing").recommendation
    assert "Snow on Sun 06 Dec, by daypart: lunch ≈" in said, said
    assert "dinner ≈" not in said.split("Snow on Sun 06 Dec")[1], said


def test_a_span_without_usual_covers_is_said_once_when_it_moves_every_day_alike() -> None:
    week = [SUNDAY + timedelta(days=n) for n in range(1, 8)]
    pack, _ = apply_scenario(_pack(week, None), read_message("what if it snows midweek?", SUNDAY))
    said = decide(pack, "staffing").recommendation
    assert (
        "Snow Tue 08 – Thu 10 Dec: lunch and dinner -33% of guests, on the days it is open in "
        "each (give your usual covers to size them)." in said
    ), said


def test_the_dayparts_said_are_those_the_plan_reads_as_busy_not_the_raw_shape() -> None:
    """A bar with few check-ins of its own: its Friday late night is a quarter of the day as the
    plan reads it (its kind's Friday leaned on), a tenth in the shape alone; snow on Friday says
    the late night too (half A, o59: a bar's Friday snow said only its dinner)."""
    shares = np.zeros((7, len(DAYPARTS)))
    shares[:, 1], shares[:, 3], shares[:, 4] = 0.1, 0.8, 0.1
    shape = DemandShape(shares / shares.sum(), "d", 0, 0, shares.sum(axis=1), "", kind_week("bar"))
    week = [WEDNESDAY + timedelta(days=n) for n in range(5)]
    pack = SignalPack(location="here", days=week, demand=shape, categories=["Pubs"])
    pack, _ = apply_scenario(pack, read_message("what if it snows friday?", WEDNESDAY))
    said = decide(pack, "staffing").recommendation
    assert "Snow on Fri 04 Dec: dinner and late -33% of guests" in said, said


def test_the_servers_said_by_daypart_are_the_plans_own() -> None:
    """Panel half A, o35: "your usual plan stands" beside "dinner ≈68 → ≈58 covers (4 → 3
    servers)": each daypart's servers are the plan's change for it, none where it has none."""
    from kairos.operator.scenario_numbers import scenario_numbers

    rain = Driver(source="weather", summary="rain all day, your scenario", effect_pct=-14.0,
                  rank=0)  # fmt: skip
    effects = {(SATURDAY, part): [rain] for part in DAYPARTS}
    shares = np.zeros((7, len(DAYPARTS)))
    shares[SATURDAY.weekday(), DAYPARTS.index("dinner")] = 68.0
    kept = scenario_numbers(effects, shares, shares, None, None, planned={})
    assert "dinner ≈68 → ≈58 covers (4 servers, unchanged)" in kept, kept
    cut = scenario_numbers(effects, shares, shares, None, None,
                           planned={(SATURDAY, "dinner"): -1})  # fmt: skip
    assert "dinner ≈68 → ≈58 covers (4 → 3 servers)" in cut, cut
