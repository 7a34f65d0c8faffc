"""The planning graph (seed 002): COMMANDER → SCOUT → [VIBE | COST | CRITIC] → SYNTHESISER.

`Planner.plan` is an async generator of events: one `Thinking(step=node, message="[NODE] …")`
per log line (the WebSocket sends each as `{"type": "log", "node", "message"}`), then one
`Result` with the `PlanResponse`. The three middle agents run concurrently; one failing never
sinks the plan (its output is neutral and `agent_status` says why). Every rule is deterministic;
offline, the whole plan takes a fraction of a second.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final, TypeVar

from kairos.pipeline.events import Result, Thinking, TurnEvent
from kairos.profiles.schemas import UserPublic
from kairos.signals.service import Signals
from kairos.signals.weather.models import WeatherReport
from kairos.store.plans import NewRiskEvent, PlanStore
from kairos.venues.commander import Commander, Intent
from kairos.venues.cost import budget_sentence
from kairos.venues.critic import PlanSlot
from kairos.venues.critique import critique
from kairos.venues.fit import counter_order_said
from kairos.venues.followups import (
    cheap_sentence,
    cheaper_sentence,
    price_ceiling,
    quieter_sentence,
)
from kairos.venues.framing import covered as covered_by
from kairos.venues.framing import member_points, where_and_how
from kairos.venues.group import GroupProfile
from kairos.venues.leftout import counted, left_out
from kairos.venues.occasion import must_diets
from kairos.venues.plan_action import action_request
from kairos.venues.schemas import (
    PlanRequest,
    PlanResponse,
    VenueResult,
)
from kairos.venues.scoring import costs_of, member_risks_at, neutral_vibes
from kairos.venues.scoring import scored as scored_candidate
from kairos.venues.scout import Scout
from kairos.venues.standing import lacks_between
from kairos.venues.summary import (
    asked_for,
    cost_line,
    critic_line,
    features_line,
    left_out_line,
    outdoor_weather,
    searched_where,
    summary,
    vibe_line,
    who_for,
)
from kairos.venues.synthesiser import (
    Scored,
    VibeScore,
    backup_for,
    consensus,
    member_flags,
    synthesise,
)
from kairos.venues.verdict import TOP
from kairos.venues.vibe_matcher import keep_matching, score_vibes

__all__ = ["PlanTurn", "Planner"]

T = TypeVar("T")
SHORTLIST: Final = 5
"""A vibe never leaves fewer venues than this: two vetoes still leave three picks; with more
members, every member may veto one and three picks remain (`kept_for_votes`)."""


def kept_for_votes(members: int) -> int:
    """The venues a vibe keeps at least (when that many are found): three picks after a veto
    from each member, and never fewer than `SHORTLIST`."""
    return max(SHORTLIST, TOP + members)


@dataclass
class PlanTurn:
    user: UserPublic
    request: PlanRequest
    plan_id: uuid.UUID = field(default_factory=uuid.uuid4)
    timings: dict[str, float] = field(default_factory=dict)
    risk_events: list[NewRiskEvent] = field(default_factory=list)
    weather: dict[int, WeatherReport | None] = field(default_factory=dict)
    """The critic's weather per venue (place id): None where no source answered."""


def _log(node: str, message: str) -> Thinking:
    return Thinking(
        step=node, message=f"[{node.upper() if node != 'synthesiser' else 'SYNTH'}] {message}"
    )


def _slot(intent: Intent) -> PlanSlot:
    when = intent.reading.when
    if when is None:
        return PlanSlot()
    day = when.start
    weekday = day.weekday() if day else (when.weekdays[0] if when.weekdays else None)
    return PlanSlot(day=day, weekday=weekday, part=when.time_of_day)


