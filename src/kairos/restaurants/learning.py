"""After each turn, in their own sessions and never raising: save the interaction, learn the taste
the message stated (`taste_statements`; never allergies, never a request's own wishes),
pre-warm the feed (seed 000 §16)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import UTC, datetime

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.errors import NotFound
from kairos.profiles.schemas import TASTE_ITEM_MAX_CHARS, TASTE_LIST_MAX_ITEMS, UserPublic
from kairos.profiles.service import ProfileService
from kairos.restaurants.schemas import GenerativeUIPayload
from kairos.store.database import Database

ALLOWED_PREFERENCE_KEYS = frozenset(
    {"dietary", "vibes", "cuisine_affinity", "cuisine_aversion", "price_comfort"}
)


def _capped(key: str, stored: list[str], stated: list[str]) -> list[str]:
    """`stored` then what was `stated`, within the limits a client's own lists have (50 items
    of 80 characters). What the message just stated is always kept; to make room, a list read
    most important first (vibes) loses its least important stored entries, the others their
    oldest (learning appends, so the front of the list was stored longest)."""
    merged = list(dict.fromkeys([*stored, *(v for v in stated if len(v) <= TASTE_ITEM_MAX_CHARS)]))
    if len(merged) <= TASTE_LIST_MAX_ITEMS:
        return merged
    new = [v for v in merged if v not in stored][:TASTE_LIST_MAX_ITEMS]
    kept = [v for v in stored if v not in new]
    room = TASTE_LIST_MAX_ITEMS - len(new)
    kept = kept[:room] if key == "vibes" else kept[len(kept) - room :]
    return [*kept, *new]


def merge_preferences(
    current: TastePreferences, signals: Mapping[str, list[str]]
) -> TastePreferences:
    """Lists are unioned in order (existing first) and capped (`_capped`); unknown keys are
    dropped."""
    data = current.model_dump()
    for key, values in signals.items():
        if key not in ALLOWED_PREFERENCE_KEYS:
            continue
        data[key] = _capped(key, data.get(key, []), values)
    if "cuisine_affinity" in signals:
        liked = set(signals["cuisine_affinity"])
        data["cuisine_aversion"] = [c for c in data["cuisine_aversion"] if c not in liked]
    return TastePreferences.model_validate(data)


_SAVE_INTERACTION = (
    "WITH saved AS ("
    " INSERT INTO interactions (id, uid, product, user_query, agent_response, ui_type,"
    " place_ids, allergy_warnings_shown, allergens_flagged) VALUES (:id, :uid, :product,"
    " :query, CAST(:response AS jsonb), :ui_type, CAST(:place_ids AS bigint[]), :warned,"
    " CAST(:flagged AS text[])))"
    " UPDATE users SET interaction_count = interaction_count + 1, last_active_at = :now"
    " WHERE uid = :uid"
)


async def save_interaction(
    db: Database, uid: uuid.UUID, message: str, payload: GenerativeUIPayload
) -> None:
    """The turn's interaction and the user's activity counter, in one statement (atomic, and
    one round trip where a transaction around two statements took four)."""
    shown = payload.restaurants + payload.flagged_restaurants
    await db.fetch(
        _SAVE_INTERACTION,
        {
            "id": uuid.uuid4(),
            "uid": uid,
            "product": "restaurants",
            "query": message,
            "response": payload.model_dump_json(),
            "ui_type": payload.ui_type,
            "place_ids": [r.id for r in shown],
            "warned": payload.has_allergy_warnings,
            "flagged": sorted({w.allergen for r in shown for w in r.allergy_warnings}),
            "now": datetime.now(UTC),
        },
    )


async def learn_preferences(
    profiles: ProfileService,
    uid: uuid.UUID,
    signals: Mapping[str, list[str]],
    read: UserPublic | None = None,
) -> bool:
    """Merges what the message stated about taste into the stored preferences; allergies pass
    through untouched, and a concurrent profile change is never overwritten. `read` is the
    profile the turn read: when the message adds nothing to its preferences nothing is written,
    else one compare-and-set statement at its version writes (the profile lock only if the row
    moved meanwhile). Returns whether the preferences changed; the profile's listeners hear of
    it."""
    if not signals or (
        read is not None and merge_preferences(read.preferences, signals) == read.preferences
    ):
        return False
    before = after = None

    def learn(user: UserPublic) -> tuple[TastePreferences, AllergyProfile]:
        nonlocal before, after
        before, after = user.preferences, merge_preferences(user.preferences, signals)
        return after, user.allergies

    try:
        await profiles.edit(uid, learn, read=read)
    except NotFound:
        return False
    return before != after
