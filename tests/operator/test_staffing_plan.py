"""Advice a manager acts on (issue 36, item 4): the busiest window's servers from the covers,
the hours inside it from the place's own check-ins, hosts only from its own reviews — every
figure traceable to the evidence, and what is not known said as unknown."""

from __future__ import annotations

import re
from datetime import date, timedelta
from math import ceil
from typing import Any, cast

from kairos.operator.demand import DEFAULT_SHAPE, DemandShape
from kairos.operator.peaks import peak_hours
from kairos.operator.rules import COVERS_PER_SERVER, SignalPack, decide
from kairos.operator.schemas import Daypart, GuestSnapshot, ThemeSignal
from kairos.operator.service_kind import COUNTER_LED, TABLE_LED
from kairos.operator.staffing_plan import COVERS_PER_COOK

FRIDAY = date(2026, 12, 4)
FRI, SAT = 4, 5
# a place's own check-ins (weekday, local hour): Friday dinners pile up 18:00–21:00, at 19:00
OWN = {(FRI, 17): 2, (FRI, 18): 9, (FRI, 19): 14, (FRI, 20): 8, (FRI, 21): 3, (FRI, 12): 6,
       (SAT, 19): 3, (SAT, 20): 2, (1, 19): 4, (2, 18): 2}  # fmt: skip


def _pack(**extra: object) -> SignalPack:
    shape = DemandShape(DEFAULT_SHAPE, "default", 0, 0)
    days = [FRIDAY]
    return SignalPack(location="here", days=days, demand=shape, **extra)  # type: ignore[arg-type]


def _guests(waits: int, of: int = 30) -> GuestSnapshot:
    theme = ThemeSignal(theme="wait_time", mentions=waits, negative=waits, positive=0,
                        summary="waits")  # fmt: skip
    return GuestSnapshot(place="Chez Test", place_id=1, sample_size=of, window_start=None,
                         window_end=None, themes=[theme], summary="", sparse=False)  # fmt: skip


def test_the_busiest_hours_are_the_places_own_check_ins() -> None:
    peak = peak_hours(OWN, FRI, "dinner")
    assert peak is not None
    assert (peak.start, peak.end, peak.peak) == (18, 21, 19)
    assert (peak.in_span, peak.total, peak.weekday) == (9 + 14 + 8, 2 + 9 + 14 + 8 + 3, FRI)
    # Saturday has 5 of its own: too few, so the week's dinners are read, and that is said
    week = peak_hours(OWN, SAT, "dinner")
    assert week is not None and week.weekday is None
    assert week.total == 2 + 9 + 14 + 8 + 3 + 3 + 2 + 4 + 2
    assert "read across the week" in week.evidence("dinner")
    assert peak_hours({(FRI, 19): 3}, FRI, "dinner") is None  # too few anywhere: unknown
    assert peak_hours(None, FRI, "dinner") is None


def test_a_late_nights_hours_after_midnight_belong_to_the_evening_before() -> None:
    late = {(SAT, 0): 6, (SAT, 1): 5, (FRI, 23): 4}  # Saturday 00–02 is Friday's late night
    peak = peak_hours(late, FRI, "late")
    assert peak is not None and peak.weekday == FRI and peak.total == 15
    assert peak.hours == "23:00–02:00"


