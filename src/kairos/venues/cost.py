"""Cost analyst (seed 002 §4): no model, a table.

| sources                | price range | confidence |
| ---------------------- | ----------- | ---------- |
| every source agrees    | that value  | high       |
| only one source        | that value  | medium     |
| sources disagree       | the median  | low        |
| none                   | null        | none       |

Value: `$` 0.8, `$$` 0.6, `$$$` 0.4, `$$$$` 0.2, lowered by 0.05 at low confidence and
unknown (null) with none. Fit to the per-head budget: 1.0 when the tier's typical spend per
head is within it, falling linearly to 0 at twice the budget; a budget in pounds, euros or
rupees is first placed in the dollar tiers by where it sits in its own (`in_dollar_bands`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import median_low
from typing import Final, Literal

from kairos.core.sources import source_name
from kairos.text.query.numbers import in_dollar_bands
from kairos.venues.schemas import Budget, VenueResult

__all__ = [
    "TIER_SPEND",
    "VALUE",
    "CostProfile",
    "budget_fit",
    "budget_sentence",
    "budget_tiers",
    "cost_profile",
    "off_budget",
    "under_target",
    "under_the_level",
]

Confidence = Literal["high", "medium", "low", "none"]
TIERS: Final = ("$", "$$", "$$$", "$$$$")
VALUE: Final = {"$": 0.8, "$$": 0.6, "$$$": 0.4, "$$$$": 0.2}
LOW_CONFIDENCE_PENALTY: Final = 0.05
TIER_SPEND: Final = {"$": 12.0, "$$": 25.0, "$$$": 45.0, "$$$$": 80.0}
"""What a person typically spends at each tier, in USD (Yelp's bands: under $10, $11–30,
$31–60, over $61, at their middle)."""
TIER_FLOOR: Final = {"$": 0.0, "$$": 11.0, "$$$": 31.0, "$$$$": 61.0}
"""The least a person spends at each tier, in USD (the bands' lower ends)."""
_LEVEL_TIERS: Final = {"low": ("$", "$$"), "medium": ("$", "$$", "$$$"), "high": TIERS}
_NOT_FANCY: Final = re.compile(
    r"\b(?:not|nothing|no|never|without)\s+(?:too\s+|very\s+|overly\s+|super\s+|that\s+|so\s+|"
    r"particularly\s+)?(?:fancy|upscale|posh|expensive|pricey|fine dining|high end|fussy|formal)\b"
)
"""A medium budget said as a fancy wish in the negative ("nothing too fancy", "not too
pricey"): no $$$ either, which is what fancy costs (plans panel p01: a $$$ place was called
"within budget" for a celebration dinner that was to be "nothing too fancy")."""
UNDER_TARGET: Final = 0.4
"""An amount said as a target ("around $40 a head", not "under $40"): a tier where a person
typically spends under this share of it is well under what the group means to spend (a $ pizza
counter for a $40-a-head farewell dinner)."""
_TARGET: Final = re.compile(r"(?:\b(?:around|about|roughly|approx\w*|circa|ish)\b|~)")


@dataclass(frozen=True, slots=True)
class CostProfile:
    price_range: str | None
    confidence: Confidence
    value_score: float | None
    sources: dict[str, str]
    budget_fit: float | None
    note: str
    price_from: str | None = None
    """The bottom of the range a source priced it at ("$$" of "$$ - $$$"), when below
    `price_range` (its top); None for one tier."""

    @property
    def shown(self) -> str | None:
        """The price as said: its range ("$$–$$$") or its tier."""
        return shown_price(self.price_range, self.price_from)


def _resolve(signals: Mapping[str, int]) -> tuple[str | None, Confidence]:
    levels = [v for v in signals.values() if 1 <= v <= 4]
    if not levels:
        return None, "none"
    if len(levels) == 1:
        return TIERS[levels[0] - 1], "medium"
    if len(set(levels)) == 1:
        return TIERS[levels[0] - 1], "high"
    return TIERS[median_low(levels) - 1], "low"


def budget_fit(price_range: str | None, budget: Budget | None) -> float | None:
    """How well the tier fits the budget, 0–1; None when either is unknown."""
    if price_range is None or budget is None:
        return None
    if budget.per_head is not None and budget.per_head > 0:
        spend = TIER_SPEND[price_range]
        per_head = in_dollar_bands(budget.per_head, budget.currency)
        if spend <= per_head:
            return 1.0
        return round(max(0.0, 1.0 - (spend - per_head) / per_head), 3)
    if budget.level is not None:
        return 1.0 if price_range in _level_tiers(budget) else 0.3
    return None


def _level_tiers(budget: Budget) -> tuple[str, ...]:
    """The tiers a budget level holds: a medium one said as "nothing too fancy" stops at $$."""
    if budget.level == "medium" and _NOT_FANCY.search(budget.text or ""):
        return _LEVEL_TIERS["low"]
    return _LEVEL_TIERS[budget.level] if budget.level else TIERS


def shown_price(price_range: str | None, price_from: str | None) -> str | None:
    """A tier ("$$$"), or a range from its bottom to its top ("$$–$$$")."""
    if price_range and price_from and price_from != price_range:
        return f"{price_from}–{price_range}"
    return price_range


def off_budget(
    price_range: str | None, budget: Budget | None, price_from: str | None = None
) -> bool:
    """A range ("$$–$$$", `price_from` its bottom) is off only when both its ends are: a
    bottom within the budget may fit it (London's "$$ - $$$" for "under £25 each")."""
    if price_from is not None and not _off_budget(price_from, budget):
        return False
    return _off_budget(price_range, budget)


def _off_budget(price_range: str | None, budget: Budget | None) -> bool:
    """Priced outside the budget: the tier costs more than it even at its cheapest (a $$$
    place, from $31 a head, for $30 a head; $$$ for "cheap"), or it is a $ or $$ place for an
    upscale dinner ("fancy", "fine dining"). A tier whose band holds the budget ($$ for $20)
    may fit; a $$$$ place for a mid-range budget ("mid-range", "nothing too fancy") is off; an
    unknown price is not off."""
    if price_range not in TIER_FLOOR or budget is None:
        return False
    if budget.per_head is not None and budget.per_head > 0:
        amount = in_dollar_bands(budget.per_head, budget.currency)
        return TIER_FLOOR[price_range] > amount or under_target(price_range, budget)
    if budget.level in ("low", "medium"):  # "mid-range": not $$$$; "nothing too fancy": $$
        return price_range not in _level_tiers(budget)
    if budget.level == "high":
        return price_range in _LEVEL_TIERS["low"]
    return False


_CEILING: Final = re.compile(
    r"\b(?:under|below|max\w*|less than|at most|no more than|up to|within|cheap\w*|not over)\b"
)
"""Words that make an amount a head a ceiling only ("under $40 a head"), not a level."""


def under_the_level(price_range: str | None, budget: Budget | None) -> bool:
    """Priced well under an amount a head said plainly ("$40 a head", "around $40 each"), not
    as a ceiling ("under $40"): for an occasion that amount is the level the group means to
    spend, as well as its ceiling."""
    if price_range not in TIER_SPEND or budget is None or not budget.per_head:
        return False
    if _CEILING.search(budget.text.lower()):
        return False
    amount = in_dollar_bands(budget.per_head, budget.currency)
    return TIER_SPEND[price_range] < UNDER_TARGET * amount


def under_target(price_range: str | None, budget: Budget | None) -> bool:
    """Priced well under an amount a head said as a target (`UNDER_TARGET`)."""
    if price_range not in TIER_SPEND or budget is None or not budget.per_head:
        return False
    if not _TARGET.search(budget.text.lower()):
        return False
    amount = in_dollar_bands(budget.per_head, budget.currency)
    return TIER_SPEND[price_range] < UNDER_TARGET * amount


def cost_profile(
    signals: Mapping[str, int], budget: Budget | None, floor: int | None = None
) -> CostProfile:
    """`signals`: each source's price level (1–4) for one venue; `floor`: the bottom of a
    range a source gave (`RawFacts.price_floor`), kept when below the resolved tier: the fit
    to the budget is then the mean of the range's two ends (a "$$ - $$$" place for "under
    £25" may fit, less surely than a $$ one)."""
    price, confidence = _resolve(signals)
    low = TIERS[floor - 1] if floor and price and floor < TIERS.index(price) + 1 else None
    value = None if price is None else VALUE[price]
    if value is not None and confidence == "low":
        value = round(value - LOW_CONFIDENCE_PENALTY, 3)
    sources = {s: TIERS[v - 1] for s, v in signals.items() if 1 <= v <= 4}
    if confidence == "low":
        said = ", ".join(f"{source_name(s)} {t}" for s, t in sorted(sources.items()))
        note = f"sources disagree ({said})"
    elif confidence == "high":
        note = f"{len(sources)} sources agree on {price}"
    elif confidence == "medium":
        note = f"{price} from {source_name(next(iter(sources)))} only"
    else:
        note = "no price known"
    fit = budget_fit(price, budget)
    if low is not None:
        said = ", ".join(source_name(s) for s in sorted(sources))
        note = f"a range from {said}"
        low_fit = budget_fit(low, budget)
        if fit is not None and low_fit is not None:
            fit = round((fit + low_fit) / 2, 3)
    return CostProfile(price, confidence, value, sources, fit, note, low)


def budget_tiers(budget: Budget | None) -> list[str] | None:
    """The tiers within the budget, when it rules some out: searched for first (a search
    for "team lunch" ranks a $$$$ steakhouse anywhere); None when every tier may fit."""
    fitting = [t for t in TIERS if not off_budget(t, budget)]
    return fitting if fitting and len(fitting) < len(TIERS) else None


def budget_sentence(
    venues: Sequence[VenueResult], budget: Budget | None, place: str, top: int = 3
) -> str | None:
    """What the budget came to when a venue priced outside it is among the top `top`: only
    those are known that fit it, the others are said with their price."""
    if budget is None or not budget.text:
        return None
    shown = venues[:top]
    off = [v for v in shown if off_budget(v.price_range, budget, v.price_from)]
    if not off:
        return _may_fit(shown, budget)
    fitting = sum(not off_budget(v.price_range, budget, v.price_from) for v in venues)
    under = [v for v in off if under_target(v.price_range, budget)]
    if under and len(under) == len(off):
        named = ", ".join(f"{v.name} ({v.price_range})" for v in under)
        known = f"Only {fitting} venue(s)" if fitting else "No venue"
        # a venue showing the members' diets ranks before the price (`standing`): said so
        diets = any(r.severity == "diet" for v in venues for r in v.members_at_risk)
        shows = diets and not any(r.severity == "diet" for v in under for r in v.members_at_risk)
        why = "kept for the members' diets they show" if shows else _kept(venues, budget, top)
        return (
            f'{known} known{place} priced for "{budget.text}": {named} in the top '
            f"{len(shown)} cost well under it, {why}."
        )
    named = ", ".join(f"{v.name} ({_said(v)})" for v in off)
    known = f"Only {fitting} venue(s)" if fitting else "No venue"
    if budget.level == "high" and budget.per_head is None:
        return (
            f'{known} priced $$$ or $$$$ known{place} for "{budget.text}": {named} in the top '
            f"{len(shown)} cost less, {_kept(venues, budget, top)}."
        )
    return (
        f'{known} known{place} fit "{budget.text}": {named} in the top {len(shown)} cost '
        f"more, {_kept(venues, budget, top)}."
    )


def _kept(venues: Sequence[VenueResult], budget: Budget, top: int) -> str:
    """Why a venue priced outside the budget is in the top `top`: for want of others only when
    no venue priced within it ranks after them (plans panel p01: "kept for want of others"
    said of a $$$$ venue with $$ venues fourth to sixth); else those venues, named."""
    after = [
        v
        for v in venues[top:]
        if v.price_range and not off_budget(v.price_range, budget, v.price_from)
    ]
    if not after:
        return "kept for want of others"
    named = ", ".join(f"{v.name} ({_said(v)})" for v in after[:2])
    more = f" and {len(after) - 2} more" if len(after) > 2 else ""
    return f"ranked before {named}{more}, which fit it but stand lower on the rest asked"


def _said(v: VenueResult) -> str:
    return shown_price(v.price_range, v.price_from) or "price unknown"


def _may_fit(shown: Sequence[VenueResult], budget: Budget) -> str | None:
    """The top venues priced as a range whose top is over the budget and whose bottom is
    within it: said as may fit, never as within it nor as over it."""
    ranged = [
        v
        for v in shown
        if v.price_from is not None
        and off_budget(v.price_range, budget)
        and not off_budget(v.price_range, budget, v.price_from)
    ]
    if not ranged:
        return None
    named = ", ".join(f"{v.name} ({_said(v)})" for v in ranged)
    are = "is priced as a range" if len(ranged) == 1 else "are priced as ranges"
    return (
        f'{named} {are} whose lower end fits "{budget.text}": they may fit it, '
        "depending on what is ordered."
    )
