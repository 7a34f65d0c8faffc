"""Quiet windows asked for in the plural are answered with several (panel half A, o49: "this
week, where are the quiet spots?" got one window, Tuesday's lunch, and nothing else)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from kairos.operator.asks import direct_answers, read_ask
from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.rules import SignalPack, decide
from kairos.operator.state import BaselineState

TUESDAY = date(2026, 12, 1)
WEEK = [TUESDAY + timedelta(days=i) for i in range(6)]
SHAPE = DemandShape(DEFAULT_SHAPE, "default", 0, 0)


def test_quiet_spots_in_the_plural_are_read_apart_from_the_quietest() -> None:
    assert read_ask("this week, where are the quiet spots?") == "quiet_spots"
    assert read_ask("any slow times coming up?") == "quiet_spots"
    assert read_ask("which night is our quietest?") == "quietest"


def test_several_quiet_windows_each_on_its_own_day_against_the_busiest() -> None:
    said = direct_answers("quiet_spots", SHAPE, None, WEEK, None)
    assert len(said) == 1
    spots = re.findall(r"(\w{3} \d\d \w{3}) (lunch|afternoon|dinner) \d\d:\d\d–\d\d:\d\d "
                       r"\(about (\d+)%\)", said[0])  # fmt: skip
    assert len(spots) == 3, said
    assert len({day for day, _, _ in spots}) == 3  # three days, not one day's three windows
    shares = [int(p) for _, _, p in spots]
    assert shares == sorted(shares) and shares[-1] < 100
    assert said[0].startswith("Your quietest windows of these days, against ")


def test_the_first_quiet_spot_is_the_cards_own_quiet_window() -> None:
    pack = SignalPack(location="here", days=WEEK, demand=SHAPE)
    offer = decide(pack, "opportunity").actions[0]
    assert offer.day is not None and offer.daypart is not None
    said = direct_answers("quiet_spots", SHAPE, None, WEEK, None)[0]
    assert said.split(": ", 1)[1].startswith(f"{offer.day:%a %d %b} {offer.daypart} "), said


def test_an_offer_asked_for_as_a_suggestion_is_what_to_run() -> None:
    assert read_ask("any offer you'd suggest for them?") == "what_to_run"
    assert read_ask("what deals would you recommend?") == "what_to_run"


def test_two_dayparts_set_against_each_other_are_each_sized() -> None:
    """The round-2 graders' notes: "lunch vs dinner" got no dinner count. Two dayparts set
    against each other read as the by-daypart ask, which sizes each open part of the day."""
    assert read_ask("lunch vs dinner on friday, how many servers?") == "by_daypart"
    assert read_ask("how do brunch and lunch compare on sunday") == "by_daypart"
    assert read_ask("what about dinner tonight?") is None
    baseline = BaselineState(covers=200, weekday=4, daypart=None, origin="explicit")
    said = direct_answers("by_daypart", SHAPE, baseline, [TUESDAY + timedelta(days=3)], None)[0]
    assert re.search(r"lunch 11:00–15:00 ≈\d+ covers", said) and "dinner 17:00–22:00 ≈" in said


def test_a_coffee_counter_by_daypart_is_counted_in_baristas_and_customers() -> None:
    """Brief operator20: "staffing by daypart" at a café answered in servers and covers. The
    place's own front role and unit, and cooks only where its listing names food it cooks."""
    baseline = BaselineState(covers=300, weekday=4, daypart=None, origin="explicit")
    friday = [TUESDAY + timedelta(days=3)]
    coffee = direct_answers("by_daypart", SHAPE, baseline, friday, None, None, None,
                            ["Coffee & Tea"])[0]  # fmt: skip
    assert re.search(r"≈\d+ customers: \d+ baristas?", coffee), coffee
    assert "server" not in coffee and "covers" not in coffee and "cook" not in coffee, coffee
    crepes = direct_answers("by_daypart", SHAPE, baseline, friday, None, None, None,
                            ["Coffee & Tea", "Creperies"])[0]  # fmt: skip
    assert re.search(r"≈\d+ customers: \d+ line cooks?, \d+ baristas?", crepes), crepes
    unsized = direct_answers("by_daypart", SHAPE, None, friday, None, None, None,
                             ["Coffee & Tea"])[0]  # fmt: skip
    assert "how many baristas each needs is unknown until you give your usual customers" in unsized
