"""The busiest window is chosen from the numbers the answer shows, and the operator's baseline
anchors its weekday (issue 36; panel half A, o37 and o33)."""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np

from kairos.operator.demand import DAYPARTS, OWN_WEEK, DemandShape
from kairos.operator.rules import SignalPack, decide

MONDAY = date(2026, 12, 7)
WED, FRI = 2, 4
DINNER, LUNCH = DAYPARTS.index("dinner"), DAYPARTS.index("lunch")


def _shape(own: int = 14) -> DemandShape:
    """A week read from similar places: Friday the busiest day, its guests spread over lunch,
    the afternoon, dinner and late; Wednesday a little quieter, nearly all of it at dinner; no
    breakfast anywhere (closed)."""
    rows = np.array(
        [
            [0, 2, 1, 6, 1],
            [0, 2, 1, 6, 1],
            [0, 1, 0, 16, 1],
            [0, 2, 1, 7, 1],
            [0, 5, 4, 8, 3],
            [0, 6, 2, 9, 3],
            [0, 6, 1, 4, 0],
        ],
        dtype=np.float64,
    )
    shares = rows / rows.sum()
    return DemandShape(shares, "peers", own, 4, shares.sum(axis=1))


def test_a_quieter_day_never_has_a_busier_window_than_the_baseline_day() -> None:
    """o37: a 110-covers Friday, and a Wednesday dinner ≈80 above the Friday dinner ≈62, from a
    Wednesday the week profile holds quieter than Friday. Its dinner is held to Friday's busiest
    share, the rest goes to its other open windows; its total stays; closed stays closed."""
    shape = _shape()
    covers = shape.covers(110, FRI)
    assert covers[WED].sum() < covers[FRI].sum()
    assert covers[WED, DINNER] <= covers[FRI, DINNER] + 1e-9
    unanchored = np.array([110 * shape._day_ratio(d, FRI) * shape._split(d) for d in range(7)])
    assert unanchored[WED, DINNER] > covers[FRI, DINNER]  # what it was
    assert abs(covers[WED].sum() - unanchored[WED].sum()) < 1e-6
    assert covers[:, 0].sum() == 0
    # a place whose own check-ins read its week keeps its own split
    own = _shape(own=OWN_WEEK)
    own_covers = own.covers(110, FRI)
    assert own_covers[WED, DINNER] > own_covers[FRI, DINNER]


def test_the_week_names_the_baseline_day_busiest_not_a_quieter_one() -> None:
    days = [MONDAY + timedelta(days=n) for n in range(7)]
    pack = SignalPack(location="here", days=days, demand=_shape(), baseline_covers=110,
                      baseline_weekday=FRI)  # fmt: skip
    decision = decide(pack, "staffing")
    assert decision.busiest[0][0].weekday() != WED, decision.recommendation


def test_the_window_called_busiest_does_not_move_when_the_baseline_comes() -> None:
    """o37: Sunday lunch busiest before the baseline (the shares' biggest cell), a weekday dinner
    after it (the covers'): both now read from the same covers shape."""
    days = [MONDAY + timedelta(days=n) for n in range(7)]
    shape = _shape()
    before = decide(SignalPack(location="here", days=days, demand=shape), "staffing")
    assert shape.week is not None
    busiest_day = int(np.argmax(shape.week))
    after = decide(SignalPack(location="here", days=days, demand=shape, baseline_covers=110,
                              baseline_weekday=busiest_day), "staffing")  # fmt: skip
    assert before.busiest[0][:2] == after.busiest[0][:2]


def test_a_plan_held_to_the_part_asked_names_the_busier_window_it_leaves_out() -> None:
    """o33: a week planned by its lunches (≈61 at most) while the same answer's Friday dinner
    held ≈88: the busiest window of all is said with its covers and servers."""
    days = [MONDAY + timedelta(days=n) for n in range(7)]
    pack = SignalPack(location="here", days=days, demand=_shape(), baseline_covers=180,
                      baseline_weekday=FRI, daypart="lunch")  # fmt: skip
    decision = decide(pack, "staffing")
    assert decision.busiest[0][1] == "lunch"
    covers = _shape().covers(180, FRI)
    w, p = np.unravel_index(int(np.argmax(covers)), covers.shape)
    most = round(float(covers[w, p]))
    assert f"Busiest of all the period's windows: {days[int(w)]:%a %d %b}, {DAYPARTS[int(p)]}" in (
        decision.recommendation
    )
    assert f"≈{most} covers, about {-(-most // 20)} servers." in decision.recommendation
    dinner = decide(SignalPack(location="here", days=days, demand=_shape(), baseline_covers=180,
                               baseline_weekday=FRI), "staffing")  # fmt: skip
    assert "Busiest of all" not in dinner.recommendation


