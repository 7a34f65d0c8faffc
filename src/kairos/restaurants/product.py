"""The restaurant product: its caches, parser and model chain, shared by its routes."""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationError

from kairos.errors import NotFound, NotReady, TurnFailed
from kairos.llm.chain import ModelChain
from kairos.llm.factory import build_chain
from kairos.llm.prompts import build_decomposition_prompt
from kairos.pipeline.cache import MemoryCache, cache_key
from kairos.pipeline.events import ErrorEvent, Result, TurnEvent
from kairos.pipeline.request_context import current_request_id
from kairos.profiles import repository
from kairos.profiles.schemas import UserPublic
from kairos.restaurants import feed, learning
from kairos.restaurants.chat import SEARCH_LIMIT, TurnRecord, run_turn
from kairos.restaurants.conversation import merge_follow_up
from kairos.restaurants.decomposition import QueryParser
from kairos.restaurants.schemas import (
    ChatRequest,
    ExpandedDetail,
    GenerativeUIPayload,
    RecommendationPayload,
)
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.vocabulary import build_parser
from kairos.runtime import Runtime
from kairos.search.filters import SearchFilters
from kairos.search.models import SearchResult
from kairos.store.conversations import ConversationStore
from kairos.store.redaction import redacted_traceback
from kairos.store.unreachable import DATABASE_UNREACHABLE, is_database_unreachable
from kairos.text.query.conversation import is_follow_up

turn_log = logging.getLogger("kairos.turns")
logger = logging.getLogger(__name__)

PARSER_TTL_SECONDS = 300.0
CONVERSATION_TTL = timedelta(hours=24)
SEARCH_INTENTS = frozenset({"find_restaurant", "compare", "locate"})


def _stored_request(state: dict[str, Any]) -> Decomposition | None:
    """The conversation's last request; a state written by older code is ignored."""
    try:
        return Decomposition.model_validate(state["request"]) if "request" in state else None
    except ValidationError:
        return None


def conversation_state(record: TurnRecord) -> dict[str, Any]:
    """What the next turn builds on: the last searchable request, and a question still open."""
    done = record.decomposition
    request = record.previous
    if done is not None and done.intent in SEARCH_INTENTS and not done.needs_clarification:
        request = done
    asked = done.clarification_question if done is not None and done.needs_clarification else None
    return {
        "request": request.model_dump(mode="json") if request else None,
        "pending": asked,
    }


TURN_FAILED_DETAIL = (
    "this turn failed on our side; your profile is unchanged. Try again, and quote the "
    "request_id if it keeps failing"
)


def session_of(user: UserPublic, request: ChatRequest) -> str:
    """The client's session id, or one session per user and UTC day."""
    return request.session_id or f"{user.uid}:{datetime.now(UTC):%Y-%m-%d}"


def turn_index(request: ChatRequest) -> int:
    """1 for a conversation's first turn: the user turns in its history, plus this one. The
    turn log takes the larger of this and the turns the server stored for the session."""
    return 1 + sum(1 for m in request.conversation_history if m.role == "user")


