"""What a plan says in words (moved out of `planner.py`): the log lines of the middle agents,
and `execution_summary` — what was searched and where, what could not be met and what was done
instead, what was left out (counted as `excluded` lists it), and the vote when there is one.

Nothing here decides: every sentence reads a decision the scout, the fit or the synthesiser made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from kairos.core.allergy_warnings import display_name
from kairos.core.diets import SOFT_FREE_DIETS, diet_label
from kairos.core.traits import evidence_phrase
from kairos.signals.weather.models import WeatherReport
from kairos.text.query.understanding import QueryUnderstanding
from kairos.venues.commander import Intent
from kairos.venues.cost import CostProfile
from kairos.venues.critic import OUTDOOR_KINDS
from kairos.venues.followups import closer_sentence
from kairos.venues.free_from import eased_clause, hard_sets
from kairos.venues.group import GroupProfile
from kairos.venues.leftout import counted
from kairos.venues.outing import seating_summary
from kairos.venues.schemas import RiskFlag, VenueResult
from kairos.venues.synthesiser import VibeScore
from kairos.venues.verdict import TOP as TOP_PICKS
from kairos.venues.wholly_diet import serves_only, wholly_asked, wholly_sentence

if TYPE_CHECKING:
    from kairos.venues.scout import ScoutResult

__all__ = [
    "asked_for",
    "cost_line",
    "critic_line",
    "features_line",
    "left_out_line",
    "outdoor_weather",
    "ranked_features_line",
    "searched_where",
    "summary",
    "vibe_line",
    "who_for",
]


def who_for(group: GroupProfile, allergens: Sequence[str]) -> dict[str, list[str]]:
    """Each hard-excluded allergen with the members it is excluded for ("request" when the
    message itself asked to avoid it)."""
    found: dict[str, list[str]] = {}
    for allergen in allergens:
        names = [m.name for m in group.members if allergen in m.allergies.resolved_severities()]
        found[allergen] = names or ["request"]
    return found


def _kept_out(group: GroupProfile, allergens: Sequence[str]) -> str:
    """ "molluscs and shellfish, which Sam (anaphylactic) must avoid; sesame, kept out as
    asked"."""
    by_who: dict[tuple[str, ...], list[str]] = {}
    for allergen, names in who_for(group, allergens).items():
        # each member with the allergy's severity as written ("Hana (anaphylactic)")
        shown = tuple(_with_severity(group, name, allergen) for name in names)
        by_who.setdefault(shown, []).append(display_name(allergen))
    return "; ".join(
        f"{_and(named)}, kept out as asked" if names == ("request",)
        else f"{_and(named)}, which {_and(list(names))} must avoid"
        for names, named in by_who.items()
    )  # fmt: skip


def _with_severity(group: GroupProfile, name: str, allergen: str) -> str:
    """A member named with their allergy's severity, as the member gave it: a severe or
    anaphylactic allergy is said as such wherever the plan names what it left out."""
    member = next((m for m in group.members if m.name == name), None)
    severity = member.allergies.resolved_severities().get(allergen) if member else None
    return f"{name} ({severity})" if severity else name


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def vibe_line(intent: Intent, scores: dict[int, VibeScore], status: dict[str, str]) -> str:
    if status.get("vibe_matcher", "ok") != "ok":
        return f"Vibe scoring {status['vibe_matcher']}; venues kept unscored"
    scored = [s for s in scores.values() if s.score is not None]
    what = intent.vibe or "your usual vibes"
    return f"Scored {len(scored)}/{len(scores)} venue(s) on {what}"


def cost_line(costs: dict[int, CostProfile], status: dict[str, str]) -> str:
    if status.get("cost_analyst", "ok") != "ok":
        return f"Cost analysis {status['cost_analyst']}"
    by = {k: sum(1 for c in costs.values() if c.confidence == k) for k in ("high", "medium", "low")}
    unknown = sum(1 for c in costs.values() if c.confidence == "none")
    return (
        f"Priced {len(costs) - unknown}/{len(costs)}: {by['high']} agreed, "
        f"{by['medium']} one source, {by['low']} conflicting"
    )


def critic_line(
    flags: Mapping[int, Sequence[RiskFlag]], names: Mapping[int, str], status: dict[str, str]
) -> str:
    """What the critic flagged, counted as the venues show it: its own flags and each member's
    allergy or diet at the venue; the venues it advises against (a high flag) by name."""
    if status.get("critic", "ok") != "ok":
        return f"Critic {status['critic']}"
    high = sum(1 for fs in flags.values() for f in fs if f.severity == "high")
    total = sum(len(fs) for fs in flags.values())
    members = sum(1 for fs in flags.values() for f in fs if f.kind in ("allergy", "diet"))
    against = [names[i] for i, fs in flags.items() if any(f.severity == "high" for f in fs)]
    text = f"Reviewed {len(flags)} venue(s): {total} flag(s), {high} high"
    if members:
        text += f" ({members} for members' allergies or diets)"
    if against:
        text += f"; advises against {len(against)}: {', '.join(against[:5])}"
    return text


