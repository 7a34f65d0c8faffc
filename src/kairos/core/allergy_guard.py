"""AllergyGuard: the last safety check on every result set of every product (seed 000 §9).

Rules, in order, for each item:
1. Its high-confidence "contains" allergens meet the hard-excluded set (every anaphylactic
   allergen of the profile plus any requested exclusion) -> `excluded`, with the reason. SQL has
   already removed these; the guard repeats the rule so a missed filter cannot leak one through.
2. An anaphylactic allergen of the profile has high-confidence evidence (a verified
   "may contain", since "contains" was excluded) -> `flagged`, shown with a danger banner.
3. Everything else -> `safe`, annotated. Nothing is ever hidden silently:
   safe + flagged + excluded is always the input.

Both lists are sorted: no known conflict first, then by worst severity with anaphylactic the
worst, ties kept in input order (the caller's relevance order). Each item carries one status per
profile allergen (`contains`, `may_contain` or `unverified`, with the source) and a `basis` that
says whether "no known conflict" rests on the place's own evidence or only on its cuisine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Generic, Literal, TypeVar

from kairos.core.allergen_detection import MentionStatus
from kairos.core.allergens import SEVERITY_RISK, Confidence, Severity
from kairos.core.allergy_profile import AllergyProfile, anaphylactic_allergens
from kairos.core.allergy_warnings import (
    LEVELS,
    TITLES,
    WarningLevel,
    confidence_note,
    display_name,
    warning_message,
)
from kairos.core.hard_filter import hard_excluded_allergens
from kairos.core.place_allergens import EvidenceIndex, EvidenceSource, PlaceAllergens

__all__ = [
    "AllergenStatus",
    "AllergyAssessment",
    "AllergyWarning",
    "ExcludedItem",
    "GuardResult",
    "GuardedItem",
    "SafetyBasis",
    "StatusLabel",
    "check",
]

# Result objects are plain slotted dataclasses, not frozen ones: a frozen dataclass costs ~8x more
# to build and the guard builds several per item on every request. Assessments are memoised per
# place and profile, warnings and statuses per piece of evidence, and shared between results:
# treat every result object as read-only.
T = TypeVar("T")
StatusLabel = Literal["contains", "may_contain", "unverified"]
SafetyBasis = Literal["evidence", "cuisine_heuristic", "none"]

_BASIS: Final[dict[Confidence, SafetyBasis]] = {
    "high": "evidence",
    "medium": "cuisine_heuristic",
    "low": "none",
}
_SAFE_SUMMARY: Final[dict[SafetyBasis, str]] = {
    "evidence": "No allergen from your profile found in this place's menu, dishes or reviews.",
    "cuisine_heuristic": "No conflict expected from its cuisine; not verified for this place.",
    "none": "Unverified: no allergen information is known for this place.",
}


@dataclass(slots=True)
class AllergyWarning:
    allergen: str
    severity: Severity
    level: WarningLevel
    title: str
    message: str
    status: Literal["contains", "may_contain"]
    source: EvidenceSource | None
    confidence: Confidence


@dataclass(slots=True)
class AllergenStatus:
    """What is known about one profile allergen at one place."""

    allergen: str
    severity: Severity
    status: StatusLabel
    source: EvidenceSource | None
    confidence: Confidence | None
    evidence: str | None


@dataclass(slots=True)
class AllergyAssessment:
    is_safe: bool
    """No profile allergen is known or suspected here. Read with `basis`: never a guarantee."""
    basis: SafetyBasis
    """What the place's allergen knowledge rests on: its own evidence, its cuisine, or nothing."""
    summary: str
    worst_severity: Severity | None
    warnings: tuple[AllergyWarning, ...]
    statuses: tuple[AllergenStatus, ...]
    confidence: Confidence
    confidence_note: str | None


@dataclass(slots=True)
class GuardedItem(Generic[T]):
    item: T
    assessment: AllergyAssessment


@dataclass(slots=True)
class ExcludedItem(Generic[T]):
    item: T
    allergens: tuple[str, ...]
    reason: str


