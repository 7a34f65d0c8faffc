"""The understanding step of a restaurant turn: a message, with its conversation, becomes a
`Decomposition` — through the offline parser, or the model chain when one is configured (its
output validated against the same schema, the parser as its fallback).

The parser is built from the runtime's one catalog and rebuilt, in the background, when the
catalog's generation moves (an ingest, a reload): no turn waits for it but the very first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import date

from kairos.llm.chain import ModelChain
from kairos.pipeline.cache import Cache, cache_key
from kairos.pipeline.turn import TurnRecord
from kairos.profiles.schemas import UserPublic
from kairos.restaurants.conversation import merge_follow_up, more_of, names_what_and_where
from kairos.restaurants.decomposition import QueryParser
from kairos.restaurants.prompts import build_decomposition_prompt
from kairos.restaurants.schemas_decomposition import SEARCH_INTENTS, Decomposition
from kairos.search.catalog import CatalogService
from kairos.text.query.conversation import (
    asks_for_more,
    continues_earlier,
    is_follow_up,
    replaces_earlier,
)

__all__ = ["Understand"]

_STATE_FIELDS = ("shown_place_ids", "skip_place_ids", "shown_price_tiers")


class Understand:
    def __init__(
        self,
        catalog: CatalogService,
        chain: ModelChain,
        cache: Cache[Decomposition],
        today: Callable[[], date],
    ) -> None:
        self.today = today
        self.catalog = catalog
        self.chain = chain
        self.cache = cache
        self._parser: QueryParser | None = None
        self._generation = -1
        self._lock = asyncio.Lock()

    async def parser(self) -> QueryParser:
        catalog = await self.catalog.current()
        if self._parser is None or catalog.generation != self._generation:
            async with self._lock:
                if self._parser is None or catalog.generation != self._generation:
                    vocabulary = catalog.vocabulary()
                    # building the indexes is CPU work (~0.3 s at full size): off the loop
                    self._parser = await asyncio.to_thread(QueryParser, vocabulary)
                    self._generation = catalog.generation
        return self._parser

    async def __call__(
        self,
        user: UserPublic,
        message: str,
        history: Sequence[str],
        previous: Decomposition | None,
        pending: str | None,
        record: TurnRecord,
    ) -> Decomposition:
        today = self.today()
        key = cache_key(
            today.isoformat(),
            user.cache_identity, self._generation, message, list(history[-3:]), pending,
            previous.model_dump(mode="json") if previous else None,
        )  # fmt: skip
        if (cached := await self.cache.get(key)) is not None:
            return cached
        parser = await self.parser()

        def offline() -> Decomposition:
            return parser.decompose(
                message,
                history=history,
                previous=previous,
                pending_clarification=pending,
                today=today,
            )

        if previous is not None and previous.intent in SEARCH_INTENTS and asks_for_more(message):
            result = more_of(previous)  # the same request, other places: nothing to read
        elif self.chain.is_offline:
            result = offline()
        else:
            prompt = build_decomposition_prompt(message, history, user.preferences, user.allergies)
            generated = await self.chain.generate("decomposition", prompt, Decomposition, offline)
            record.fallbacks.extend(generated.fallbacks)
            # what earlier answers showed is the conversation's to say, never the model's
            result = generated.value.model_copy(update={field: [] for field in _STATE_FIELDS})
            if (
                previous is not None
                and is_follow_up(message)
                and (not names_what_and_where(result) or continues_earlier(message))
                and "offline" not in generated.source
            ):
                result = merge_follow_up(result, previous, replacing=replaces_earlier(message))
        await self.cache.set(key, result)
        return result