def asked_for(
    reading: QueryUnderstanding, left_out: Mapping[str, Sequence[str]]
) -> dict[str, Sequence[str]]:
    """The left-out words the request asked for ("lobster night"), not those the reader took
    as an allergy ("someone allergic to sesame": left out of the search too, but saying so is
    noise beside "Left out every venue known to contain sesame")."""
    asked = {w for phrase in (*reading.leftover, *reading.dishes, *reading.categories)
             for w in phrase.split()}  # fmt: skip
    return {word: allergens for word, allergens in left_out.items() if word in asked}


def left_out_line(group: GroupProfile, asked: Mapping[str, Sequence[str]]) -> str:
    """ "Left lobster out of the search: Sam's shellfish allergy"."""
    allergens = list(dict.fromkeys(a for named in asked.values() for a in named))
    whose = "; ".join(
        f"{', '.join(names)}'s {display_name(a)} allergy" if names != ["request"]
        else f"{display_name(a)} kept out as asked"
        for a, names in who_for(group, allergens).items()
    )  # fmt: skip
    return f"Left {', '.join(asked)} out of the search: {whose}"


def features_line(features: list[str], found: ScoutResult) -> str:
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


def ranked_features_line(
    features: list[str], found: ScoutResult, venues: Sequence[VenueResult]
) -> str:
    """The plan's own words on a feature few venues show: which of the venues ranked show it,
    by name, and no claim on where they rank: the critic and the members' votes move them
    ("it comes first" was said of a venue the critic had sent last). Several features are
    said one by one: "No venue here shows evidence of halal food and vegetarian food" was
    said over three venues quoting vegetarian dishes (plans panel p37)."""
    if len(features) > 1:  # each said apart: one met at every venue is no "no venue shows"
        return ". ".join(
            _feature_line([f], {c.venue_id for c in found.candidates if f in c.traits}, venues)
            for f in features
        )
    return _feature_line(features, set(found.featured_ids), venues)


def _feature_line(features: list[str], ids: set[str], venues: Sequence[VenueResult]) -> str:
    asked = " and ".join(evidence_phrase(f) for f in features)
    named = [_placed(v) for v in venues if v.venue_id in ids]
    if not named:
        return f"No venue here shows evidence of {asked}; these are the closest matches"
    if len(named) == len(venues):
        return f"Every venue here shows evidence of {asked}"
    if len(named) == 1:
        return f"One venue here shows evidence of {asked}: {named[0]}"
    return f"Only {len(named)} venues here show evidence of {asked}: {', '.join(named)}"


def _placed(v: VenueResult) -> str:
    """A venue showing a member's diet, and, when it is not among the top picks, where it
    ranks and why: "no evidence" at all three read as if none existed (p03: Darbar sixth)."""
    if v.rank <= TOP_PICKS:
        return v.name
    high = next((f.description for f in v.risk_flags if f.severity == "high"), None)
    why = high or "lower on the outing's other needs (kind of place, budget, seating)"
    return f"{v.name} (#{v.rank}: {why})"