class RestaurantProduct:
    def __init__(self, runtime: Runtime, chain: ModelChain | None = None) -> None:
        self.runtime = runtime
        self.db = runtime.db
        self.chain = chain or build_chain(runtime.settings)
        self.decompositions: MemoryCache[Decomposition] = MemoryCache(maxsize=200, ttl_seconds=3600)
        self.searches: MemoryCache[SearchResult] = MemoryCache(maxsize=500, ttl_seconds=1800)
        self.feeds: MemoryCache[RecommendationPayload] = MemoryCache(
            maxsize=1000, ttl_seconds=86400
        )
        self.conversations = ConversationStore(runtime.db, "restaurants", ttl=CONVERSATION_TTL)
        self._parser: QueryParser | None = None
        self._parser_built = 0.0
        self._rebuilding = False
        runtime.profiles.listeners.append(self.on_profile_changed)

    async def parser(self) -> QueryParser:
        """The offline parser over the catalog's words. Building it reads the whole catalog
        (~350 ms at full size), so an expired one keeps answering while a fresh one is built in
        the background: no turn waits for it but the very first."""
        if self._parser is None:
            await self._rebuild_parser()
        elif time.monotonic() - self._parser_built > PARSER_TTL_SECONDS and not self._rebuilding:
            self._rebuilding = True
            self.runtime.spawn(self._rebuild_parser(), name="rebuild-parser")
        assert self._parser is not None
        return self._parser

    async def _rebuild_parser(self) -> None:
        try:
            self._parser = await build_parser(self.db)
            self._parser_built = time.monotonic()
        finally:
            self._rebuilding = False

    async def warm(self) -> None:
        """Build what the first turn would otherwise wait for."""
        await self.parser()

    async def decompose(
        self,
        user: UserPublic,
        message: str,
        history: Sequence[str],
        pending: str | None,
        record: TurnRecord,
    ) -> Decomposition:
        previous = record.previous
        key = cache_key(
            str(user.uid), user.version, message, list(history[-3:]), pending,
            previous.model_dump(mode="json") if previous else None,
        )  # fmt: skip
        if (cached := self.decompositions.get(key)) is not None:
            return cached
        parser = await self.parser()

        def offline() -> Decomposition:
            return parser.decompose(
                message, history=history, previous=previous, pending_clarification=pending
            )

        if self.chain.is_offline:
            result = offline()
        else:
            prompt = build_decomposition_prompt(message, history, user.preferences, user.allergies)
            generated = await self.chain.generate("decomposition", prompt, Decomposition, offline)
            record.fallbacks.extend(generated.fallbacks)
            result = generated.value
            if previous is not None and is_follow_up(message) and "offline" not in generated.source:
                result = merge_follow_up(result, previous)
        self.decompositions.set(key, result)
        return result

    async def search(self, query: str, filters: SearchFilters) -> SearchResult:
        key = cache_key(query, filters.model_dump(mode="json"))
        if (cached := self.searches.get(key)) is not None:
            return cached
        result = await self.runtime.search.search(query, filters, limit=SEARCH_LIMIT)
        self.searches.set(key, result)
        return result

    async def chat(self, user: UserPublic, request: ChatRequest) -> AsyncIterator[TurnEvent]:
        """The turn's events; after the result, learning runs in the background."""
        record = TurnRecord()
        session = session_of(user, request)
        stored = await self.conversations.load(user.uid, session)
        if stored is not None:
            record.previous = _stored_request(stored.state)
            record.pending = stored.state.get("pending")
            record.resumed = True
        try:
            async for event in run_turn(self, user, request, record):
                if isinstance(event, Result):
                    event.payload.session_id = session
                    # stored before the client sees the answer, so its follow-up finds it
                    turns = await self.conversations.save(
                        user.uid, session, conversation_state(record)
                    )
                    record.turn_index = max(turns, turn_index(request))
                yield event
        except Exception as exc:
            if is_database_unreachable(exc):  # an outage: counted and logged by its record
                self.runtime.outage.failed(exc)
                yield ErrorEvent(
                    title=NotReady.title, detail=DATABASE_UNREACHABLE,
                    request_id=current_request_id(),
                )  # fmt: skip
                self._log_turn(user, request, record, error=NotReady.title)
                return
            logger.error(
                "chat turn %s failed (request %s)\n%s",
                record.turn_id,
                current_request_id(),
                redacted_traceback(exc),
            )
            yield ErrorEvent(
                title="Turn failed", detail=TURN_FAILED_DETAIL, request_id=current_request_id()
            )
            self._log_turn(user, request, record, error=type(exc).__name__)
            return
        self._log_turn(user, request, record)
        if record.payload is not None:
            self.runtime.spawn(
                self._after_turn(user.uid, request.message, record.payload, record.decomposition),
                name=f"after-turn-{record.turn_id}",
            )

    async def answer(self, user: UserPublic, request: ChatRequest) -> GenerativeUIPayload:
        """The same pipeline for clients that want one JSON response."""
        payload: GenerativeUIPayload | None = None
        async for event in self.chat(user, request):  # to the end: the turn is logged there
            if isinstance(event, Result):
                payload = event.payload
            elif isinstance(event, ErrorEvent):
                if event.title == NotReady.title:
                    raise NotReady(event.detail)
                raise TurnFailed(event.detail)
        if payload is None:
            raise TurnFailed("the chat pipeline ended without a result; try again")
        return payload

    async def _after_turn(
        self,
        uid: uuid.UUID,
        message: str,
        payload: GenerativeUIPayload,
        decomposition: Decomposition | None,
    ) -> None:
        try:
            await learning.save_interaction(self.db, uid, message, payload)
        except Exception as exc:
            logger.error("saving the interaction of %s failed\n%s", uid, redacted_traceback(exc))
        if decomposition is None:
            return
        try:
            await learning.learn_preferences(self.runtime.profiles, uid, decomposition)
        except Exception as exc:
            logger.error("learning preferences of %s failed\n%s", uid, redacted_traceback(exc))

    def _log_turn(
        self, user: UserPublic, request: ChatRequest, record: TurnRecord, error: str | None = None
    ) -> None:
        payload = record.payload
        event = {
            "event": "turn_completed",
            "trace_id": record.turn_id,
            "request_id": current_request_id(),
            "session_id": session_of(user, request),
            "product": "restaurants",
            "user": str(user.uid),
            "turn_index": max(record.turn_index, turn_index(request)),
            "latency_ms": round((time.perf_counter() - record.started) * 1000, 2),
            "ui_type": payload.ui_type if payload else None,
            "restaurants": len(payload.restaurants) if payload else 0,
            "flagged": len(payload.flagged_restaurants) if payload else 0,
            "candidates": record.candidates,
            "search_strategy": record.search_strategy,
            "clarified": bool(payload and payload.follow_up_questions),
            "fallbacks": record.fallbacks,
            "error": error,
        }
        turn_log.info(json.dumps(event))

    async def recommendations(
        self, user: UserPublic, *, limit: int, refresh: bool
    ) -> RecommendationPayload:
        key = feed.feed_cache_key(user)
        cached = None if refresh else self.feeds.get(key)
        if cached is None:
            catalog = await self.runtime.search.catalog()
            cached = await feed.build_feed(self.db, catalog, user)
            self.feeds.set(key, cached)
            fresh = cached
        else:
            fresh = cached.model_copy(update={"cached": True})
        return fresh.model_copy(update={"recommendations": fresh.recommendations[:limit]})

    async def expand(self, user: UserPublic, place_id: int) -> ExpandedDetail:
        detail = await feed.expand(self.db, user, place_id)
        if detail is None:
            raise NotFound(f"no restaurant {place_id}; use an id from the feed or a chat result")
        return detail

    async def prewarm(self, uid: uuid.UUID) -> None:
        async with self.db.session() as session:
            user = await repository.get_user(session, uid=uid)
        if user is not None:
            await self.recommendations(user, limit=feed.FEED_MAX, refresh=True)

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        self.feeds.delete_prefix(f"feed:{uid}:")
        if not deleted:
            self.runtime.spawn(self.prewarm(uid), name=f"prewarm-{uid}")
