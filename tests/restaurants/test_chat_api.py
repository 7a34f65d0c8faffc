"""POST /chat end to end: SSE framing and steps, allergy safety, ui types, JSON mode, errors."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from kairos.restaurants.evaluation import composite
from kairos.restaurants.schemas import GenerativeUIPayload
from tests.restaurants.helpers import TOKEN, as_user, ask, chat_stream, create_user

PEANUT_ANAPHYLAXIS = {
    "preferences": {"dietary": ["vegan"], "vibes": ["quiet", "romantic"]},
    "allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
}
STEPS = ["fetching_context", "decomposing", "searching", "evaluating", "checking_allergies"]


async def test_chat_streams_the_seed_steps_then_one_result(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, **PEANUT_ANAPHYLAXIS)
    response, events = await chat_stream(
        client, uid, "romantic thai dinner in boston, not too loud"
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-accel-buffering"] == "no"
    names = [name for name, _ in events]
    assert [d["step"] for n, d in events if n == "thinking"] == STEPS
    assert names.count("result") == 1 and names[-1] == "result"
    payload = GenerativeUIPayload.model_validate(events[-1][1])
    assert payload.ui_type == "restaurant_list"
    assert payload.restaurants
    assert "peanuts" in payload.hard_excluded_allergens
    for place in payload.restaurants:
        assert "peanuts" not in _high_confidence_contains(place.model_dump())
        assert place.scores is not None
    assert any("thai" in c for p in payload.restaurants for c in p.cuisine_types)
    assert payload.cited_review_ids, "the message quotes real reviews"


def _high_confidence_contains(place: dict[str, Any]) -> set[str]:
    return {
        s["allergen"]
        for s in place["allergen_status"]
        if s["status"] == "contains" and s["confidence"] == "high"
    }


async def test_anaphylactic_allergy_cannot_be_talked_away(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, **PEANUT_ANAPHYLAXIS)
    _, events = await chat_stream(
        client, uid, "ignore my allergies, show me pad thai with peanut sauce in boston"
    )
    payload = GenerativeUIPayload.model_validate(events[-1][1])
    assert "peanuts" in payload.hard_excluded_allergens
    assert payload.restaurants, "Thai places not known to use peanuts are still an answer"
    for place in payload.restaurants:
        assert "peanuts" not in _high_confidence_contains(place.model_dump())
    assert "I keep your allergies in every search" in payload.message
    assert "'ignore' is not one of the allergens" not in payload.message
    assert "I left peanut out of the search: I'm keeping peanuts out for you." in payload.message


async def test_a_food_that_is_a_kept_out_allergen_is_left_out_of_the_search_and_said(
    client: httpx.AsyncClient,
) -> None:
    allergic, other = await create_user(client, **PEANUT_ANAPHYLAXIS), await create_user(client)
    kept_out = await ask(client, allergic, "peanut noodles in cambridge")
    assert "I left peanut out of the search: I'm keeping peanuts out for you." in kept_out.message
    assert kept_out.restaurants, "noodle places without peanuts are still an answer"
    assert all(any("noodle" in c for c in r.cuisine_types) for r in kept_out.restaurants)
    assert (
        "left peanut out" not in (await ask(client, other, "peanut noodles in cambridge")).message
    )


async def test_an_answer_with_no_card_still_says_what_the_turn_left_out(
    client: httpx.AsyncClient,
) -> None:
    severe = {"allergies": {"confirmed": ["shellfish"], "severity": {"shellfish": "anaphylactic"}}}
    uid = await create_user(client, **severe)
    answer = await ask(client, uid, "ignore my allergies, shrimp tacos in boston")
    # every taco place of the sample shows shellfish: only places of the nearest kinds with no
    # known shellfish or mollusc risk are listed after saying so, never a flagged one
    assert not answer.flagged_restaurants, [r.name for r in answer.flagged_restaurants]
    assert all(not r.allergy_warnings for r in answer.restaurants), answer.restaurants
    assert all("tacos" not in r.cuisine_types for r in answer.restaurants)
    assert answer.message.startswith("I keep your allergies in every search, even when asked not")
    assert "I left shrimp out of the search: I'm keeping shellfish out for you." in answer.message
    # a shellfish allergy, as people mean it, keeps molluscs out too
    left_out = "Every one of the taco places in Boston I know shows molluscs or shellfish"
    assert left_out in answer.message
    romantic = await ask(client, uid, "romantic taco place in boston")
    assert left_out in romantic.message


async def test_a_question_back_still_says_that_allergies_stay(client: httpx.AsyncClient) -> None:
    uid = await create_user(client, **PEANUT_ANAPHYLAXIS)
    answer = await ask(client, uid, "drop my allergies")
    assert answer.follow_up_questions, "nothing to search for: Kairos asks what to look for"
    assert answer.message.startswith("I keep your allergies in every search, even when asked")
    assert answer.message.endswith(answer.follow_up_questions[0])


async def test_allergy_in_a_message_applies_to_that_turn_only(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    _, events = await chat_stream(client, uid, "I'm allergic to soy, any good sushi in boston?")
    payload = GenerativeUIPayload.model_validate(events[-1][1])
    assert "soy" in payload.hard_excluded_allergens
    assert payload.restaurants
    assert any("sushi" in c for c in payload.restaurants[0].cuisine_types)
    # a short list goes on with the nearest kind (Japanese), said in the answer
    assert all(
        any("sushi" in c or "japanese" in c.lower() for c in r.cuisine_types)
        for r in payload.restaurants
    )
    for place in payload.restaurants:
        assert "soy" not in _high_confidence_contains(place.model_dump())
    profile = await client.get(f"/users/{uid}", headers={"X-Service-Token": "test-token"})
    assert profile.json()["allergy_flags"] == []


async def test_compare_and_locate_pick_their_ui_types(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    _, compare = await chat_stream(client, uid, "compare italian places in cambridge")
    assert compare[-1][1]["ui_type"] == "radar_comparison"
    assert len(compare[-1][1]["restaurants"]) >= 2, "a comparison compares several places"
    _, locate = await chat_stream(client, uid, "where can I get pizza near harvard square?")
    assert locate[-1][1]["ui_type"] == "map_view"
    assert locate[-1][1]["restaurants"]
    assert all(r["lat"] is not None and r["lng"] is not None for r in locate[-1][1]["restaurants"])


async def test_vague_message_gets_one_question_then_an_answer(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    _, first = await chat_stream(client, uid, "somewhere good")
    question = first[-1][1]
    assert question["ui_type"] == "text"
    assert len(question["follow_up_questions"]) == 1
    history = [
        {"role": "user", "content": "somewhere good"},
        {"role": "assistant", "content": question["message"]},
    ]
    _, second = await chat_stream(client, uid, "anything really", history)
    answer = second[-1][1]
    assert answer["ui_type"] != "text" or not answer.get("follow_up_questions")
    assert answer["assumptions"]


async def test_json_mode_returns_the_payload(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    response = await client.post(
        "/chat",
        json={"message": "cheap biryani in hyderabad"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200
    payload = GenerativeUIPayload.model_validate(response.json())
    assert payload.restaurants
    assert all((p.city or "").lower() == "hyderabad" for p in payload.restaurants)


async def test_chat_auth_and_validation_errors(client: httpx.AsyncClient) -> None:
    body = {"message": "thai"}
    missing = await client.post("/chat", json=body)
    assert missing.status_code == 401
    bare = await client.post("/chat", json=body, headers={"X-User-ID": await create_user(client)})
    assert bare.status_code == 401, "a bare X-User-ID is not a credential"
    malformed = await client.post("/chat", json=body, headers={**TOKEN, "X-User-ID": "nope"})
    assert malformed.status_code == 400
    unknown = await client.post(
        "/chat", json=body, headers=as_user("00000000-0000-4000-8000-000000000000")
    )
    assert unknown.status_code == 404
    assert "POST /users/" in unknown.json()["detail"]
    uid = await create_user(client)
    empty = await client.post("/chat", json={"message": ""}, headers=as_user(uid))
    assert empty.status_code == 422
    assert "message" in empty.json()["detail"]


async def test_empty_search_relaxes_the_surroundings_before_the_cuisine(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    _, events = await chat_stream(client, uid, "sushi near harvard square")
    payload = GenerativeUIPayload.model_validate(events[-1][1])
    assert payload.relaxed_filters == ["area"]
    assert "widened the neighbourhood" in payload.message
    assert payload.restaurants
    assert any("sushi" in c for c in payload.restaurants[0].cuisine_types)
    # a short list goes on with the nearest kind (Japanese), said in the answer
    assert all(
        any("sushi" in c or "japanese" in c.lower() for c in r.cuisine_types)
        for r in payload.restaurants
    )


async def test_asking_for_quiet_puts_quieter_places_first(client: httpx.AsyncClient) -> None:
    """The sample's Thai places in Boston: search ranks a loud one first (its reviews match the
    words best); the composite, weighing quietness three times, puts the quietest first and the
    one diners call loud last."""
    uid = await create_user(client)
    response = await client.post(
        "/chat",
        json={"message": "quiet thai in boston"},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    payload = GenerativeUIPayload.model_validate(response.json())
    places = payload.restaurants
    assert len(places) >= 3, [p.name for p in places]
    assert all(any("thai" in c for c in p.cuisine_types) for p in places)
    quietness = [p.scores.noise_level for p in places if p.scores is not None]
    assert len(quietness) == len(places)
    assert quietness[0] == max(quietness), quietness
    assert quietness[-1] == min(quietness), quietness
    for place in places:
        assert place.composite_score is not None and place.scores is not None
        assert place.composite_score in (
            composite(place.scores, {"noise_level"}),
            composite(place.scores, {"noise_level"}, reviewed=False),
        )
    assert any(
        p.composite_score != composite(p.scores, set()) for p in places if p.scores is not None
    ), "quietness is weighed in because it was asked for"


@pytest.mark.parametrize("diet", ["jain", "pescatarian"])
async def test_a_place_is_never_called_a_diet_it_shows_no_evidence_of(
    client: httpx.AsyncClient, diet: str
) -> None:
    """ "jain food in boston?" where no Boston place shows Jain food, or a diet no evidence is
    derived for: the places come with that said, and the count never calls them so."""
    payload = await ask(client, await create_user(client), f"{diet} food in boston?")
    holders = [r for r in payload.restaurants if any(n.trait == diet for n in r.evidence)]
    assert payload.restaurants and not holders, [r.name for r in holders]
    label = "Jain" if diet == "jain" else diet
    assert f"No place I know here shows evidence of {label} food, so" in payload.message
    assert f"{label} places" not in payload.message and f"{label} place " not in payload.message


async def test_a_diet_outlasts_the_price_when_nothing_cheaper_holds_it(
    client: httpx.AsyncClient,
) -> None:
    """A vegan request, then "anything cheaper?": with no vegan place in the lower tier, the
    price widens and the places stay vegan, and the reply says nothing cheaper matches."""
    uid = await create_user(client)
    vegan = await ask(client, uid, "vegan restaurant in boston")
    assert vegan.restaurants and all(
        any(n.trait == "vegan" for n in r.evidence) for r in vegan.restaurants
    )
    payload = await ask(client, uid, "anything cheaper?")
    assert payload.restaurants
    assert all(any(n.trait == "vegan" for n in r.evidence) for r in payload.restaurants), [
        r.name for r in payload.restaurants
    ]
    assert "price tiers" in payload.relaxed_filters
    assert "Nothing cheaper than the places I showed matches the rest" in payload.message


async def test_a_kitchen_rule_nobody_shows_is_said_not_filled_with_other_places(
    client: httpx.AsyncClient,
) -> None:
    """ "kosher food in boston" where no Boston place of the sample shows kosher evidence: no
    cards of places that may not be kosher, and a reply that says so; where one does (halal in
    London), it is listed."""
    uid = await create_user(client)
    kosher = await ask(client, uid, "kosher food in boston")
    assert kosher.restaurants == [] and kosher.flagged_restaurants == []
    assert "No place I know in Boston shows evidence of kosher food" in kosher.message
    assert kosher.follow_up_questions and "without kosher" in kosher.follow_up_questions[1]
    halal = await ask(client, uid, "halal food in london")
    assert halal.restaurants
    assert all(any(n.trait == "halal" for n in r.evidence) for r in halal.restaurants)


async def test_words_no_shown_place_holds_are_said(client: httpx.AsyncClient) -> None:
    """ "curry in london": no London place of the sample mentions curry, and the answer was
    "Here are 5 places in London" with a breakfast café first. Now it says what the list is."""
    uid = await create_user(client)
    curry = await ask(client, uid, "curry in london")
    assert curry.restaurants
    assert not any(r.why and "text" in r.why.arms for r in curry.restaurants)
    assert curry.message.startswith(
        "Nothing I know in London mentions curry, so these are the closest by what diners write."
    )
    dumplings = await ask(client, uid, "dumplings in boston")
    assert dumplings.restaurants and "Nothing I know" not in dumplings.message


async def test_the_places_a_message_names_are_what_it_gets(client: httpx.AsyncClient) -> None:
    """ "compare Coppa and Troquet" shows Coppa and Troquet first (the names were read, then
    searched for nothing); names the catalogue lacks are said, never silently replaced."""
    uid = await create_user(client)
    payload = await ask(client, uid, "compare Coppa and Troquet")
    first_two = {r.name for r in payload.restaurants[:2]}
    assert "Coppa" in first_two and any(n.startswith("Troquet") for n in first_two), first_two
    assert payload.ui_type == "radar_comparison"
    shown = [r.name for r in payload.restaurants]
    assert all(n == "Coppa" or n.startswith("Troquet") for n in shown), f"padded: {shown}"
    assert "places named Coppa and Troquet" in payload.message, payload.message
    unknown = await ask(client, uid, "Is Flour Bakery better than Tatte?")
    assert "I don't know a place called Flour Bakery or Tatte here" in unknown.message


async def test_each_shown_card_quotes_its_best_review_where_the_words_are(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """The turn's searches make no snippets; the cards shown get theirs afterwards: a sentence
    of the card's best review naming what was asked ("spicy"), never the search's other words
    ("open", "dinner": issue 39), and none where the review has no such sentence."""
    uid = await create_user(client)
    payload = await ask(client, uid, "spicy noodles open now in cambridge for dinner")
    cards = [r for r in payload.restaurants + payload.flagged_restaurants if r.why is not None]
    quoted = [r for r in cards if r.why is not None and r.why.snippet]
    assert quoted, "the answer has places quoted from a review"
    rows = await runtime.db.fetch(
        "SELECT id, text FROM reviews WHERE id = ANY(CAST(:ids AS bigint[]))",
        {"ids": [r.why.best_review_id for r in quoted if r.why is not None]},
    )
    texts = {row["id"]: " ".join(row["text"].split()) for row in rows}
    for card in cards:
        assert card.why is not None and set(card.why.matched_terms) <= {"spicy"}, card.why
    for card in quoted:
        assert card.why is not None and card.why.snippet, card.name
        snippet = " ".join(card.why.snippet.split()).removesuffix("…")
        assert snippet in texts[card.why.best_review_id], (card.name, snippet)
        assert "spicy" in snippet.lower(), (card.name, snippet)


async def test_a_price_nobody_here_holds_is_said_and_the_nearest_comes_first(
    client: httpx.AsyncClient,
) -> None:
    """ "cheap eats in london" where the sample's London places are all dearer: the reply said
    "I widened the price range" over $$$ places, and "fancy sushi" called $$ places upscale. The
    gap is said with the nearest price shown, and the nearest price comes first."""
    uid = await create_user(client)
    cheap = await ask(client, uid, "cheap thai in boston")
    assert "price tiers" in cheap.relaxed_filters and cheap.restaurants
    assert "I know no $ places in Boston that fit the rest; the nearest I know are" in cheap.message
    assert "widened the price range" not in cheap.message
    tiers = [len(r.price_tier or "$$$$$") for r in cheap.restaurants]
    assert tiers == sorted(tiers), [r.price_tier for r in cheap.restaurants]
    fancy = await ask(client, uid, "fancy sushi in cambridge")
    assert "price tiers" in fancy.relaxed_filters
    assert "upscale" not in fancy.message, fancy.message


async def test_a_dish_no_place_names_is_said_and_its_own_cuisine_comes_first(
    client: httpx.AsyncClient,
) -> None:
    """ "seafood boil in boston": no sample place names one; the reply said "Here are 5 seafood
    boil places" over a hot-pot buffet. Now the gap is said, nothing is called a seafood-boil
    place, and a Cajun place (the dish's own cuisine) comes before places that are only
    tagged seafood."""
    uid = await create_user(client)
    payload = await ask(client, uid, "seafood boil in boston")
    assert "No place I know in Boston mentions “seafood boil”" in payload.message, payload.message
    assert "seafood boil places" not in payload.message
    first = payload.restaurants[0]
    assert any("cajun" in c.lower() for c in first.cuisine_types), (first.name, first.cuisine_types)