def test_a_cut_with_no_usual_covers_says_what_it_rests_on() -> None:
    """o15: with no baseline, rain cut one server in four windows of unknown size. Each change
    says the covers from which it is one server's worth and asks for the usual covers."""
    from kairos.operator.schemas import Driver

    rain = Driver(source="weather", summary="rain all day", effect_pct=-14.0, rank=0,
                  evidence_ids=[])  # fmt: skip
    sunday = MONDAY - timedelta(days=1)
    pack = SignalPack(location="here", days=[sunday], demand=_shape(),
                      supposed=[(sunday, set(DAYPARTS), rain)])  # fmt: skip
    decision = decide(pack, "staffing")
    assert decision.actions, decision.recommendation
    for action in decision.actions:  # a cut with no usual covers is said as its condition
        assert action.text.startswith("If you usually serve ≈143 covers or more at "), action.text
        assert action.text.endswith(
            ", cut 1 server or more (-14% of guests, one server per 20 covers as your plan counts "
            "them); below that keep your usual staffing. Give your "
            "usual covers to size it"
        ), action.text
    said = decision.recommendation  # the condition once
    assert said.count("If you usually serve") + said.count("if you usually serve") == 1, said
    # a cut only of the window the plan staffs, the day's busiest (o01: never a shift not planned)
    assert [(a.day, a.daypart) for a in decision.actions] == [decision.busiest[0][:2]]
    sized = decide(SignalPack(location="here", days=[sunday], demand=_shape(), baseline_covers=200,
                              baseline_weekday=6, supposed=[(sunday, set(DAYPARTS), rain)]),
                   "staffing")  # fmt: skip
    assert all(not a.text.startswith("If you usually") for a in sized.actions)


