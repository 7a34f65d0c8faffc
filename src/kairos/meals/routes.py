"""HTTP routes of the meal coach: thin — parse, authorise, call the product.

`POST /meals/coach` takes JSON (`CoachRequest`) or `multipart/form-data` with the same fields
plus `images` (JPEG, PNG or WebP, checked by content). Every error is a problem body.
"""

from __future__ import annotations

import json
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.datastructures import UploadFile

from kairos.api.deps import CurrentUser
from kairos.core.stored_text import NO_NUL_PATTERN
from kairos.errors import BadRequest, InvalidInput, UnsupportedMediaType
from kairos.meals.photos import MAX_IMAGES, CheckedImage, check_image
from kairos.meals.product import MealsProduct
from kairos.meals.schemas import (
    CoachAnswer,
    CoachRequest,
    FactsPayload,
    FeedbackRequest,
    FeedbackResult,
    HistoryPayload,
    SelectRequest,
)
from kairos.profiles.cook import CookProfile, CookUpdate

router = APIRouter(prefix="/meals", tags=["meals"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "no credential: a user token, or X-Service-Token with X-User-ID"},
    403: {"description": "the credential speaks for another user"},
    404: {"description": "no such user, session or meal"},
}
_FORM_FIELDS = ("text", "session_id", "household")
_FORM_BOOLEANS = {"true": True, "false": False}


async def product_of(request: Request) -> MealsProduct:
    product: MealsProduct = request.app.state.runtime.products["meals"]
    return product


ProductDep = Annotated[MealsProduct, Depends(product_of)]

_COACH_BODY = {
    "required": True,
    "content": {
        "application/json": {
            "schema": CoachRequest.model_json_schema(ref_template="#/components/schemas/{model}")
        },
        "multipart/form-data": {
            "schema": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "text": {"type": "string", "maxLength": 2000, "pattern": NO_NUL_PATTERN},
                    "session_id": {"type": "string", "format": "uuid"},
                    "household": {"type": "boolean"},
                    "images": {
                        "type": "array",
                        "maxItems": MAX_IMAGES,
                        "items": {"type": "string", "format": "binary"},
                    },
                },
            }
        },
    },
}


def _invalid(exc: ValidationError) -> RequestValidationError:
    return RequestValidationError(
        [{**e, "loc": ("body", *e.get("loc", ()))} for e in exc.errors(include_url=False)]
    )


async def _form_body(request: Request, max_bytes: int) -> tuple[CoachRequest, list[CheckedImage]]:
    try:
        form = await request.form(max_files=MAX_IMAGES, max_fields=len(_FORM_FIELDS) + 2)
    except Exception as exc:  # Starlette raises its own MultiPartException / HTTPException
        raise BadRequest(
            f"the multipart body could not be read ({getattr(exc, 'detail', exc)}); send "
            f"'text', 'session_id', 'household' and at most {MAX_IMAGES} 'images'"
        ) from exc
    unknown = sorted(set(form.keys()) - {*_FORM_FIELDS, "images"})
    if unknown:
        raise InvalidInput(f"unknown form fields {unknown}; send {list(_FORM_FIELDS)} and images")
    fields: dict[str, Any] = {}
    for name in _FORM_FIELDS:
        value = form.get(name)
        if isinstance(value, UploadFile):
            raise InvalidInput(f"'{name}' must be a plain form field, not a file")
        if value is not None:
            fields[name] = _FORM_BOOLEANS.get(value, value) if name == "household" else value
    images: list[CheckedImage] = []
    for index, upload in enumerate(form.getlist("images")):
        if not isinstance(upload, UploadFile):
            raise InvalidInput("'images' must be files (JPEG, PNG or WebP)")
        data = await upload.read(max_bytes + 1)
        images.append(check_image(data, name=upload.filename or f"images[{index}]",
                                  max_bytes=max_bytes))  # fmt: skip
    try:
        return CoachRequest.model_validate(fields), images
    except ValidationError as exc:
        raise _invalid(exc) from exc


async def _json_body(request: Request) -> CoachRequest:
    raw = await request.body()
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest("the body is not JSON text (it must be UTF-8)") from exc
    try:
        return CoachRequest.model_validate(data)
    except ValidationError as exc:
        raise _invalid(exc) from exc


@router.post(
    "/coach",
    openapi_extra={"requestBody": _COACH_BODY},
    responses={
        **_ERRORS,
        409: {"description": "a photo could not be stored"},
        413: {"description": "a photo is larger than KAIROS_MEAL_IMAGE_MAX_BYTES"},
        415: {"description": "the body is neither JSON nor multipart/form-data"},
        502: {"description": "the configured model answered twice with invalid output"},
    },
)
async def coach(request: Request, user: CurrentUser, product: ProductDep) -> CoachAnswer:
    """A meal or ingredients, typed or photographed → a follow-up question, suggestions, or
    (never directly) a recipe; with the session's id for the next call."""
    await request.app.state.rate_limits.check_chat(request.scope, user.uid)
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    images: list[CheckedImage] = []
    if content_type == "multipart/form-data":
        body, images = await _form_body(request, product.runtime.settings.meal_image_max_bytes)
    elif content_type in ("application/json", ""):
        body = await _json_body(request)
    else:
        raise UnsupportedMediaType(
            f"send application/json or multipart/form-data (with images), not {content_type!r}"
        )
    return await product.coach_turn(user, body, images)


_STALE = "the profile changed and the suggestion can no longer be made safe"


@router.post("/coach/{session_id}/select", responses={**_ERRORS, 409: {"description": _STALE}})
async def select(
    session_id: Annotated[uuid.UUID, Path(description="from the coach's answer")],
    body: SelectRequest,
    user: CurrentUser,
    product: ProductDep,
) -> CoachAnswer:
    """The chosen suggestion as a full recipe adapted to the cook (or household)."""
    return await product.select(user, session_id, body)


@router.post("/{meal_id}/feedback", responses=_ERRORS)
async def feedback(
    meal_id: Annotated[uuid.UUID, Path(description="from the recipe answer")],
    body: FeedbackRequest,
    user: CurrentUser,
    product: ProductDep,
) -> FeedbackResult:
    """Liked / disliked / cooked again / tags / notes → preference facts, dislikes and memory
    items. Allergies never change here."""
    return await product.feedback(user, meal_id, body)


@router.get("/history", responses=_ERRORS)
async def history(
    user: CurrentUser,
    product: ProductDep,
    limit: Annotated[int, Query(ge=1, le=100, description="most recent first")] = 20,
) -> HistoryPayload:
    return await product.history(user, limit=limit)


@router.get("/facts", responses=_ERRORS)
async def facts(
    user: CurrentUser,
    product: ProductDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> FactsPayload:
    """What the coach has learnt: the strongest preference facts, and the cook's dislikes."""
    return await product.facts(user, limit=limit)


@router.get("/profile", responses=_ERRORS)
async def get_profile(user: CurrentUser) -> CookProfile:
    """The cook's profile: diet style, dislikes, equipment, time, skill, units, household."""
    return user.cook


@router.patch("/profile", responses=_ERRORS)
async def update_profile(body: CookUpdate, user: CurrentUser, product: ProductDep) -> CookProfile:
    """A partial update under the profile's row lock: fields sent replace, others are kept.
    Household members carry their own allergies; the cook's own change at
    /users/{uid}/allergies."""
    return await product.update_cook(user, body)
