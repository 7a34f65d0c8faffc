"""The group planner's part of the shared profile (seed 002's Auth0 `app_metadata`): how much
price, vibe and risk weigh for this person. The commander reads it to set the agents' weights.

- `budget_sensitivity` 0–1: 0.5 is neutral; a student's 0.9 weighs cost more.
- `vibe_first`: the requested vibe weighs more than price.
- `risk_averse`: the critic's findings weigh more.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["PlannerPreferences", "PlannerUpdate", "merge_planner_patch"]


class PlannerPreferences(BaseModel):
    """Stored in `users.planner`; every field has a neutral default."""

    model_config = ConfigDict(extra="forbid")

    budget_sensitivity: float = Field(default=0.5, ge=0, le=1)
    vibe_first: bool = False
    risk_averse: bool = False


class PlannerUpdate(BaseModel):
    """A partial update: fields sent replace the stored ones, fields not sent are kept."""

    model_config = ConfigDict(extra="forbid")

    budget_sensitivity: float | None = Field(default=None, ge=0, le=1)
    vibe_first: bool | None = None
    risk_averse: bool | None = None


def merge_planner_patch(current: PlannerPreferences, patch: PlannerUpdate) -> PlannerPreferences:
    sent = {k: v for k, v in patch.model_dump(exclude_unset=True).items() if v is not None}
    return PlannerPreferences.model_validate({**current.model_dump(), **sent})
