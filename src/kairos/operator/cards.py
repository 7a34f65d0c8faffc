"""What each card makes of the ranked drivers (ADR-024), and its words: the risk card turns
negative drivers into risk actions, the opportunity card positive ones into promotions (or the
quietest open window); then the recommendation and the trigger to escalate or de-escalate.

Nothing is called clear that was not checked: with no closures answer (no provider, or a failed
one) the risk card does not say "no closures … stand out", and with no events answer the
opportunity card does not say "nothing outside is bringing guests".
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Final

from kairos.operator.demand import DAYPARTS, OWN_SHRINK, window_text
from kairos.operator.derivation import usual_share
from kairos.operator.opportunity import (
    is_offer,
    pattern_action,
    posted_now_if_today,
    quiet_pattern,
    shape_offer,
)
from kairos.operator.schemas import Card, Daypart, Driver, StaffAction
from kairos.operator.staffing_plan import day_by_day, front_role, peak_clause, plan

if TYPE_CHECKING:
    from kairos.operator.rules import SignalPack

_WEEKDAYS: Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

__all__ = [
    "SCENARIO",
    "SUPPOSED_EVENT",
    "opportunity_actions",
    "recommendation",
    "risk_actions",
    "trigger",
]

SCENARIO: Final = "the operator's scenario"
"""The basis of a signal the operator supposed ("what if it snows?")."""
SUPPOSED_EVENT: Final = "what-if"
"""The id of an event the operator supposed ("what if there's a game?")."""
SUPPOSED_EVENT_NO_RISK: Final = (
    "The event you suppose brings guests rather than risk, so it adds no risk action (the "
    "staffing card plans the extra guests). "
)


def when_of(driver: Driver) -> str:
    """The day (and hour) a driver's summary opens with: "Sat 05 Dec at 19:00: a game …" ->
    "Sat 05 Dec at 19:00" (the hour's own colon is not the separator)."""
    return driver.summary.split(": ", 1)[0]


def risk_actions(drivers: list[Driver], label: str | None) -> list[StaffAction]:
    found = []
    for d in drivers:
        if d.effect_pct >= 0 or d.source not in ("weather", "closures", "school_calendar"):
            continue
        what = (
            "Move deliveries and tell guests how to reach you"
            if d.source == "closures"
            else "Hold back perishable prep and keep a call-in server on standby"
        )
        found.append(
            StaffAction(
                kind="risk",
                window=when_of(d),
                text=f"{what} for {when_of(d)}",
                drivers=[d],
                location=label,
            )
        )
    return found[:3]


def opportunity_actions(
    drivers: list[Driver], pack: SignalPack, label: str | None
) -> list[StaffAction]:
    found = []
    for d in drivers:
        if d.effect_pct <= 0:
            continue
        what = (
            "Promote a pre-event menu and open bookings early"
            if d.source == "events"
            else "Run a family lunch offer"
            if d.source == "school_calendar"
            else "Promote it"
        )
        found.append(
            StaffAction(
                kind="promote",
                window=when_of(d),
                text=f"{what} for {when_of(d)}",
                drivers=[d],
                location=label,
            )
        )
    pattern = quiet_pattern(pack.days, pack.checkins, pack.demand.shares, pack.neighbours)
    if pattern is not None:  # the place's own check-ins show a dip: the offer for it
        found.append(
            posted_now_if_today(pattern_action(pattern, pack.guests, label), pack.today, pack.days)
        )
    elif not found and pack.days:
        quiet = _quietest(pack, pack.days)
        if quiet is not None:
            own = pack.demand.own_checkins + sum((pack.checkins or {}).values())
            mine = max(pack.demand.own_checkins, sum((pack.checkins or {}).values()))
            offer = shape_offer(*quiet, pack.demand.basis, pack.guests, pack.events is not None,
                                label, own, mine / (mine + OWN_SHRINK))  # fmt: skip
            found.append(posted_now_if_today(offer, pack.today, pack.days))
    if found and is_offer(found[-1]) and (sized := _offer_covers(found[-1], pack)) is not None:
        found[-1].drivers.insert(1, sized)
    return found[:3]


def _offer_covers(offer: StaffAction, pack: SignalPack) -> Driver | None:
    """The offer's window in the operator's own covers, once they are given (panel half A, o53:
    '60 covers on a friday, tiny place' left the set-lunch line as it was, with no number)."""
    if offer.day is None or offer.daypart is None or pack.baseline_covers is None:
        return None
    covers = pack.demand.covers(pack.baseline_covers, pack.baseline_weekday,
                                pack.baseline_daypart)  # fmt: skip
    usual = round(float(covers[offer.day.weekday(), DAYPARTS.index(offer.daypart)]))
    # against the busiest window of the week the covers were read by: the same whichever days
    # a turn asks about (half A, o53: "≈42 on Fri dinner, the busiest of these days" became
    # "≈41 on Sat dinner" when the next turn asked about Saturday alone); a tie is broken by
    # the week's order and said. Never compared with itself (half A, o11).
    cells = sorted(
        ((round(float(covers[wd, p])), wd, p) for wd in range(7) for p in range(len(DAYPARTS))),
        key=lambda c: (-c[0], c[1], c[2]),
    )
    top, wd, p = cells[0]
    tied = [c for c in cells[1:] if c[0] == top]
    name = f"{_WEEKDAYS[wd]} {DAYPARTS[p]}"
    also = (f" (tied with {', '.join(f'{_WEEKDAYS[c[1]]} {DAYPARTS[c[2]]}' for c in tied)})"
            if tied else "")  # fmt: skip
    against = (
        f"against ≈{top} on {name}{also}, the busiest window of your week"
        if (wd, p) != (offer.day.weekday(), DAYPARTS.index(offer.daypart))
        else f"the busiest window of your week{also}"
    )
    unit = front_role(pack.categories)[2]
    return Driver(source="demand", summary=f"From your {pack.baseline_covers} {unit}, that window "
                  f"usually holds ≈{usual}, {against}.", effect_pct=0.0, rank=0.0)  # fmt: skip


def _quietest(pack: SignalPack, days: list[date]) -> tuple[date, Daypart] | None:
    best: tuple[float, date, Daypart] | None = None
    day_max = max(pack.demand.shares.max(), 1e-9)
    for day in days:
        for p, part in enumerate(DAYPARTS):
            share = float(pack.demand.shares[day.weekday(), p])
            if share < 0.15 * day_max or part in ("breakfast", "late"):
                continue  # closed, or nearly: not a window to promote
            if best is None or share < best[0]:
                best = (share, day, part)
    return (best[1], best[2]) if best else None


def recommendation(
    card: Card,
    actions: list[StaffAction],
    busiest: list[tuple[date, Daypart, int | None]],
    pack: SignalPack,
    change: float = 0.0,
    each_day: list[tuple[date, Daypart, int | None]] | None = None,
) -> str:
    """`change`: what the signals do to the busiest window's demand (-0.33: a third fewer);
    `each_day`: the busiest window of each day of the period, said for the days not planned."""
    peak = ""
    if busiest:
        day, part, covers = busiest[0]
        peak = f"{window_text(day, part)}" + (f" (≈{covers} covers)" if covers else "")
    if card == "staffing":
        if actions:
            said = {a.day for a in actions if a.day is not None}
            return (
                actions[0].text + "." + _why_then(actions[0], pack) + _also(actions[1:], actions[0])
                + day_by_day(each_day or [], said, pack.categories)
            )  # fmt: skip
        usual = _usual_share(pack, busiest)
        if (
            planned := plan(
                busiest, pack.checkins, pack.guests, pack.daypart, change, pack.categories, usual
            )
        ) is not None:
            return planned + day_by_day(each_day or [], {busiest[0][0]}, pack.categories)
        asked = pack.daypart is not None and busiest[0][1] == pack.daypart if busiest else False
        which = f"The busiest {pack.daypart} is" if asked else "Your busiest window is"
        return (
            f"Keep your usual staffing; nothing in the signals moves demand enough to change it. "
            f"{which} {peak}" + (f": {usual}." if usual else ".")
            if peak
            else "Keep your usual staffing."
        )
    if card == "risk":
        if actions:
            return _first_with_staffing(actions)
        supposed = any(e.id == SUPPOSED_EVENT for e in pack.events or [])
        return (SUPPOSED_EVENT_NO_RISK if supposed else "") + _risk_all_clear(pack)
    if actions:
        return _first_with_staffing(actions)
    if pack.events is None:
        return "No outside opportunity is known (events nearby are unknown); keep your usual plan."
    return "No outside opportunity stands out; keep your usual plan."


def _usual_share(pack: SignalPack, busiest: list[tuple[date, Daypart, int | None]]) -> str | None:
    """What makes the busiest window's covers from the usual day given (`usual_share`)."""
    if not busiest or busiest[0][2] is None:
        return None
    day, part, _ = busiest[0]
    usual = (pack.baseline_covers, pack.baseline_weekday, pack.baseline_daypart)
    return usual_share(pack.demand, usual, day, part, front_role(pack.categories)[2])


def _also(actions: list[StaffAction], first: StaffAction | None = None) -> str:
    """The card's other changes, each said (never "and 2 more changes" left unlisted); those that
    read as the first but for their window are said by their windows ("The same at Sun 06 Dec,
    lunch 11:00–15:00 and …"), not repeated whole."""
    if not actions:
        return ""

    def shape(action: StaffAction) -> str:
        return action.text.replace(action.window, "") if action.window else action.text

    same = [a for a in actions if first is not None and first.window and a.window
            and shape(a) == shape(first)]  # fmt: skip
    rest = [a for a in actions if a not in same]
    text = ""
    if same:
        windows = [a.window for a in same if a.window]
        listed = ", ".join(windows[:-1]) + (" and " if len(windows) > 1 else "") + windows[-1]
        text += f" The same at {listed}."
    if rest:
        text += " Also: " + "; ".join(a.text[:1].lower() + a.text[1:] for a in rest) + "."
    return text


def _supposed_weather_trigger(card: Card, pack: SignalPack, actions: list[StaffAction]) -> str:
    """The trigger of a supposed rain or snow: the supposition coming true, on the days the
    actions are for (never another day of the window)."""
    supposed = {day: r for day, r in pack.weather.items() if r.basis == SCENARIO}
    what = "snow" if any((r.snow_chance or 0) > 0 for r in supposed.values()) else "rain"
    cuts = sorted({a.day for a in actions if a.staff_delta < 0 and a.day is not None})
    days = cuts or sorted(supposed)
    when = f"{days[0]:%a %d %b}" if len(days) == 1 else f"{days[0]:%a %d} – {days[-1]:%a %d %b}"
    step = {
        "staffing": ("make the cuts above the day before each" if len(cuts) > 1
                     else "make the cut above the day before" if cuts
                     else "keep the plan and prep less perishable stock"),
        "risk": "hold back perishable prep and put a server on call",
        "opportunity": "move the promotion to delivery and takeaway",
    }[card]  # fmt: skip
    offer = next((a.day for a in actions if card == "opportunity" and a.day), None)
    if offer is not None and offer not in supposed:
        # the offer is for another day: the supposed weather leaves it be (half A, o59: snow on
        # Friday "moved" a Thursday promotion to delivery)
        step = f"keep the {offer:%a %d %b} promotion as it is and staff {when} by the numbers above"
    return f"If {what} is forecast for {when}: {step}; if it is not, keep your usual plan."


def _why_then(action: StaffAction, pack: SignalPack) -> str:
    """The hours inside a window staff are added to that the place's own check-ins point to."""
    if action.day is None or action.daypart is None or action.staff_delta <= 0:
        return ""
    peak, evidence = peak_clause(pack.checkins, action.day, action.daypart)
    return f" Busiest hours {peak.hours}: {evidence}." if peak else ""


def _first_with_staffing(actions: list[StaffAction]) -> str:
    """A risk or opportunity card's first action, and the staff change the drivers also call for
    (the trigger may speak of it: "drop the extra server" needs the server said); then an offer
    from the place's own evidence, with the sentences it rests on."""
    text = actions[0].text
    staff = next((a for a in actions if a.staff_delta), None)
    if staff is not None and staff is not actions[0]:
        text += f"; {staff.text[:1].lower()}{staff.text[1:]}"
    text += "."
    offer = next((a for a in actions if is_offer(a)), None)
    if offer is not None:
        if offer is not actions[0]:
            text += f" Also {offer.text[:1].lower()}{offer.text[1:]}."
        text += "".join(f" {d.summary}" for d in offer.drivers)
    return text


def _risk_all_clear(pack: SignalPack) -> str:
    """No risk found: an all-clear only on what was checked. Closures with no source (or a
    failed one) and weather with no numbers here are unknown, and said so."""
    closures = pack.closures is not None
    weather = any(report.known for report in pack.weather.values())
    if closures and weather:
        return "No closures or weather risks stand out for this period; run as usual."
    if weather:
        return (
            "No weather risk stands out for this period; street closures nearby are unknown, "
            "so this is not an all-clear on them."
        )
    if closures:
        return (
            "No street closures stand out for this period; the weather here is unknown, so this "
            "is not an all-clear on it."
        )
    return (
        "Neither street closures nor the weather here are known for this period, so this is no "
        "all-clear; run as usual and watch for notices."
    )


def trigger(
    card: Card,
    drivers: list[Driver],
    busiest: list[tuple[date, Daypart, int | None]],
    pack: SignalPack,
    actions: list[StaffAction] | None = None,
) -> str:
    """What would move the plan up or down. It agrees with the actions: nothing is "dropped"
    that was not added, and a scenario's trigger is the scenario coming true."""
    top = drivers[0] if drivers else None
    added = any(a.staff_delta > 0 for a in actions or [])
    if top is not None and top.source == "weather" and "your scenario" in top.summary:
        return _supposed_weather_trigger(card, pack, actions or [])
    if top is not None and top.source == "scenario":
        staffed = next((a for a in actions or [] if a.staff_delta and a.expected_covers), None)
        if staffed is None:
            return (
                "The covers supposed are within one server's worth of your usual at every "
                "daypart: keep your usual plan, and add a server if bookings run 15% above it."
            )
        return (
            f"If bookings for {staffed.window} point to ≈{staffed.expected_covers} covers, staff "
            f"as above; if they stay near your usual ≈{staffed.usual_covers}, keep your usual "
            "plan."
        )
    if top is not None and top.source == "weather":
        when = when_of(top)
        step = {
            "staffing": "cut one more server and prep less",
            "risk": "hold back more perishable prep and call in your standby only if needed",
            "opportunity": "move the promotion indoors or to delivery",
        }[card]
        return (
            f"Escalate if the forecast for {when} turns wet (60% or more): {step}; "
            "de-escalate if it stays dry."
        )
    if top is not None and top.source == "events":
        when = when_of(top)
        if added:
            return (
                f"Escalate if {counted(pack)} for {when} run 15% above usual; de-escalate (drop "
                f"{_extra(actions or [], pack)}) if the event is cancelled."
            )
        return (
            f"Escalate (add one {front_role(pack.categories)[0]} for the evening) if "
            f"{counted(pack)} for {when} run past the {top.effect_pct:.0f}% above usual this "
            "already expects; "
            "if the event is cancelled, nothing changes."
        )
    if top is not None and top.source == "closures":
        return "De-escalate when the city lifts the closure; escalate if it extends into your peak."
    if top is not None and top.source == "reviews":
        return (
            "De-escalate if no new wait complaints appear over the next 4 weeks; escalate if "
            "they keep coming after the extra host."
        )
    if busiest and card == "staffing":
        day, part, covers = busiest[0]
        usual = f" (your usual ≈{covers})" if covers else ""
        return (
            f"Escalate if {counted(pack)} for {window_text(day, part)} run 15% above usual"
            f"{usual}: add one {front_role(pack.categories)[0]}; de-escalate if they run 15% "
            "below."
        )
    if card == "risk":
        return (
            "Escalate if a street closure or a storm warning is announced near you; "
            "de-escalate when the period passes without one."
        )
    if card == "opportunity":
        return (
            "Escalate (extend the offer) if it fills the window; de-escalate if "
            f"{counted(pack)} for it stay under your usual."
        )
    return f"Escalate if {counted(pack)} run 15% above usual; de-escalate if they run 15% below."


def _extra(actions: list[StaffAction], pack: SignalPack) -> str:
    """The staff a trigger drops, as many as the recommendation added: "the 2 extra servers"
    (panel half A, o21: "add 2 servers" beside a trigger to "drop the extra server")."""
    role = front_role(pack.categories)[0]
    added = [a for a in actions if a.staff_delta > 0]
    staffed = next((a for a in added if any(d.source == "events" for d in a.drivers)), None)
    many = staffed.staff_delta if staffed is not None else 1
    return f"the extra {role}" if many == 1 else f"the {many} extra {role}s"


def counted(pack: SignalPack) -> str:
    """What a trigger counts: bookings at a table-service place; orders at a counter, where
    nobody books (the brief's round-3 notes: a counter-service trigger said "bookings")."""
    return "bookings" if front_role(pack.categories)[0] in ("server", "bartender") else "orders"
