"""Commander (seed 002 §1): what the group asked for, which agents run and how much each weighs.

The shared reader (`text/query`) finds places, numbers, party size, dates, allergens and diets;
this module adds the seed's fields on top: the activity, the budget as low / medium / high or
per head ("under $200 for 10" is $20 a head), the vibe, the complexity tier, the active agents,
the composite weights (the seed's defaults moved by the planner's preferences), and whether the
request implies an action that needs the user's consent (`requires_oauth` + scopes). Every
keyword table matches whole words only: "bar" is not in "barbecue".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Final, Literal

from kairos.core.allergy_warnings import display_name
from kairos.core.traits import DERIVABLE_TRAITS
from kairos.profiles.planner import PlannerPreferences
from kairos.text.query.conversation import follows_up
from kairos.text.query.numbers import CURRENCY_SYMBOL
from kairos.text.query.understanding import QueryReader, QueryUnderstanding, keep_earlier
from kairos.venues.asking import (
    ACTIVITIES,
    NEGATED_WISH,
    PLANNER_WORDS,
    Activity,
    activity_feature,
    activity_kinds,
    budget_of,
    find_activity,
    first_phrase,
    oauth_scopes,
)
from kairos.venues.followups import Asked, asked_changes
from kairos.venues.outing import sit_down
from kairos.venues.schemas import Budget, BudgetLevel, PlanRequest

__all__ = [  # the words' readings are `asking.py`'s, named here for the planner's callers
    "ACTIVITIES",
    "DEFAULT_WEIGHTS",
    "PLANNER_WORDS",
    "Activity",
    "Commander",
    "Intent",
    "agent_weights",
    "budget_of",
    "find_activity",
    "oauth_scopes",
]

Tier = Literal["tier_1", "tier_2", "tier_3"]
AGENTS: Final = ("scout", "vibe_matcher", "cost_analyst", "critic")
DEFAULT_WEIGHTS: Final = {"vibe_matcher": 0.33, "cost_analyst": 0.40, "critic": 0.27}
"""The synthesiser's seed defaults: vibe 0.33, cost 0.40, risk 0.27."""
FEATURES: Final = (
    frozenset(
        {
            "rooftop",
            "view",
            "outdoor",
            "live_music",
            "late_night",
            "work_friendly",
            "family_friendly",
        }
    )
    & DERIVABLE_TRAITS
)
"""Vibes that are things a venue has (a rooftop, live music, a kids' menu), which the catalog
holds evidence for (attributes, review sentences): the scout looks for them; the other vibes
(romantic, cozy) are the vibe matcher's scores."""
_UNDONE_BY: Final[dict[str, frozenset[str]]] = {
    "cheaper": frozenset({"upscale"}),
    "quieter": frozenset({"lively", "party", "loud"}),
}
"""A vibe of the request followed up that the follow-up's change undoes."""
_TIER_3_WORDS: Final = (
    "business",
    "client",
    "clients",
    "offsite",
    "off site",
    "team building",
    "investor",
    "investors",
    "conference",
    "company",
    "corporate",
    "retreat",
    "launch",
    "roi",
    "strategy",
)


def quiet_feature(
    changes: Iterable[str], vibe: str | None, vibes: Iterable[str]
) -> tuple[str, ...]:
    """("quiet",) when "quieter" or a quiet vibe is asked: the scout looks for the venues whose
    source lists them as quiet (the `quiet` trait, from the noise level) first, then the rest
    as before — the vibe vector's quiet reading is near chance (AUC 0.54), so a lively
    request's finds held one quiet venue, seventh (plans panel p27: after "somewhere quieter,
    grandma is coming", the top three were busy spots). Never a feature every venue must show:
    that left a brunch for 6 with one quiet Indian place and no brunch place."""
    asked = "quieter" in changes or vibe == "quiet" or "quiet" in vibes
    return ("quiet",) if asked and "quiet" in DERIVABLE_TRAITS else ()


def agent_weights(
    preferences: PlannerPreferences, *, vibe_asked: bool, active: Iterable[str]
) -> dict[str, float]:
    """The composite's weights: the seed's defaults, cost moved by `budget_sensitivity`
    (0.5 neutral), vibe up for `vibe_first` or an explicit vibe, risk up for `risk_averse`;
    agents that do not run weigh 0; the rest sum to 1."""
    raw = dict(DEFAULT_WEIGHTS)
    raw["cost_analyst"] *= 0.5 + preferences.budget_sensitivity
    if preferences.vibe_first:
        raw["vibe_matcher"] += 0.15
    if vibe_asked:
        raw["vibe_matcher"] += 0.10
    if preferences.risk_averse:
        raw["critic"] += 0.15
    running = set(active)
    kept = {k: (v if k in running else 0.0) for k, v in raw.items()}
    total = sum(kept.values()) or 1.0
    return {k: round(v / total, 4) for k, v in kept.items()}


