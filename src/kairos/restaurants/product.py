"""The restaurant product (seed 000): chat, the daily feed and expanded cards, wired onto the
runtime. Its turn's steps live in `chat.py`; this module builds them, keeps the conversation
state and the caches, and answers the runtime's product hooks.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import Any

from cachetools import LRUCache
from pydantic import ValidationError

from kairos.core.pricing import PRICE_TIERS
from kairos.errors import NotFound
from kairos.llm.chain import ModelChain
from kairos.pipeline.cache import Cache
from kairos.pipeline.events import TurnEvent
from kairos.pipeline.turn import TurnRecord, TurnRunner, until_no_turn
from kairos.profiles.schemas import UserPublic
from kairos.restaurants import feed, learning
from kairos.restaurants.chat import ChatState, ChatTurn, chat_steps
from kairos.restaurants.schemas import (
    ChatRequest,
    ExpandedDetail,
    GenerativeUIPayload,
    RecommendationPayload,
)
from kairos.restaurants.schemas_decomposition import SEARCH_INTENTS, Decomposition
from kairos.restaurants.searching import CachedSearch
from kairos.restaurants.taste_statements import learned_taste
from kairos.restaurants.understand import Understand
from kairos.restaurants.where import CoverageReader
from kairos.runtime import Runtime
from kairos.search.models import SearchResult
from kairos.store.conversations import ConversationStore, recent_request_city
from kairos.store.redaction import redacted_traceback

__all__ = ["RestaurantProduct", "conversation_state", "session_of"]

logger = logging.getLogger(__name__)

CONVERSATION_TTL = timedelta(hours=24)
PREWARM_DELAY_SECONDS = 0.5
"""A profile change rebuilds the person's feed this long after it, once for every change that
comes in between."""
PREWARMS_AT_ONCE = 2
"""Feed rebuilds run in the background at most this many at a time: 32 users created together
rebuilt 32 feeds at once (0.4–0.6 s each), and chat turns waited 200–600 ms behind them."""
_LEARNING: ContextVar[bool] = ContextVar("restaurants_learning", default=False)
"""Set while a chat turn's taste is being learnt: that change drops the cached feed but does not
rebuild it (under 8 chatting users the rebuilds took a third of the CPU); the next feed read
builds it."""


def session_of(user: UserPublic, request: ChatRequest) -> str:
    """The client's session id, or one session per user and UTC day."""
    return request.session_id or f"{user.uid}:{datetime.now(UTC):%Y-%m-%d}"


def history_turns(request: ChatRequest) -> int:
    """1 for a conversation's first turn: the user turns in its history, plus this one."""
    return 1 + sum(1 for m in request.conversation_history if m.role == "user")


def _stored_request(state: dict[str, Any]) -> Decomposition | None:
    """The conversation's last request; a state written by older code is ignored."""
    try:
        return Decomposition.model_validate(state["request"]) if state.get("request") else None
    except ValidationError:
        return None


def conversation_state(state: ChatState) -> dict[str, Any]:
    """What the next turn builds on: the last searchable request, and a question still open."""
    done = state.decomposition
    request = state.previous
    if done is not None and done.intent in SEARCH_INTENTS and not done.needs_clarification:
        payload = state.payload
        shown = payload.restaurants if payload is not None else []
        tiers = {r.price_tier for r in shown if r.price_tier}
        cards = [*shown, *(payload.flagged_restaurants if payload is not None else [])]
        request = done.model_copy(
            update={
                "shown_price_tiers": [t for t in PRICE_TIERS if t in tiers],
                "shown_place_ids": [*done.skip_place_ids, *(r.id for r in cards)],
            }
        )
    asked = done.clarification_question if done is not None and done.needs_clarification else None
    return {"request": request.model_dump(mode="json") if request else None, "pending": asked}


