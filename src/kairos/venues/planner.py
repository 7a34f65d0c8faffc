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
from datetime import timedelta
from typing import Any, TypeVar

from kairos.core.allergy_warnings import display_name
from kairos.core.place_kinds import named_a_cafe
from kairos.core.traits import evidence_phrase
from kairos.pipeline.events import Result, Thinking, TurnEvent
from kairos.pipeline.trait_notes import lone_mentions, trait_notes
from kairos.profiles.schemas import UserPublic
from kairos.signals.events.models import EventList, EventsQuery
from kairos.signals.geocoding.cities import find_city
from kairos.signals.service import Signals
from kairos.signals.weather.models import WeatherQuery, WeatherReport
from kairos.store.places import PlaceSummary
from kairos.store.plans import NewRiskEvent, PlanStore
from kairos.text.extractive import sentence_naming
from kairos.text.query.understanding import QueryUnderstanding
from kairos.venues import actions
from kairos.venues.allergy import kinds_of, members_at_risk
from kairos.venues.commander import Commander, Intent
from kairos.venues.cost import CostProfile, cost_profile
from kairos.venues.critic import OUTDOOR_KINDS, PastRisk, PlanSlot, VenueFacts, review
from kairos.venues.group import GroupProfile, diet_risks
from kairos.venues.schemas import ActionRequest, PlanRequest, PlanResponse, RiskFlag, VenueResult
from kairos.venues.scout import Candidate, Scout, ScoutResult
from kairos.venues.synthesiser import Scored, VibeScore, backup_for, consensus, synthesise
from kairos.venues.vibe_matcher import keep_matching, score_vibes

__all__ = ["PlanTurn", "Planner"]