def test_the_plan_staffs_the_busiest_window_and_every_figure_is_traceable() -> None:
    decision = decide(_pack(baseline_covers=150, baseline_weekday=FRI, checkins=OWN,
                            guests=_guests(2)), "staffing")  # fmt: skip
    day, part, covers = decision.busiest[0]
    assert (day, part) == (FRIDAY, "dinner") and covers
    servers = ceil(covers / COVERS_PER_SERVER)
    text = decision.recommendation
    assert text.startswith(f"Staff Fri 04 Dec, dinner 17:00–22:00 for ≈{covers} covers: about "
                           f"{servers} servers at one per {COVERS_PER_SERVER} covers, the most "
                           "of them on 18:00–21:00")  # fmt: skip
    assert "your own check-ins peak at 19:00 (31 of your 36 Friday dinner check-ins" in text
    assert "2 of 30 reviews of Chez Test complain of waits" in text
    cooks = ceil(covers / COVERS_PER_COOK)
    assert f"Kitchen: about {cooks} cook" in text and f"one per {COVERS_PER_COOK} covers" in text
    assert "bar: unknown (no listing of your own says whether you have one)" in text
    # every number said is one the evidence holds: the date, the daypart's hours, the covers,
    # the servers and their ratio, the check-in counts and hours, the review counts
    allowed = {"04", "17", "22", "00", str(covers), str(servers), str(COVERS_PER_SERVER), "18",
               "21", "19", "31", "36", "2", "30", str(cooks), str(COVERS_PER_COOK)}  # fmt: skip
    # and what makes the covers: the window's share of the usual 150 (test_usual_said.py)
    share = re.search(rf"≈{covers} is dinner's ≈(\d+)% share of your usual 150 covers", text)
    assert share is not None, text
    allowed |= {share.group(1), "150"}
    said = set(re.findall(r"\d+", text))
    assert said <= allowed, said - allowed


def test_without_a_baseline_the_number_of_servers_is_unknown_and_said() -> None:
    decision = decide(_pack(checkins=OWN), "staffing")
    text = decision.recommendation
    assert text.startswith("Put your strongest servers on Fri 04 Dec, dinner 17:00–22:00, the "
                           "most of them on 18:00–21:00")  # fmt: skip
    assert "How many servers: unknown until you give your usual covers" in text
    assert "per 20 covers" not in text and "servers at" not in text


def test_without_check_ins_of_its_own_the_hours_are_unknown_and_said() -> None:
    text = decide(_pack(baseline_covers=150, baseline_weekday=FRI), "staffing").recommendation
    assert "which hours of it are busiest is unknown (no check-ins of your own)" in text.lower()
    assert "the most of them on" not in text


def test_enough_wait_complaints_add_a_host_on_the_busiest_hours() -> None:
    decision = decide(_pack(baseline_covers=150, baseline_weekday=FRI, checkins=OWN,
                            guests=_guests(6)), "staffing")  # fmt: skip
    host = next(a for a in decision.actions if "host or runner" in a.text)
    assert host.text == ("Add 1 host or runner for Fri 04 Dec, dinner 17:00–22:00, the most on "
                         "18:00–21:00: 6 of 30 recent reviews mention long waits")  # fmt: skip
    assert "Busiest hours 18:00–21:00: your own check-ins peak at 19:00" in (
        decision.recommendation
    )


def test_the_plan_is_for_the_days_asked() -> None:
    days = [FRIDAY + timedelta(days=n) for n in range(3)]
    pack = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                      baseline_covers=150, baseline_weekday=FRI, checkins=OWN)  # fmt: skip
    decision = decide(pack, "staffing")
    day, part, covers = decision.busiest[0]
    assert day in days and f"Staff {day:%a %d %b}, {part} " in decision.recommendation
    assert f"for ≈{covers} covers" in decision.recommendation


def test_a_change_under_one_server_is_said_with_its_covers_not_hidden() -> None:
    """Snow supposed on a small lunch: fewer guests, but less than a server's worth, so the plan
    stands and says by how much the snow moves it (never "nothing moves demand")."""
    from kairos.operator.reading import read_message
    from kairos.operator.what_if import apply_scenario

    pack = _pack(baseline_covers=40, baseline_weekday=FRI, checkins=OWN)
    pack, _ = apply_scenario(pack, read_message("what if it snows?", FRIDAY))
    decision = decide(pack, "staffing")
    assert not any(a.staff_delta for a in decision.actions)
    _, _, covers = decision.busiest[0]
    assert covers
    snow = round(covers * (1 - 0.33))
    assert f"the signals' -33% (≈{snow} covers) is less than one server's worth" in (
        decision.recommendation
    )
    assert "nothing in the signals moves demand" not in decision.recommendation


