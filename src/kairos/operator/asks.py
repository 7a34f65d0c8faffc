"""Questions an operator asks that the card does not answer by itself (issue 36, panel half A):
"which night is our quietest?", "line cooks by daypart", "what do I fix first?". Each is answered
directly, first, from the same evidence the card used (the demand shape, the baseline's covers,
the place's own reviews), never by repeating the card.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from math import ceil
from typing import Final, Literal

from kairos.operator.demand import DAYPART_HOURS, DAYPARTS, DemandShape, Matrix
from kairos.operator.schemas import Daypart, GuestSnapshot, StaffAction
from kairos.operator.service_kind import KITCHEN_KINDS, front_role
from kairos.operator.staffing_plan import COVERS_PER_COOK
from kairos.operator.state import BaselineState

__all__ = ["Ask", "direct_answers", "read_ask"]

Ask = Literal["quietest", "quiet_spots", "by_daypart", "fix_first", "what_to_run"]

_ASKS: Final[tuple[tuple[Ask, re.Pattern[str]], ...]] = (
    ("quietest", re.compile(r"\b(?:quietest|slowest|least busy|deadest)\b", re.I)),
    (
        "quiet_spots",
        re.compile(
            r"\b(?:quiet|slow|dead|empty)(?:er)? (?:spots|times|windows|periods|shifts|nights"
            r"|days|hours|stretches|patches)\b|\bwhen (?:are|is) (?:we|it) (?:quiet|slow|dead)",
            re.I,
        ),
    ),
    (
        "by_daypart",
        re.compile(
            r"\b(?:by|per|each|every|for each) (?:daypart|day ?part|shift|"
            r"service)s?\b"
            # two dayparts set against each other ("lunch vs dinner"): every part asked is sized
            r"|\b(?:breakfast|brunch|lunch|dinner)s?\s+(?:vs\.?|versus|and|or|compared (?:to|with)"
            r"|against)\s+(?:breakfast|brunch|lunch|dinner)s?\b",
            re.I,
        ),
    ),
    (
        "fix_first",
        re.compile(
            r"\bfix (?:first|1st)\b|\bwhat (?:should|do|can) (?:i|we) fix\b"
            r"|\bwhat to fix\b|\b(?:biggest|main|top) (?:problem|issue)\b"
            r"|\bwhere (?:do|should) (?:i|we) start\b",
            re.I,
        ),
    ),
    (
        "what_to_run",
        re.compile(
            r"\bwhat (?:should|could|can|do) (?:i|we) (?:run|offer|put on|try|promote)\b"
            r"|\bwhat (?:kind|sort|type) of (?:promo|promotion|offer|deal|special)s?\b"
            r"|\bhow (?:do|can|should|could) (?:i|we) fill\b"
            r"|\b(?:any|what|which) (?:offers?|promos?|promotions?|deals?|specials?) (?:would |do "
            r"|could |can |might )?you(?:'d|’d)? (?:suggest|recommend|propose)",
            re.I,
        ),
    ),
)
_RUN: Final[dict[str, str]] = {
    "breakfast": "a coffee and a pastry at one price until 10:00, on a board at the door and on "
    "your listing",
    "lunch": "a two-course set lunch at one fixed price (a main with a soup or a dessert), out "
    "within 45 minutes; post it on your listing and social media the day before and put a "
    "board out by 11:00",
    "afternoon": "a happy hour: drinks and two or three bar snacks at a lower price; post it "
    "the day before and tell the guests of the lunch before",
    "dinner": "a three-course prix fixe at one price for tables seated before 19:00; post it "
    "the day before and offer it to everyone who books that night",
    "late": "drinks and a few small plates at a set price after 22:00; post it the day before",
}
"""What an offer for a quiet window is, concretely: what to serve, at what price, how it is
told (panel half A, o53: "what should we run?" answered with the label 'a set-lunch offer')."""
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DINNER: Final = DAYPARTS.index("dinner")
OPEN_SHARE: Final = 0.25
"""A day (or daypart) holding under this fraction of the average one reads as closed."""
_FIXES: Final[dict[str, str]] = {
    "wait_time": "put a host or runner on your busiest hours and quote honest waits at the door",
    "staffing": "add one server on your busiest window, where the floor runs short",
    "service": "brief the floor before the busiest service: greet within a minute, check back "
    "after the first bite, your strongest servers on the peak",
    "noise": "seat the quieter tables first and turn the music down at dinner",
    "food": "taste the line before service and check the dishes guests name",
}
THIN_COMPLAINTS: Final = 2
"""Complaints of the top theme under which the fix is a check on the floor, not a change."""
_THEMES: Final[dict[str, str]] = {
    "wait_time": "waits",
    "staffing": "a short-staffed floor",
    "service": "service",
    "noise": "noise",
    "food": "the food",
}


def read_ask(text: str) -> Ask | None:
    return next((ask for ask, pattern in _ASKS if pattern.search(text)), None)


def direct_answers(
    ask: Ask | None,
    shape: DemandShape,
    baseline: BaselineState | None,
    days: Sequence[date],
    guests: GuestSnapshot | None,
    offer: StaffAction | None = None,
    today: date | None = None,
    categories: list[str] | None = None,
) -> list[str]:
    """`offer`: the card's offer for a quiet window, the one 'what should we run?' is about;
    one for `today` is posted now, not "the day before"; `categories`: the place's, for who
    serves its guests (`front_role`)."""
    if ask == "what_to_run" and offer is not None and offer.day and offer.daypart:
        run = _what_to_run(offer.day, offer.daypart, shape, baseline)
        return [run.replace("the day before", "now") if offer.day == today else run]
    if ask == "quietest":
        return [_quietest(shape, baseline) + _quietest_of(shape, days, baseline)]
    if ask == "quiet_spots" and days:
        return [_quiet_spots(shape, days)]
    if ask == "by_daypart" and days:
        return [_by_daypart(shape, baseline, days, categories)]
    if ask == "fix_first":
        return [_fix_first(guests)]
    return []


def _dinners(shape: DemandShape, baseline: BaselineState | None) -> Matrix:
    """Each weekday's dinner: in the operator's covers once they are given, read exactly as the
    card's offer line reads them (panel half A, o11: the card said Sunday dinner ≈75 against
    ≈212 on Saturday, 35 %, and the quietest-night answer then said 17 % from the raw shape)."""
    if baseline is None:
        return shape.shares[:, _DINNER]
    return shape.covers(baseline.covers, baseline.weekday, baseline.daypart)[:, _DINNER]


def _quietest(shape: DemandShape, baseline: BaselineState | None = None) -> str:
    """The open night whose dinners draw the fewest guests, against the busiest."""
    dinners = _dinners(shape, baseline)
    open_nights = [d for d in range(7) if dinners[d] >= OPEN_SHARE * float(dinners.mean())]
    if not open_nights or float(dinners.max()) <= 0:
        return "Which night is quietest is unknown: the demand shape holds no dinners."
    low = min(open_nights, key=lambda d: float(dinners[d]))
    high = max(open_nights, key=lambda d: float(dinners[d]))
    share = round(100 * float(dinners[low]) / max(float(dinners[high]), 1e-9))
    basis = shape.basis.split(";")[0]
    if baseline is not None:
        basis = (f"≈{round(float(dinners[low]))} against ≈{round(float(dinners[high]))} "
                 f"{baseline.unit}, from your {baseline.covers}; {basis}")  # fmt: skip
    return (
        f"Your quietest night is {_WEEKDAYS[low]}: its dinner draws about {share}% of "
        f"{_WEEKDAYS[high]}'s, the busiest ({basis})."
    )


QUIET_SPOTS: Final = 3
NEARLY_CLOSED: Final = 0.15
"""A window under this fraction of the shape's busiest is closed or nearly, never a quiet spot
to fill: the rule the card's own quietest window follows (`cards._quietest`), so the first spot
said is the card's."""
_SPOT_PARTS: Final[tuple[Daypart, ...]] = ("lunch", "afternoon", "dinner")
"""Windows a quiet spot is offered in (breakfast and late are often closed, not quiet)."""


