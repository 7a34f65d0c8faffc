"""The action a plan proposes when its prompt asks for one (an e-mail to the group, a
calendar invite): drafted from the top venue, sent only once its owner confirms (split from
`venues/planner.py`)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from kairos.venues import actions
from kairos.venues.commander import Intent
from kairos.venues.critic import PlanSlot
from kairos.venues.schemas import ActionRequest

__all__ = ["action_request"]


def action_request(
    plan_id: uuid.UUID,
    prompt: str,
    intent: Intent,
    venues: Sequence[Any],
    sentence: str | None,
    slot: PlanSlot,
    today: date,
) -> ActionRequest | None:
    if not intent.actions or not venues:
        return None
    action_id = uuid.uuid4()
    kind = "email" if "email" in intent.actions else "calendar"
    day = slot.day or today + timedelta(days=1)  # no day said: tomorrow
    invite = actions.draft_invite(prompt, venues[0], day, slot.part)
    preview: dict[str, Any] = {"invite": invite}
    if kind == "email":
        preview["email"] = actions.draft_email(prompt, list(venues), sentence)
    base = f"/api/plans/{plan_id}/actions/{action_id}"
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