def outdoor_weather(
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


def vibe_evidence(top: Sequence[VenueResult], vibe: str) -> str:
    """Whether the top picks have words to judge the vibe asked by: a place known only from
    its listing has no vibe score, and the plan says so instead of implying it is lively."""
    unscored = [v.name for v in top if v.vibe_score is None]
    label = vibe.replace("_", " ")
    if not unscored:
        return ""
    if len(unscored) == len(top):
        return (
            f" Nothing I read says whether these are {label}: they are known from their "
            f"listings only, so {label} did not rank them."
        )
    verb = "it is" if len(unscored) == 1 else "they are"
    return f" {_and(unscored)}: nothing I read says whether {verb} {label}."


def quiet_evidence(top: Sequence[VenueResult], quiet: set[str]) -> str:
    """Quiet asked, and some venues' sources list them as quiet: they rank first
    (`Scored.unquiet`), so "quiet did not rank them" would be untrue; which top picks are."""
    listed = [v.name for v in top if v.venue_id in quiet]
    if not listed:
        return " None of the top picks is listed as quiet by its source: ask for a quiet table."
    rest = len(top) - len(listed)
    tail = f"; for the other {rest}, nothing I read says how quiet it is" if rest else ""
    return f" Listed as quiet by its source: {_and(listed)}{tail}."


def summary(
    venues: Sequence[VenueResult],
    found: ScoutResult,
    status: dict[str, str],
    intent: Intent,
    group: GroupProfile,
    *,
    covered: str | None = None,
) -> str:
    """`covered`: the sentence for a city the catalogue does not hold (`where.unknown_city`),
    or, when nothing fit, where the kinds asked are held (`where.elsewhere`)."""
    failed = [k for k, v in status.items() if v != "ok"]
    # "museum" the category and the kind, "parks" and "park": each once
    asked = {w.removesuffix("s"): w for w in [*found.filters.kinds, *intent.reading.categories]}
    wanted = " or ".join(dict.fromkeys(asked.values()))
    where = f" in {intent.location.title()}" if intent.location else ""
    if found.around:
        where = f" {found.around}"
    if found.unknown_city or found.no_city:
        return f"Pipeline complete: nothing planned. {covered or ''}".strip()
    if venues and found.instead:
        allergies = _kept_out(group, found.filters.exclude_allergens)
        kinds = " or ".join(f"{k.replace('_', ' ')}s" for k in found.filters.kinds)
        text = (
            f"Pipeline complete: every {', '.join(found.instead)} venue{where} the catalog holds "
            f"is known to contain {allergies}, so none is planned; these are other "
            f"{kinds or 'venues'}{where} instead, each checked for the same allergies."
        )
    elif venues:
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
        if covered:
            text += f" {covered}"
    if venues and intent.owner_city:
        text += (
            f" No city was named: planned in {intent.owner_city.title()}, where your last plan "
            "was; name another city to plan there."
        )
    if venues and found.one_city:
        text += (
            f" No city was named: planned in {found.one_city}, where most matches are. Which "
            "city is the group in? Name it to plan there."
        )
    if venues and found.missing_kinds:
        kinds = " or ".join(k.replace("_", " ") for k in found.missing_kinds)
        text += f" Nothing here is a {kinds}{where}; these are the closest matches of other kinds."
    if venues and found.around and not found.missing_kinds:  # else said in that sentence
        text += f" Looked {found.around}."
    if venues and found.features_short:
        text += f" {ranked_features_line(found.features_short, found, venues)}."
    if venues and (wholly := wholly_asked(intent.said)):
        places = {c.venue_id: c.record.place for c in found.candidates}
        top = [
            (
                v.name,
                v.venue_id in places and serves_only(wholly, v.name, places[v.venue_id].categories),
            )
            for v in venues[:3]
        ]
        text += f" {wholly_sentence(wholly, top)}"
    quiet = {c.venue_id for c in found.candidates if c.facts.noise == "quiet"}
    if venues and intent.vibe == "quiet" and quiet:
        text += quiet_evidence(venues[:3], quiet)
    elif venues and intent.vibe and "vibe_matcher" in intent.active_agents:
        text += vibe_evidence(venues[:3], intent.vibe)
    for note in found.notes:
        text += f" {note}"
    if venues and "closer" in intent.asked.changes:
        located = found.meeting is not None
        area = intent.reading.area
        placed = bool(found.around and found.around.startswith("within"))
        text += " " + closer_sentence(
            located, area, venues, intent.asked.earlier_top, placed=placed
        )
    seating = seating_summary(
        [(v.name, bool(v.takes_groups)) for v in venues[:3]], intent.group_size
    )
    if venues and seating:
        text += f" {seating}"
    if said := asked_for(intent.reading, found.left_out_words):
        text += f" {left_out_line(group, said)}."
    if failed:
        text += f" Degraded: {', '.join(failed)}."
    every, in_sql = hard_sets(group.profile, intent.reading.allergens)
    if venues and every and not found.instead:  # else said first
        text += f" Left out every venue known to contain {_kept_out(group, every)}"
        eased = [diet_label(SOFT_FREE_DIETS[a]) for a in every if a not in in_sql]
        text += f"{eased_clause(eased)}."
    if found.closed_left_out:
        text += f" Left out {found.closed_left_out} venue(s) their source lists as closed."
    if found.closed_by_reviews:
        text += (
            f" Left out {found.closed_by_reviews} venue(s) whose own latest reviews say they "
            "have closed."
        )
    if found.excluded:
        text += f" {counted(found.excluded)}"
    return text


def searched_where(intent: Intent, found: ScoutResult) -> str:
    """ " in Barcelona": where the venues were looked for, as the plan's sentences say it —
    the city searched once an area named was widened to it ("none listed in Gracia: all of
    Barcelona"), else the place the request named."""
    if found.broadened and found.filters.city:
        return f" in {found.filters.city.title()}"
    return f" in {intent.location.title()}" if intent.location else ""