def _quiet_spots(shape: DemandShape, days: Sequence[date]) -> str:
    """Several quiet windows when they are asked for in the plural (panel half A, o49: "where
    are the quiet spots?" got one): each day's quietest open window, the quietest days first,
    each against the busiest window of the days."""
    cells = [(float(shape.shares[d.weekday(), DAYPARTS.index(p)]), d, p) for d in days
             for p in _SPOT_PARTS]  # fmt: skip
    top, top_day, top_part = max(cells, key=lambda c: c[0])
    floor = NEARLY_CLOSED * float(shape.shares.max())
    per_day: dict[date, tuple[float, date, Daypart]] = {}
    for share, day, part in cells:
        if share >= floor and (day not in per_day or share < per_day[day][0]):
            per_day[day] = (share, day, part)
    spots = sorted(per_day.values(), key=lambda c: (c[0], c[1]))[:QUIET_SPOTS]
    if not spots or top <= 0:
        return "Which windows are quiet is unknown: the demand shape holds no open window."
    said = "; ".join(f"{day:%a %d %b} {part} {DAYPART_HOURS[part]} (about "
                     f"{round(100 * share / top)}%)" for share, day, part in spots)  # fmt: skip
    return (f"Your quietest windows of these days, against {top_day:%a} {top_part}, the busiest: "
            f"{said} ({shape.basis.split(';')[0]}).")  # fmt: skip