@dataclass
class Intent:
    """The commander's output: the seed's `parsed_intent` and the routing around it."""

    prompt: str
    reading: QueryUnderstanding
    activity: str | None
    activity_kinds: tuple[str, ...]
    activity_words: tuple[str, ...]
    outdoor: bool
    group_size: int
    budget: Budget | None
    location: str | None
    vibe: str | None
    features: list[str]
    """The request's vibes that are venue features (`FEATURES`), in the order said."""
    when_text: str | None
    complexity_tier: Tier
    active_agents: list[str]
    agent_weights: dict[str, float]
    requires_oauth: bool
    actions: list[str]
    oauth_scopes: list[str]
    assumptions: list[str] = field(default_factory=list)
    asked: Asked = field(default_factory=Asked)
    """What a follow-up asks to change ("make it cheaper"), with what cheaper means here."""
    outing: str | None = None
    """ "a sit-down dinner for 6" when the outing needs table service (`outing.sit_down`)."""
    owner_city: str | None = None
    """No place named: the planner's own city, planned in (`where.owner_city`)."""
    earlier_budget: BudgetLevel | None = None
    """The budget level the request this one follows up asked, if any."""
    earlier_text: str | None = None
    """The request this one follows up, as read ("lively dinner for 4" of "quieter")."""

    @property
    def said(self) -> str:
        """Everything the group asked: the request this one follows up, then this one."""
        return f"{self.earlier_text}. {self.prompt}" if self.earlier_text else self.prompt

    def parsed_intent(self) -> dict[str, object]:
        when = self.reading.when
        return {
            "activity": self.activity,
            "group_size": self.group_size,
            "budget": self.budget.level if self.budget else None,
            "budget_per_head": self.budget.per_head if self.budget else None,
            "location": self.location,
            "vibe": self.vibe,
            "features": self.features,
            "date": when.start.isoformat() if when and when.start else None,
            "time_of_day": when.time_of_day if when else None,
            "allergens": self.reading.allergens,
            "dietary": self.reading.dietary,
            "assumptions": self.assumptions,
            "changes": list(self.asked.changes),
            "outing": self.outing,
        }


def _builds_on(message: str, reading: QueryUnderstanding) -> bool:
    names_what = bool(reading.categories or reading.dishes or find_activity(_unplaced(reading))[1])
    names_where = bool(reading.cities or reading.area or reading.near_user)
    return follows_up(message, names_what, names_where)


def _request_so_far(said: Sequence[QueryUnderstanding]) -> QueryUnderstanding:
    """The request the conversation's last user message stands for: a chain of follow-ups
    ("italian dinner for 6", "in boston") folds into one, so "make it cheaper" next keeps the
    Italian dinner for six in Boston, not only "in boston"."""
    so_far = said[0]
    for reading in said[1:]:
        if not _builds_on(reading.text, reading):
            so_far = reading
            continue
        names_what = find_activity(_unplaced(reading))[1] is not None
        merged = keep_earlier(reading, so_far, names_what=names_what)
        so_far = merged.model_copy(update={"text": f"{so_far.text}, {reading.text}"})
    return so_far


