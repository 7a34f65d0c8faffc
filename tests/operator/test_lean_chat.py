"""The lean said in a conversation is the session's: the day's covers stay the day's."""

from __future__ import annotations

import re

import httpx

from tests.meals.helpers import create_user
from tests.operator.chat import turn as _turn


async def test_a_friday_said_mostly_lunch_is_planned_from_the_fridays_total(
    client: httpx.AsyncClient,
) -> None:
    """ "usually 300 covers on a friday, mostly lunch" was 300 at lunch (≈500 over the day):
    the Friday's lunch is now under the 300 said, most of it, and the lean stays said."""
    uid = await create_user(client)
    first = await _turn(client, uid, message="Banq on Washington St, South End. staffing friday?")
    given = await _turn(client, uid, message="usually 300 covers on a friday, mostly lunch",
                        session_id=first["session_id"])  # fmt: skip
    text = given["text"]
    lead = "Read as mostly lunch: each day's guests stay the day's, with most of them at lunch"
    assert f"{lead} (11:00–15:00)." in text, text
    lunch = re.search(r"Fri 27 Nov, lunch 11:00–15:00 (?:for )?≈(\d+) covers", text)
    assert lunch is not None, text
    assert 180 <= int(lunch.group(1)) <= 300, text
