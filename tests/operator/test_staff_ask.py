"""A yes-or-no staffing question is answered yes or no first, with the numbers it rests on
(issue 36, item 4: "add a server Friday?" answered with a generic keep-your-plan), over the real
app, database and sample catalog."""

from __future__ import annotations

import re

import httpx

from kairos.operator.staff_ask import StaffAsk, read_staff_ask
from tests.meals.helpers import create_user
from tests.operator.chat import turn as _turn

OPENER = "Mr. Dooley's on Broad St, usually 150 covers on a Friday. staffing this weekend?"


def test_the_staffing_questions_operators_type_are_read() -> None:
    assert read_staff_ask("should I add a server friday?") == StaffAsk("front", True, 4, None)
    assert read_staff_ask("we have 6 servers on saturday, do we need another one?") == StaffAsk(
        "front", True, 5, 6
    )
    assert read_staff_ask("can I cut a cook on sunday?") == StaffAsk("cook", False, 6, None)
    assert read_staff_ask("need another bartender sat?") == StaffAsk("bartender", True, 5, None)
    assert read_staff_ask("Add one server for Fri 04 Dec") is None  # not asked: no question
    assert read_staff_ask("how's this weekend looking?") is None


async def test_add_a_server_friday_is_answered_yes_or_no_with_its_numbers(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message=OPENER)
    sid = first["session_id"]
    asked = await _turn(client, uid, message="should I add a server friday?", session_id=sid)
    said = re.match(
        r"One more server on Fri \d\d \w{3}, dinner 17:00–22:00: no\. It reads ≈(\d+) covers, "
        r"which take (\d+) servers at one per 20, the \2 your plan counts; add one only when "
        r"bookings pass (\d+) covers\.",
        asked["text"],
    )
    assert said, asked["text"]
    covers, servers, past = (int(g) for g in said.groups())
    assert servers == -(-covers // 20) and past == servers * 20
    short = await _turn(
        client, uid, message="we have 2 servers on friday, do we need another one?",
        session_id=sid,
    )  # fmt: skip
    yes = (
        rf"One more server on Fri \d\d \w{{3}}, dinner 17:00–22:00: yes, {servers - 2} more\. "
        rf"It reads ≈{covers} covers, which take {servers} servers at one per 20; you run 2\."
    )
    assert re.match(yes, short["text"]), short["text"]
