"""The chat pipeline with a hosted model configured: a valid decomposition is used; a broken
model still ends in a correct, safe answer through the offline path."""

from __future__ import annotations

import json
import uuid
from typing import Any

from kairos.llm.chain import ModelChain
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.profiles import repository
from kairos.restaurants.product import RestaurantProduct
from kairos.restaurants.schemas import ChatRequest
from tests.llm.fake_openai import FakeOpenAI, Scripted


async def _product(runtime: Any, fake: FakeOpenAI) -> RestaurantProduct:
    provider = OpenAICompatibleProvider(
        base_url="http://fake-openai.test/v1", model="m", api_key="k", client=fake.client()
    )
    product = RestaurantProduct(runtime, chain=ModelChain([(provider, 2.0)]))
    runtime.profile_listeners.remove(product.on_profile_changed)
    return product


async def _user(runtime: Any) -> Any:
    from kairos.core.allergy_profile import AllergyProfile
    from kairos.core.fit_scorer import TastePreferences

    async with runtime.db.session() as session, session.begin():
        return await repository.create_user(
            session,
            uid=uuid.uuid4(),
            preferences=TastePreferences(),
            allergies=AllergyProfile(confirmed=["peanuts"], severity={"peanuts": "anaphylactic"}),
        )


async def test_model_decomposition_is_used_and_allergies_still_enforced(runtime: Any) -> None:
    fake = FakeOpenAI()
    fake.enqueue(
        Scripted(
            json.dumps(
                {
                    "intent": "find_restaurant",
                    "filters": {"categories": ["thai"], "exclude_allergens": []},
                    "vector_query": "thai curry",
                    "ui_preference": "restaurant_list",
                }
            )
        )
    )
    product = await _product(runtime, fake)
    user = await _user(runtime)
    payload = await product.answer(user, ChatRequest(message="thai please"))
    assert payload.restaurants
    assert all(any("thai" in c for c in r.cuisine_types) for r in payload.restaurants)
    assert "peanuts" in payload.hard_excluded_allergens
    assert "SAFETY — USER ALLERGIES" in fake.requests[0]["messages"][0]["content"]


async def test_broken_model_falls_back_to_the_offline_parser(runtime: Any) -> None:
    fake = FakeOpenAI()
    fake.enqueue(Scripted("sorry, I cannot"), Scripted("still not json"))
    product = await _product(runtime, fake)
    user = await _user(runtime)
    payload = await product.answer(user, ChatRequest(message="cheap biryani in hyderabad"))
    assert payload.restaurants
    assert all((r.city or "").lower() == "hyderabad" for r in payload.restaurants)
    assert len(fake.requests) == 2