T = TypeVar("T")
EVENTS_RADIUS_KM = 1.6  # the seed's "within a 1-mile radius"
PERSISTED_KINDS = frozenset({"weather", "events", "closed"})
SNIPPET_CHARS = 120
"""A why's quote: one sentence of the best-matching review, at most this long."""


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
    ) -> None:
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
        summary = ", ".join(
            f"{k}={v}"
            for k, v in intent.parsed_intent().items()
            if v not in (None, [], "") and k != "assumptions"
        )
        yield _log("commander", f"Parsed intent: {summary or 'nothing specific'}")
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
            request.members, user.allergies, "you", owner_diets=intent.reading.dietary
        )
        if group.profile.allergens:
            yield _log(
                "scout",
                "Group constraints: "
                + ", ".join(f"{a} ({s})" for a, s in group.profile.resolved_severities().items()),
            )
        turn.timings["commander"] = _ms(started)
        located = list(request.member_locations) or [m for m in _member_points(request)]
        found = await self.scout.find(intent, group, located)
        turn.timings["scout"] = _ms(started)
        yield _log(
            "scout",
            f"Found {len(found.candidates)} candidates after dedup "
            f"({found.found} found, {found.duplicates} duplicate(s) merged, "
            f"{len(found.excluded)} excluded for the group's allergies)",
        )
        left_out = _who_for(group, found.hard_excluded)
        asked_for = _asked_for(intent.reading, found.left_out_words)
        if asked_for:
            yield _log("scout", _left_out_line(group, asked_for))
        if left_out:
            yield _log(
                "scout",
                "Left out every venue known to contain "
                + "; ".join(f"{a} ({', '.join(names)})" for a, names in left_out.items()),
            )
        if found.around:
            yield _log("scout", f"Looked {found.around}")
        if found.broadened:
            yield _log("scout", f"Broadened the search once ({found.broadened})")
        if found.features:
            yield _log("scout", _features_line(found.features, found))
        for excluded in found.excluded[:3]:
            yield _log("scout", f"Excluded {excluded['name']}: {excluded['reason']}")
        if found.meeting:
            yield _log("scout", f"Meeting point: {found.meeting.explanation}")
        if found.one_city:
            yield _log("scout", f"No city named: kept to {found.one_city}, where most matches are")
        candidates = found.candidates
        ids = [c.place_id for c in candidates]
        slot = _slot(intent)
        status: dict[str, str] = {}
        vibe_task = self._agent(
            "vibe_matcher", status, self._vibes(ids, intent, user), _neutral_vibes(ids)
        )
        cost_task = self._agent("cost_analyst", status, _costs(candidates, intent), {})
        critic_task = self._agent(
            "critic", status, self._critic(candidates, intent, slot, turn), {}
        )
        vibe_scores, costs, flags = await asyncio.gather(vibe_task, cost_task, critic_task)
        turn.timings["agents"] = _ms(started)
        yield _log("vibe", _vibe_line(intent, vibe_scores, status))
        yield _log("cost", _cost_line(costs, status))
        yield _log("critic", _critic_line(flags, status))
        if intent.vibe and "vibe_matcher" in intent.active_agents:
            holding = [
                c.place_id for c in candidates if set(found.features) <= set(c.record.place.traits)
            ]
            endangering = [c.place_id for c in candidates if c.endangers]
            # few venues show what was asked: those stay whatever their vibe (they lead)
            kept = set(
                keep_matching(
                    ids, vibe_scores, holding if found.features_short else (), endangering
                )
            )
            dropped = len(ids) - len(kept)
            if dropped:
                yield _log("vibe", f"Filtered {dropped} venue(s) under 0.4 on {intent.vibe}")
            candidates = [c for c in candidates if c.place_id in kept]
        quoted = await self.scout.places.review_texts(
            [r for c in candidates if c.hit.why.matched_terms and (r := c.hit.why.best_review_id)]
        )
        scored = [
            self._scored(c, vibe_scores, costs, flags, group, quoted, intent.features, found)
            for c in candidates
        ]
        venues = synthesise(
            scored,
            intent.agent_weights,
            vibe_name=intent.vibe,
            budget_text=intent.budget.text if intent.budget else None,
        )
        asked = intent.vibe if "vibe_matcher" in intent.active_agents else None
        sentence = consensus(venues, asked)
        backup = backup_for(venues)
        action = self._action(turn, intent, venues, sentence, slot) if venues else None
        turn.timings["total"] = _ms(started)
        yield _log(
            "synthesiser",
            f"Ranked {len(venues)} venue(s)"
            + (f"; indoor backup: {backup.name}" if backup else ""),
        )
        response = PlanResponse(
            plan_id=turn.plan_id,
            venues=venues,
            global_consensus=sentence,
            execution_summary=_summary(venues, found, status, intent, group)
            + _outdoor_weather(venues, intent, turn.weather),
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
            hard_excluded_allergens=left_out,
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
            return _neutral_vibes(ids)
        stored = await self.db_vibes(ids)
        return score_vibes(stored, ids, intent.vibe, user.vibe_tags)

    async def _critic(
        self, candidates: list[Candidate], intent: Intent, slot: PlanSlot, turn: PlanTurn
    ) -> dict[int, list[RiskFlag]]:
        signals = self.signals()
        day = slot.day or self.commander.today()
        weather = turn.weather
        events: dict[int, EventList | None] = {}
        if signals is not None:
            located = [(c, at) for c in candidates if (at := _weather_point(c.record.place))]

            async def one(c: Candidate, at: tuple[float, float]) -> None:
                lat, lng = at
                w, e = await asyncio.gather(
                    signals.weather.get(WeatherQuery(lat=lat, lng=lng, day=day)),
                    signals.events.get(
                        EventsQuery(
                            lat=lat, lng=lng, start=day, end=day, radius_km=EVENTS_RADIUS_KM
                        )
                    ),
                )
                weather[c.place_id] = w.data if w.usable else None
                events[c.place_id] = e.data if e.usable else None

            await asyncio.gather(*(one(c, at) for c, at in located))
        flags: dict[int, list[RiskFlag]] = {}
        for c in candidates:
            p = c.record.place
            facts = VenueFacts(
                name=p.name,
                kind=p.kind,
                traits=p.traits,
                outdoor_activity=intent.outdoor,
                checkins=c.facts.checkins,
                inspections=c.facts.inspections,
                past_risks=[
                    PastRisk(r.description, r.severity, r.kind, r.times_seen, r.last_seen.date())
                    for r in c.past_risks
                ],
                good_for_groups=c.facts.good_for_groups,
                closed=c.facts.closed,
                weather=weather.get(c.place_id),
                events=found.events if (found := events.get(c.place_id)) else (),
            )
            flags[c.place_id] = review(facts, slot, intent.group_size)
            turn.risk_events.extend(
                NewRiskEvent(
                    place_id=p.id,
                    venue_name=p.name,
                    description=f.description,
                    severity=f.severity,
                    kind=f.kind,
                    weather_context=f.evidence[0] if f.kind == "weather" else None,
                )
                for f in flags[c.place_id]
                if f.kind in PERSISTED_KINDS and f.severity != "low" and _observed(f, facts)
            )
        return flags

    def _scored(
        self,
        c: Candidate,
        vibe_scores: dict[int, VibeScore],
        costs: dict[int, CostProfile],
        flags: dict[int, list[RiskFlag]],
        group: GroupProfile,
        quoted: dict[int, str],
        features: list[str],
        found: ScoutResult,
    ) -> Scored:
        p = c.record.place
        why = c.hit.why
        review = why.best_review_id
        snippet = (
            sentence_naming(quoted.get(review, ""), why.matched_terms, SNIPPET_CHARS)
            if why.matched_terms and review is not None
            else None
        )
        risks = members_at_risk(group, c.allergy) + diet_risks(group, p.kind, p.traits)
        return Scored(
            venue_id=c.venue_id,
            name=p.name,
            kind=p.kind,
            category=p.categories[0] if p.categories else p.kind,
            address=p.address,
            city=p.city,
            lat=p.lat,
            lng=p.lng,
            rating=p.rating or None,  # 0.0 is a source's "no rating yet", not a rating
            review_count=p.votes,
            vibe=vibe_scores.get(c.place_id, VibeScore(None, 0.0, None)),
            cost=costs.get(c.place_id) or cost_profile({}, None),
            flags=flags.get(c.place_id, []),
            member_risks=risks,
            allergy=c.allergy,
            venue_kinds=kinds_of(p.name, p.categories),
            distances=c.distances,
            traits=p.traits,
            snippet=snippet,
            snippet_review=review if snippet else None,
            features=trait_notes(p, found.features),
            # a member's diet the venue does not show is said with the member's name (`risks`)
            missing_features=[f for f in features if f not in p.traits],
            lone_mentions=lone_mentions(p, features),
            other_kind=set(found.filters.kinds) == {"bar"} and named_a_cafe(p.name, p.categories),
        )

    def _action(
        self,
        turn: PlanTurn,
        intent: Intent,
        venues: list[Any],
        sentence: str | None,
        slot: PlanSlot,
    ) -> ActionRequest | None:
        if not intent.actions:
            return None
        action_id = uuid.uuid4()
        kind = "email" if "email" in intent.actions else "calendar"
        day = slot.day or self.commander.today() + timedelta(days=1)  # no day said: tomorrow
        invite = actions.draft_invite(turn.request.prompt, venues[0], day, slot.part)
        preview: dict[str, Any] = {"invite": invite}
        if kind == "email":
            preview["email"] = actions.draft_email(turn.request.prompt, venues, sentence)
        base = f"/api/plans/{turn.plan_id}/actions/{action_id}"
        return ActionRequest(
            id=action_id,
            kind=kind,
            status="proposed",
            scopes=intent.oauth_scopes,
            summary=(
                f"E-mail the group about {venues[0].name} with a calendar invite"
                if kind == "email"
                else f"Calendar invite for {venues[0].name}"
            ),
            preview=preview,
            confirm_url=f"{base}/confirm",
            download_url=f"{base}/invite.ics",
        )

    async def record_risks(self, turn: PlanTurn) -> None:
        """After the plan: the critic's findings go to the risk events the scout reads."""
        await self.plans.record_risk_events(turn.risk_events)


def _member_points(request: PlanRequest) -> list[Any]:
    from kairos.venues.schemas import MemberLocation

    return [
        MemberLocation(name=m.name, lat=m.lat, lng=m.lng)
        for m in request.members
        if m.lat is not None and m.lng is not None
    ]


def _who_for(group: GroupProfile, allergens: Sequence[str]) -> dict[str, list[str]]:
    """Each hard-excluded allergen with the members it is excluded for ("request" when the
    message itself asked to avoid it)."""
    found: dict[str, list[str]] = {}
    for allergen in allergens:
        names = [m.name for m in group.members if allergen in m.allergies.resolved_severities()]
        found[allergen] = names or ["request"]
    return found


def _kept_out(group: GroupProfile, allergens: Sequence[str]) -> str:
    """ "peanuts, which Sam must avoid; shellfish, kept out as asked"."""
    return "; ".join(
        f"{display_name(a)}, kept out as asked" if names == ["request"]
        else f"{display_name(a)}, which {', '.join(names)} must avoid"
        for a, names in _who_for(group, allergens).items()
    )  # fmt: skip


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


def _neutral_vibes(ids: list[int]) -> dict[int, VibeScore]:
    return {i: VibeScore(score=None, confidence=0.0, style=None) for i in ids}


async def _costs(candidates: list[Candidate], intent: Intent) -> dict[int, CostProfile]:
    return {c.place_id: cost_profile(c.facts.price_signals, intent.budget) for c in candidates}


def _vibe_line(intent: Intent, scores: dict[int, VibeScore], status: dict[str, str]) -> str:
    if status.get("vibe_matcher", "ok") != "ok":
        return f"Vibe scoring {status['vibe_matcher']}; venues kept unscored"
    scored = [s for s in scores.values() if s.score is not None]
    what = intent.vibe or "your usual vibes"
    return f"Scored {len(scored)}/{len(scores)} venue(s) on {what}"


def _cost_line(costs: dict[int, CostProfile], status: dict[str, str]) -> str:
    if status.get("cost_analyst", "ok") != "ok":
        return f"Cost analysis {status['cost_analyst']}"
    by = {k: sum(1 for c in costs.values() if c.confidence == k) for k in ("high", "medium", "low")}
    unknown = sum(1 for c in costs.values() if c.confidence == "none")
    return (
        f"Priced {len(costs) - unknown}/{len(costs)}: {by['high']} agreed, "
        f"{by['medium']} one source, {by['low']} conflicting"
    )


def _critic_line(flags: dict[int, list[RiskFlag]], status: dict[str, str]) -> str:
    if status.get("critic", "ok") != "ok":
        return f"Critic {status['critic']}"
    high = sum(1 for fs in flags.values() for f in fs if f.severity == "high")
    total = sum(len(fs) for fs in flags.values())
    return f"Reviewed {len(flags)} venue(s): {total} flag(s), {high} high"


def _asked_for(
    reading: QueryUnderstanding, left_out: Mapping[str, Sequence[str]]
) -> dict[str, Sequence[str]]:
    """The left-out words the request asked for ("lobster night"), not those the reader took
    as an allergy ("someone allergic to sesame": left out of the search too, but saying so is
    noise beside "Left out every venue known to contain sesame")."""
    asked = {w for phrase in (*reading.leftover, *reading.dishes, *reading.categories)
             for w in phrase.split()}  # fmt: skip
    return {word: allergens for word, allergens in left_out.items() if word in asked}


def _left_out_line(group: GroupProfile, asked: Mapping[str, Sequence[str]]) -> str:
    """ "Left lobster out of the search: Sam's shellfish allergy"."""
    allergens = list(dict.fromkeys(a for named in asked.values() for a in named))
    whose = "; ".join(
        f"{', '.join(names)}'s {display_name(a)} allergy" if names != ["request"]
        else f"{display_name(a)} kept out as asked"
        for a, names in _who_for(group, allergens).items()
    )  # fmt: skip
    return f"Left {', '.join(asked)} out of the search: {whose}"


def _features_line(features: list[str], found: ScoutResult) -> str:
    asked = " and ".join(evidence_phrase(f) for f in features)
    if not found.features_short:
        return f"Kept only venues that show evidence of {asked} ({found.featured})"
    if not found.featured:
        return f"No venue here shows evidence of {asked}; these are the closest matches"
    if found.featured == 1:
        return f"One venue here shows evidence of {asked}; it comes first, the others follow"
    return (
        f"Only {found.featured} venues here show evidence of {asked}; they come first, the "
        "others follow"
    )


def _observed(flag: RiskFlag, facts: VenueFacts) -> bool:
    """A flag worth keeping as the venue's history: a forecast's rain is something seen at the
    venue; climatology's is the calendar's, true of every park in the city on that date, and
    kept as history it would lower the venue on every later plan."""
    return not (flag.kind == "weather" and facts.weather and facts.weather.kind == "climatology")


def _weather_point(place: PlaceSummary) -> tuple[float, float] | None:
    """Where to ask for a venue's weather and events: its own point, else its city's centre
    (a third of the attractions file has no coordinates: Central Park among them)."""
    if place.lat is not None and place.lng is not None:
        return place.lat, place.lng
    centre = find_city(place.city)
    return (centre.lat, centre.lng) if centre else None


def _outdoor_weather(
    venues: Sequence[VenueResult], intent: Intent, weather: Mapping[int, WeatherReport | None]
) -> str:
    """For an outdoor top pick that carries no weather flag, what the day is usually like (or
    that nothing is known): a picnic plan should say, even when it is fine."""
    top = venues[0] if venues else None
    if top is None or not (top.kind in OUTDOOR_KINDS or intent.outdoor):
        return ""
    if any(f.kind == "weather" for f in top.risk_flags):
        return ""
    report = weather.get(int(top.venue_id.removeprefix("kp_")))
    if report is None:
        return ""
    if report.known:
        return f" Weather at {top.name}: {report.summary}"
    if top.kind not in OUTDOOR_KINDS:  # a bowling alley for "a court": unknown is no news
        return ""
    return f" No weather is known for {top.city or top.name}: check a forecast before the day."


def _summary(
    venues: list[Any],
    found: ScoutResult,
    status: dict[str, str],
    intent: Intent,
    group: GroupProfile,
) -> str:
    failed = [k for k, v in status.items() if v != "ok"]
    # "museum" the category and the kind, "parks" and "park": each once
    asked = {w.removesuffix("s"): w for w in [*found.filters.kinds, *intent.reading.categories]}
    wanted = " or ".join(dict.fromkeys(asked.values()))
    where = f" in {intent.location.title()}" if intent.location else ""
    if found.around:
        where = f" {found.around}"
    if venues:
        text = "Pipeline complete."
    elif found.all_unsafe:
        allergies = _kept_out(group, found.filters.exclude_allergens)
        text = (
            f"Pipeline complete: every {', '.join(intent.reading.categories)} venue{where} the "
            f"catalog holds is known to contain {allergies}, so none is planned; try another "
            "kind of place."
        )
    else:
        text = (
            f"Pipeline complete: the catalog has no {wanted or 'venues'}{where} that fit; try "
            "another place or a wider request."
        )
    if venues and intent.reading.unknown_place and not intent.location:
        text += f" I don't know any places in {intent.reading.unknown_place.title()}; these are "
        text += "from other cities."
    if venues and found.one_city:
        text += f" No city was named: planned in {found.one_city}, where most matches are."
    if venues and found.missing_kinds:
        kinds = " or ".join(k.replace("_", " ") for k in found.missing_kinds)
        text += f" Nothing here is a {kinds}{where}; these are the closest matches of other kinds."
    if venues and found.around and not found.missing_kinds:  # else said in that sentence
        text += f" Looked {found.around}."
    if venues and found.features_short:
        text += f" {_features_line(found.features_short, found)}."
    if asked_for := _asked_for(intent.reading, found.left_out_words):
        text += f" {_left_out_line(group, asked_for)}."
    if failed:
        text += f" Degraded: {', '.join(failed)}."
    if venues and found.filters.exclude_allergens:
        kept_out = _kept_out(group, found.filters.exclude_allergens)
        text += f" Left out every venue known to contain {kept_out}."
    if found.excluded:
        text += f" {len(found.excluded)} venue(s) excluded for the group's allergies."
    if found.closed_left_out:
        text += f" Left out {found.closed_left_out} venue(s) their source lists as closed."
    return text
