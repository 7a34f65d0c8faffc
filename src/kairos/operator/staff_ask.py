"""A yes-or-no staffing question ("add a server Friday?", "do we need another bartender on
Saturday?", "can I cut a cook Sunday?") answered yes or no first, with the numbers it rests on:
the window's covers, the people they take at the plan's own one-per-N, and the count said or the
covers at which the answer turns (issue 36, item 4: "add a server Friday?" answered with a
generic keep-your-plan, no yes or no and no numbers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

from kairos.operator.demand import DAYPARTS, DemandShape, window_text
from kairos.operator.rules import Decision
from kairos.operator.schemas import Daypart, GuestSnapshot
from kairos.operator.service_kind import front_role, staff_for
from kairos.operator.staffing_plan import COVERS_PER_BARTENDER, COVERS_PER_COOK
from kairos.operator.state import BaselineState

__all__ = ["StaffAsk", "answer_staff_ask", "read_staff_ask"]

Role = Literal["front", "cook", "bartender", "host"]
_ROLE = (r"(?P<role>servers?|waiters?|waitress(?:es)?|bartenders?|(?:line )?cooks?|hosts?"
         r"|hostess(?:es)?|runners?|staff|people|person|body|bodies|hands?)")  # fmt: skip
_ASK = re.compile(
    r"\b(?P<verb>add|bring in|put on|need|want|schedule|get|cut|drop|lose|send (?:home|off)"
    r"|go down)\s+(?:an?|one|1|another|an extra|one more|a (?:few|couple(?: of)?) more"
    r"|more|extra|fewer|less)?\s*(?:more\s+|extra\s+)?" + _ROLE + r"\b"
    r"|\b(?P<extra>another|one more|an extra|extra)\s+" + _ROLE.replace("role", "role2") + r"\b",
    re.I,
)
_QUESTION = re.compile(r"\?|^\s*(?:should|do|does|shall|can|could|would|need|is it)\b", re.I)
_ONE = re.compile(r"\b(?:another|one more|an extra|(?:add|cut|drop|lose) (?:one|a body))\b",
                  re.I)  # fmt: skip
"""More or fewer of the role said beside it ("we have 6 servers, do we need another one?")."""
_CUT_VERBS: Final = ("cut", "drop", "lose", "send", "go down")
_HAVE = re.compile(
    r"\b(?:have|run|staff|schedule|with|got|usually|normally|we'?re at)\s+(?P<n>\d{1,2})\s+"
    r"(?P<role>servers?|waiters?|bartenders?|(?:line )?cooks?|hosts?|people|staff)\b",
    re.I,
)
_DAYS: Final = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DAY = re.compile(r"\b(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?\b", re.I)
WAIT_HOST: Final = 2
"""Reviews of waits that make a host worth adding (a host takes the door, not the covers)."""


@dataclass(frozen=True)
class StaffAsk:
    role: Role
    add: bool
    """True: "add one?"; False: "cut one?"."""
    weekday: int | None
    have: int | None
    """The role's count the operator said they run ("we have 5 servers"), if said."""


def _role(word: str) -> Role:
    word = word.lower()
    if "cook" in word:
        return "cook"
    if "bartender" in word:
        return "bartender"
    if word.startswith("host"):
        return "host"
    return "front"


def read_staff_ask(text: str) -> StaffAsk | None:
    """The staffing question a message asks, if it asks one."""
    if not _QUESTION.search(text):
        return None
    match = _ASK.search(text)
    had = _HAVE.search(text)
    if match is not None:
        role = _role(match.group("role") or match.group("role2"))
        add = not (match.group("verb") or "").lower().startswith(_CUT_VERBS)
    elif had is not None and (one := _ONE.search(text)):  # "we have 6 servers, another one?"
        role, add = _role(had.group("role")), not one.group(0).lower().startswith(_CUT_VERBS)
    else:
        return None
    day = _DAY.search(text)
    weekday = _DAYS.index(day.group(1)[:3].lower()) if day else None
    have = next((int(h.group("n")) for h in _HAVE.finditer(text)
                 if _role(h.group("role")) == role), None)  # fmt: skip
    return StaffAsk(role=role, add=add, weekday=weekday, have=have)


