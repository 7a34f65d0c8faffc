"""A place's hours on a public holiday are what its source says of public holidays, never its
usual week's (issue 35; panel trips half A, t05 and t53: the Met planned on Thanksgiving, when it
is closed, with only the day's general warning). Thanksgiving 2026 is Thu 26 Nov."""

from __future__ import annotations

from datetime import date

from kairos.trips.holiday_hours import AS_USUAL, holiday_days, holiday_rule, on_holiday
from kairos.trips.hours import visit_hours, why_unknown
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import TripRequest
from kairos.trips.verify import verify
from tests.trips.candidates import place_maker

THANKSGIVING = date(2026, 11, 26)
THU = THANKSGIVING.weekday()
CENTRE = (40.75, -73.98)
TEN_TO_FIVE = tuple(((600, 1020),) for _ in range(7))
place = place_maker(CENTRE, "New York", hours=TEN_TO_FIVE, hours_text="Mo-Su 10:00-17:00")


def test_what_a_source_says_of_public_holidays_is_read() -> None:
    assert holiday_rule("Mo-Su 12:00-22:00; PH closed") == ()
    assert holiday_rule("Mo-Fr 08:30-17:30; PH off") == ()
    assert holiday_rule("Mo-Fr 09:00-17:00; Sa,Su,PH 10:00-16:00") == ((600, 960),)
    assert holiday_rule("PH,Mo-Su 11:30-19:45") == ((690, 1185),)
    assert holiday_rule("Tuesday to Sunday, 12pm - 7pm, Closed on Monday and public holidays") == ()
    assert holiday_rule("Tuesday to Sunday, 12pm – 7pm. Open on public holiday.") == AS_USUAL
    assert holiday_rule("Tuesday to Sunday, 9am – 5.30pm, Closed on Monday (except on public "
                        "holidays)") == AS_USUAL  # fmt: skip
    assert holiday_rule("Sunday to Thursday and public holidays, 10am - 7pm, Friday to Saturday "
                        "and eve of public holidays, 10am - 10pm") == ((600, 1140),)  # fmt: skip
    named = "Daily 10am-5pm. Closed Thanksgiving Day, December 25, and January 1."
    assert holiday_rule(named, "Thanksgiving Day") == ()
    assert holiday_rule(named, "Independence Day") is None
    for silent in ("Mo-Su 10:00-17:00", "10:00 AM - 5:00 PM", "Sa-Su 10:00-18:00", None):
        assert holiday_rule(silent, "Thanksgiving Day") is None


def test_a_usual_week_says_nothing_of_the_holiday_so_the_visit_is_not_certified() -> None:
    museum = place(1)
    assert visit_hours(museum, THU, 660, 720) == "open"  # a usual Thursday
    on_the_day = on_holiday(museum, "Thanksgiving Day", THU)
    assert visit_hours(on_the_day, THU, 660, 720) == "unknown"
    assert visit_hours(on_the_day, THU, 1080, 1140) == "closed"  # still timed by its usual day
    assert why_unknown(on_the_day, THU).startswith(
        "Thanksgiving Day: holiday hours not known, check before going"
    )
    assert on_holiday(museum, None, THU) is museum  # a usual day
    nothing = on_holiday(place(2, hours=None, hours_text=None), "Thanksgiving Day", THU)
    said = "Thanksgiving Day: holiday hours not known, check before going; its source gives no "
    assert why_unknown(nothing, THU) == said + "opening hours at all"


def test_holiday_rules_close_or_give_hours_and_round_the_clock_stays_open() -> None:
    shut = on_holiday(place(1, hours_text="Mo-Su 10:00-17:00; PH off"), "Thanksgiving Day", THU)
    assert visit_hours(shut, THU, 660, 720) == "closed"
    short = place(2, hours_text="Mo-Su 10:00-17:00; PH 12:00-15:00")
    on_the_day = on_holiday(short, "Thanksgiving Day", THU)
    assert visit_hours(on_the_day, THU, 720, 840) == "open"
    assert visit_hours(on_the_day, THU, 660, 720) == "closed"
    assert visit_hours(on_the_day, THU + 1, 660, 720) == "open"  # Friday as usual
    always = place(3, hours=tuple(((0, 1440),) for _ in range(7)), hours_text="24/7")
    assert visit_hours(on_holiday(always, "Thanksgiving Day", THU), THU, 660, 720) == "open"


def _trip(start: date, *places: object) -> TripRequest:
    return TripRequest(city="New York", start_date=start, days=2, pace="relaxed", mode="transit",
                       centre=CENTRE, candidates=tuple(places))  # type: ignore[arg-type]  # fmt: skip


def test_a_trip_on_the_holiday_plans_its_flagship_museums_on_the_usual_day() -> None:
    near = [place(i, dlat=0.002 * i) for i in (1, 2)]  # the best ranked, together
    far = [place(i, dlat=-0.03 - 0.002 * i, kind="monument") for i in (3, 4)]  # open air
    itinerary = plan_itinerary(_trip(THANKSGIVING, *near, *far))
    holiday, usual = ({s.place_id for s in d.stops} for d in itinerary.days)
    assert {"p1", "p2"} <= usual, (holiday, usual)
    assert {"p3", "p4"} <= holiday, (holiday, usual)


def test_a_stop_on_the_holiday_is_not_certified_and_says_why() -> None:
    one = TripRequest(city="New York", start_date=THANKSGIVING, days=1, pace="relaxed",
                      mode="transit", centre=CENTRE, candidates=(place(1),))  # fmt: skip
    itinerary = plan_itinerary(one)
    (stop,) = itinerary.days[0].stops
    assert not stop.hours_known
    checked = verify(itinerary)
    (unknown,) = [u for u in checked.unknown_hours if u.place_id == "p1"]
    assert unknown.why.startswith("Thanksgiving Day: holiday hours not known"), unknown


def test_a_place_closed_on_public_holidays_is_not_planned_that_day() -> None:
    shut = place(1, hours_text="Mo-Su 10:00-17:00; PH closed")
    one = TripRequest(city="New York", start_date=THANKSGIVING, days=1, pace="relaxed",
                      mode="transit", centre=CENTRE, candidates=(shut,))  # fmt: skip
    assert not [s for d in plan_itinerary(one).days for s in d.stops]
    usual = TripRequest(city="New York", start_date=date(2026, 11, 27), days=1, pace="relaxed",
                        mode="transit", centre=CENTRE, candidates=(shut,))  # fmt: skip
    assert [s.place_id for d in plan_itinerary(usual).days for s in d.stops] == ["p1"]


def test_groups_move_only_between_holiday_and_usual_days_not_fixed_ones() -> None:
    pool = [place(1), place(2, kind="monument"), place(3, kind="monument")]
    groups = [[0], [1], [2]]
    assert holiday_days(groups, ["Thanksgiving Day", None, None], pool, set()) == [[1], [0], [2]]
    assert holiday_days(groups, ["Thanksgiving Day", None, None], pool, {0}) == groups
    assert holiday_days(groups, [None, None, None], pool, set()) == groups