async def test_a_named_place_is_planned_from_its_own_check_ins_over_http(
    client: Any, runtime: Any
) -> None:
    """From outside, on the suite's Wednesday: the Boston place with the most check-ins of its
    own, named by its operator; the plan's hours and counts are exactly what its own check-ins
    say (read from the store here, not from the answer)."""
    from sqlalchemy import text

    from kairos.store.operator import OperatorStore
    from tests.meals.helpers import as_user, create_user

    own = await OperatorStore(runtime.db).all_checkins()
    async with runtime.db.reading() as session:
        rows = await session.execute(
            text(
                "SELECT id, name FROM places WHERE city = 'Boston' AND name ~ '^[A-Z][a-z]+ [A-Z]'"
            )
        )
        named = [(r.id, r.name) for r in rows if r.id in own]
    pid, name = max(named, key=lambda p: (sum(own[p[0]].checkins.values()), -p[0]))
    uid = await create_user(client)
    response = await client.post(
        "/operator/chat",
        json={"message": f"I run {name} in Boston, we do 150 covers on Fridays. Staffing friday?"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["locations"][0]["place_id"] == pid
    said = re.search(r"^Staff Fri 27 Nov, (\w+) \d\d:00–\d\d:00 for ≈\d+ covers", answer["text"],
                     re.M)  # fmt: skip
    assert said is not None, answer["text"]
    part = cast(Daypart, said.group(1))
    peak = peak_hours(own[pid].checkins, FRI, part)
    if peak is None:
        assert "which hours of it are busiest is unknown (too few" in answer["text"]
    else:
        assert peak.evidence(part) in answer["text"]
        assert f"the most of them on {peak.hours}" in answer["action_line"]["action"]


def test_a_weekend_is_planned_day_by_day_not_as_one_shift() -> None:
    """Panel half A (o01, o31, o35, o39): "staffing this weekend?" answered with Saturday dinner
    alone. The busiest window is planned in full, and each other day of the period is said with
    its own busiest window, covers and servers."""
    days = [FRIDAY + timedelta(days=n) for n in range(3)]
    pack = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                      baseline_covers=220, baseline_weekday=FRI, checkins=OWN)  # fmt: skip
    decision = decide(pack, "staffing")
    text = decision.recommendation
    planned = decision.busiest[0][0]
    for day in days:
        assert f"{day:%a %d %b}, " in text, (day, text)
    others = text.split(" The other days: ", 1)[1]
    assert f"{planned:%a %d %b}" not in others
    for found in re.finditer(r"≈(\d+) covers, about (\d+) servers", others):
        assert int(found.group(2)) == ceil(int(found.group(1)) / COVERS_PER_SERVER)
    assert len(re.findall(r"≈\d+ covers, about \d+ servers", others)) == 2
    one_day = decide(_pack(baseline_covers=220, baseline_weekday=FRI, checkins=OWN), "staffing")
    assert "other days" not in one_day.recommendation


def test_every_change_of_a_what_if_is_listed_not_counted() -> None:
    """Panel half A (o01, o15, o31): "Cut 4 servers for Sun …, and 4 more changes." with the four
    never said. Each change the card makes is in its words."""
    from kairos.operator.reading import read_message
    from kairos.operator.what_if import apply_scenario

    days = [FRIDAY + timedelta(days=n) for n in range(3)]
    pack = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                      baseline_covers=220, baseline_weekday=FRI, checkins=OWN)  # fmt: skip
    pack, _ = apply_scenario(pack, read_message("what if it snows?", FRIDAY))
    decision = decide(pack, "staffing")
    assert len(decision.actions) > 1
    text = decision.recommendation
    assert "more change" not in text
    for action in decision.actions:
        assert action.text[1:] in text, action.text


def test_a_counter_service_coffee_place_is_staffed_with_baristas_not_servers() -> None:
    """Panel half A (o29): "how many baristas?" at a coffee chain answered with servers at one
    per 20 covers, line cooks and a bar. A listing of coffee and no restaurant is counter
    service: baristas for its customers, no line cooks or bartenders; a café whose own listing
    says it has waiter service keeps servers."""
    days = [FRIDAY + timedelta(days=n) for n in range(2)]
    coffee = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                        baseline_covers=400, baseline_weekday=FRI, checkins=OWN,
                        categories=["Food", "Coffee & Tea"])  # fmt: skip
    text = decide(coffee, "staffing").recommendation
    assert re.search(r"≈\d+ customers: about \d+ baristas? at one per 30 customers", text), text
    decision = decide(coffee, "staffing")
    assert "server" not in text + decision.trigger, (text, decision.trigger)
    assert "Kitchen: about" not in text and "bartenders (one per" not in text
    assert re.search(r"The other days: .* customers, about \d+ baristas", text), text
    cafe = SignalPack(
        location="here",
        days=days,
        demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
        baseline_covers=120,
        baseline_weekday=FRI,
        checkins=OWN,
        categories=["Food", "Coffee & Tea", "Breakfast & Brunch", "Restaurants", TABLE_LED],
    )
    assert "servers at one per 20 covers" in decide(cafe, "staffing").recommendation