class RestaurantProduct:
    name = "restaurants"

    def __init__(self, runtime: Runtime, chain: ModelChain | None = None) -> None:
        self.runtime = runtime
        self.chain = chain or runtime.chain
        caches = runtime.caches
        self.understand = Understand(
            runtime.catalog,
            self.chain,
            caches.create("decompositions", Decomposition, maxsize=200, ttl_seconds=3600),
            today=lambda: runtime.clock.today(),
        )
        self.search = CachedSearch(
            runtime.search,
            caches.create("searches", SearchResult, maxsize=500, ttl_seconds=1800),
        )
        self.feeds: Cache[RecommendationPayload] = caches.create(
            "feeds", RecommendationPayload, maxsize=1000, ttl_seconds=86400
        )
        self.conversations = ConversationStore(runtime.db, self.name, ttl=CONVERSATION_TTL)
        self.coverage = CoverageReader(runtime.db, runtime.catalog.current)
        self.turns: TurnRunner[GenerativeUIPayload] = TurnRunner(
            outage=runtime.outage.failed, spawn=runtime.spawn
        )
        self._prewarming: set[uuid.UUID] = set()
        self._prewarm_slots = asyncio.Semaphore(PREWARMS_AT_ONCE)
        # by (user, the build's time, cards): a rebuild has another time, so never a stale body
        self._feed_json: LRUCache[tuple[str, datetime, int], bytes] = LRUCache(maxsize=512)
        runtime.profiles.listeners.append(self.on_profile_changed)

    async def warm(self) -> None:
        """Build the parser the first turn would otherwise wait for."""
        await self.understand.parser()

    async def close(self) -> None:
        if self.on_profile_changed in self.runtime.profiles.listeners:
            self.runtime.profiles.listeners.remove(self.on_profile_changed)

    async def _turn(self, user: UserPublic, request: ChatRequest) -> ChatTurn:
        session = session_of(user, request)
        state = ChatState()
        stored = await self.conversations.load(user.uid, session)
        if stored is not None:
            state.previous = _stored_request(stored.state)
            state.pending = stored.state.get("pending")
            state.resumed = True
        record = TurnRecord(
            product=self.name, user=str(user.uid), session_id=session,
            turn_index=max(history_turns(request), (stored.turns + 1) if stored else 1),
        )  # fmt: skip
        return ChatTurn(
            user=user, request=request, session_id=session, record=record,
            understand=self.understand, search=self.search, places=self.runtime.places,
            chain=self.chain, state=state, locate=lambda: self.located(user),
            coverage=self.coverage, now=self.runtime.clock.now,
        )  # fmt: skip

    async def _steps(self, turn: ChatTurn) -> AsyncIterator[TurnEvent]:
        async for event in chat_steps(turn):
            if turn.state.payload is not None and event.event == "result":
                await self._noted(turn, turn.state.payload)
                # stored before the client sees the answer, so its follow-up finds it
                await self.conversations.save(
                    turn.user.uid, turn.session_id, conversation_state(turn.state)
                )
            yield event

    async def _noted(self, turn: ChatTurn, payload: GenerativeUIPayload) -> None:
        """The taste the message stated, said in the answer (learnt after the turn)."""
        parser = await self.understand.parser()
        learned = learned_taste(turn.request.message, parser.read, turn.user.preferences)
        if learned is not None:
            payload.learned = learned
            payload.message = f"{payload.message} {learned.said}".strip()

    async def chat(self, user: UserPublic, request: ChatRequest) -> AsyncIterator[TurnEvent]:
        """The turn's events (for SSE); learning runs in the background after the result."""
        turn = await self._turn(user, request)
        async for event in self.turns.stream(
            turn.record, self._steps(turn), after=self._after_turn(turn)
        ):
            yield event

    async def answer(self, user: UserPublic, request: ChatRequest) -> GenerativeUIPayload:
        """The same turn for clients that want one JSON document."""
        turn = await self._turn(user, request)
        return await self.turns.answer(turn.record, self._steps(turn), after=self._after_turn(turn))

    def _after_turn(self, turn: ChatTurn) -> Any:
        async def after(payload: GenerativeUIPayload) -> None:
            uid = turn.user.uid
            try:
                await learning.save_interaction(self.runtime.db, uid, turn.request.message, payload)
            except Exception as exc:
                logger.error("saving the interaction of %s failed\n%s", uid,
                             redacted_traceback(exc))  # fmt: skip
            if payload.learned is None:
                return
            try:
                _LEARNING.set(True)  # this task's own context: the listener below reads it
                await learning.learn_preferences(
                    self.runtime.profiles, uid, payload.learned.added, read=turn.user
                )
            except Exception as exc:
                logger.error("learning preferences of %s failed\n%s", uid,
                             redacted_traceback(exc))  # fmt: skip

        return after

    async def recommendations(
        self, user: UserPublic, *, limit: int, refresh: bool
    ) -> RecommendationPayload:
        built, from_cache = await self._feed(user, refresh)
        return _feed_view(built, from_cache, limit)

    async def recommendations_json(self, user: UserPublic, *, limit: int, refresh: bool) -> bytes:
        """`recommendations` as the route sends it. A cached feed's JSON is kept per build and
        card count: serialising the 30 KB payload again was an eighth of a warm read's CPU."""
        built, from_cache = await self._feed(user, refresh)
        if not from_cache:
            return _feed_view(built, False, limit).model_dump_json(by_alias=True).encode()
        key = (str(user.uid), built.generated_at, limit)
        if (body := self._feed_json.get(key)) is None:
            body = _feed_view(built, True, limit).model_dump_json(by_alias=True).encode()
            self._feed_json[key] = body
        return body

    async def _feed(self, user: UserPublic, refresh: bool) -> tuple[RecommendationPayload, bool]:
        """Today's feed for where the person is, and whether it came from the cache."""
        located = await self.located(user)
        key = feed.feed_cache_key(user, self.runtime.clock.today(), city=located[0])
        cached = None if refresh else await self.feeds.get(key)
        if cached is not None:
            return cached, True
        catalog = await self.runtime.catalog.current()
        built = await feed.build_feed(self.runtime.places, catalog, user, located)
        await self.feeds.set(key, built)
        return built, False

    async def located(self, user: UserPublic) -> feed.Located:
        """Where the person is: the profile's home city, else their recent requests' city."""
        if user.preferences.home_city:
            return user.preferences.home_city, "profile"
        if user.recent_cities is not None:  # read with the profile
            recent = user.recent_cities.get(self.name)
        else:
            recent = await recent_request_city(self.runtime.db, user.uid, self.name)
        return (recent, "recent_requests") if recent else (None, None)

    async def expand(self, user: UserPublic, place_id: int) -> ExpandedDetail:
        detail = await feed.expand(self.runtime.places, user, place_id)
        if detail is None:
            raise NotFound(f"no restaurant {place_id}; use an id from the feed or a chat result")
        return detail

    async def prewarm(self, uid: uuid.UUID) -> None:
        try:
            user = await self.runtime.profiles.get(uid)
        except NotFound:
            return
        # the change dropped the feeds cached before it; a read since has built this one
        feed.PREWARMING.set(True)  # this task's own context: turns come first
        await until_no_turn()
        await self.recommendations(user, limit=feed.FEED_MAX, refresh=False)

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        await self.feeds.delete_prefix(f"feed:{uid}.")
        if not deleted and not _LEARNING.get() and uid not in self._prewarming:
            # changes that come while one is waiting (a chat learning turn by turn) share it
            self._prewarming.add(uid)
            self.runtime.spawn(self._prewarm_soon(uid), name=f"prewarm-{uid}")

    async def _prewarm_soon(self, uid: uuid.UUID) -> None:
        try:
            await asyncio.sleep(PREWARM_DELAY_SECONDS)
        finally:
            self._prewarming.discard(uid)
        async with self._prewarm_slots:
            await self.prewarm(uid)


def _feed_view(built: RecommendationPayload, from_cache: bool, limit: int) -> RecommendationPayload:
    update: dict[str, object] = {"recommendations": built.recommendations[:limit]}
    if from_cache:
        update["cached"] = True
    return built.model_copy(update=update)
