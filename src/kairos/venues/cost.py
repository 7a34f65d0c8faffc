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

from collections.abc import Mapping
from dataclasses import dataclass
from statistics import median_low
from typing import Final, Literal

from kairos.core.sources import source_name
from kairos.text.query.numbers import in_dollar_bands
from kairos.venues.schemas import Budget

__all__ = ["TIER_SPEND", "VALUE", "CostProfile", "budget_fit", "cost_profile"]

Confidence = Literal["high", "medium", "low", "none"]
TIERS: Final = ("$", "$$", "$$$", "$$$$")
VALUE: Final = {"$": 0.8, "$$": 0.6, "$$$": 0.4, "$$$$": 0.2}
LOW_CONFIDENCE_PENALTY: Final = 0.05
TIER_SPEND: Final = {"$": 12.0, "$$": 25.0, "$$$": 45.0, "$$$$": 80.0}
"""What a person typically spends at each tier, in USD (Yelp's bands: under $10, $11–30,
$31–60, over $61, at their middle)."""
_LEVEL_TIERS: Final = {"low": ("$", "$$"), "medium": ("$", "$$", "$$$"), "high": TIERS}


@dataclass(frozen=True, slots=True)
class CostProfile:
    price_range: str | None
    confidence: Confidence
    value_score: float | None
    sources: dict[str, str]
    budget_fit: float | None
    note: str


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
        return 1.0 if price_range in _LEVEL_TIERS[budget.level] else 0.3
    return None


def cost_profile(signals: Mapping[str, int], budget: Budget | None) -> CostProfile:
    """`signals`: each source's price level (1–4) for one venue."""
    price, confidence = _resolve(signals)
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
    return CostProfile(price, confidence, value, sources, budget_fit(price, budget), note)