def _quietest_of(
    shape: DemandShape, days: Sequence[date], baseline: BaselineState | None = None
) -> str:
    """The quietest open night of the days the plan is for, when they are not the whole week
    and the week's quietest is not among them: the answer and the card then speak of the same
    days (panel half A, o45: "Tuesday" said while the card promoted the weekend's Sunday)."""
    dinners = _dinners(shape, baseline)
    open_days = [d for d in days if dinners[d.weekday()] >= OPEN_SHARE * float(dinners.mean())]
    if len(days) >= 7 or not open_days:
        return ""
    low = min(open_days, key=lambda d: float(dinners[d.weekday()]))
    week_low = min(range(7), key=lambda d: float(dinners[d]) if dinners[d] >= OPEN_SHARE *
                   float(dinners.mean()) else float("inf"))  # fmt: skip
    if low.weekday() == week_low:
        return ""
    span = f"{days[0]:%a %d} – {days[-1]:%a %d %b}"
    return f" Of the days this plan is for ({span}), the quietest night is {low:%a %d %b}."


def _by_daypart(
    shape: DemandShape,
    baseline: BaselineState | None,
    days: Sequence[date],
    categories: list[str] | None = None,
) -> str:
    """The busiest day asked, each part of it it is open: covers, servers and cooks — or the
    place's own front role and unit (`front_role`: baristas and customers at a coffee counter),
    with cooks only where its kitchen cooks (a coffee counter with no food named has none)."""
    day = max(days, key=lambda d: shape.day_total(d.weekday()))
    row = shape.shares[day.weekday()]
    parts = [p for p in range(len(DAYPARTS)) if row[p] >= OPEN_SHARE * float(row.mean())]
    role, per, unit = front_role(categories)
    kitchen = role != "barista" or any(c.lower() in KITCHEN_KINDS for c in categories or [])
    if baseline is None:
        named = ", ".join(f"{DAYPARTS[p]} {DAYPART_HOURS[DAYPARTS[p]]}" for p in parts)
        return (
            f"By daypart on {day:%a %d %b}: {named} are open; how many "
            f"{'cooks and ' if kitchen else ''}{role}s each needs is unknown until you give your "
            f"usual {unit} ('180 {unit} on a Friday')."
        )
    covers = shape.covers(baseline.covers, baseline.weekday, baseline.daypart)[day.weekday()]
    said = []
    for p in parts:
        n = round(float(covers[p]))
        if n <= 0:
            continue
        cooks, front = max(1, ceil(n / COVERS_PER_COOK)), max(1, ceil(n / per))
        said.append(
            f"{DAYPARTS[p]} {DAYPART_HOURS[DAYPARTS[p]]} ≈{n} {unit}: "
            + (f"{cooks} line cook{'s' if cooks > 1 else ''}, " if kitchen else "")
            + f"{front} {role}{'s' if front > 1 else ''}"
        )
    ratio = f"one {role} per {per} {unit}"
    return (
        f"By daypart on {day:%a %d %b}: " + "; ".join(said) + " ("
        + (f"one cook per {COVERS_PER_COOK} and {ratio}, rules of thumb)." if kitchen
           else f"{ratio}, a rule of thumb).")
    )  # fmt: skip


def _fix_first(guests: GuestSnapshot | None) -> str:
    """The theme most reviews complain about, and the first step against it."""
    if guests is None or guests.sample_size == 0:
        return (
            "Fix first: unknown from reviews (none of your own are in my data); start with "
            "the busiest window below."
        )
    complained = [t for t in guests.themes if t.theme in _FIXES and t.negative > 0]
    if not complained:
        return (
            f"Fix first: none of your {guests.sample_size} reviews complain about waits, "
            "staffing, service, noise or food, so nothing in them needs fixing; start with "
            "the busiest window below."
        )
    top = max(complained, key=lambda t: (t.negative, t.theme in ("wait_time", "staffing")))
    if top.negative < THIN_COMPLAINTS:  # o37: one 2011 review made a whole briefing
        newest = f", the newest from {guests.window_end:%b %Y}" if guests.window_end else ""
        return (
            f"Fix first: nothing your reviews say is firm enough to act on — {top.negative} of "
            f"{guests.sample_size} reviews complains about {_THEMES[top.theme]}{newest}. Check "
            f"it on the floor before changing anything: {_FIXES[top.theme]}, then count whether "
            "the complaint comes back."
        )
    return (
        f"Fix first: {_THEMES[top.theme]} — {top.negative} of {guests.sample_size} reviews "
        f"complain about it, the most of any theme. First step: {_FIXES[top.theme]}."
    )


def _what_to_run(
    day: date, part: Daypart, shape: DemandShape, baseline: BaselineState | None
) -> str:
    """The offer for the card's quiet window, concretely, and what to measure it by."""
    head = f"What to run {day:%a %d %b}, {part} {DAYPART_HOURS[part]}: {_RUN[part]}."
    if baseline is None:
        return head + (
            " Count how many order it against a usual day's; with your usual covers ('180 "
            "covers on a Friday') I can size it."
        )
    usual = round(float(shape.covers(baseline.covers, baseline.weekday, baseline.daypart)[
        day.weekday(), DAYPARTS.index(part)]))  # fmt: skip
    return head + (
        f" Your usual there is ≈{usual} covers (from your {baseline.covers}): prep for about "
        f"{ceil(usual * 1.2)}, and count how many order it against that."
    )
