"""The trip's words: an overview and, per day, a title and a summary (seed 003 §6–§8).

Offline, the rules write them from the plan itself (stop names, times, distance, the checks).
With a model configured, the model may write them instead, from a context assembled as the
seed's five blocks — the traveller's preferences, the trip scaffold, the stops grouped by day
(each day is one area: the planner clusters by area), the preference summary, and the usage
rules — kept under `CONTEXT_TOKENS`. Its output is JSON validated against `TripWords`, with one
repair call (`llm/chain.py`); then a policy filter: the days must be the trip's days, no new
times or numbers, no links, e-mail addresses or phone numbers, and no claim about allergies or
safety (the safety step speaks for that, never a model). A phone number is a number the plan
does not hold, so the number rule refuses it. Anything that fails is replaced by
the rules' words, and the answer says which wrote them.

Tokens are estimated, not counted: the hosted model's tokenizer is unknown here, so the budget
uses `CHARS_PER_TOKEN` = 3, below the ≈ 4 characters per token of English text under common BPE
vocabularies, which overestimates the count and keeps the real prompt under the budget.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import BaseModel, Field

from kairos.llm.chain import ModelChain
from kairos.llm.provider import Message
from kairos.trips.day_notes import NO_FOOD_SAID, SHORT_SAID

__all__ = [
    "AI_DISCLAIMER",
    "COMPANION_WORDS",
    "CONTEXT_TOKENS",
    "MODE_WORDS",
    "DayWords",
    "Phrased",
    "TripPhrasing",
    "TripWords",
    "estimate_tokens",
    "rules_words",
]

CONTEXT_TOKENS: Final = 6000
"""Seed 003 §6: under 6k tokens before generation."""
CHARS_PER_TOKEN: Final = 3
SNIPPET_CHARS: Final = (240, 120, 60, 0)
"""Each stop's description is cut to the first of these lengths that fits the budget."""
MODE_WORDS: Final = {"walk": "on foot", "transit": "by public transport", "drive": "by car"}
COMPANION_WORDS: Final = {
    "solo": "on your own", "partner": "with a partner", "friends": "with friends",
    "family_with_kids": "with children", "group": "in a group",
}  # fmt: skip
AI_DISCLAIMER: Final = (
    "The overview and the day titles and summaries were written by a language model from this "
    "plan; the stops, times, distances and checks are Kairos' own."
)
_TIME_OR_NUMBER: Final = re.compile(r"\d+(?:[.:]\d+)?")
_FORBIDDEN: Final = re.compile(
    r"https?://|www\.|\S+@\S+\.\w+"
    r"|\b(?:allerg\w*|anaphyla\w*|nut[- ]free|gluten[- ]free|dairy[- ]free|safe for|"
    r"guarantee\w*)\b",
    re.IGNORECASE,
)


class DayWords(BaseModel):
    day: int = Field(ge=1, le=14)
    title: str = Field(min_length=3, max_length=90)
    summary: str = Field(min_length=10, max_length=420)


class TripWords(BaseModel):
    overview: str = Field(min_length=10, max_length=600)
    days: list[DayWords] = Field(min_length=1, max_length=14)


