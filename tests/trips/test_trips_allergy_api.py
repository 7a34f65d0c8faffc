"""Trips for allergic travellers, over HTTP on the real app, database and sample catalog. Boston
(two places to visit, ~300 places to eat, seafood among them) and Delhi (places to eat from
OpenStreetMap) can be planned.

Every slot carries the safety step's check for "you"; a meal at a place the same step (run again
here, from the catalog) knows a risk at names that risk and says why it was kept; the note on the
places left out does not call the rest safe; the calendar and the printed page carry a risky
meal's warnings. Which words the allergen knowledge reads is not pinned: each place's risk is
asked of the safety step."""

from __future__ import annotations

import html
import uuid
from typing import Any

import httpx
import pytest
from icalendar import Calendar

from kairos.core.allergy_profile import AllergyProfile
from kairos.pipeline.safety import AllergyCheck, guard_places, shown_check
from kairos.trips.allergy import checked_meals, people
from kairos.trips.models import Candidate
from kairos.trips.product import TripsProduct
from tests.meals.helpers import TOKEN, as_user, create_user

SEVERE_SHELLFISH = {"confirmed": ["shellfish"], "severity": {"shellfish": "severe"}}
ANAPHYLACTIC_SHELLFISH = {"confirmed": ["shellfish"], "severity": {"shellfish": "anaphylactic"}}


def _body(city: str, **extra: Any) -> dict[str, Any]:
    return {"city": city, "start_date": "2027-01-11", "days": 3, "pace": "packed",
            "mode": "transit", **extra}  # fmt: skip


