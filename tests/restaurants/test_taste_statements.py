"""The profile is written from chat only from what the person said about themselves (issue 39):
"I love spicy food", "we're on a budget", "I'm vegetarian", "we don't like sushi". A request's
wishes ("cheap eats in london"), a question ("would I like thai?") and a word read through
typo tolerance ("satay" is not "sasta", cheap) teach nothing."""

from __future__ import annotations

import random
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.core.fit_scorer import TastePreferences
from kairos.restaurants.decomposition import QueryParser
from kairos.restaurants.taste_statements import learned_taste, stated_taste
from kairos.text.query.catalog_words import CatalogVocabulary
from tests.restaurants.helpers import TOKEN, as_user, create_user

PARSER = QueryParser(CatalogVocabulary.from_json(Path(__file__).with_name("vocabulary.json")))
READ = PARSER.read

STATEMENTS = {
    "I love spicy food": {"vibes": ["spicy"]},
    "we're on a budget": {"price_comfort": ["$"]},
    "We're on a tight budget, cheap eats in london": {"price_comfort": ["$"]},
    "I really love thai food": {"cuisine_affinity": ["thai", "thai restaurant"]},
    "street food in hyderabad, im vegetarian": {"dietary": ["vegetarian"]},
    "We are vegan": {"dietary": ["vegan"]},
    "I don't like sushi": {"cuisine_aversion": ["sushi"]},
    "I like quiet places": {"vibes": ["quiet"]},
    "we prefer cheap places": {"price_comfort": ["$"]},
}
NOT_STATEMENTS = (
    "satay near me",  # once read as "sasta" (cheap) and stored as $
    "I love sataay",  # a typo: nothing learnt from a reading that needed tolerance
    "cheap eats",
    "cheap eats in london",
    "I'd like thai in boston",
    "we would like sushi tonight",
    "would i like thai?",
    "I am looking for vegan food",
    "I like itallian",  # a typo: the reading needed tolerance
    "quiet romantic vegan thai in boston, cheap, not sushi, allergic to soy",
    "my friend loves spicy food",
)


@pytest.mark.parametrize("message", sorted(STATEMENTS))
def test_an_explicit_statement_is_read(message: str) -> None:
    assert stated_taste(message, READ) == STATEMENTS[message]


@pytest.mark.parametrize("message", NOT_STATEMENTS)
def test_a_request_a_question_or_a_typo_states_nothing(message: str) -> None:
    assert stated_taste(message, READ) == {}


def test_what_is_learnt_is_said_and_undone_by_one_patch_body() -> None:
    learned = learned_taste("we're on a budget", READ, TastePreferences(price_comfort=["$$"]))
    assert learned is not None
    assert learned.said == "Noted: you prefer $."
    assert learned.added == {"price_comfort": ["$"]}
    assert learned.undo == {"preferences": {"price_comfort": ["$$"]}}
    known = TastePreferences(price_comfort=["$"])
    assert learned_taste("we're on a budget", READ, known) is None, "nothing new, nothing said"


# Words people put in restaurant requests, typos and near-typos included, but no first person
# subject ("i", "we", "i'm", "we're"...): whatever order they come in, nobody stated a taste.
def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


REQUEST_WORDS = words(
    "thai sushi satay sasta sataay cheap cheapest budget on a tight near me in boston london "
    "cambridge love loves like likes prefer prefers adore hate spicy food quiet romantic vegan "
    "vegetarian halal tonight open now late brunch ice cream not too loud with kids for dinner "
    "my husband wife friend allergic to peanuts dont don't fan of best pizza tapas places "
    "somewhere is are they he she you your please any good fancy upscale splurge itallian "
    "chinesse cheep vegeterian asdfghjkl street seafood boil dessert"
)
PUNCTUATION = ("", ",", ".", "?", "!")
messages = st.lists(
    st.tuples(st.sampled_from(REQUEST_WORDS), st.sampled_from(PUNCTUATION)),
    min_size=1,
    max_size=12,
).map(lambda pairs: " ".join(w + p for w, p in pairs))


@settings(max_examples=400, deadline=None)
@given(message=messages)
def test_no_message_without_a_taste_statement_states_a_taste(message: str) -> None:
    assert stated_taste(message, READ) == {}, message


async def test_chat_turns_without_a_taste_statement_leave_the_profile_as_it_was(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """The same property through the API, on 25 random messages (a fixed seed): the stored
    profile, its version included, is what it was."""
    uid = await create_user(client, preferences={"vibes": ["lively"], "price_comfort": ["$$"]})
    before = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
    chooser = random.Random(39)
    for _ in range(25):
        size = chooser.randint(1, 10)
        message = " ".join(chooser.choice(REQUEST_WORDS) for _ in range(size))
        response = await client.post(
            "/chat",
            json={"message": message, "session_id": uuid.uuid4().hex},
            headers={**as_user(uid), "Accept": "application/json"},
        )
        assert response.status_code == 200, (message, response.text)
        assert response.json()["learned"] is None, message
    await runtime.drain()
    after = (await client.get(f"/users/{uid}", headers=TOKEN)).json()
    assert after["preferences"] == before["preferences"]
    assert after["version"] == before["version"]


def test_how_a_taste_is_said_is_never_searched_or_kept() -> None:
    """ "I love spicy food", then "dinner in boston tonight" once said "Kept from your earlier
    message: love and spicy"."""
    said = PARSER.decompose("I love spicy food")
    assert "love" not in said.vector_query.split() and "spicy" in said.vector_query.split()
    later = PARSER.decompose("dinner in boston tonight", previous=said)
    assert not any("love" in a for a in later.assumptions), later.assumptions
