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
    runtime.profiles.listeners.remove(product.on_profile_changed)
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
                    "filters": {"categories": ["thai"], "city": "boston", "exclude_allergens": []},
                    "vector_query": "thai curry",
                    "ui_preference": "restaurant_list",
                    # the conversation's own state: a model saying it hides nothing
                    "skip_place_ids": list(range(1, 20000)),
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
    names = [r["response_format"]["json_schema"]["name"] for r in fake.requests]
    assert names[:2] == ["decomposition", "decomposition"], "one call and one repair"
    assert names[2:] == ["evaluation", "phrasing"], "each later task tried once, then offline"


async def test_model_phrasing_is_used_only_when_grounded(runtime: Any) -> None:
    user = await _user(runtime)
    offline_fake = FakeOpenAI()
    offline_fake.enqueue(Scripted(status=500), Scripted(status=500))
    baseline = await (await _product(runtime, offline_fake)).answer(
        user, ChatRequest(message="cheap biryani in hyderabad")
    )
    top = baseline.restaurants[0]
    assert top.summary is not None and top.summary.review_ids

    fake = FakeOpenAI()
    grounded = {
        "message": f"Try {top.name}: “{top.summary.text}”",
        "cited_review_ids": top.summary.review_ids,
    }
    fake.enqueue(
        Scripted(status=500),  # decomposition → offline parser
        Scripted(status=500),  # evaluation → offline radar
        Scripted(json.dumps(grounded)),
    )
    payload = await (await _product(runtime, fake)).answer(
        user, ChatRequest(message="cheap biryani in hyderabad ")
    )
    assert payload.message == grounded["message"]

    liar = FakeOpenAI()
    invented = {"message": "Try the Imaginary Palace!", "cited_review_ids": ["999999"]}
    liar.enqueue(
        Scripted(status=500), Scripted(status=500),
        Scripted(json.dumps(invented)), Scripted(json.dumps(invented)),
    )  # fmt: skip
    payload = await (await _product(runtime, liar)).answer(
        user, ChatRequest(message="cheap biryani in hyderabad  ")
    )
    assert "Imaginary Palace" not in payload.message
    assert payload.message.startswith(("Here are", "I found one", "Only "))


async def test_a_model_read_request_of_its_own_starts_afresh(runtime: Any) -> None:
    """With a model reading the messages: "somewhere for brunch with outdoor seating in
    boston" after "late night food in cambridge" names what and where, so it keeps nothing of
    the earlier request (it kept "open late"); "show me more" then asks the model nothing."""
    fake = FakeOpenAI()

    def decomposition(**fields: Any) -> Scripted:
        body = {"intent": "find_restaurant", "ui_preference": "restaurant_list", **fields}
        return Scripted(json.dumps(body))

    fake.enqueue(
        decomposition(filters={"city": "cambridge"}, vibes=["late_night"], vector_query="late"),
        Scripted(status=500), Scripted(status=500),  # evaluation, phrasing → offline
    )  # fmt: skip
    product = await _product(runtime, fake)
    user = await _user(runtime)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await product.answer(
        user, ChatRequest(message="late night food in cambridge", session_id=session)
    )
    fake.enqueue(
        decomposition(
            filters={"city": "boston", "categories": ["breakfast & brunch"]}, vibes=["outdoor"],
            vector_query="brunch outdoor seating",
        ),
        Scripted(status=500), Scripted(status=500),
    )  # fmt: skip
    brunch = await product.answer(
        user,
        ChatRequest(
            message="somewhere for brunch with outdoor seating in boston", session_id=session
        ),
    )
    assert brunch.restaurants
    assert not any("earlier message" in a for a in brunch.assumptions), brunch.assumptions
    asked = len(fake.requests)
    more = await product.answer(user, ChatRequest(message="show me more", session_id=session))
    names = [r["response_format"]["json_schema"]["name"] for r in fake.requests[asked:]]
    assert "decomposition" not in names
    assert not {r.id for r in more.restaurants} & {r.id for r in brunch.restaurants}
