"""Every profile write goes through here: one transaction, the user's row locked, version bumped.

Reading a profile in one session and writing it in another lost one of two concurrent updates
(each wrote back the whole JSON it had read). Here a write locks the row (`SELECT … FOR UPDATE`),
applies the change to what is stored *now*, writes, and commits; a concurrent writer waits for
the lock and then sees this write. Listeners (product caches) hear of every committed change.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

from pydantic import BaseModel

from kairos.core.allergy_change import AllergyChange, apply_change
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.errors import NotFound
from kairos.profiles import repository
from kairos.profiles.cook import CookProfile, CookUpdate, merge_cook_patch
from kairos.profiles.planner import PlannerUpdate, merge_planner_patch
from kairos.profiles.repository import ProfilePart
from kairos.profiles.schemas import UserCreate, UserPublic
from kairos.profiles.travel import TravelUpdate, merge_travel_patch
from kairos.store.database import Database

__all__ = ["ProfileListener", "ProfileService", "merge_preferences_patch"]

ProfileListener = Callable[[uuid.UUID, bool], Awaitable[None]]
ProfileEdit = Callable[[UserPublic], tuple[TastePreferences, AllergyProfile]]


def _missing(uid: uuid.UUID) -> NotFound:
    return NotFound(f"no user {uid}; create it first with POST /users/{uid}")


def merge_preferences_patch(current: TastePreferences, patch: TastePreferences) -> TastePreferences:
    """Keys the client sent replace the stored ones; keys it did not send are kept."""
    sent = patch.model_dump(exclude_unset=True)
    return TastePreferences.model_validate({**current.model_dump(), **sent})


class ProfileService:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.listeners: list[ProfileListener] = []

    async def notify(self, uid: uuid.UUID, *, deleted: bool = False) -> None:
        for listener in self.listeners:
            await listener(uid, deleted)

    async def get(self, uid: uuid.UUID) -> UserPublic:
        """Every request reads its user: one statement straight through asyncpg."""
        rows = await self.db.fetch(repository.USER_ROW_SQL, {"uid": uid})
        if not rows:
            raise _missing(uid)
        return repository.to_public(SimpleNamespace(**dict(rows[0])))

    async def create(
        self, uid: uuid.UUID, body: UserCreate, *, demo_session: str | None = None
    ) -> UserPublic:
        async with self.db.session() as session, session.begin():
            user = await repository.create_user(
                session,
                uid=uid,
                preferences=body.preferences,
                allergies=body.allergies,
                cook=body.cook,
                demo_session=demo_session,
            )
        await self.notify(uid)
        return user

    async def edit(
        self, uid: uuid.UUID, edit: ProfileEdit, *, read: UserPublic | None = None
    ) -> UserPublic:
        """Apply `edit` to the stored profile under the row lock; notify only if it changed.
        With `read` (the profile as this request already read it), `edit` is applied to that
        and written by one compare-and-set statement at its version; only when another writer
        moved the row since does the locked read-modify-write run. No write is ever lost either
        way: the statement writes nothing unless the row is still the one `edit` saw."""
        if read is not None:
            preferences, allergies = edit(read)
            if preferences == read.preferences and allergies == read.allergies:
                return read
            rows = await self.db.fetch(
                repository.SAVE_AT_VERSION_SQL,
                repository.profile_at_version(uid, read.version, preferences, allergies),
            )
            if rows:
                await self.notify(uid)
                return repository.to_public(SimpleNamespace(**dict(rows[0])))
        async with self.db.session() as session, session.begin():
            current = await repository.lock_user(session, uid=uid)
            if current is None:
                raise _missing(uid)
            preferences, allergies = edit(current)
            if preferences == current.preferences and allergies == current.allergies:
                return current
            saved = await repository.save_profile(
                session, uid=uid, preferences=preferences, allergies=allergies
            )
        assert saved is not None  # the row is locked: it cannot have gone
        await self.notify(uid)
        return saved

    async def edit_part(
        self, uid: uuid.UUID, part: ProfilePart, edit: Callable[[UserPublic], BaseModel]
    ) -> UserPublic:
        """One product's part of the profile (the cook's, the planner's, the traveller's),
        changed under the same row lock as every other profile write."""
        async with self.db.session() as session, session.begin():
            current = await repository.lock_user(session, uid=uid)
            if current is None:
                raise _missing(uid)
            value = edit(current)
            if value == getattr(current, part):
                return current
            saved = await repository.save_part(session, uid=uid, part=part, value=value)
        assert saved is not None
        await self.notify(uid)
        return saved

    async def edit_cook(
        self, uid: uuid.UUID, edit: Callable[[UserPublic], CookProfile]
    ) -> UserPublic:
        return await self.edit_part(uid, "cook", edit)

    async def update_cook(self, uid: uuid.UUID, patch: CookUpdate) -> UserPublic:
        return await self.edit_cook(uid, lambda u: merge_cook_patch(u.cook, patch))

    async def update_planner(self, uid: uuid.UUID, patch: PlannerUpdate) -> UserPublic:
        return await self.edit_part(uid, "planner", lambda u: merge_planner_patch(u.planner, patch))

    async def update_travel(self, uid: uuid.UUID, patch: TravelUpdate) -> UserPublic:
        return await self.edit_part(uid, "travel", lambda u: merge_travel_patch(u.travel, patch))

    async def update_preferences(self, uid: uuid.UUID, patch: TastePreferences) -> UserPublic:
        return await self.edit(
            uid, lambda u: (merge_preferences_patch(u.preferences, patch), u.allergies)
        )

    async def change_allergies(self, uid: uuid.UUID, change: AllergyChange) -> UserPublic:
        return await self.edit(uid, lambda u: (u.preferences, apply_change(u.allergies, change)))

    async def clear_allergies(self, uid: uuid.UUID) -> UserPublic:
        return await self.edit(uid, lambda u: (u.preferences, AllergyProfile()))

    async def revoke_tokens(self, uid: uuid.UUID) -> None:
        async with self.db.session() as session, session.begin():
            if not await repository.revoke_tokens(session, uid=uid):
                raise NotFound(f"no user {uid}; nothing to revoke")

    async def delete(self, uid: uuid.UUID) -> None:
        async with self.db.session() as session, session.begin():
            if not await repository.delete_user(session, uid=uid):
                raise NotFound(f"no user {uid}; nothing to delete")
        await self.notify(uid, deleted=True)
