"""The trip's words (seed 003 §6–§8): the rules write them offline; a configured model (a server
speaking the OpenAI protocol) may write them from a context under the 6k-token budget, checked
by schema and policy with one repair, else the rules' words stand; the answer says which."""

from __future__ import annotations

import json
import uuid
from datetime import date
from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.llm.chain import ModelChain
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.profiles import repository
from kairos.trips.metrics import prometheus_text
from kairos.trips.phrasing import CONTEXT_TOKENS, build_messages, estimate_tokens
from kairos.trips.product import TripsProduct
from kairos.trips.schemas import TripCreate
from tests.llm.fake_openai import FakeOpenAI, Scripted

REQUEST = TripCreate(city="Singapore", start_date=date(2026, 12, 7), days=2,
                     interests="museums and gardens")  # fmt: skip


async def _user(runtime: Any) -> Any:
    async with runtime.db.session() as session, session.begin():
        return await repository.create_user(
            session, uid=uuid.uuid4(), preferences=TastePreferences(), allergies=AllergyProfile()
        )


def _product(runtime: Any, fake: FakeOpenAI | None) -> TripsProduct:
    if fake is None:
        return TripsProduct(runtime)
    provider = OpenAICompatibleProvider(
        base_url="http://fake-openai.test/v1", model="m", api_key="k", client=fake.client()
    )
    return TripsProduct(runtime, chain=ModelChain([(provider, 2.0)]))


def _words(days: int, summary: str = "A gentle walk between the sights of this area.") -> Scripted:
    return Scripted(json.dumps({
        "overview": "Two easy days of museums and gardens in Singapore.",
        "days": [{"day": i, "title": f"Day {i}: museums and gardens", "summary": summary}
                 for i in range(1, days + 1)],
    }))  # fmt: skip


async def test_offline_the_rules_write_every_word(runtime: Any) -> None:
    trip = await _product(runtime, None).create(await _user(runtime), REQUEST)
    assert (trip.ai_phrased, trip.phrased_by, trip.disclaimer) == (False, "rules", None)
    assert trip.overview.startswith("A moderate 2-day trip in Singapore from 2026-12-07")
    for day in trip.days:
        stops = [s for s in day.slots if s.kind == "stop"]
        assert day.title.startswith(f"Day {day.index}: {stops[0].name}")
        assert day.summary.startswith(f"From {stops[0].start} at {stops[0].name}")


async def test_the_models_words_are_used_and_marked(runtime: Any) -> None:
    fake = FakeOpenAI()
    fake.enqueue(_words(2))
    product = _product(runtime, fake)
    trip = await product.create(await _user(runtime), REQUEST)
    assert (trip.ai_phrased, trip.phrased_by) == (True, "openai:m")
    assert trip.disclaimer and "language model" in trip.disclaimer
    assert [d.title for d in trip.days] == [
        "Day 1: museums and gardens",
        "Day 2: museums and gardens",
    ]
    prompt = fake.requests[0]["messages"][-1]["content"]
    stops = [s.name for d in trip.days for s in d.slots]
    assert all(name in prompt for name in stops)
    assert "DO NOT say anything about food allergies" in prompt
    assert estimate_tokens(fake.requests[0]["messages"][0]["content"] + prompt) <= CONTEXT_TOKENS
    assert "kairos_trips_invalid_json_rate 0\n" in prometheus_text(product)


async def test_invalid_json_gets_one_repair_and_is_counted(runtime: Any) -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted("{not json"), _words(2))
    product = _product(runtime, fake)
    trip = await product.create(await _user(runtime), REQUEST)
    assert trip.ai_phrased and len(fake.requests) == 2
    assert "invalid" in fake.requests[1]["messages"][-1]["content"]
    assert "kairos_trips_invalid_json_rate 1\n" in prometheus_text(product)


async def test_an_allergy_claim_is_refused_and_the_rules_words_stand(runtime: Any) -> None:
    fake = FakeOpenAI()
    claim = "Every stop is safe for visitors with a peanut allergy."
    fake.enqueue(_words(2, claim), _words(2, claim))
    trip = await _product(runtime, fake).create(await _user(runtime), REQUEST)
    assert (trip.ai_phrased, trip.phrased_by, trip.disclaimer) == (False, "rules", None)
    assert all("allergy" not in d.summary for d in trip.days)
    assert trip.overview.startswith("A moderate 2-day trip")


async def test_a_time_the_plan_does_not_hold_is_refused(runtime: Any) -> None:
    fake = FakeOpenAI()
    late = "Finish with the night view at 23:47, then a late walk home."
    fake.enqueue(_words(2, late), _words(2, late))
    trip = await _product(runtime, fake).create(await _user(runtime), REQUEST)
    assert trip.phrased_by == "rules"
    assert "23:47" in fake.requests[1]["messages"][-1]["content"]  # the repair named it


async def test_a_wrong_number_of_days_is_refused(runtime: Any) -> None:
    fake = FakeOpenAI()
    fake.enqueue(_words(3), _words(1))
    trip = await _product(runtime, fake).create(await _user(runtime), REQUEST)
    assert trip.phrased_by == "rules" and len(trip.days) == 2


def test_a_long_trip_fits_the_budget_by_shortening_descriptions() -> None:
    slot = {"kind": "stop", "place_kind": "museum", "start": "10:00", "end": "11:30"}
    days = [{"index": i, "date": f"2026-12-{i:02d}",
             "slots": [{**slot, "place_id": f"{i}{j}", "name": f"Museum {i}-{j}"}
                       for j in range(8)]}
            for i in range(1, 15)]  # fmt: skip
    view = {"city": "X", "days": days, "start_date": "2026-12-01", "pace": "packed",
            "mode": "walk"}  # fmt: skip
    about = {f"{i}{j}": "A long description of the collection. " * 20
             for i in range(1, 15) for j in range(8)}  # fmt: skip
    messages, tokens = build_messages(view, {"interests": "art"}, about)
    context = str(messages[-1]["content"])
    assert tokens <= CONTEXT_TOKENS
    assert estimate_tokens(str(messages[0]["content"]) + context) <= CONTEXT_TOKENS
    assert all(f"Museum {i}-{j}" in context for i in range(1, 15) for j in range(8))
    full, _ = build_messages({**view, "days": days[:1]}, {}, about)
    assert "A long description of the collection." in str(full[-1]["content"])