def test_a_coffee_counter_listed_among_restaurants_too_is_staffed_at_the_counter() -> None:
    """Brief operator20 (panel half A, o17): a café's listing that also says "Restaurants" (or
    a brunch kitchen) is still a counter: baristas for its customers, never servers and covers,
    and cooks for the food its listing names (Cafénation: coffee, crêpes and brunch)."""
    days = [FRIDAY + timedelta(days=n) for n in range(2)]
    listing = ["Food", "Coffee & Tea", "Creperies", "Breakfast & Brunch", "Restaurants"]
    for categories in (listing, [*listing, COUNTER_LED]):
        cafe = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                          baseline_covers=120, baseline_weekday=FRI, checkins=OWN,
                          categories=categories)  # fmt: skip
        decision = decide(cafe, "staffing")
        text = decision.recommendation
        assert re.search(r"≈\d+ customers: about \d+ baristas? at one per 30", text), text
        assert "server" not in text + decision.trigger and "covers" not in text, text
        assert re.search(r"Kitchen: about \d+ cooks? for the food your listing names \(creperies",
                         text), text  # fmt: skip
        bare = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                          checkins=OWN, categories=categories)  # fmt: skip
        unsized = decide(bare, "staffing").recommendation
        assert "your usual customers ('180 customers on a Friday')" in unsized, unsized
        assert "covers" not in unsized, unsized


def test_a_food_court_counter_is_staffed_as_counter_service_not_table_service() -> None:
    """The round-2 graders' notes: a food-court counter and a chowder stand staffed as table
    service ('10 servers and 5 line cooks for ≈187 customers'). A listing of fast food, a food
    court or a food stand is served at a counter whatever its food: counter servers for its
    customers and a kitchen, no table servers or bartenders."""
    days = [FRIDAY + timedelta(days=n) for n in range(2)]
    stand = SignalPack(location="here", days=days, demand=DemandShape(DEFAULT_SHAPE, "d", 0, 0),
                       baseline_covers=300, baseline_weekday=FRI, checkins=OWN,
                       categories=["Seafood", "Soup", "Food Stands"])  # fmt: skip
    decision = decide(stand, "staffing")
    text = decision.recommendation
    assert re.search(r"≈\d+ customers: about \d+ counter servers? at one per 40 customers", text)
    assert "Counter service, so no table servers or bartenders are counted" in text, text
    assert " servers at one per 20 covers" not in text and "covers" not in decision.trigger


def test_a_count_read_from_a_thin_base_says_so_next_to_the_number() -> None:
    """Panel half A (o41, e08ebe2): a Sunday lunch buffet sized at ≈11 covers and 1 server from
    14 check-ins of the place's own, with no caveat; o45 the same from 5. A count read from
    fewer own check-ins than `THIN_CHECKINS` says how thin its base is beside it; one read from
    enough says nothing more."""
    thin = decide(_pack(baseline_covers=150, baseline_weekday=FRI, checkins={(FRI, 19): 14}),
                  "staffing").recommendation  # fmt: skip
    assert re.match(r"Staff Fri 04 Dec, dinner 17:00–22:00 for ≈\d+ covers \(a thin base, 14 "
                    r"check-ins of your own: check it against a usual Friday dinner\): about",
                    thin), thin  # fmt: skip
    none = decide(_pack(baseline_covers=150, baseline_weekday=FRI), "staffing").recommendation
    assert "(a thin base, similar places only: check it against a usual Friday dinner)" in none
    enough = decide(_pack(baseline_covers=150, baseline_weekday=FRI, checkins=OWN),
                    "staffing").recommendation  # fmt: skip
    assert "thin base" not in enough