class Planner:
    def __init__(
        self,
        *,
        commander: Commander,
        scout: Scout,
        plans: PlanStore,
        signals: Callable[[], Signals | None],
        db_vibes: Callable[[Sequence[int]], Awaitable[dict[int, Any]]],
        city_counts: Mapping[str, int] | None = None,
    ) -> None:
        self.city_counts: Mapping[str, int] = city_counts or {}
        """The catalogue's places per city: what a plan names when a city is not held."""
        self.commander = commander
        self.scout = scout
        self.plans = plans
        self.signals = signals
        self.db_vibes = db_vibes

    async def plan(self, turn: PlanTurn) -> AsyncIterator[TurnEvent]:
        started = time.perf_counter()
        request, user = turn.request, turn.user
        yield _log("graph", "Pipeline started")
        intent = self.commander.read(request, user.planner)
        parsed = ", ".join(
            f"{k}={v}"
            for k, v in intent.parsed_intent().items()
            if v not in (None, [], "") and k != "assumptions"
        )
        yield _log("commander", f"Parsed intent: {parsed or 'nothing specific'}")
        yield _log(
            "commander",
            f"{intent.complexity_tier}; agents: "
            f"{', '.join(intent.active_agents)}; weights: "
            + ", ".join(f"{k} {v:.2f}" for k, v in intent.agent_weights.items()),
        )
        if intent.requires_oauth:
            yield _log(
                "commander",
                f"Action implied ({', '.join(intent.actions)}): needs your "
                "confirmation before anything is sent",
            )
        group = GroupProfile.of(
            request.members,
            user.allergies,
            "you",
            owner_diets=intent.reading.dietary,
            prompt=intent.said,
        )
        if group.profile.allergens:
            yield _log(
                "scout",
                "Group constraints: "
                + ", ".join(f"{a} ({s})" for a, s in group.profile.resolved_severities().items()),
            )
        await where_and_how(self.plans.db, request, intent, user.uid, user.recent_cities)
        turn.timings["commander"] = _ms(started)
        located = list(request.member_locations) or member_points(request)
        found = await self.scout.find(intent, group, located)
        turn.timings["scout"] = _ms(started)
        allergy_out = [e for e in found.excluded if e.cause == "allergy"]
        yield _log(
            "scout",
            f"Found {len(found.candidates)} candidates after dedup "
            f"({found.found} found, {found.duplicates} duplicate(s) merged, "
            f"{len(allergy_out)} excluded for the group's allergies)",
        )
        if found.unknown_city:
            yield _log("scout", f"No place called {found.unknown_city.title()} in the catalogue")
        if found.no_city:
            yield _log("scout", "No city named and nobody located: asked which city")
        kept_out_for = who_for(group, found.hard_excluded)
        asked_for_words = asked_for(intent.reading, found.left_out_words)
        if asked_for_words:
            yield _log("scout", left_out_line(group, asked_for_words))
        if kept_out_for:
            yield _log(
                "scout",
                "Left out every venue known to contain "
                + "; ".join(f"{a} ({', '.join(names)})" for a, names in kept_out_for.items())
                + f": {len(allergy_out)} venue(s)",
            )
        if found.around:
            yield _log("scout", f"Looked {found.around}")
        if found.broadened:
            yield _log("scout", f"Broadened the search once ({found.broadened})")
        if found.features:
            yield _log("scout", features_line(found.features, found))
        for excluded in found.excluded[:3]:
            yield _log("scout", f"Excluded {excluded.name}: {excluded.reason}")
        for note in found.notes:
            yield _log("scout", note)
        if found.meeting:
            yield _log("scout", f"Meeting point: {found.meeting.explanation}")
        if found.one_city:
            yield _log("scout", f"No city named: kept to {found.one_city}, where most matches are")
        candidates = found.candidates
        ids = [c.place_id for c in candidates]
        slot = _slot(intent)
        status: dict[str, str] = {}
        vibe_task = self._agent(
            "vibe_matcher", status, self._vibes(ids, intent, user), neutral_vibes(ids)
        )
        cost_task = self._agent("cost_analyst", status, costs_of(candidates, intent), {})
        critic_task = self._agent(
            "critic",
            status,
            critique(
                self.signals(),
                self.commander.today(),
                candidates,
                intent,
                slot,
                turn.weather,
                turn.risk_events,
            ),
            {},
        )
        vibe_scores, costs, flags = await asyncio.gather(vibe_task, cost_task, critic_task)
        turn.timings["agents"] = _ms(started)
        yield _log("vibe", vibe_line(intent, vibe_scores, status))
        yield _log("cost", cost_line(costs, status))
        member_risks = {c.place_id: member_risks_at(c, group) for c in candidates}
        shown_flags = {
            c.place_id: [*member_flags(member_risks[c.place_id]), *flags.get(c.place_id, [])]
            for c in candidates
        }
        names = {c.place_id: c.record.place.name for c in candidates}
        yield _log("critic", critic_line(shown_flags, names, status))
        if intent.vibe and "vibe_matcher" in intent.active_agents:
            holding = [
                c.place_id for c in candidates if set(found.features) <= set(c.record.place.traits)
            ]
            endangering = [c.place_id for c in candidates if c.endangers]
            # few venues show what was asked: those stay whatever their vibe (they lead)
            kept = set(
                keep_matching(
                    ids,
                    vibe_scores,
                    holding if found.features_short else (),
                    endangering,
                    at_least=kept_for_votes(len(request.members)),
                )
            )
            dropped = [c for c in candidates if c.place_id not in kept]
            vibe_label = intent.vibe.replace("_", " ")
            if dropped:
                yield _log("vibe", f"Filtered {len(dropped)} venue(s) under 0.4 on {intent.vibe}")
            found.excluded += [
                left_out(
                    c.record.place,
                    f"reads as {vibe_label} at "
                    f"{vibe_scores[c.place_id].score or 0:.2f}, under 0.4 (scale 0-1)",
                    "vibe",
                )
                for c in dropped
            ]
            candidates = [c for c in candidates if c.place_id in kept]
        quoted = await self.scout.places.review_texts(
            [r for c in candidates if c.hit.why.matched_terms and (r := c.hit.why.best_review_id)]
        )
        musts = must_diets(group, intent.said)
        scored = [
            scored_candidate(
                c, vibe_scores, costs, flags, member_risks, quoted, intent, found, musts, group
            )
            for c in candidates
        ]
        venues = synthesise(
            scored,
            intent.agent_weights,
            vibe_name=intent.vibe,
            budget_text=intent.budget.text if intent.budget else None,
        )
        where = searched_where(intent, found)
        counters = {c.venue_id for c in candidates if c.place_id in found.counter_kept}
        counter_order_said(found.notes, venues, counters)
        if "cheaper" in intent.asked.changes:
            pricier_out = sum(e.cause == "budget" for e in found.excluded)
            because = partial(lacks_between, scored)
            kind = " or ".join(a.replace("_", " ") for a in intent.reading.categories)
            found.notes.append(
                cheaper_sentence(intent.asked, venues, pricier_out, where, because, kind or None)
            )
        elif price_ceiling(intent) == 1 and (cheap := cheap_sentence(venues, where)):
            found.notes.append(cheap)
        elif said := budget_sentence(venues, intent.budget, where):
            found.notes.append(said)
        if "quieter" in intent.asked.changes:  # said from the order shown, as "cheaper" is
            quiet = {c.venue_id for c in candidates if c.facts.noise == "quiet"}
            loud_out = sum(e.cause == "noise" for e in found.excluded)
            found.notes.append(
                quieter_sentence(venues, quiet, loud_out, _quiet_lacks(venues, quiet, scored))
            )
        if 0 < len(venues) < TOP:
            found.notes.append(
                f"Only {len(venues)} venue(s) found{where} fit this request: I know of no more "
                "to offer."
            )
        asked = intent.vibe if "vibe_matcher" in intent.active_agents else None
        sentence = consensus(venues, asked)
        backup = backup_for(venues)
        action = action_request(
            turn.plan_id, request.prompt, intent, venues, sentence, slot, self.commander.today()
        )
        turn.timings["total"] = _ms(started)
        yield _log(
            "synthesiser",
            f"Ranked {len(venues)} venue(s)"
            + (f"; indoor backup: {backup.name}" if backup else "")
            + f"; {counted(found.excluded)}",
        )
        covered = await covered_by(self.plans.db, self.city_counts, intent, found, venues)
        response = PlanResponse(
            plan_id=turn.plan_id,
            venues=venues,
            global_consensus=sentence,
            execution_summary=summary(venues, found, status, intent, group, covered=covered)
            + outdoor_weather(venues, intent, turn.weather),
            user_profile={
                "auth_user_id": str(user.uid),
                **user.planner.model_dump(),
                "allergies": group.profile.resolved_severities(),
            },
            agent_weights=intent.agent_weights,
            action_request=action,
            parsed_intent=intent.parsed_intent(),
            complexity_tier=intent.complexity_tier,
            active_agents=intent.active_agents,
            requires_oauth=intent.requires_oauth,
            oauth_scopes=intent.oauth_scopes,
            meeting_point=found.meeting,
            backup=backup,
            members=group.names(),
            excluded=found.excluded,
            hard_excluded_allergens=kept_out_for,
            agent_status={**status, **{f"scout.{k}": v for k, v in found.providers.items()}},
            timings_ms=dict(turn.timings),
        )
        await self.plans.save_plan(
            plan_id=turn.plan_id,
            owner=user.uid,
            prompt=request.prompt,
            request=request.model_dump(mode="json"),
            members=group.names(),
            result=response.model_dump(mode="json"),
        )
        if action is not None:
            await self.plans.save_action(
                action_id=action.id,
                plan_id=turn.plan_id,
                kind=action.kind,
                payload=action.preview,
            )
        yield _log("graph", f"Pipeline complete in {turn.timings['total']:.0f} ms")
        yield Result(payload=response)

    async def _agent(self, name: str, status: dict[str, str], work: Awaitable[T], neutral: T) -> T:
        try:
            result = await work
        except Exception as exc:  # one agent failing never sinks the plan
            status[name] = f"failed: {type(exc).__name__}"
            return neutral
        status[name] = "ok"
        return result

    async def _vibes(
        self, ids: list[int], intent: Intent, user: UserPublic
    ) -> dict[int, VibeScore]:
        if "vibe_matcher" not in intent.active_agents:
            return neutral_vibes(ids)
        stored = await self.db_vibes(ids)
        return score_vibes(stored, ids, intent.vibe, user.vibe_tags)

    async def record_risks(self, turn: PlanTurn) -> None:
        """After the plan: the critic's findings go to the risk events the scout reads."""
        await self.plans.record_risk_events(turn.risk_events)


def _quiet_lacks(
    venues: Sequence[VenueResult], quiet: set[str], scored: Sequence[Scored]
) -> str | None:
    """What the first venue listed as quiet lacks that the first venue has, when it does
    not lead: the reason the "quieter" sentence gives, read from the ranking's own keys."""
    first = next((v for v in venues if v.venue_id in quiet), None)
    if not venues or first is None or first is venues[0]:
        return None
    return lacks_between(scored, venues[0].venue_id, first.venue_id)


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)
