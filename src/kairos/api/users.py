"""`/users/{uid}`: profiles, called server-to-server with X-Service-Token."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from kairos.api.deps import PathUid, RuntimeDep, ServiceAuth, existing_user
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.errors import NotFound
from kairos.profiles import repository
from kairos.profiles.schemas import AllergyUpdate, UserCreate, UserPublic, UserUpdate

router = APIRouter(prefix="/users", tags=["users"], dependencies=[ServiceAuth])

_RESPONSES: dict[int | str, dict[str, str]] = {
    400: {"description": "the uid is not a UUID"},
    401: {"description": "missing or wrong X-Service-Token"},
    404: {"description": "no such user"},
}


@router.post(
    "/{uid}",
    status_code=status.HTTP_201_CREATED,
    responses={**_RESPONSES, 409: {"description": "the user already exists"}},
)
async def create_user(uid: PathUid, body: UserCreate, runtime: RuntimeDep) -> UserPublic:
    """Create a profile for a uid issued by the caller (Kairos never invents uids)."""
    async with runtime.db.session() as session, session.begin():
        user = await repository.create_user(
            session, uid=uid, preferences=body.preferences, allergies=body.allergies
        )
    await runtime.profile_changed(uid)
    return user


@router.get("/{uid}", responses=_RESPONSES)
async def get_user(uid: PathUid, runtime: RuntimeDep) -> UserPublic:
    return await existing_user(runtime, uid)


@router.patch("/{uid}", responses=_RESPONSES)
async def update_preferences(uid: PathUid, body: UserUpdate, runtime: RuntimeDep) -> UserPublic:
    """Keys sent replace the stored ones; keys not sent are kept."""
    current = await existing_user(runtime, uid)
    merged = TastePreferences.model_validate(
        {**current.preferences.model_dump(), **body.preferences.model_dump(exclude_unset=True)}
    )
    return await _save(runtime, uid, merged, current.allergies)


@router.patch("/{uid}/allergies", responses=_RESPONSES)
async def update_allergies(uid: PathUid, body: AllergyUpdate, runtime: RuntimeDep) -> UserPublic:
    """The only way allergies change. Fields sent replace the stored ones."""
    current = await existing_user(runtime, uid)
    merged = AllergyProfile.model_validate(
        {**current.allergies.model_dump(), **body.model_dump(exclude_unset=True)}
    )
    return await _save(runtime, uid, current.preferences, merged)


@router.delete("/{uid}/allergies", responses=_RESPONSES)
async def clear_allergies(uid: PathUid, runtime: RuntimeDep) -> UserPublic:
    current = await existing_user(runtime, uid)
    return await _save(runtime, uid, current.preferences, AllergyProfile())


@router.delete("/{uid}", status_code=status.HTTP_204_NO_CONTENT, responses=_RESPONSES)
async def delete_user(uid: PathUid, runtime: RuntimeDep) -> Response:
    """Removes the user, their interactions and their cached feed."""
    async with runtime.db.session() as session, session.begin():
        if not await repository.delete_user(session, uid=uid):
            raise NotFound(f"no user {uid}; nothing to delete")
    await runtime.profile_changed(uid, deleted=True)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


async def _save(
    runtime: RuntimeDep, uid: PathUid, preferences: TastePreferences, allergies: AllergyProfile
) -> UserPublic:
    async with runtime.db.session() as session, session.begin():
        user = await repository.save_profile(
            session, uid=uid, preferences=preferences, allergies=allergies
        )
    if user is None:
        raise NotFound(f"no user {uid}; create it first with POST /users/{uid}")
    await runtime.profile_changed(uid)
    return user
