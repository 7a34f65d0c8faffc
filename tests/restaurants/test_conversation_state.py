"""Follow-ups refine the previous request of the same conversation, kept in the database: they
work with no client history, from another app instance, and say what they kept."""

from __future__ import annotations

import re
import uuid
from typing import Any

import httpx

from kairos.api.app import create_app
from kairos.settings import Settings
from tests.restaurants.helpers import as_user, create_user


async def _turn(client: httpx.AsyncClient, uid: str, session: str, message: str) -> Any:
    response = await client.post(
        "/chat",
        json={"message": message, "session_id": session},
        headers={**as_user(uid), "Accept": "application/json"},
    )
    assert response.status_code == 200, response.text
    return response.json()


async def test_a_follow_up_keeps_city_cuisine_and_price(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = await _turn(client, uid, session, "cheap thai in boston")
    assert first["restaurants"]
    assert all(r["city"].lower() in {"boston", "cambridge"} for r in first["restaurants"])
    kids = await _turn(client, uid, session, "which ones are good with kids?")
    assert kids["restaurants"], "the follow-up searched"
    assert all((r["city"] or "").lower() == "boston" for r in kids["restaurants"]), kids
    assert all(any("thai" in c.lower() for c in r["cuisine_types"]) for r in kids["restaurants"]), [
        r["cuisine_types"] for r in kids["restaurants"]
    ]
    kept = " ".join(kids["assumptions"])
    assert "Thai" in kept and "Boston" in kept, kept
    assert "Kept from your earlier message" in kids["message"]


async def test_the_state_is_per_session(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    await _turn(client, uid, "session-a", "sushi in boston")
    other = await _turn(client, uid, "session-b", "anything cheaper?")
    assert not any("sushi" in a.lower() for a in other["assumptions"]), other["assumptions"]


async def test_another_instance_continues_the_conversation(
    client: httpx.AsyncClient, settings: Settings, runtime: Any
) -> None:
    """A second app (its own product, caches and parser) on the same database: the state lives
    in the database, not in the process that answered the first turn."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "italian in cambridge")
    second_app = create_app(settings, runtime=runtime)
    transport = httpx.ASGITransport(app=second_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.test") as other:
        follow = await _turn(other, uid, session, "what about somewhere quieter?")
    assert follow["restaurants"]
    assert all((r["city"] or "").lower() == "cambridge" for r in follow["restaurants"])
    assert any("italian" in a.lower() for a in follow["assumptions"]), follow["assumptions"]


async def test_a_new_request_replaces_what_it_names(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "thai in boston")
    moved = await _turn(client, uid, session, "what about in cambridge?")
    assert moved["restaurants"]
    assert all((r["city"] or "").lower() == "cambridge" for r in moved["restaurants"])


async def test_instead_replaces_the_earlier_vibe_and_keeps_the_rest(
    client: httpx.AsyncClient,
) -> None:
    """ "rooftop bar in london" → "something with a view instead" kept the rooftop ("Kept from
    your earlier message: bar, in London, rooftop") and looked for both."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "rooftop bar in london")
    view = await _turn(client, uid, session, "something with a view instead")
    assert "rooftop" not in view["message"].split("Kept from your earlier message")[-1][:60]
    assert "Kept from your earlier message: bar, in London." in view["message"]
    assert "evidence of a view" in view["message"] and "and a rooftop" not in view["message"]
    # London, or a town of Greater London the answer names (issue 39: the judged set's rubric
    # counts Greater London's boroughs as London)
    assert all(
        (r["city"] or "").lower() == "london" or r["city"] in view["message"]
        for r in view["restaurants"]
    ), [r["city"] for r in view["restaurants"]]
    also = await _turn(client, uid, session, "and vegetarian")
    assert "view" in also["message"], "without 'instead' the earlier vibe is kept"


def test_instead_replaces_the_earlier_diet() -> None:
    from kairos.restaurants.conversation import merge_follow_up
    from kairos.restaurants.schemas_decomposition import Decomposition
    from kairos.search.filters import SearchFilters

    previous = Decomposition(filters=SearchFilters(city="boston"), dietary=["vegan"])
    halal = Decomposition(dietary=["halal"])
    assert merge_follow_up(halal, previous, replacing=True).dietary == ["halal"]
    assert merge_follow_up(halal, previous).dietary == ["halal", "vegan"]


def test_fancier_and_cheaper_compare_with_what_was_shown() -> None:
    """ "cheap thai" found no $ place and showed $$ ones: "something fancier" means above $$,
    not above the $ the first message asked for; "cheaper" below what was shown."""
    from kairos.restaurants.conversation import merge_follow_up
    from kairos.restaurants.schemas_decomposition import Decomposition
    from kairos.search.filters import SearchFilters

    asked = SearchFilters(city="boston", categories=["thai"], price_tiers=["$"])
    previous = Decomposition(filters=asked, shown_price_tiers=["$$"])
    fancier = Decomposition(
        filters=SearchFilters(price_tiers=["$$$", "$$$$"]), matched={"fancier": "$$$,$$$$"}
    )
    assert merge_follow_up(fancier, previous).filters.price_tiers == ["$$$", "$$$$"]
    unseen = previous.model_copy(update={"shown_price_tiers": []})
    assert merge_follow_up(fancier, unseen).filters.price_tiers == ["$$", "$$$", "$$$$"]
    cheaper = Decomposition(filters=SearchFilters(price_tiers=["$"]), matched={"cheaper": "$"})
    shown_top = previous.model_copy(update={"shown_price_tiers": ["$$$", "$$$$"]})
    assert merge_follow_up(cheaper, shown_top).filters.price_tiers == ["$", "$$"]
    assert merge_follow_up(fancier, shown_top.model_copy(
        update={"shown_price_tiers": ["$$$$"]})).filters.price_tiers == ["$$$$"]  # fmt: skip
    top = merge_follow_up(fancier, shown_top.model_copy(update={"shown_price_tiers": ["$$$$"]}))
    assert "Nothing is pricier than $$$$" in " ".join(top.assumptions)


async def test_the_answer_records_the_price_tiers_it_showed(client: httpx.AsyncClient) -> None:
    """What "cheaper?" compares with is stored with the conversation, from the shown places."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = await _turn(client, uid, session, "cheap thai in boston")
    shown = {r["price_tier"] for r in first["restaurants"] if r["price_tier"]}
    assert "price tiers" in first["relaxed_filters"] and shown - {"$"}
    fancier = await _turn(client, uid, session, "something fancier")
    assert (
        "$$" not in {r["price_tier"] for r in fancier["restaurants"]} or fancier["relaxed_filters"]
    ), "above the $$ shown, not the $ asked"


async def test_a_dish_asked_for_is_named_and_kept(client: httpx.AsyncClient) -> None:
    """ "best wings in boston" answered "Here are 5 places in Boston", and its follow-up kept
    the wings in the search without a word about them."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = await _turn(client, uid, session, "best wings in boston")
    assert "Here are 5 places in Boston for wings." in first["message"], first["message"]
    kids = await _turn(client, uid, session, "which ones are good with kids?")
    assert "Kept from your earlier message: wings, in Boston." in kids["message"], kids["message"]
    assert "for wings" in kids["message"]
    party = await _turn(
        client, uid, f"s-{uuid.uuid4().hex[:8]}", "group of 10 for a birthday in boston"
    )
    assert "in Boston for a birthday." in party["message"], party["message"]
    # words that are neither food nor event are no answer's subject ("... in Boston for dog")
    for said in ("dog friendly patio in boston", "business lunch in boston, takes reservations"):
        other = await _turn(client, uid, f"s-{uuid.uuid4().hex[:8]}", said)
        assert not re.search(r" for (dog|friendly|takes)\b", other["message"]), other["message"]


async def test_a_cafe_request_wants_cafes_of_every_kind(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """ "cafe" (not the source's "Cafes") once read as a meal request: a café that also bakes
    or caters (Caffè Nero, a bakery by its categories) was never found, and "cafe, ideally"
    after a meal kept the meal kind."""
    uid = await create_user(client)
    work = await _turn(client, uid, f"s-{uuid.uuid4().hex[:8]}", "cafe to work from in boston")
    records = await runtime.places.records([r["id"] for r in work["restaurants"]])
    kinds = {r.place.kind for r in records.values()}
    assert kinds - {"restaurant"}, kinds
    fresh = await _turn(client, uid, f"s-{uuid.uuid4().hex[:8]}", "cafe in hyderabad")
    names = {r["name"] for r in fresh["restaurants"]}
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "looking for north indian in hyderabad")
    switched = await _turn(client, uid, session, "cafe, ideally")
    assert {r["name"] for r in switched["restaurants"]} == names


def test_a_cuisine_s_leftover_word_is_not_kept_as_a_dish() -> None:
    """ "any good new american in cambridge?" then "anything cheaper?" said "Kept from your
    earlier message: American, new, in Cambridge": beside a cuisine, a free word is a leftover."""
    from kairos.restaurants.conversation import merge_follow_up
    from kairos.restaurants.schemas_decomposition import Decomposition
    from kairos.search.filters import SearchFilters

    previous = Decomposition(
        filters=SearchFilters(city="cambridge", categories=["american"]),
        vector_query="new",
        matched={"american": "categories=american"},
    )
    cheaper = Decomposition(filters=SearchFilters(price_tiers=["$"]), matched={"cheaper": "$"})
    kept = " ".join(merge_follow_up(cheaper, previous).assumptions)
    assert "Kept from your earlier message: American, in Cambridge." in kept, kept
    wings = Decomposition(filters=SearchFilters(city="boston"), vector_query="wings")
    kept = " ".join(merge_follow_up(cheaper, wings).assumptions)
    assert "Kept from your earlier message: wings, in Boston." in kept, kept
    # the catalog's variants of the word said are not read back ("tapas or tapas bars or …")
    tapas = Decomposition(
        filters=SearchFilters(
            city="boston", categories=["tapas", "tapas bars", "tapas/small plates"]
        )
    )
    kept = " ".join(merge_follow_up(cheaper, tapas).assumptions)
    assert "Kept from your earlier message: tapas, in Boston." in kept, kept
    two = Decomposition(filters=SearchFilters(categories=["chinese", "japanese"]))
    kept = " ".join(merge_follow_up(cheaper, two).assumptions)
    assert "Kept from your earlier message: Chinese or Japanese." in kept, kept


def test_cheaper_after_fancy_takes_the_fancy_back() -> None:
    """ "fancy mediterranean in london" then "anything cheaper?" kept "upscale" and answered
    the same $$$ places: the upscale vibe was the price's word."""
    from kairos.restaurants.conversation import merge_follow_up
    from kairos.restaurants.schemas_decomposition import Decomposition
    from kairos.search.filters import SearchFilters

    fancy = Decomposition(
        filters=SearchFilters(city="london", categories=["mediterranean"],
                              price_tiers=["$$$", "$$$$"]),
        vibes=["upscale"], vector_query="upscale", shown_price_tiers=["$$$", "$$$$"],
    )  # fmt: skip
    cheaper = Decomposition(filters=SearchFilters(price_tiers=["$"]), matched={"cheaper": "$"})
    merged = merge_follow_up(cheaper, fancy)
    assert "upscale" not in merged.vibes and "upscale" not in merged.vector_query
    assert merged.filters.price_tiers == ["$", "$$"]
    assert "upscale" not in " ".join(merged.assumptions)
    quiet = fancy.model_copy(update={"vibes": ["upscale", "quiet"]})
    assert merge_follow_up(cheaper, quiet).vibes == ["quiet"]


async def test_nothing_cheaper_is_said_as_such(client: httpx.AsyncClient) -> None:
    """ "steakhouse in boston" then "anything cheaper?" answered "Nothing matched everything
    you asked, so I widened the price range" above the same three steakhouses."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "steakhouse in boston")
    cheaper = await _turn(client, uid, session, "anything cheaper?")
    assert "price tiers" in cheaper["relaxed_filters"] and cheaper["restaurants"]
    message = cheaper["message"]
    assert "Nothing cheaper than the places I showed matches the rest" in message, message
    assert "widened the price range" not in message


def test_a_budget_is_not_a_comparison_and_less_expensive_is_cheaper() -> None:
    """ "no more than $20 a head" is a budget, not "fancier"; "less than $20 a head" is a
    budget, not "cheaper than what I showed"; "something less expensive" is cheaper (it read
    as "expensive")."""
    from pathlib import Path

    from kairos.restaurants.conversation import merge_follow_up
    from kairos.restaurants.decomposition import QueryParser
    from kairos.restaurants.schemas_decomposition import Decomposition
    from kairos.search.filters import SearchFilters
    from kairos.text.query.catalog_words import CatalogVocabulary

    parser = QueryParser(CatalogVocabulary.from_json(Path(__file__).with_name("vocabulary.json")))
    shown = Decomposition(filters=SearchFilters(city="boston"), shown_price_tiers=["$$$"])
    for budget in ("no more than $20 a head", "less than $20 a head"):
        current = parser.read(budget)
        merged = merge_follow_up(current, shown)
        assert merged.price_comparison is None, budget
        assert merged.filters.price_tiers == current.filters.price_tiers, budget
    less = merge_follow_up(parser.read("something less expensive"), shown)
    assert less.price_comparison == "cheaper" and less.filters.price_tiers == ["$", "$$"]


async def test_show_me_more_pages_through_the_same_request(client: httpx.AsyncClient) -> None:
    """ "italian in boston" → "show me more" answered the same five places again. More is the
    same request with every place shown before left out, until none is left, which it says."""
    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    first = await _turn(client, uid, session, "italian in boston")
    seen = {r["id"] for r in first["restaurants"]}
    assert len(seen) == 5
    more = await _turn(client, uid, session, "show me more")
    again = {r["id"] for r in more["restaurants"]}
    assert again and not again & seen, "other places, none shown before"
    assert "more Italian places in Boston" in more["message"], more["message"]
    assert "Leaving out the 5 already shown." in more["assumptions"]
    for card in more["restaurants"]:
        assert (card["city"] or "").lower() == "boston"
        assert any("italian" in c.lower() for c in card["cuisine_types"]), card["cuisine_types"]
    seen |= again
    for _ in range(20):  # the sample holds a few dozen Italian places in Boston at most
        page = await _turn(client, uid, session, "any others?")
        if not page["restaurants"]:
            break
        ids = {r["id"] for r in page["restaurants"]}
        assert not ids & seen
        seen |= ids
    assert page["message"].startswith("That's all: I know no other Italian places in Boston")
    assert f"than the {len(seen)} I showed" in page["message"]


async def test_more_pages_than_the_search_reaches_end_politely(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """A conversation that has already shown more places than one search returns (its stored
    request holds 300 shown ids) answers "show me more" with a sentence, not an error."""
    from sqlalchemy import text

    uid = await create_user(client)
    session = f"s-{uuid.uuid4().hex[:8]}"
    await _turn(client, uid, session, "italian in boston")
    async with runtime.db.session() as db, db.begin():
        await db.execute(
            text(
                "UPDATE conversations SET state = jsonb_set(state, '{request,shown_place_ids}', "
                "CAST(:ids AS jsonb)) WHERE uid = :uid AND session_id = :session"
            ),
            {"ids": str(list(range(1, 301))), "uid": uuid.UUID(uid), "session": session},
        )
    more = await _turn(client, uid, session, "show me more")
    assert "Leaving out the 300 already shown." in more["assumptions"]
    assert not {r["id"] for r in more["restaurants"]} & set(range(1, 301))