class Commander:
    """Reads a request; `vibe_of` names the vibe a text asks for (whole words), if any."""

    def __init__(
        self,
        reader: QueryReader,
        vibe_of: Callable[[str], str | None],
        today: Callable[[], date] = date.today,
    ) -> None:
        self.reader = reader
        self.vibe_of = vibe_of
        self.today = today

    def _earlier(
        self, request: PlanRequest, reading: QueryUnderstanding
    ) -> tuple[QueryUnderstanding | None, list[str]]:
        """The last request of `chat_history` this prompt follows up (read), or None; and the
        allergens any earlier user message named that this reading lacks: an allergy said
        once holds for the rest of the conversation, even for a new request."""
        said = [
            self.reader.read(m.content, today=self.today())
            for m in request.chat_history
            if m.role == "user" and m.content.strip()
        ]
        found = [a for earlier in said for a in earlier.allergens]
        allergens = [a for a in dict.fromkeys(found) if a not in reading.allergens]
        if not said or not _builds_on(request.prompt, reading):
            return None, allergens
        return _request_so_far(said), allergens

    def read(self, request: PlanRequest, preferences: PlannerPreferences) -> Intent:
        prompt = " ".join(request.prompt.split())
        extra = " ".join(m.content for m in request.chat_history if m.role == "user")
        heard = f"{prompt}, {request.date}" if request.date else prompt
        reading = self.reader.read(heard, today=self.today())
        text = reading.text
        phrase, activity = find_activity(_unplaced(reading))
        earlier, said_before = self._earlier(request, reading)
        own = reading
        if earlier is not None:
            reading = keep_earlier(reading, earlier, names_what=activity is not None)
            if reading.near_user and not (own.cities or own.area):
                # "closer please" names no place: the city it follows up is kept, not dropped
                where = ("cities", "area", "area_city")
                reading = reading.model_copy(update={k: getattr(earlier, k) for k in where})
            if activity is None:
                phrase, activity = find_activity(_unplaced(earlier))
        said_before = [a for a in said_before if a not in reading.allergens]
        if said_before:
            reading = reading.model_copy(update={"allergens": [*reading.allergens, *said_before]})
        if activity is None and (reading.categories or reading.dishes):
            phrase, activity = None, ACTIVITIES["restaurant"]
        said = max(
            request.group_size,
            reading.party_size or 1,
            len(request.member_locations),
            len(request.members) + 1 if request.members else 1,  # the members and the planner
        )
        group_size = min(said, 200)
        # what this message says of money and vibe, else what the request it follows up said
        budget = budget_of(text, own, group_size, request.budget)
        if budget is None and earlier is not None:
            budget = budget_of(earlier.text, earlier, group_size, None)
        location = request.location or _location(reading)
        unsaid = NEGATED_WISH.sub(" ", _unplaced(own))  # "Covent Garden" asks for no garden
        vibe = self.vibe_of(request.vibe) if request.vibe else self.vibe_of(unsaid)
        if vibe is None and earlier is not None:
            vibe = self.vibe_of(_unplaced(earlier))
        if request.vibe and vibe is None:
            vibe = request.vibe.strip().lower()
        changes = asked_changes(prompt) if earlier is not None else ()
        undone = next((vibe for c in changes if vibe in _UNDONE_BY.get(c, ())), None)
        if undone and not request.vibe and self.vibe_of(unsaid) != undone:
            vibe = None  # "make it cheaper" after "fancy": the upscale vibe is what it undoes
        else:
            undone = None
        actions, scopes = oauth_scopes(text)
        factors = sum(
            bool(x)
            for x in (
                budget,
                vibe,
                group_size > 1,
                reading.when,
                request.member_locations,
                request.members,
                reading.allergens or reading.dietary,
            )
        )
        tier: Tier = (
            "tier_3"
            if first_phrase(text, _TIER_3_WORDS) or (extra and first_phrase(extra, _TIER_3_WORDS))
            else "tier_2"
            if factors >= 2
            else "tier_1"
        )
        active = ["scout", "cost_analyst", "critic"]
        if vibe or tier != "tier_1" or preferences.vibe_first:
            active.insert(1, "vibe_matcher")
        assumptions = list(reading.assumptions)
        if earlier is not None:
            assumptions.insert(0, f"read as a follow-up of {earlier.text!r}")
        if said_before:
            kept = ", ".join(display_name(a) for a in said_before)
            assumptions.append(f"kept out {kept}, named earlier in the conversation")
        if activity is None:
            assumptions.append("no activity named: any kind of place")
        if reading.unknown_place and location is None:
            assumptions.append(f"no place called {reading.unknown_place.title()} here: anywhere")
        if budget and budget.per_head and budget.total and group_size > 1:
            assumptions.append(
                f"budget {budget.text!r} read as "
                f"{CURRENCY_SYMBOL.get(budget.currency or 'USD', '$')}{budget.per_head:g} a head "
                f"for {group_size}"
            )
        if undone and vibe is None:
            assumptions.append(f"dropped the earlier {undone.replace('_', ' ')} vibe, as asked")
        before = budget_of(earlier.text, earlier, group_size, None) if earlier else None
        said_what = f"{earlier.text} {text}" if earlier is not None else text
        return Intent(
            asked=Asked(changes=changes),
            earlier_budget=before.level if before else None,
            earlier_text=earlier.text if earlier is not None else None,
            outing=sit_down(activity.name if activity else None, said_what, group_size),
            prompt=prompt,
            reading=reading,
            activity=activity.name if activity else None,
            activity_kinds=activity_kinds(activity, reading.categories),
            activity_words=(phrase, *activity.words) if activity and phrase else (),
            outdoor=activity.outdoor if activity else False,
            group_size=group_size,
            budget=budget,
            location=location,
            vibe=vibe,
            features=[*activity_feature(activity), *(v for v in reading.vibes if v in FEATURES)],
            when_text=", ".join(reading.when.text) if reading.when else None,
            complexity_tier=tier,
            active_agents=[*active, "synthesiser"],
            agent_weights={
                "scout": 1.0,
                **agent_weights(preferences, vibe_asked=vibe is not None, active=active),
            },
            requires_oauth=bool(actions),
            actions=actions,
            oauth_scopes=scopes,
            assumptions=assumptions,
        )


def _unplaced(reading: QueryUnderstanding) -> str:
    """The reading's text without the places it names: "closer to Covent Garden" asks for no
    garden, and "Park Street" or "Barcelona's Bar Street" for no park or bar."""
    text = f" {reading.text} "
    for place in (reading.area, *reading.cities):
        if place:
            text = re.sub(rf"(?<![a-z0-9]){re.escape(place.lower())}(?![a-z0-9])", " ", text)
    return " ".join(text.split())


def _location(reading: QueryUnderstanding) -> str | None:
    if reading.area:
        return f"{reading.area}, {reading.area_city}" if reading.area_city else reading.area
    return reading.cities[0] if reading.cities else None