@dataclass(slots=True)
class GuardResult(Generic[T]):
    safe: tuple[GuardedItem[T], ...]
    flagged: tuple[GuardedItem[T], ...]
    excluded: tuple[ExcludedItem[T], ...]
    hard_excluded_allergens: tuple[str, ...]
    has_any_warnings: bool


_Entry = tuple[str, Severity, "AllergenStatus"]
_NOTES: Final = {level: confidence_note(level) for level in _BASIS}
_MEMO_LIMIT: Final = 512
"""Assessments memoised per place before its memo is reset (one entry per profile seen)."""


class _Annotator:
    """Per-call state: the profile's entries, riskiest first, and shared status objects."""

    def __init__(self, profile: AllergyProfile) -> None:
        severities = tuple(profile.resolved_severities().items())
        self.entries = _profile_entries(severities)
        self.key = _profile_key(severities)

    def assess(self, place: PlaceAllergens, best: EvidenceIndex) -> tuple[AllergyAssessment, bool]:
        """The assessment, and whether an anaphylactic allergen has high-confidence evidence.

        Entries are visited riskiest first, so the first match is the worst severity and the
        warnings come out already ordered by risk. The result is memoised on the place for this
        profile: it depends only on the two, and a cached place is often checked again.
        """
        memo = best.memo
        done: tuple[AllergyAssessment, bool] | None = memo.get(self.key)
        if done is not None:
            return done
        if len(memo) > _MEMO_LIMIT:  # a long-lived place checked for very many profiles
            memo.clear()
        statuses: list[AllergenStatus] = []
        warnings: list[AllergyWarning] = []
        worst: Severity | None = None
        danger = False
        for name, severity, unverified in self.entries:
            knowledge = best.get(name)
            if knowledge is None:
                statuses.append(unverified)
                continue
            pair = _annotation(
                name,
                severity,
                knowledge.status,
                knowledge.confidence,
                knowledge.source,
                knowledge.span,
                knowledge.ref,
            )
            statuses.append(pair[0])
            warnings.append(pair[1])
            if worst is None:
                worst = severity
            if severity == "anaphylactic" and knowledge.confidence == "high":
                danger = True
        basis = _BASIS[place.confidence]
        if worst is None:
            summary = _SAFE_SUMMARY[basis] if self.entries else "No allergies in your profile."
        else:
            summary = _summary(worst, tuple(w.allergen for w in warnings if w.severity == worst))
        assessment = AllergyAssessment(
            is_safe=worst is None,
            basis=basis,
            summary=summary,
            worst_severity=worst,
            warnings=tuple(warnings),
            statuses=tuple(statuses),
            confidence=place.confidence,
            confidence_note=None if _own_evidence_only(statuses) else _NOTES[place.confidence],
        )
        memo[self.key] = (assessment, danger)
        return assessment, danger


def _own_evidence_only(statuses: Sequence[AllergenStatus]) -> bool:
    """Whether every allergen of the profile was found in the place's own menu, dishes, reviews,
    categories or name: then a note that its allergen information "comes from its cuisine type,
    not from its menu or reviews" would contradict the card ("a review mentions Malai Kofta"),
    for the person's allergens are all that the card speaks of. One allergen read only from the
    cuisine, or not known at all, keeps the note."""
    return bool(statuses) and all(
        s.source is not None and s.source != "cuisine_heuristic" for s in statuses
    )


def _entry_order(entry: tuple[str, Severity]) -> int:
    return -SEVERITY_RISK[entry[1]]


# Caches are applied by assignment (`f = lru_cache(...)(f_uncached)`), not as decorators: mutmut
# does not mutate decorated functions, and these are part of what `make mutation` checks.
def _annotation_uncached(
    name: str,
    severity: Severity,
    status: MentionStatus,
    confidence: Confidence,
    source: EvidenceSource | None,
    span: str,
    ref: str | None,
) -> tuple[AllergenStatus, AllergyWarning]:
    """Status and warning for one matched allergen. Shared between places with the same
    evidence (every Thai place gets the same cuisine warning), so treat them as read-only."""
    verified = confidence == "high" and source != "cuisine_heuristic"
    evidence = span if ref is None else f"{ref}: {span}"
    return (
        AllergenStatus(
            name, severity, status if verified else "may_contain", source, confidence, evidence
        ),
        AllergyWarning(
            allergen=name,
            severity=severity,
            level=LEVELS[severity],
            title=TITLES[severity],
            message=warning_message(name, severity, status, source, span, ref),
            status=status,
            source=source,
            confidence=confidence,
        ),
    )


