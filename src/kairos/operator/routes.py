"""HTTP routes of the operator assistant (seed 004). Thin: parse, authorise, call the product.

`POST /operator/chat` streams server-sent events by default (`thinking` steps, the `result`,
then a `supplement` with the competitor snapshot when one was named) and answers one JSON
document when the client sends `Accept: application/json`, like the restaurant chat. A session
belongs to the user who started it.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from kairos.api.deps import CurrentUser
from kairos.api.sse import SSE_HEADERS, sse_stream
from kairos.errors import Forbidden, NotFound
from kairos.operator.product import OperatorProduct
from kairos.operator.schemas import OperatorAnswer, OperatorRequest
from kairos.signals.geocoding import check_location_text

router = APIRouter(prefix="/operator", tags=["operator"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "no credential: a user token, or X-Service-Token with X-User-ID"},
    403: {"description": "the session belongs to another user"},
    404: {"description": "no such session (omit session_id to start one)"},
    422: {"description": "the request or a location is invalid; the detail says what to fix"},
    429: {"description": "too many turns from this user or address; see Retry-After"},
}


async def product_of(request: Request) -> OperatorProduct:
    product: OperatorProduct = request.app.state.runtime.products["operator"]
    return product


ProductDep = Annotated[OperatorProduct, Depends(product_of)]


@router.post(
    "/chat",
    response_model=OperatorAnswer,
    responses={
        200: {
            "description": "text/event-stream of `thinking`, `result`, `supplement` and `error` "
            "events; or the OperatorAnswer as JSON when the client sends Accept: "
            "application/json",
            "content": {"text/event-stream": {}},
        },
        **_ERRORS,
    },
)
async def chat(
    body: OperatorRequest, request: Request, user: CurrentUser, product: ProductDep
) -> Any:
    await request.app.state.rate_limits.check_chat(request.scope, user.uid)
    for location in body.locations or []:
        check_location_text(location)  # a 422 before the stream starts, as in the JSON answer
    accept = request.headers.get("accept", "")
    if "application/json" in accept and "text/event-stream" not in accept:
        return await product.answer(user, body)
    return StreamingResponse(
        sse_stream(request, product.stream(user, body)),
        media_type="text/event-stream",
        headers=SSE_HEADERS,
    )


class SessionView(BaseModel):
    session_id: uuid.UUID
    state: dict[str, Any]
    turns: list[dict[str, Any]]
    events: list[dict[str, Any]]


async def _own_session(product: OperatorProduct, session_id: uuid.UUID, user: CurrentUser) -> None:
    row = await product.store.get_session(session_id=session_id)
    if row is None:
        raise NotFound(f"no operator session {session_id}")
    if row.owner != user.uid:
        raise Forbidden("this session belongs to another user")


@router.get("/sessions/{session_id}", response_model=SessionView, responses=_ERRORS)
async def session(session_id: uuid.UUID, user: CurrentUser, product: ProductDep) -> SessionView:
    """The session's state memory, its turns (messages redacted) and its event chain."""
    await _own_session(product, session_id, user)
    row = await product.store.get_session(session_id=session_id)
    assert row is not None
    return SessionView(
        session_id=session_id,
        state=row.state,
        turns=await product.store.turns(session_id=session_id),
        events=await product.store.events(session_id=session_id),
    )


@router.get("/metrics", responses=_ERRORS)
async def metrics(user: CurrentUser, product: ProductDep) -> dict[str, int]:
    """Counts of this user's events (ADR-010): first insights, follow-ups, clarifications,
    fallbacks, source timeouts, corrections."""
    return await product.store.event_counts(owner=user.uid)
