"""An allergy said in a trip request's words is checked at every place to eat, said once at
the top of the answer, and kept when the stored trip is read again (panel trips t37: "allergic
to peanuts" in the words, a profile without allergies, meals shown with no word on peanuts)."""

from __future__ import annotations

from typing import Any

import httpx

from kairos.core.allergens import SEVERITY_RISK
from kairos.core.allergy_profile import AllergyProfile
from kairos.trips.said_allergy import said_allergens, trip_allergies
from tests.meals.helpers import as_user, create_user

WORDS = "Singapore 2 days, I am vegetarian and allergic to peanuts, temples and food"


def _meal_checks(trip: dict[str, Any]) -> list[dict[str, Any]]:
    return [s["allergy"] for d in trip["days"] for s in d["slots"] if s["kind"] != "stop"]


async def test_an_allergy_said_in_the_intent_is_checked_at_every_meal(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    said = await client.post("/trips/intent", headers=as_user(uid), json={"raw_text": WORDS})
    assert said.status_code == 200, said.text
    answer = said.json()
    assert answer["message"].startswith("Your allergy to peanuts (said in your request)"), answer
    trip = answer["trip"]
    assert trip["allergies_checked"] == {"peanuts": "severe"}
    assert sum("peanuts (said in your request)" in n for n in trip["notes"]) == 1
    checks = _meal_checks(trip)
    assert checks
    assert all(c["allergens"] == ["peanuts"] and c["checked_for"] == ["you"] for c in checks)
    again = (await client.get(f"/trips/{trip['trip_id']}", headers=as_user(uid))).json()
    assert again["allergies_checked"] == {"peanuts": "severe"}
    assert again["days"] == trip["days"], "read again, the trip is not planned again"
    assert all(c["allergens"] == ["peanuts"] for c in _meal_checks(again))


async def test_an_allergy_said_in_a_follow_up_is_checked_and_kept(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await client.post("/trips/intent", headers=as_user(uid),
                              json={"raw_text": "Singapore 2 days, temples and food"})  # fmt: skip
    trip_id = first.json()["trip"]["trip_id"]
    words = {"raw_text": "I am allergic to sesame", "trip_id": trip_id}
    said = await client.post("/trips/intent", headers=as_user(uid), json=words)
    assert said.status_code == 200, said.text
    answer = said.json()
    assert answer["message"].startswith("Your allergy to sesame"), answer["message"]
    assert answer["trip"]["trip_id"] == trip_id
    assert answer["trip"]["allergies_checked"] == {"sesame": "severe"}
    assert all(c["allergens"] == ["sesame"] for c in _meal_checks(answer["trip"]))
    again = (await client.get(f"/trips/{trip_id}", headers=as_user(uid))).json()
    assert again["allergies_checked"] == {"sesame": "severe"}
    lunch = next(s for d in again["days"] for s in d["slots"] if s["kind"] == "lunch")
    words = {"raw_text": f"what are the opening hours of {lunch['name']}?", "trip_id": trip_id}
    place = (await client.post("/trips/intent", headers=as_user(uid), json=words)).json()["place"]
    assert place["allergy"]["allergens"] == ["sesame"], place["allergy"]
    words = {"raw_text": "make day 2 more relaxed", "trip_id": trip_id}
    changed = await client.post("/trips/intent", headers=as_user(uid), json=words)
    assert changed.json()["trip"]["allergies_checked"] == {"sesame": "severe"}


def test_a_said_allergy_never_lowers_a_stored_severity() -> None:
    stored = AllergyProfile.model_validate(
        {"confirmed": ["peanuts", "shellfish"],
         "severity": {"peanuts": "anaphylactic", "shellfish": "moderate"}}
    )  # fmt: skip
    said = {"interests": "allergic to peanuts and prawns, and a nut allergy"}
    assert said_allergens(said["interests"]) == ("peanuts", "shellfish", "tree_nuts")
    levels = trip_allergies(stored, said).resolved_severities()
    assert levels["peanuts"] == "anaphylactic"  # stored higher: kept
    assert levels["shellfish"] == levels["tree_nuts"] == "severe"  # said: severe at least
    before = stored.resolved_severities()
    assert all(SEVERITY_RISK[levels[a]] >= SEVERITY_RISK[level] for a, level in before.items())
    assert trip_allergies(stored, {"interests": "temples and food"}) is stored