async def _trip(client: httpx.AsyncClient, uid: str, body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post("/trips", json=body, headers=as_user(uid))
    assert response.status_code == 201, response.text
    trip: dict[str, Any] = response.json()
    return trip


async def _profile(client: httpx.AsyncClient, uid: str) -> AllergyProfile:
    """The traveller's allergies as stored (a word may cover more than one allergen)."""
    user = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
    return AllergyProfile.model_validate(user["allergies"])


async def _severities(client: httpx.AsyncClient, uid: str) -> dict[str, str]:
    return dict((await _profile(client, uid)).resolved_severities())


def _meals(trip: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for d in trip["days"] for s in d["slots"] if s["kind"] != "stop"]


async def _place_check(runtime: Any, place_id: str, allergies: AllergyProfile) -> AllergyCheck:
    """The safety step's check of one place for this traveller, asked again from the catalog;
    a place it flags or excludes must never be a meal."""
    records = await runtime.places.records([int(place_id)])
    result = await guard_places(runtime.places, [records[int(place_id)]], allergies)
    assert not result.flagged and not result.excluded, f"{place_id} is flagged or excluded"
    return shown_check(result.safe[0].assessment, people(allergies))


def _product(runtime: Any) -> TripsProduct:
    product: TripsProduct = runtime.products["trips"]
    return product


async def test_every_slot_carries_its_check_for_you(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, allergies=SEVERE_SHELLFISH)
    severities = await _severities(client, uid)
    assert severities["shellfish"] == "severe"
    for city in ("Boston", "Delhi", "Singapore"):
        trip = await _trip(client, uid, _body(city, start_date="2027-01-04"))
        assert trip["allergies_checked"] == severities
        slots = [s for d in trip["days"] for s in d["slots"]]
        assert slots
        for slot in slots:
            check = slot["allergy"]
            assert check["checked_for"] == ["you"] and check["allergens"] == list(severities)
            if slot["kind"] == "stop":
                assert check["verdict"] == "not_food" and check["risks"] == []
                assert "not a place to eat" in check["summary"]
            else:
                assert check["verdict"] in {"no_known_risk", "caution"}
        assert next(c for c in trip["verification"] if c["constraint"] == "meal_allergy")["passed"]


async def test_a_meal_at_a_place_with_a_known_risk_names_it_and_says_why(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client, allergies=SEVERE_SHELLFISH)
    allergies = await _profile(client, uid)
    boston = await _product(runtime).retrieval.meals((42.3601, -71.0589), 30.0, "Boston")
    known = await checked_meals(runtime.places, boston, allergies)
    assert known.with_risk, "the sample's Boston has places to eat with a known shellfish risk"
    meals = 0
    for city in ("Boston", "Delhi"):
        for pace, mode in (("packed", "transit"), ("packed", "walk"), ("moderate", "drive")):
            trip = await _trip(client, uid, _body(city, pace=pace, mode=mode))
            for slot in _meals(trip):
                meals += 1
                check = await _place_check(runtime, slot["place_id"], allergies)
                shown = slot["allergy"]
                assert shown["verdict"] == check.verdict and shown["summary"] == check.summary
                if check.known_risk:
                    named = {(r["allergen"], tuple(r["who"])) for r in shown["risks"]}
                    assert named >= {(r.allergen, ("you",)) for r in check.risks}, slot
                    assert slot["risk_reason"], slot
    assert meals >= 6


async def test_the_note_on_places_left_out_does_not_call_the_rest_safe(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client, allergies=ANAPHYLACTIC_SHELLFISH)
    trip = await _trip(client, uid, _body("Boston", start_date="2027-01-18"))
    note = next(n for n in trip["notes"] if "left out for your allergies" in n)
    assert "does not make the other places safe" in note
    assert "each meal shows what is known about its place" in note
    for slot in _meals(trip):
        assert slot["allergy"]["verdict"] != "danger" or slot["risk_reason"]


async def test_a_kept_risky_meal_is_in_the_calendar_and_the_printed_page(
    client: httpx.AsyncClient, runtime: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only places to eat with a known risk are within reach (the rest of Boston's are taken
    away): each meal must keep one, say why, and every export must carry its warnings."""
    product = _product(runtime)
    uid = await create_user(client, allergies=SEVERE_SHELLFISH)
    allergies = await _profile(client, uid)
    found = product.retrieval.meals

    async def risky_only(*args: Any, **kwargs: Any) -> list[tuple[int, Candidate]]:
        meals = await found(*args, **kwargs)
        checked = await checked_meals(runtime.places, meals, allergies)
        risky = {c.id for c in checked.meals if c.allergy is not None and c.allergy.known_risk}
        return [(pid, c) for pid, c in meals if c.id in risky]

    monkeypatch.setattr(product.retrieval, "meals", risky_only)
    trip = await _trip(client, uid, _body("Boston", start_date="2027-02-01", days=2))
    monkeypatch.undo()
    meals = _meals(trip)
    assert meals, "a Boston day has a meal"
    assert all(c["status"] != "failed" for c in trip["verification"]), trip["verification"]
    ics = await client.get(f"/trips/{trip['trip_id']}.ics", headers=as_user(uid))
    described = {
        str(e["summary"]): str(e["description"])
        for e in Calendar.from_ical(ics.content).walk("VEVENT")
    }
    page = (await client.get(f"/trips/{trip['trip_id']}/print", headers=as_user(uid))).text
    for slot in meals:
        check = slot["allergy"]
        assert check["risks"] and check["verdict"] == "caution"
        assert slot["risk_reason"] and "without a known allergy risk" in slot["risk_reason"]
        description = described[f"{slot['kind'].title()}: {slot['name']}"]
        assert check["summary"] in description and slot["risk_reason"] in description
        assert html.escape(check["summary"]) in page and html.escape(slot["risk_reason"]) in page
        for risk in check["risks"]:
            assert risk["who"] == ["you"]
            assert risk["message"] in description and "for you" in description
            assert html.escape(risk["message"]) in page
    stops = [s for d in trip["days"] for s in d["slots"] if s["kind"] == "stop"]
    for stop in stops:  # nothing about allergies at a sight (what to check about its hours)
        lines = described[stop["name"]].split("\n")
        assert lines[-1].startswith("Source: ") and not any("llerg" in line for line in lines)
        assert lines[:-1] == ([stop["hours_check"]] if stop["hours_check"] else [])


async def test_a_trip_read_after_the_allergies_change_is_checked_again(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client, allergies=SEVERE_SHELLFISH)
    trip = await _trip(client, uid, _body("Boston", start_date="2027-01-25", days=1))
    changed = await client.patch(
        f"/users/{uid}/allergies", json={"severity": {"shellfish": "anaphylactic"}}, headers=TOKEN
    )
    assert changed.status_code == 200, changed.text
    again = (await client.get(f"/trips/{trip['trip_id']}", headers=as_user(uid))).json()
    assert again["allergies_checked"] == await _severities(client, uid)
    assert again["allergies_checked"]["shellfish"] == "anaphylactic"
    assert again["version"] == trip["version"] + 1
    assert any("your allergies changed" in n for n in again["notes"])
    assert all(s["allergy"]["risks"] == [] or s["risk_reason"] for s in _meals(again))
    same = (await client.get(f"/trips/{trip['trip_id']}", headers=as_user(uid))).json()
    assert same["version"] == again["version"]  # read again unchanged: not planned again


async def test_a_trip_stored_before_slots_carried_checks_is_planned_again(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client, allergies=SEVERE_SHELLFISH)
    trip = await _trip(client, uid, _body("Delhi", start_date="2027-03-01", days=1))
    store = _product(runtime).store
    stored = await store.get(uuid.UUID(trip["trip_id"]))
    assert stored is not None
    old = dict(stored.itinerary)
    old.pop("allergies_checked")
    new = ("allergy", "risk_reason")
    old["days"] = [{**d, "slots": [{k: v for k, v in s.items() if k not in new}
                                   for s in d["slots"]]} for d in old["days"]]  # fmt: skip
    assert await store.update(stored.id, request=stored.request, edits=stored.edits,
                              itinerary=old, expected_version=stored.version)  # fmt: skip
    read = await client.get(f"/trips/{trip['trip_id']}.ics", headers=as_user(uid))
    assert read.status_code == 200
    again = (await client.get(f"/trips/{trip['trip_id']}", headers=as_user(uid))).json()
    assert all(s["allergy"]["checked_for"] == ["you"] for d in again["days"] for s in d["slots"])
    assert any("stored before each of its places carried" in n for n in again["notes"])


async def test_an_answer_about_a_place_carries_its_check(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client, allergies=SEVERE_SHELLFISH)
    allergies = await _profile(client, uid)
    trip = await _trip(client, uid, _body("Boston", start_date="2027-03-08", days=1))
    asked: dict[str, dict[str, Any]] = {}
    for slot in [s for d in trip["days"] for s in d["slots"]][:2]:
        answer = await client.post(
            "/trips/intent",
            json={"raw_text": f"what are the opening hours of {slot['name']}?",
                  "trip_id": trip["trip_id"]},
            headers=as_user(uid),
        )  # fmt: skip
        assert answer.status_code == 200, answer.text
        place = answer.json()["place"]
        assert place["allergy"]["checked_for"] == ["you"]
        assert place["name"] == slot["name"]
        asked[slot["kind"]] = place
    assert asked["stop"]["allergy"]["verdict"] == "not_food"
    check = await _place_check(runtime, asked["lunch"]["place_id"], allergies)
    assert asked["lunch"]["allergy"] == check.model_dump(mode="json")
