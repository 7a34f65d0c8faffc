"""The one safety step every product calls before it shows places to a person.

In order: the hard set (every anaphylactic allergen of the profile, plus what this request
excludes — already applied in SQL by the caller's search, and applied again here); the profile's
custom ingredients ("garlic", "kiwi") read from the candidates' own reviews, since ingestion
knows only the 14; then the guard, which excludes, flags or annotates every place and never
hides one silently (`core/allergy_guard.py`). A group is one profile: the union of its members'
allergies, each at the riskiest severity any member has (`group_profile`).

What a person is shown carries this step's verdict as an `AllergyCheck` (`shown_check`: one
item, for the people it is shown to, naming who each risk is for). Products put it on every
place, venue, stop, meal slot and recipe they return, as a required field, and nothing outside
this module builds one (`tests/pipeline/test_shown_items.py` reads the source to make sure, and
walks every route that returns such items).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kairos.core.allergen_detection import AllergenMention, detect_allergens
from kairos.core.allergens import (
    SEVERITY_RISK,
    Severity,
    is_canonical,
    is_known_food,
    lactose_free_for_intolerance,
)
from kairos.core.allergy_guard import AllergyAssessment, ExcludedItem, GuardResult, check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.allergy_warnings import LEVELS, WarningLevel, advice, display_name
from kairos.core.hard_filter import hard_excluded_allergens
from kairos.core.lexicon import custom_lexicon
from kairos.core.place_allergens import custom_ingredient_evidence
from kairos.store.places import PlaceRecord, PlacesRepository

__all__ = [
    "AllergyCheck",
    "CheckedRisk",
    "Person",
    "UnsafeToShow",
    "excluded_check",
    "group_profile",
    "guard_places",
    "hard_set",
    "not_food_check",
    "quote_avoids",
    "recipe_check",
    "shown_check",
    "withheld_check",
]

CUSTOM_REVIEWS_PER_PLACE = 20


def hard_set(profile: AllergyProfile, exclude: Iterable[str] = ()) -> list[str]:
    """Allergens no place shown may be known to contain: the SQL filter and the guard's rule 1."""
    return sorted(hard_excluded_allergens(profile, list(exclude)))


def group_profile(profiles: Iterable[AllergyProfile]) -> AllergyProfile:
    """One profile for several people: every allergy of any member, at the riskiest severity."""
    levels: dict[str, Severity] = {}
    for profile in profiles:
        for name, level in profile.resolved_severities().items():
            if name not in levels or SEVERITY_RISK[level] > SEVERITY_RISK[levels[name]]:
                levels[name] = level
    return AllergyProfile.of_levels(levels)


async def guard_places(
    places: PlacesRepository,
    records: Sequence[PlaceRecord],
    profile: AllergyProfile,
    *,
    exclude: Iterable[str] = (),
) -> GuardResult[PlaceRecord]:
    """Safe, flagged and excluded places for this profile, in the caller's order within each."""
    hard = hard_set(profile, exclude)
    evidenced = list(records)
    terms = profile.custom_ingredients
    if terms and evidenced:
        texts = await places.reviews_naming(
            [r.place.id for r in evidenced], terms, per_place=CUSTOM_REVIEWS_PER_PLACE
        )
        evidenced = [
            r.with_evidence(found)
            if (found := custom_ingredient_evidence(texts.get(r.place.id, ()), terms))
            else r
            for r in evidenced
        ]
    return check(evidenced, profile, allergens_of=lambda r: r.allergens, hard_excluded=hard)


Person = tuple[str, AllergyProfile]
"""Who an item is shown to: ("you", the profile), or a group member's name and theirs."""
Verdict = Literal["no_known_risk", "caution", "danger", "excluded", "no_allergies", "not_food"]
Basis = Literal["evidence", "cuisine_heuristic", "none", "not_food"]


class CheckedRisk(BaseModel):
    """One allergen this item is known or likely to hold, for whom, and what to do."""

    model_config = ConfigDict(frozen=True)

    allergen: str = Field(description="canonical name, or a custom ingredient ('garlic')")
    name: str = Field(description="as said in sentences: 'tree nuts'")
    severity: Severity = Field(description="the riskiest severity among `who`")
    level: WarningLevel
    status: Literal["contains", "likely"]
    message: str = Field(description="what is known, from which evidence, and what to do")
    source: str | None = Field(description="menu, dish, review, category, name, recipe line…")
    who: list[str] = Field(description="the people this allergen is a risk for")


