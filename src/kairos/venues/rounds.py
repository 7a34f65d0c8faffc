"""The scout's search rounds over every discovery provider (moved out of `scout.py`).

- `discover`: every provider at once; one failing is reported in its status (`error: <code>`),
  all failing raises the first error; hits in provider order, each place's live price levels.
- `discover_featured`: the venues holding every feature asked (a rooftop, a member's diet) when
  at least `FEATURED_ENOUGH` do; else those first, then those holding one, then the rest.
- `fill_with_restaurants`: too few bars (cafés, bakeries) for "drinks": restaurants whose own
  categories make them one too fill in after them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Final

from kairos.core.place_kinds import ALSO_SERVED_BY_RESTAURANTS, MEAL_KINDS, kind_categories
from kairos.core.traits import LESSER_TRAITS
from kairos.search.models import SearchHit
from kairos.venues.discovery import Discovered, DiscoveryProvider, DiscoveryQuery

__all__ = [
    "FEATURED_ENOUGH",
    "Rounds",
    "extend",
    "holding",
]

logger = logging.getLogger(__name__)

FEATURED_ENOUGH: Final = 3
"""At least this many venues holding every feature asked (a rooftop, live music) and only they
are candidates; fewer, and they come first, the others after (said in the plan)."""


def _failure(exc: Exception) -> str:
    """A failure as the status shows it: the envelope's code when the provider gave one
    (`timeout`, `upstream_error`, `unauthorized`, …), else the exception's type."""
    code = getattr(exc, "code", None)
    return code if isinstance(code, str) and code else type(exc).__name__


def holding(query: DiscoveryQuery, features: Sequence[str]) -> DiscoveryQuery:
    """`query` narrowed to venues that show evidence of every one of `features`."""
    traits = list(dict.fromkeys([*query.filters.traits, *features]))
    return dataclasses.replace(query, filters=query.filters.model_copy(update={"traits": traits}))


def extend(found: Discovered, more: Discovered) -> None:
    """`more`'s hits after `found`'s (those not already there), and their price signals."""
    seen = {h.place.id for h in found.hits}
    found.hits.extend(h for h in more.hits if h.place.id not in seen)
    for place_id, signals in more.price_signals.items():
        found.price_signals.setdefault(place_id, {}).update(signals)


def _singular(category: str) -> str:
    """ "pubs" → "pub", "breweries" → "brewery", "cocktail bars" → "cocktail bar"."""
    if category.endswith("ies"):
        return category[:-3] + "y"
    return category[:-1] if category.endswith("s") and not category.endswith("ss") else category


class Rounds:
    def __init__(self, providers: Sequence[DiscoveryProvider]) -> None:
        self.providers = list(providers)

    async def discover(self, query: DiscoveryQuery) -> tuple[Discovered, dict[str, str]]:
        answers = await asyncio.gather(
            *(p.discover(query) for p in self.providers), return_exceptions=True
        )
        status: dict[str, str] = {}
        found = Discovered(hits=[])
        for provider, answer in zip(self.providers, answers, strict=True):
            if isinstance(answer, BaseException):
                if not isinstance(answer, Exception):
                    raise answer
                status[provider.name] = f"error: {_failure(answer)}"
                logger.warning("discovery provider %s failed: %s", provider.name, answer)
                continue
            status[provider.name] = "; ".join([f"ok: {len(answer.hits)}", *answer.notes])
            found.hits.extend(answer.hits)
            for place_id, signals in answer.price_signals.items():
                found.price_signals.setdefault(place_id, {}).update(signals)
        if not any(v.startswith("ok") for v in status.values()):
            raise next(a for a in answers if isinstance(a, Exception))
        return found, status

    async def discover_featured(
        self,
        query: DiscoveryQuery,
        features: Sequence[str],
        usable: Callable[[Sequence[SearchHit]], Awaitable[int]] | None = None,
    ) -> tuple[Discovered, dict[str, str], bool]:
        """The venues holding every feature asked, when at least `FEATURED_ENOUGH` do (True);
        else those first, then the others (False). Without features, the search as it is.
        `usable`: how many of the hits count (for a sit-down meal, those not served at a
        counter: three vegan venues, one a salad counter, are not enough for a dinner)."""
        if not features:
            found, status = await self.discover(query)
            return found, status, True
        found, status = await self.discover(holding(query, features))
        count = await usable(found.hits) if usable else len(found.hits)
        if count >= FEATURED_ENOUGH:
            return found, status, True
        # then those showing a member's diet by its dishes alone (`dish_evidence`: a
        # vegetarian's veg biryani), those showing one of them ("rooftop" of "rooftop with a
        # view"), then the rest
        lesser = [LESSER_TRAITS.get(f, f) for f in features]
        for asked in [
            *([holding(query, lesser)] if lesser != list(features) else []),
            *([holding(query, [f]) for f in features] if len(features) > 1 else []),
            query,
        ]:
            more, status = await self.discover(asked)
            extend(found, more)
        return found, status, False

    async def fill_with_restaurants(
        self, found: Discovered, query: DiscoveryQuery, features: Sequence[str], met: bool
    ) -> None:
        """Too few bars (cafés, bakeries) for "drinks": restaurants whose categories make them
        one too (a tapas place that is a cocktail bar) fill in after them — those holding the
        features asked first, and, unless enough venues hold them, the others after."""
        kinds = [k for k in query.filters.kinds if k in ALSO_SERVED_BY_RESTAURANTS]
        own = {c for k in kinds for c in kind_categories(k)}
        also_set = own | {_singular(c) for c in own}  # "bar", "pub": some sources' singular
        also = sorted(also_set)
        if not also:
            return
        serving = query.filters.model_copy(update={"kinds": sorted(MEAL_KINDS), "categories": also})
        serving_query = dataclasses.replace(query, filters=serving)
        queries = [holding(serving_query, features)] if features else []
        if len(features) > 1 and not met:  # then those showing one of them, as for the kind
            queries += [holding(serving_query, [f]) for f in features]
        queries += [] if features and met else [serving_query]
        answers = await asyncio.gather(*(self.discover(asked) for asked in queries))
        for extra, _ in answers:  # in the queries' order: all the features first
            # the search widens "bars" to "juice bars", "sushi bars": only the kind's own count
            extra.hits = [
                h for h in extra.hits if also_set & {c.lower() for c in h.place.categories}
            ]
            extend(found, extra)
