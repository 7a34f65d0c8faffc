"""The group venue planner (seed 002), wired onto the runtime: the commander on the shared reader,
the scout on the configured discovery providers (the catalog, Google Places, Yelp Fusion), the
vibe vectors, the signals, the plan store, speech (espeak-ng or ElevenLabs) and mail. Plans run
through the shared `TurnRunner` (errors, one turn record, work after the turn)."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.errors import ConfigurationError, Forbidden, InvalidInput, NotFound
from kairos.ingest.runner import ProgressSink
from kairos.pipeline.events import TurnEvent
from kairos.pipeline.turn import TurnRecord, TurnRunner
from kairos.profiles.schemas import UserPublic
from kairos.runtime import Runtime
from kairos.search.hybrid import HybridSearch
from kairos.settings import Settings
from kairos.store import venue_vibes
from kairos.store.database import Database
from kairos.store.places import PlacesRepository
from kairos.store.plans import PlanStore, StoredPlan
from kairos.text.query.understanding import QueryReader
from kairos.venues.allergy import checked_again
from kairos.venues.commander import PLANNER_WORDS, Commander
from kairos.venues.discovery import CatalogDiscovery, DiscoveryProvider
from kairos.venues.group import rerank_with_votes
from kairos.venues.hosted import GooglePlacesDiscovery, YelpFusionDiscovery
from kairos.venues.leftout import vetoed
from kairos.venues.planner import Planner, PlanTurn
from kairos.venues.schemas import PlanRequest, PlanResponse, VoteRequest
from kairos.venues.scout import Scout
from kairos.venues.shared_link import link_view, shown_names
from kairos.venues.verdict import consensus, vote_sentence
from kairos.venues.vibes import match_vibe
from kairos.venues.vibes.build import build_vibes
from kairos.venues.voice import build_voice

__all__ = ["VenuesProduct"]

logger = logging.getLogger(__name__)


async def build_sample_vibes(db: Database, progress: ProgressSink | None) -> None:
    """The vibe vectors of the places a sample ingest brought (registered as `after_ingest`)."""
    vibes = await build_vibes(db, progress=progress)
    logger.info("sample vibes: %d vectors in %.2fs", vibes.computed, vibes.seconds)


def _vibe_of(text: str) -> str | None:
    found = match_vibe(text)
    return found.name if found else None


def _key(settings: Settings, field: str, provider: str) -> str:
    secret = getattr(settings, field)
    if secret is None:
        raise ConfigurationError(
            f"KAIROS_VENUE_DISCOVERY names {provider}, which needs KAIROS_{field.upper()}; set "
            f"it, or leave {provider} out of KAIROS_VENUE_DISCOVERY"
        )
    value: str = secret.get_secret_value()
    return value


def _google(
    settings: Settings, search: HybridSearch, places: PlacesRepository
) -> DiscoveryProvider:
    return GooglePlacesDiscovery(
        base_url=settings.google_places_base_url,
        api_key=_key(settings, "google_places_api_key", "google_places"),
        timeout_seconds=settings.discovery_timeout_seconds,
        places=places,
    )


def _yelp(settings: Settings, search: HybridSearch, places: PlacesRepository) -> DiscoveryProvider:
    return YelpFusionDiscovery(
        base_url=settings.yelp_base_url,
        api_key=_key(settings, "yelp_api_key", "yelp_fusion"),
        timeout_seconds=settings.discovery_timeout_seconds,
        places=places,
    )


DISCOVERY: dict[str, Callable[[Settings, HybridSearch, PlacesRepository], DiscoveryProvider]] = {
    "catalog": lambda settings, search, places: CatalogDiscovery(search),
    "google_places": _google,
    "yelp_fusion": _yelp,
}
"""Every discovery provider by the name `KAIROS_VENUE_DISCOVERY` uses."""


def discovery_providers(
    settings: Settings, search: HybridSearch, places: PlacesRepository
) -> list[DiscoveryProvider]:
    """The providers `KAIROS_VENUE_DISCOVERY` names, in its order; an unknown name or a hosted
    provider without its key is a `ConfigurationError` naming the setting."""
    names = [n.strip() for n in settings.venue_discovery.split(",") if n.strip()]
    unknown = [n for n in names if n not in DISCOVERY]
    if unknown or not names:
        raise ConfigurationError(
            f"KAIROS_VENUE_DISCOVERY names unknown provider(s) {unknown or names}; "
            f"choose from: {', '.join(DISCOVERY)}"
        )
    return [DISCOVERY[n](settings, search, places) for n in dict.fromkeys(names)]


class VenuesProduct:
    name = "venues"

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.plans = PlanStore(runtime.db)
        self.voice = build_voice(runtime.settings)
        self.scout = Scout(
            discovery_providers(runtime.settings, runtime.search, runtime.places),
            runtime.places,
            self.plans,
            nothing_matches=runtime.search.nothing_matches,
        )
        self._reader: QueryReader | None = None
        self._name_listings: dict[str, int] = {}
        self._generation = -1
        self.turns: TurnRunner[PlanResponse] = TurnRunner(
            outage=runtime.outage.failed, spawn=runtime.spawn
        )

    async def _planner(self) -> Planner:
        catalog = await self.runtime.catalog.current()
        if self._reader is None or self._generation != catalog.generation:
            self._reader = QueryReader(catalog.vocabulary(), PLANNER_WORDS)
            self._name_listings = await self.runtime.places.name_listings()
            self._generation = catalog.generation
        self.scout.name_listings = self._name_listings
        self.scout.area_centres = catalog.area_centres
        db = self.runtime.db

        async def read_vibes(ids: Sequence[int]) -> dict[int, venue_vibes.StoredVibe]:
            return await venue_vibes.vibes(db, place_ids=ids)

        return Planner(
            commander=Commander(self._reader, _vibe_of, today=lambda: self.runtime.clock.today()),
            scout=self.scout,
            plans=self.plans,
            signals=lambda: self.runtime.signals,
            db_vibes=read_vibes,
            city_counts=catalog.cities,
        )

    async def warm(self) -> None:
        await self._planner()

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        return None  # every plan reads the current profile

    async def close(self) -> None:
        for provider in self.scout.providers:
            await provider.aclose()
        await self.voice.aclose()

    def _record(self, user: UserPublic, turn: PlanTurn) -> TurnRecord:
        return TurnRecord(product=self.name, user=str(user.uid), session_id=str(turn.plan_id))

    async def stream(self, user: UserPublic, request: PlanRequest) -> AsyncIterator[TurnEvent]:
        planner = await self._planner()
        turn = PlanTurn(user=user, request=request)

        async def after(_: PlanResponse) -> None:
            await planner.record_risks(turn)

        async for event in self.turns.stream(
            self._record(user, turn), planner.plan(turn), after=after
        ):
            yield event

    async def plan(self, user: UserPublic, request: PlanRequest) -> PlanResponse:
        planner = await self._planner()
        turn = PlanTurn(user=user, request=request)

        async def after(_: PlanResponse) -> None:
            await planner.record_risks(turn)

        return await self.turns.answer(self._record(user, turn), planner.plan(turn), after=after)

    async def stored(self, plan_id: uuid.UUID) -> StoredPlan:
        plan = await self.plans.plan(plan_id)
        if plan is None:
            raise NotFound(f"no plan {plan_id}; use the plan_id a plan returned")
        return plan

    async def shared(self, plan_id: uuid.UUID, *, public: bool = True) -> PlanResponse:
        """The plan as its members see it: ranked again with their votes, and its verdict
        written again from that ranking (`venues/verdict.py`): the consensus names no vetoed
        venue as the best, the summary says what the votes came to, and each vetoed venue is
        listed in `excluded` with who vetoed it. `public`: as its link shows it to whoever
        holds it (`venues/shared_link.py`), else whole, for its owner."""
        plan = await self.stored(plan_id)
        response = PlanResponse.model_validate(await self._checked(plan))
        votes = await self.plans.votes(plan_id)
        intent = response.parsed_intent
        asked = intent.get("vibe") if "vibe_matcher" in response.active_agents else None
        vibe = asked if isinstance(asked, str) else None
        if any(votes.values()):
            ranked = rerank_with_votes(response.venues, votes)
            before = {v.venue_id: v.rank for v in response.venues}
            said = vote_sentence(ranked, votes, before)
            excluded = [e for e in response.excluded if e.cause != "veto"] + [
                vetoed(v.venue_id, v.name, v.city, v.vetoed_by) for v in ranked if v.vetoed_by
            ]
            # a vetoed venue is no pick: it leaves the list (listed in `excluded`, said)
            standing = [v for v in ranked if not v.vetoed_by]
            venues = [v.model_copy(update={"rank": i}) for i, v in enumerate(standing, start=1)]
            response = response.model_copy(
                update={
                    "venues": venues,
                    "global_consensus": consensus(venues or ranked, vibe),
                    "execution_summary": f"{response.execution_summary} {said}".strip(),
                    "excluded": excluded,
                }
            )
        else:
            said = ""
        return link_view(response, votes_said=said, vibe=vibe) if public else response

    async def _checked(self, plan: StoredPlan) -> dict[str, Any]:
        """The stored result, its venues checked again when it was stored before venues
        carried their allergy check (`venues/allergy.checked_again`)."""
        try:
            owner = (await self.runtime.profiles.get(plan.owner)).allergies
        except NotFound:  # the planner's account is gone: the members are still checked
            owner = AllergyProfile()
        return await checked_again(plan.result, plan.request, owner, self.runtime.places)

    async def vote(
        self, plan_id: uuid.UUID, body: VoteRequest, *, public: bool = True
    ) -> PlanResponse:
        plan = await self.stored(plan_id)
        members = list(plan.members) or ["you"]
        shown = shown_names(members)
        member = body.member if body.member in members else _named(shown, body.member)
        if member is None:
            said = ", ".join(shown.values() if public else members)
            raise InvalidInput(
                f"member {body.member!r} is not in this plan; vote as one of: {said}"
            )
        venue_ids = [v["venue_id"] for v in plan.result.get("venues", [])]
        if body.venue_id not in venue_ids:
            raise InvalidInput(
                f"venue {body.venue_id!r} is not on this plan's shortlist; choose one of: "
                f"{', '.join(venue_ids)}"
            )
        await self.plans.vote(
            plan_id=plan_id, member=member, venue_id=body.venue_id, vote=body.vote
        )
        return await self.shared(plan_id, public=public)

    async def owned(self, user: UserPublic, plan_id: uuid.UUID) -> StoredPlan:
        plan = await self.stored(plan_id)
        if plan.owner != user.uid:
            raise Forbidden("only the person who made this plan can act on it")
        return plan


def _named(shown: dict[str, str], name: str) -> str | None:
    """The member a name from the plan's link stands for (the link shows first names)."""
    return next((member for member, short in shown.items() if short == name), None)