_annotation = lru_cache(maxsize=8192)(_annotation_uncached)


def _profile_key_uncached(severities: tuple[tuple[str, Severity], ...]) -> str:
    """A string key for a profile (strings cache their hash, so memo lookups stay cheap)."""
    return "profile:" + ";".join(f"{name}={severity}" for name, severity in severities)


_profile_key = lru_cache(maxsize=256)(_profile_key_uncached)


def _profile_entries_uncached(severities: tuple[tuple[str, Severity], ...]) -> tuple[_Entry, ...]:
    """Profile entries riskiest first, each with its shared "unverified" status."""
    return tuple(
        (name, severity, AllergenStatus(name, severity, "unverified", None, None, None))
        for name, severity in sorted(severities, key=_entry_order)
    )


_profile_entries = lru_cache(maxsize=256)(_profile_entries_uncached)


def _summary_uncached(worst: Severity, allergens: tuple[str, ...]) -> str:
    return f"{TITLES[worst]}: {', '.join(map(display_name, allergens))}."


_summary = lru_cache(maxsize=1024)(_summary_uncached)


_HIGH: Final = ("contains", "high")


def _exclusion_reason_uncached(hits: tuple[tuple[str, bool], ...]) -> str:
    """`hits`: (allergen, whether the profile marks it anaphylactic) for each excluded one."""
    parts = [
        f"{display_name(name)} ({'anaphylactic allergy' if anaphylactic else 'excluded'})"
        for name, anaphylactic in hits
    ]
    return (
        "Contains "
        + ", ".join(parts)
        + ", known from its own menu, dishes, reviews, category or name."
    )


_exclusion_reason = lru_cache(maxsize=1024)(_exclusion_reason_uncached)


def check(
    items: Sequence[T],
    profile: AllergyProfile,
    *,
    allergens_of: Callable[[T], PlaceAllergens],
    hard_excluded: Iterable[str] = (),
) -> GuardResult[T]:
    """Annotate, split and sort `items` for `profile` (see the module docstring for the rules).

    `hard_excluded` is what the caller already excluded in SQL; the profile's anaphylactic
    allergens are always added to it, so a caller cannot narrow the rule by passing less.
    """
    hard = tuple(sorted(hard_excluded_allergens(profile, hard_excluded)))
    anaphylactic = anaphylactic_allergens(profile)
    annotator = _Annotator(profile)
    # (risk of the worst match, 0 when none; input position; item): sorts safe first, then by
    # severity with anaphylactic last, ties in input order, with no key function.
    safe: list[tuple[int, int, GuardedItem[T]]] = []
    flagged: list[tuple[int, int, GuardedItem[T]]] = []
    excluded: list[ExcludedItem[T]] = []
    warned = False
    for index, item in enumerate(items):
        place = allergens_of(item)
        best = place.best_evidence
        if hard:
            hits: tuple[str, ...] = ()
            for name in hard:
                knowledge = best.get(name)
                if knowledge is not None and (knowledge.status, knowledge.confidence) == _HIGH:
                    hits += (name,)
            if hits:
                reason = _exclusion_reason(tuple((name, name in anaphylactic) for name in hits))
                excluded.append(ExcludedItem(item, hits, reason))
                continue
        assessment, danger = annotator.assess(place, best)
        worst = assessment.worst_severity
        if worst is not None:
            warned = True
        entry = (0 if worst is None else SEVERITY_RISK[worst], index, GuardedItem(item, assessment))
        (flagged if danger else safe).append(entry)
    safe.sort()
    flagged.sort()
    return GuardResult(
        safe=tuple(entry[2] for entry in safe),
        flagged=tuple(entry[2] for entry in flagged),
        excluded=tuple(excluded),
        hard_excluded_allergens=hard,
        has_any_warnings=warned,
    )