class AllergyCheck(BaseModel):
    """The safety step's assessment of one shown item, for the people it is shown to."""

    model_config = ConfigDict(frozen=True)

    checked_for: list[str] = Field(description="'you', or every member of the group")
    allergens: list[str] = Field(description="every allergen and custom ingredient checked")
    verdict: Verdict = Field(
        description="no_known_risk (nothing found: read with `basis`), caution, danger (an "
        "anaphylactic allergen is known or likely), excluded (known to contain an allergen "
        "someone must avoid: shown only when asked for by name, never recommended), "
        "no_allergies (nobody gave one), not_food (a place to visit, not to eat)"
    )
    basis: Basis = Field(
        description="what 'nothing found' rests on: the item's own evidence, only its cuisine "
        "or kind, nothing known, or not a place to eat"
    )
    summary: str
    risks: list[CheckedRisk] = Field(default_factory=list)
    unread: list[str] = Field(
        default_factory=list,
        description="recipe lines naming no food Kairos knows: not checked, never taken as safe",
    )
    note: str | None = Field(default=None, description="how far the knowledge goes")

    @property
    def known_risk(self) -> bool:
        return bool(self.risks)


def _who(people: Sequence[Person], allergen: str) -> list[str]:
    return [name for name, profile in people if allergen in profile.severity]


def _checked(people: Sequence[Person]) -> tuple[list[str], list[str]]:
    allergens = list(dict.fromkeys(a for _, p in people for a in p.allergens))
    return [name for name, _ in people], allergens


def shown_check(assessment: AllergyAssessment, people: Sequence[Person]) -> AllergyCheck:
    """A place's guard assessment, as shown to `people` (the guard ran on their union)."""
    checked_for, allergens = _checked(people)
    if not allergens:
        return AllergyCheck(
            checked_for=checked_for, allergens=[], verdict="no_allergies", basis=assessment.basis,
            summary="No allergies were given, so none were checked.", note=None,
        )  # fmt: skip
    risks = []
    for w in assessment.warnings:
        who = _who(people, w.allergen)
        risks.append(
            CheckedRisk(
                allergen=w.allergen,
                name=display_name(w.allergen),
                severity=w.severity,
                level=w.level,
                status="contains"
                if w.status == "contains" and w.confidence == "high"
                else "likely",
                message=_said_to(w.message, w.severity, w.allergen, who),
                source=w.source,
                who=who,
            )
        )
    danger = any(r.severity == "anaphylactic" for r in risks)
    return AllergyCheck(
        checked_for=checked_for,
        allergens=allergens,
        verdict="danger" if danger else "caution" if risks else "no_known_risk",
        basis=assessment.basis,
        summary=_risk_summary(risks) if risks else assessment.summary,
        risks=risks,
        note=assessment.confidence_note,
    )


def excluded_check(excluded: ExcludedItem[Any], people: Sequence[Person]) -> AllergyCheck:
    """A place the guard excluded, when a person asks for it by name: said, never hidden."""
    checked_for, allergens = _checked(people)
    union = group_profile(p for _, p in people).resolved_severities()
    risks = []
    for allergen in excluded.allergens:
        severity = union.get(allergen, "anaphylactic")
        risks.append(
            CheckedRisk(
                allergen=allergen,
                name=display_name(allergen),
                severity=severity,
                level=LEVELS[severity],
                status="contains",
                message=excluded.reason,
                source=None,
                who=_who(people, allergen),
            )
        )
    return AllergyCheck(
        checked_for=checked_for,
        allergens=allergens,
        verdict="excluded",
        basis="evidence",
        summary=excluded.reason + " Kept out of every recommendation.",
        risks=risks,
    )


def quote_avoids(profile: AllergyProfile) -> Callable[[str], bool] | None:
    """What a quote recommending a place to this person must not praise: a sentence naming one
    of their allergens ("the lobster roll is a must" for a shellfish allergy)."""
    names = set(profile.allergens)
    if not names:
        return None
    custom = tuple(a for a in names if not is_canonical(a))

    def names_allergen(sentence: str) -> bool:
        found = detect_allergens(sentence)
        if custom:
            found += detect_allergens(sentence, custom_lexicon(custom))
        return any(m.allergen in names for m in found)

    return names_allergen


def _said_to(message: str, severity: Severity, allergen: str, who: Sequence[str]) -> str:
    """The guard's warning speaks to "you"; in a group it speaks of the members at risk."""
    if list(who) in ([], ["you"]):
        return message
    names = [n for n in who if n != "you"] + (["you"] if "you" in who else [])
    whom = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return message.replace(advice(severity, allergen), advice(severity, allergen, whom))


