"""A what-if's recommendation and trigger agree, and every daypart the what-if touches gets a
number (issue 36, item 3; panel half A, o21: "add 2 servers" beside a trigger to "drop the extra
server"; o13: a game at 19:00 by a place whose day is mostly lunch left the evening unsized)."""

from __future__ import annotations

from datetime import date

import numpy as np

from kairos.operator.demand import DemandShape
from kairos.operator.place_kind import kind_week
from kairos.operator.reading import read_message
from kairos.operator.rules import SignalPack, decide
from kairos.operator.scenario_numbers import scenario_numbers
from kairos.operator.schemas import Driver
from kairos.operator.what_if import apply_scenario

FRIDAY = date(2026, 12, 4)
SATURDAY = date(2026, 12, 5)
SUNDAY = date(2026, 12, 6)


def test_a_game_that_adds_two_servers_drops_two_if_it_is_cancelled() -> None:
    shape = DemandShape(kind_week("bar"), "d", 18, 13, None, "", kind_week("bar"))
    pack = SignalPack(location="here", days=[SATURDAY], demand=shape, baseline_covers=400,
                      baseline_weekday=4)  # fmt: skip
    pack, _ = apply_scenario(pack, read_message("saturday, what if there's a game?", FRIDAY))
    decision = decide(pack, "staffing")
    assert decision.recommendation.startswith("Add 2 servers for Sat 05 Dec"), decision
    assert "drop the 2 extra servers" in decision.trigger, decision.trigger


def test_a_game_in_a_small_evening_still_sizes_the_evening() -> None:
    shares = np.zeros((7, 5))
    shares[:, 1] = 0.8  # a dim sum house: lunch is most of the day
    shares[:, 3] = 0.1  # its evening an eighth of lunch: under 15 % of the day
    shares /= shares.sum()
    game = Driver(source="events", summary="Sun 06 Dec at 19:00: a large event (your scenario)",
                  effect_pct=15.0, rank=0)  # fmt: skip
    covers = shares / shares[4].sum() * 180
    said = scenario_numbers({(SUNDAY, "dinner"): [game]}, shares, covers, ["Dim Sum"])
    assert "A game or event nearby on Sun 06 Dec, by daypart: dinner ≈20 → ≈23 covers" in said
    # a part the game does not touch, or the place is closed in, is still not said
    shares[6, 3] = 0.0
    assert scenario_numbers({(SUNDAY, "dinner"): [game]}, shares, covers, ["Dim Sum"]) == ""


def test_a_game_in_the_evening_beside_a_lunch_plan_sizes_the_evening() -> None:
    """o13: the card planned the busiest lunch (the part asked about), the game at 19:00 fell on
    dinner, and the what-if said no number at all."""
    shares = np.zeros((7, 5))
    shares[:, 1], shares[:, 3] = 0.5, 0.4
    shares /= shares.sum()
    game = Driver(source="events", summary="Sun 06 Dec at 19:00: a large event (your scenario)",
                  effect_pct=15.0, rank=0)  # fmt: skip
    covers = shares / shares[4].sum() * 180
    said = scenario_numbers({(SUNDAY, "dinner"): [game]}, shares, covers, ["Dim Sum"], "lunch")
    assert "A game or event nearby on Sun 06 Dec, by daypart: dinner ≈80 → ≈92 covers" in said
    # snow on the lunch asked about still says that lunch alone
    snow = Driver(source="weather", summary="Sun 06 Dec: snow, your scenario", effect_pct=-30.0,
                  rank=0)  # fmt: skip
    both = {(SUNDAY, "lunch"): [snow], (SUNDAY, "dinner"): [snow]}
    alone = scenario_numbers(both, shares, covers, ["Dim Sum"], "lunch")
    assert "lunch ≈100" in alone and "dinner" not in alone, alone
