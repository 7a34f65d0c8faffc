"""The answer's words (ADR-009, ADR-011, ADR-020): the recommendation; why, at most two bullets
(the card's top drivers); the trigger to escalate or de-escalate; the guest signal snapshot when
there is one; each role with no provider, said plainly with the settings that configure one;
stated assumptions; at most one question; and, as the last line, always, the action line, which
cites only sources that answered with data (never a role with no provider). Verbose ("why?")
lists every driver and what the confidence rests on.

With a model configured, `Phrasing` may rewrite the recommendation, the bullets and the trigger
(ADR-023 stage B: a compact signal pack in, strict JSON out, one repair, the rules' own words as
the conservative fallback). It never sees or writes the action line, the numbers' sources, or
the question, and its text may not add a number the rules did not produce.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from kairos.llm.chain import ModelChain
from kairos.operator.action_line import fallback
from kairos.operator.place_names import told_apart
from kairos.operator.rules import Decision
from kairos.operator.schemas import (
    ActionLine,
    Confidence,
    EvidenceItem,
    GuestSnapshot,
    ResolvedLocation,
    SourceStatus,
)
from kairos.operator.spans import spans
from kairos.operator.staffing_plan import COVERS_PER_COOK, front_role, staff_for
from kairos.operator.themes_asked import theme_lead

__all__ = ["Composed", "Phrasing", "checkable", "compose", "evidence_lines", "unconfigured_lines"]

MAX_WHY = 2
MAX_QUOTES = 5
_THEME_ORDER = ("wait_time", "staffing", "service", "noise", "food")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_OUTSIDE_WORDS = {
    "weather": "weather",
    "school_calendar": "school calendar",
    "events": "event",
    "closures": "closure",
}
SOURCE_LABELS = {
    "weather": "weather",
    "school_calendar": "school calendar",
    "events": "events",
    "closures": "closures",
    "reviews": "reviews",
}


@dataclass
class Composed:
    recommendation: str
    why: list[str]
    trigger: str
    text: str
    action_line: ActionLine
    phrased_by: str = "rules"


class Wording(BaseModel):
    recommendation: str = Field(min_length=3, max_length=400)
    why: list[str] = Field(max_length=MAX_WHY)
    trigger: str = Field(min_length=3, max_length=300)


def cited_sources(sources: Sequence[SourceStatus]) -> list[tuple[str, str]]:
    """Sources with data that covers the place and period: a role with no provider
    (`not_configured`), a failed or an uninformative one is never cited."""
    usable = [s for s in sources if s.status in ("ok", "stale") and s.informative]
    return [
        (f"{SOURCE_LABELS.get(s.name, s.name)} {s.provider}", s.freshness + (
            ", stale" if s.status == "stale" else ""))
        for s in usable
    ]  # fmt: skip


def action_line(
    decisions: Sequence[Decision],
    *,
    window: str,
    confidence: Confidence,
    sources: Sequence[SourceStatus],
) -> ActionLine:
    cited = cited_sources(sources)
    top = next((d.actions[0] for d in decisions if d.actions), None)
    if not cited:
        return fallback(window)
    if top is None:
        action = decisions[0].recommendation.split(";")[0].rstrip(".") if decisions else ""
        action = action or "Keep your usual staffing plan"
        return ActionLine(
            action=_one_line(action), window=window, confidence=confidence.level, sources=cited
        )
    return ActionLine(
        action=_one_line(top.text.split(" (≈")[0]),
        window=top.window if top.day else window,
        confidence=confidence.level,
        sources=cited,
    )


def evidence_lines(
    snapshot: GuestSnapshot | None,
    here: ResolvedLocation,
    stand_in_for: str | None = None,
    complaints: bool = False,
    themes: tuple[str, ...] = (),
) -> list[str]:
    """ "Show me the reviews" (ADR-018: quotes only on request): short quotes from the matched
    place's own reviews (or, for a restaurant the catalog lacks, `stand_in_for`, from the places
    standing in for it, each named), each with its date, theme and review id; complaints first
    when they were asked about; or why there are none."""
    if snapshot is None:
        if here.place_id is None and stand_in_for:
            return [f"I have no reviews of {stand_in_for}, and none of the places near "
                    f"{here.label} to stand in for them."]  # fmt: skip
        if here.place_id is None:
            return [
                f"No reviews are known for {here.label}: it is not matched to a restaurant in "
                "the catalog. Tell me the restaurant's name and I'll read its own reviews."
            ]
        return ["Its reviews could not be read this turn."]
    if themes and snapshot.sample_size:  # "do reviews mention waits?": that theme, or "none"
        answer, quoted = theme_lead(snapshot, themes)
        if snapshot.place_id == 0:  # the places standing in for a restaurant the catalog lacks
            whose = f"{stand_in_for}'s own reviews" if stand_in_for else "its own reviews"
            answer = f"I don't have {whose}; from the reviews of {snapshot.place}: {answer}"
        return [answer] + [_quote_line(e, snapshot) for e in quoted[:MAX_QUOTES]]
    quoted = [e for e in snapshot.evidence if e.snippet]
    if not quoted and snapshot.sample_size and not snapshot.themes:  # "mmm": nothing to quote
        n = snapshot.sample_size
        return [f"Nothing to quote: {snapshot.place}'s {n} review{'s' if n > 1 else ''} in the "
                f"catalog {'are' if n > 1 else 'is'} too short to say anything about waits, "
                "staffing, noise, food or service."]  # fmt: skip
    if not quoted:
        return [f"No reviews of {snapshot.place} in the catalog speak to waits, staffing, noise, "
                "food or service."]  # fmt: skip
    quoted.sort(key=_quote_order)
    if complaints:
        quoted.sort(key=lambda e: e.polarity != "negative")
    span = (
        f"{snapshot.window_start:%b %Y}–{snapshot.window_end:%b %Y}"
        if snapshot.window_start and snapshot.window_end
        else "undated"
    )
    read = f"{snapshot.sample_size} read, {span}"
    if snapshot.place_id == 0:  # the places standing in for a restaurant the catalog lacks
        whose = f"{stand_in_for}'s own reviews" if stand_in_for else "its own reviews"
        lines = [f"I don't have {whose}; from the reviews of {snapshot.place} ({read}):"]
    else:
        lines = [f"From {snapshot.place}'s own reviews ({read}):"]
    negative = [e for e in quoted if e.polarity == "negative"]
    if complaints:
        lines.append(
            f"{len({e.review_id for e in negative})} of {snapshot.sample_size} reviews complain "
            f"({_joined(sorted({e.theme.replace('_', ' ') for e in negative}))})."
            if negative
            else f"None of the {snapshot.sample_size} reviews complain about waits, staffing, "
            "noise, food or service; what they do say:"
        )
    lines += [_quote_line(e, snapshot) for e in quoted[:MAX_QUOTES]]
    return lines


def _quote_line(e: EvidenceItem, snapshot: GuestSnapshot) -> str:
    when = f"{e.date:%d %b %Y}" if e.date else "undated"
    where = f"{e.place}, " if snapshot.place_id == 0 else ""
    return (f'- "{e.snippet}" ({where}{when}; {e.theme.replace("_", " ")}, {e.polarity}; '
            f"review {e.review_id})")  # fmt: skip


def _quote_order(e: EvidenceItem) -> tuple[int, bool, int]:
    """Waits and staffing first, complaints before praise, newest first."""
    theme = _THEME_ORDER.index(e.theme) if e.theme in _THEME_ORDER else len(_THEME_ORDER)
    return theme, e.polarity != "negative", -(e.date.toordinal() if e.date else 0)


def unconfigured_lines(sources: Sequence[SourceStatus]) -> list[str]:
    """One plain sentence per role with no provider: what is unknown, and the settings."""
    said = [s.detail or f"no {s.name} source is configured" for s in sources
            if s.status == "not_configured"]  # fmt: skip
    return [f"{text[0].upper()}{text[1:]}." for text in dict.fromkeys(said)]


def _nothing_moves(sources: Sequence[SourceStatus]) -> str:
    words = [_OUTSIDE_WORDS[s.name] for s in sources if s.name in _OUTSIDE_WORDS
             and s.status in ("ok", "stale") and s.informative]  # fmt: skip
    if not words:
        return "No outside signal answered for this period, so nothing moves demand."
    return f"No {_joined(words)} signal moves demand noticeably this period."


def checkable(sources: Sequence[SourceStatus]) -> str:
    missing = {s.name for s in sources if s.status == "not_configured"}
    kept = [n for n in ("weather", "events", "closures") if n not in missing]
    return _joined([SOURCE_LABELS[n] for n in kept]) if kept else "the signals"


def _joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _one_line(text: str) -> str:
    return " ".join(text.replace("|", "/").split())


def compose(
    *,
    decisions: Sequence[Decision],
    confidence: Confidence,
    sources: Sequence[SourceStatus],
    window: str,
    assumptions: Sequence[str],
    question: str | None,
    snapshot: GuestSnapshot | None,
    verbose: bool,
    lead: str | None = None,
    demand_basis: str | None = None,
    evidence: list[str] | None = None,
    said_before: Sequence[str | None] = (),
) -> Composed:
    """The rules' own words. `lead` opens the answer (a correction acknowledged, a what-if
    named, an input refused)."""
    line = action_line(decisions, window=window, confidence=confidence, sources=sources)
    if not decisions:
        recommendation = "I can't recommend a change without knowing where the restaurant is."
        why: list[str] = []
        trigger = f"Once I know the location, I'll check {checkable(sources)} around it."
        line = fallback(window)
    else:
        if len(decisions) == 1:
            recommendation = decisions[0].recommendation
        else:
            names = told_apart([d.location for d in decisions])
            recommendation = " ".join(
                f"{names[i] or 'Location ' + str(i + 1)}: {d.recommendation}"
                for i, d in enumerate(decisions)
            ) + _compared(decisions)
        drivers = sorted((drv for d in decisions for drv in d.drivers), key=lambda drv: -drv.rank)
        limit = len(drivers) if verbose else MAX_WHY
        why = [f"{summary} ({effect:+.0f}% expected guests)" if effect else summary
               for summary, effect in spans(drivers)[:limit]]  # fmt: skip
        if not why:
            why = [_nothing_moves(sources)]
        trigger = decisions[0].trigger
    lines: list[str] = []
    if lead:
        lines.append(lead)
    lines += evidence or []
    same = recommendation in said_before and not verbose and bool(decisions)
    head = next((a.text for d in decisions for a in d.actions), recommendation.split(". ")[0])
    again = f"Your plan is unchanged, as said above: {head.rstrip('.')}."
    lines.append(again if same else recommendation)
    if why:
        lines.append("Why:")
        lines += [f"- {w}" for w in (why if verbose else why[:MAX_WHY])]
    if demand_basis and not verbose:
        lines.append(f"Demand: {demand_basis}.")
    lines.append(f"Trigger: {trigger}")
    if snapshot is not None:
        lines.append(f"Guest signals: {snapshot.summary}")
    lines += unconfigured_lines(sources)
    if verbose:
        if demand_basis:
            lines.append(f"Demand shape: {demand_basis}.")
        lines.append(
            f"Confidence {confidence.level}: "
            + "; ".join(confidence.reasons)
            + "".join(f"; capped at {c.level}: {c.reason}" for c in confidence.caps)
            + "."
        )
    if assumptions:  # in the place's own unit: "your usual customers" at a café counter
        unit = front_role(decisions[0].categories)[2] if len(decisions) == 1 else "covers"
        said = [a.replace("usual covers, e.g. '180 covers", f"usual {unit}, e.g. '180 {unit}")
                for a in assumptions]  # fmt: skip
        lines.append("Assuming: " + "; ".join(said) + ".")
    if question:
        lines.append(question)
    lines.append(line.render())
    text = "\n".join(_no_stray_questions(lines, question))
    return Composed(recommendation, why[:MAX_WHY] if not verbose else why, trigger, text, line)


def _no_stray_questions(lines: list[str], question: str | None) -> list[str]:
    """ADR-004: one question per turn at most; every other line is a statement."""
    return [line if line == question else line.replace("?", ".") for line in lines]


class Phrasing:
    def __init__(self, chain: ModelChain) -> None:
        self.chain = chain

    async def phrase(self, composed: Composed, pack: dict[str, object]) -> Composed:
        if self.chain.is_offline:
            return composed
        allowed = set(_NUMBER.findall(json.dumps(pack) + composed.text))
        messages = [
            {"role": "system", "content": (
                "You phrase a restaurant operator's recommendation. Keep the decision exactly: "
                "do not add actions, numbers, dates or sources. Warm, plain, confident tone. "
                "At most two 'why' bullets. Answer with JSON only."
            )},
            {"role": "user", "content": json.dumps({
                "recommendation": composed.recommendation, "why": composed.why,
                "trigger": composed.trigger, "signals": pack}, default=str)},
        ]  # fmt: skip

        def check(value: Wording) -> None:
            said = " ".join([value.recommendation, *value.why, value.trigger])
            if "?" in said:
                raise ValueError("no questions in the phrasing")
            new = set(_NUMBER.findall(said)) - allowed
            if new:
                raise ValueError(f"numbers not in the decision: {sorted(new)}")

        def offline() -> Wording:
            return Wording(
                recommendation=composed.recommendation,
                why=composed.why[:MAX_WHY],
                trigger=composed.trigger,
            )

        generated = await self.chain.generate(
            "operator_phrasing", messages, Wording, offline, check
        )
        if generated.source == "offline":
            return composed
        w = generated.value
        text = composed.text.replace(composed.recommendation, w.recommendation, 1).replace(
            f"Trigger: {composed.trigger}", f"Trigger: {w.trigger}", 1
        )
        for old, new in zip(composed.why, w.why, strict=False):
            text = text.replace(f"- {old}", f"- {new}", 1)
        return Composed(
            w.recommendation, w.why, w.trigger, text, composed.action_line, generated.source
        )


def _compared(decisions: Sequence[Decision]) -> str:
    """Several restaurants: which one's busiest window needs the most hands, from each one's
    own covers ("which one needs more help saturday?")."""
    names = told_apart([d.location for d in decisions])
    sized = [(d.busiest[0][2], name) for d, name in zip(decisions, names, strict=True)
             if d.busiest and d.busiest[0][2]]  # fmt: skip
    if len(sized) < 2 or len(sized) != len(decisions):
        return ""
    roles = [front_role(d.categories) for d in decisions]
    if len({unit for _, _, unit in roles}) > 1:  # orders and covers: compared by the hands
        return _compared_by_hands(sized, roles)
    ranked = sorted(sized, key=lambda pair: -(pair[0] or 0))
    (most, first), rest = ranked[0], ranked[1:]
    others = ", ".join(f"≈{covers} at {name}" for covers, name in rest)
    return (
        f" Compared: {first} needs the most help, ≈{most} {roles[0][2]} in its busiest window "
        f"against {others}."
    )


def _compared_by_hands(
    sized: Sequence[tuple[int | None, str | None]], roles: list[tuple[str, int, str]]
) -> str:
    """Restaurants whose days are counted in different units (covers at one, takeout orders at
    another: panel half A, o39) are compared by the people each one's busiest window needs, the
    front of house and the line, never 209 orders against 116 covers."""
    said = []
    for (count, name), (role, per, unit) in zip(sized, roles, strict=True):
        front, cooks = staff_for(count or 0, per), staff_for(count or 0, COVERS_PER_COOK)
        hands = (
            f"{front} {role}{'s' if front > 1 else ''} and {cooks} cook{'s' if cooks > 1 else ''}"
        )
        said.append((front + cooks, f"{name} ≈{count} {unit} ({hands})"))
    said.sort(key=lambda pair: -pair[0])
    first = said[0][1].split(" ≈", 1)[0]
    units = sorted({unit for _, _, unit in roles}, reverse=True)  # "orders and covers"
    return (
        f" Compared by the people each needs ({' and '.join(units)} are not one scale): {first} "
        f"needs the most hands: " + "; ".join(text for _, text in said) + "."
    )