def test_a_change_in_covers_moves_staff_by_the_rule_the_plan_states_and_gives_the_total() -> None:
    """o21: +11 covers (144 -> 155) added a server although both need 8 at one per 20, and the
    change said '+1 server' with no total. Staff follow ceil(covers / 20) in the change as in
    the plan, and the change says the total."""
    from kairos.operator.schemas import Driver

    sunday = MONDAY - timedelta(days=1)

    def change(pct: float, baseline: int) -> list[str]:
        lift = Driver(source="events", summary="game", effect_pct=pct, rank=0, evidence_ids=[])
        pack = SignalPack(location="here", days=[sunday], demand=_shape(), daypart="lunch",
                          baseline_covers=baseline, baseline_weekday=6,
                          supposed=[(sunday, {"lunch"}, lift)])  # fmt: skip
        return [a.text for a in decide(pack, "staffing").actions]

    baseline = round(81 / (float(_shape().covers(100, 6)[6, LUNCH]) / 100))  # lunch ≈81
    covers = _shape().covers(baseline, 6)[6, LUNCH]
    usual = round(float(covers))
    assert ((usual + 19) // 20) * 20 - usual >= 11, usual  # over half a server's room
    small = (((usual + 19) // 20) * 20 - usual - 1) / usual * 100  # stays under the next server
    assert change(small, baseline) == []  # over half a server's covers, still no server more
    assert change(-3.0, baseline) == []  # ≈81 -> ≈79 crosses 80, but 2 covers move no one
    big = change(40.0, baseline)
    assert len(big) == 1
    expected = round(float(covers) * 1.4)
    servers = -(-expected // 20)
    assert big[0].endswith(f" ({servers} servers in all: ≈{expected} covers against your usual "
                           f"{usual})"), big[0]  # fmt: skip
    assert big[0].startswith(f"Add {servers - -(-usual // 20)} server")


def test_a_coffee_counters_day_is_split_by_its_own_week_not_a_restaurants() -> None:
    """o29: a Starbucks with 82 check-ins of its own (43 % breakfasts) had half of each day
    split as a full-service restaurant's, so its Friday went mostly to dinner and its Saturday
    breakfast to ≈39 of 400. Half of a day is now the shape's own week by daypart."""
    rows = np.array([[8, 6, 1, 2, 0], [6, 4, 3, 1, 0], [5, 4, 1, 1, 0], [5, 7, 1, 1, 0],
                     [9, 5, 3, 2, 0], [4, 5, 4, 2, 0], [1, 3, 2, 2, 0]],
                    dtype=np.float64)  # fmt: skip
    shares = rows / rows.sum()
    shape = DemandShape(shares, "own and peers", 82, 6, shares.sum(axis=1))
    covers = shape.covers(400, FRI)
    week_breakfast = float(shares[:, 0].sum())
    for day in range(6):  # Monday to Saturday: mornings first, as its own check-ins
        assert covers[day, 0] >= covers[day, DINNER], (day, covers[day])
    friday = covers[FRI] / covers[FRI].sum()
    assert friday[0] >= 0.5 * float(rows[FRI, 0] / rows[FRI].sum()) + 0.5 * week_breakfast - 1e-9


def test_no_quieter_day_tops_the_baseline_days_busiest_window_on_any_shape() -> None:
    """The hold is exact: the covers a window gives up never lift another of its day's windows
    over the baseline day's busiest (a late night took a capped dinner's excess and topped it)."""
    rng = np.random.default_rng(36)
    for _ in range(200):
        rows = rng.random((7, len(DAYPARTS))) ** 3 * (rng.random((7, len(DAYPARTS))) > 0.3)
        rows[:, 3] += 0.01
        shares = rows / rows.sum()
        shape = DemandShape(shares, "peers", 5, 4, shares.sum(axis=1))
        for anchor in range(7):
            covers = shape.covers(100, anchor)
            for day in range(7):
                total, whole = covers[day].sum(), covers[anchor].sum()
                if day == anchor or total > whole:
                    continue
                # its share of the anchor's busiest, or even over its few open windows
                most = max(covers[anchor].max() * total / whole, total / (covers[day] > 0).sum())
                assert covers[day].max() <= most + 1e-6, (anchor, day)
                assert covers[day].max() <= covers[anchor].max() + 1e-6 or (
                    np.allclose(covers[day][covers[day] > 0], most)
                ), (anchor, day)


def test_a_counter_service_trigger_counts_orders_not_bookings() -> None:
    """The brief's round-3 notes: a counter-service place's trigger said 'Escalate if bookings
    for ...': nobody books a counter. A table-service place's still counts bookings."""
    days = [MONDAY + timedelta(days=4)]
    counter = decide(SignalPack(location="here", days=days, demand=_shape(), baseline_covers=300,
                                baseline_weekday=FRI, categories=["fast food", "mexican"]),
                     "staffing")  # fmt: skip
    assert counter.trigger.startswith("Escalate if orders for Fri"), counter.trigger
    assert "bookings" not in counter.trigger and "add one counter server" in counter.trigger
    table = decide(SignalPack(location="here", days=days, demand=_shape(), baseline_covers=300,
                              baseline_weekday=FRI, categories=["french"]), "staffing")  # fmt: skip
    assert table.trigger.startswith("Escalate if bookings for Fri"), table.trigger


def test_a_baseline_for_another_day_does_not_move_the_busiest_window() -> None:
    """o51: Saturday the week's busiest day, spread over lunch and dinner; Friday quieter but
    nearly all dinner. Read before any baseline, Saturday dinner is the busiest window; "100 on
    a friday" sets Friday's covers and must not make Friday dinner the busiest instead."""
    rows = np.array(
        [
            [0, 2, 1, 6, 1],
            [0, 2, 1, 6, 1],
            [0, 2, 1, 6, 1],
            [0, 2, 1, 7, 1],
            [0, 1, 0, 12, 1],
            [0, 6, 1, 8, 1],
            [0, 6, 1, 4, 0],
        ],
        dtype=np.float64,
    )
    shares = rows / rows.sum()
    shape = DemandShape(shares, "peers", 0, 8, shares.sum(axis=1))
    before = shape.relative()
    after = shape.covers(100, FRI)
    peak = np.unravel_index(np.argmax(before), before.shape)
    assert peak == (5, DINNER)  # Saturday dinner
    assert np.unravel_index(np.argmax(after), after.shape) == peak
    assert abs(after[FRI].sum() - 100) < 1e-6  # Friday still holds the covers given


def test_a_baseline_day_under_the_busiest_window_keeps_its_own_split() -> None:
    """Holding the busiest window in place never reshapes a baseline day whose windows stay
    under it: "300 on a Sunday" keeps Sunday's lunch-heavy split, not Saturday's dinner share."""
    rows = np.array(
        [[0, 2, 1, 6, 1], [0, 2, 1, 6, 1], [0, 2, 1, 6, 1], [0, 2, 1, 7, 1],
         [0, 3, 1, 9, 2], [0, 6, 4, 7, 4], [0, 9, 1, 2, 1]],
        dtype=np.float64,
    )  # fmt: skip
    shares = rows / rows.sum()
    shape = DemandShape(shares, "peers", 0, 8, shares.sum(axis=1))
    sunday = 6
    covers = shape.covers(300, sunday)
    kept = 300 * shape._split(sunday)
    assert np.allclose(covers[sunday], kept)