def _risk_summary(risks: Sequence[CheckedRisk]) -> str:
    parts = [
        f"{r.name} ({'contains' if r.status == 'contains' else 'likely'}; {', '.join(r.who)})"
        for r in risks
    ]
    return "Known risk: " + "; ".join(parts) + "."


def withheld_check(checked_for: Sequence[str], said: str) -> AllergyCheck:
    """The check as someone other than the people checked for sees it (a plan's shared link):
    checked, 'caution' whatever was found, no allergen and no one named (`said` says why)."""
    return AllergyCheck(
        checked_for=list(checked_for), allergens=[], verdict="caution", basis="none", summary=said
    )


def not_food_check(people: Sequence[Person], what: str = "place to visit") -> AllergyCheck:
    """A stop where nobody is sent to eat (a museum, a park): checked, and said so."""
    checked_for, allergens = _checked(people)
    return AllergyCheck(
        checked_for=checked_for,
        allergens=allergens,
        verdict="not_food",
        basis="not_food",
        summary=f"A {what}, not a place to eat: no food is planned here.",
    )


def severity_level(severity: Severity) -> WarningLevel:
    return LEVELS[severity]


class UnsafeToShow(ValueError):
    """An item holds an allergen of someone it would be shown to: it must not be shown."""


@lru_cache(maxsize=65_536)
def _line_mentions(line: str, custom: tuple[str, ...]) -> tuple[AllergenMention, ...]:
    """A recipe line read by the allergen core, and for the custom entries. Kept: the reading
    depends on the text and the entries alone, and the same final lines come back with every
    request that offers their recipe."""
    mentions = detect_allergens(line)
    if custom:
        mentions += detect_allergens(line, custom_lexicon(custom))
    return tuple(mentions)


def recipe_check(lines: Sequence[str], people: Sequence[Person]) -> AllergyCheck:
    """A recipe's final ingredient lines, read again for `people`.

    A line that contains an allergen of anyone raises `UnsafeToShow`: the product substitutes
    it or does not offer the recipe. A line that only likely holds one ("curry paste": most
    hold shrimp paste) is named as a risk, with what to check.
    """
    checked_for, allergens = _checked(people)
    if not allergens:
        return AllergyCheck(
            checked_for=checked_for, allergens=[], verdict="no_allergies", basis="evidence",
            summary="No allergies were given, so none were checked.",
        )  # fmt: skip
    union = group_profile(p for _, p in people).resolved_severities()
    custom = tuple(a for a in union if not is_canonical(a))
    risks: dict[str, CheckedRisk] = {}
    for line in lines:
        for mention in _line_mentions(line, custom):
            severity = union.get(mention.allergen)
            if severity is None:
                continue
            lactose_free = lactose_free_for_intolerance(
                line, mention.text, mention.allergen, severity
            )
            if mention.status == "contains" and not lactose_free:
                raise UnsafeToShow(f"{line!r} contains {display_name(mention.allergen)}")
            name = display_name(mention.allergen)
            why = (
                "lactose-free, but still milk: it suits a lactose intolerance, not a milk allergy"
                if lactose_free
                else mention.reason or f"it may hold {name}"
            )
            if mention.allergen in risks:  # every line is named, not only the first
                risk = risks[mention.allergen]
                if f'"{line}"' not in risk.message:
                    message = f'{risk.message} Also "{line}": {why}.'
                    risks[mention.allergen] = risk.model_copy(update={"message": message})
                continue
            risks[mention.allergen] = CheckedRisk(
                allergen=mention.allergen, name=name, severity=severity,
                level=LEVELS[severity], status="contains" if lactose_free else "likely",
                message=f'"{line}": {why}. Check the label, or use one without {name}.',
                source="recipe line", who=_who(people, mention.allergen),
            )  # fmt: skip
    found = list(risks.values())
    unread = [line for line in lines if line.strip() and not is_known_food(line)]
    danger = any(r.severity == "anaphylactic" for r in found)
    summary = (
        _risk_summary(found)
        if found
        else "No allergen of anyone it is for in its final ingredients."
    )
    if unread:
        summary += f" {len(unread)} line(s) name nothing Kairos knows: check them yourself."
    return AllergyCheck(
        checked_for=checked_for,
        allergens=allergens,
        verdict="danger" if danger else "caution" if found or unread else "no_known_risk",
        basis="evidence",
        summary=summary,
        risks=found,
        unread=unread,
        note=(
            "Not read: " + "; ".join(f'"{line}"' for line in unread[:5]) + "." if unread else None
        ),
    )