def _window(ask: StaffAsk, decision: Decision, days: Sequence[date], part: Daypart | None
            ) -> tuple[date, Daypart, int | None] | None:  # fmt: skip
    """The window asked about: the busiest of the day named (or the plan's busiest)."""
    for day, p, covers in decision.busiest:
        if (ask.weekday is None or day.weekday() == ask.weekday) and (part is None or p == part):
            return day, p, covers
    named = [d for d in days if ask.weekday is None or d.weekday() == ask.weekday]
    if named and part is not None:
        return named[0], part, None
    return decision.busiest[0] if decision.busiest and ask.weekday is None else None


def answer_staff_ask(
    ask: StaffAsk | None,
    shape: DemandShape,
    baseline: BaselineState | None,
    days: Sequence[date],
    decision: Decision | None,
    guests: GuestSnapshot | None,
    part: Daypart | None = None,
) -> list[str]:
    """Yes or no first, then the covers and the people they take."""
    if ask is None or decision is None:
        return []
    found = _window(ask, decision, days, part)
    if found is None:
        return []
    day, part, _ = found
    where = window_text(day, part)
    front, per_front, unit = front_role(decision.categories)
    name, per = {
        "front": (front, per_front),
        "cook": ("cook", COVERS_PER_COOK),
        "bartender": ("bartender", COVERS_PER_BARTENDER),
        "host": ("host", 0),
    }[ask.role]
    more = "One more" if ask.add else "One fewer"  # said, never asked back: `?` is one question
    if ask.role == "host":
        waits = next((t.negative for t in (guests.themes if guests else []) if t.theme ==
                      "wait_time"), 0)  # fmt: skip
        n = guests.sample_size if guests else 0
        yes = ask.add == (waits >= WAIT_HOST)
        return [f"{more} host on {where}: {'yes' if yes else 'no'}; {waits} of {n} of your "
                f"reviews complain of waits ({WAIT_HOST} or more would make a host at the door "
                "worth it; a host takes the door, not covers)."]  # fmt: skip
    action = next((a for a in decision.actions if a.day == day and a.daypart == part and
                   a.kind in ("add_staff", "cut_staff") and a.expected_covers is not None),
                  None)  # fmt: skip
    if baseline is None:
        pushed = action is not None and (action.staff_delta > 0) == ask.add
        why = "the signals move that window" if pushed else "nothing in the signals moves it"
        return [f"{more} {name} on {where}: {'yes' if pushed else 'not on what I can see'}; "
                f"{why}, so it needs what a usual {day:%A} {part} does. One {name} per {per} "
                f"{unit} (a rule of thumb): give me your usual covers ('180 covers on a "
                "Friday') and I'll count it."]  # fmt: skip
    usual = round(float(shape.covers(baseline.covers, baseline.weekday, baseline.daypart)[
        day.weekday(), DAYPARTS.index(part)]))  # fmt: skip
    expected = action.expected_covers if action and action.expected_covers else usual
    need = staff_for(expected, per)
    usually = f" (≈{usual} usually; the signals move it)" if expected != usual else ""
    take = f"≈{expected} {unit}{usually}, which take {need} {name}{'s' * (need > 1)}"
    take += f" at one per {per}"
    if ask.have is not None:
        yes = need > ask.have if ask.add else need < ask.have
        gap = abs(need - ask.have)
        said = f"you run {ask.have}"
        if yes:
            return [f"{more} {name} on {where}: yes, {gap} more. It reads {take}; {said}."]
        return [f"{more} {name} on {where}: no. It reads {take}, and {said}."]
    planned = need - staff_for(usual, per)  # what the signals change, as the plan counts
    head = f"{more} {name} on {where}:"
    if ask.add and planned > 0:
        return [f"{head} yes, {planned} more ({need} in all). It reads {take}."]
    if not ask.add and planned < 0:
        return [f"{head} yes, {-planned} fewer ({need} in all). It reads {take}."]
    if ask.add:
        return [f"{head} no. It reads {take}, the {need} your plan counts; add one only when "
                f"bookings pass {need * per} {unit}."]  # fmt: skip
    if need <= 1:
        return [f"{head} no. It reads {take}; one is the least the window takes."]
    return [f"{head} no. It reads {take}; cut one only if bookings stay under "
            f"{(need - 1) * per} {unit}."]  # fmt: skip