@dataclass
class Phrased:
    words: TripWords
    phrased_by: str
    context_tokens: int = 0
    fallbacks: list[str] = field(default_factory=list)

    @property
    def by_model(self) -> bool:
        return self.phrased_by not in ("rules", "offline")

    @property
    def invalid_output(self) -> bool:
        """The model's first answer failed the schema or the policy (the seed's invalid JSON)."""
        return any(f.endswith((":repaired", "Error")) for f in self.fallbacks)


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def _names(names: Sequence[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return f"{names[0]}, {names[1]} and {len(names) - 2} more"


NOTHING_PLANNED = "No stop could be placed on this day; the day's note says why."


def rules_words(view: Mapping[str, Any]) -> TripWords:
    """The words the rules write from the plan (no model)."""
    days = []
    total_stops = 0
    for day in view["days"]:
        stops = [s for s in day["slots"] if s["kind"] == "stop"]
        meals = [s for s in day["slots"] if s["kind"] != "stop"]
        total_stops += len(stops)
        if not stops:
            asked = day["index"] in (view.get("free_days") or ())
            title = f"Day {day['index']}: " + ("a free day" if asked else "nothing planned")
            said = "A free day, as you asked." if asked else NOTHING_PLANNED
            days.append(DayWords(day=day["index"], title=title, summary=said))
            continue
        km = sum(s["distance_km"] for s in day["slots"])
        unplaced = sum(1 for s in day["slots"] if s.get("position_known") is False)
        how = MODE_WORDS.get(view["mode"], view["mode"])
        # legs to places known only by their postal code's centroid: their km is no measure
        rough = sum(1 for s in day["slots"][1:] if s.get("travel_known") is False)
        travel = (f"{km:.1f} km {how}" if not (unplaced or rough)
                  else f"{km:.1f} km measured {how}; {unplaced} place"
                  f"{'s' if unplaced != 1 else ''} without a position, travel to them allowed, "
                  "not measured" if unplaced
                  else f"travel {how}, its times allowed, not measured: the places' positions "
                  "are known only by their postal codes")  # fmt: skip
        summary = (
            f"From {stops[0]['start']} at {stops[0]['name']} to {stops[-1]['end']} at "
            f"{stops[-1]['name']}: {len(stops)} stop{'s' if len(stops) != 1 else ''}"
            f"{f', {len(meals)} meal break' + ('s' if len(meals) != 1 else '') if meals else ''}"
            f", {travel}{_travel_time(day.get('quality'))}."
        )
        title = f"Day {day['index']}: {_names([s['name'] for s in stops])}"
        days.append(DayWords(day=day["index"], title=title[:90], summary=summary[:420]))
    checks = ("verified: every check ran and passed" if view["verified"]
              else "not verified: see what to check")  # fmt: skip
    # a city with no place to eat known says so at the top, once (`day_notes.no_food_note`)
    hungry = [f"no place to eat known in {view['city']}, lunch and dinner left free; "
              for n in view.get("notes") or () if str(n).startswith(NO_FOOD_SAID)][:1]  # fmt: skip
    short = [f"{str(n)[len(SHORT_SAID) :].rstrip('.')}; "
             for n in view.get("notes") or () if str(n).startswith(SHORT_SAID)][:1]  # fmt: skip
    trip = (f"A {view['pace']} trip in {view['city']} from {view['start_date']}: {short[0]}"
            if short else f"A {view['pace']} {len(view['days'])}-day trip in {view['city']} "
            f"from {view['start_date']}: ")  # fmt: skip
    overview = f"{trip}{total_stops} stops; {''.join(hungry)}{checks}."
    return TripWords(overview=overview, days=days)


def _travel_time(quality: Mapping[str, Any] | None) -> str:
    """The day's travel minutes in all (`route_quality.py`), when some."""
    minutes = int((quality or {}).get("travel_minutes") or 0)
    return f", {minutes} min of travel in all" if minutes else ""


def _stop_lines(view: Mapping[str, Any], about: Mapping[str, str], snippet: int) -> list[str]:
    lines = []
    for day in view["days"]:
        lines.append(f"Day {day['index']} ({day['date']}):")
        for s in day["slots"]:
            text = about.get(s["place_id"], "")[:snippet] if snippet else ""
            kind = s["place_kind"] if s["kind"] == "stop" else s["kind"]
            lines.append(
                f"- {s['start']}–{s['end']} {s['name']} ({kind})" + (f": {text}" * bool(text))
            )
    return lines


def build_messages(
    view: Mapping[str, Any], request: Mapping[str, Any], about: Mapping[str, str]
) -> tuple[list[Message], int]:
    """The seed's context blocks under the budget: descriptions shrink before anything else."""
    system = (
        "You write the overview, day titles and day summaries of a travel itinerary that is "
        "already planned and checked. Use only the places, times and facts given. Warm, plain "
        'and concise. Answer with JSON only: {"overview": str, "days": [{"day": int, '
        '"title": str, "summary": str}]}, one entry per day.'
    )
    preferences = ", ".join(str(t) for t in request.get("favourite_tags") or ()) or "none given"
    blocks_head = [
        "1. Traveller: interests: "
        + (str(request.get("interests") or "") or "not given")
        + f"; favourite tags: {preferences}.",
        f"2. Trip: {view['city']}, {len(view['days'])} days from {view['start_date']}, pace "
        f"{view['pace']}, travel by {view['mode']}, companions: "
        f"{str(request.get('companions') or 'not given').replace('_', ' ')}.",
        "3. Stops by day (each day is one area):",
    ]
    rules = (
        "5. Rules: DO keep every time and place exactly as given; DO NOT add places, times, "
        "prices, links, phone numbers or e-mail addresses; DO NOT say anything about food "
        "allergies, diets or safety; DO NOT promise opening hours or availability."
    )
    summary = (
        f"4. Preferences in short: {preferences}; modes: {view['mode']}; "
        f"accessibility: {'step-free only' if request.get('accessibility') else 'none stated'}."
    )
    for snippet in SNIPPET_CHARS:
        context = "\n".join([*blocks_head, *_stop_lines(view, about, snippet), summary, rules])
        tokens = estimate_tokens(system) + estimate_tokens(context)
        if tokens <= CONTEXT_TOKENS:
            break
    messages: list[Message] = [
        {"role": "system", "content": system},
        {"role": "user", "content": context},
    ]
    return messages, tokens


def check_words(view: Mapping[str, Any], words: TripWords, context: str) -> None:
    """The policy filter (seed §7): the trip's days, no time or number that neither the plan
    nor the context holds, nothing forbidden."""
    expected = [d["index"] for d in view["days"]]
    if [d.day for d in words.days] != expected:
        raise ValueError(f"days must be exactly {expected}, in order")
    allowed = set(_TIME_OR_NUMBER.findall(json.dumps(view, default=str) + context))
    for text in [words.overview, *(d.title for d in words.days), *(d.summary for d in words.days)]:
        if match := _FORBIDDEN.search(text):
            raise ValueError(f"not allowed in the text: {match.group(0)!r}")
        new = set(_TIME_OR_NUMBER.findall(text)) - allowed
        if new:
            raise ValueError(f"times or numbers not in the plan: {sorted(new)}")


class TripPhrasing:
    def __init__(self, chain: ModelChain) -> None:
        self.chain = chain

    async def phrase(
        self, view: Mapping[str, Any], request: Mapping[str, Any], about: Mapping[str, str]
    ) -> Phrased:
        rules = rules_words(view)
        if self.chain.is_offline:
            return Phrased(rules, "rules")
        messages, tokens = build_messages(view, request, about)
        generated = await self.chain.generate(
            "trip_words", messages, TripWords, offline=lambda: rules,
            check=lambda words: check_words(view, words, str(messages[-1]["content"])),
        )  # fmt: skip
        by = "rules" if generated.source == "offline" else generated.source
        return Phrased(generated.value, by, tokens, list(generated.fallbacks))
