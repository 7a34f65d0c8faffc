"""Every error leaves the API as an RFC 9457 problem-details body that says what to fix."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from kairos.errors import (
    BadRequest,
    ConfigurationError,
    Conflict,
    Forbidden,
    InvalidInput,
    KairosError,
    NotFound,
    NotReady,
    PayloadTooLarge,
    ProviderError,
    TooManyRequests,
    TurnFailed,
    Unauthorized,
    UnsupportedMediaType,
)
from kairos.pipeline.request_context import current_request_id

PROBLEM_JSON = "application/problem+json"

# The one place an error becomes an HTTP status. An error class not listed is a 500.
STATUS: dict[type[KairosError], int] = {
    BadRequest: 400,
    Unauthorized: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
    PayloadTooLarge: 413,
    UnsupportedMediaType: 415,
    InvalidInput: 422,
    TooManyRequests: 429,
    TurnFailed: 500,
    ConfigurationError: 500,
    ProviderError: 502,
    NotReady: 503,
}


def status_of(error: KairosError) -> int:
    for kind in type(error).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 500


def error_problem(error: KairosError) -> JSONResponse:
    """The problem-details response for an error Kairos raised on purpose."""
    headers = None
    if isinstance(error, TooManyRequests):
        headers = {"Retry-After": str(max(1, math.ceil(error.retry_after)))}
    return problem_response(status_of(error), error.title, error.detail, headers=headers)


class Problem(BaseModel):
    """An error response (RFC 9457). `detail` says what to fix; `request_id` joins the server's
    log line; `errors` lists the fields a 422 rejected."""

    type: str = "about:blank"
    title: str
    status: int = Field(ge=400, le=599)
    detail: str
    errors: list[dict[str, Any]] | None = None
    request_id: str | None = None


def problem_response(
    status: int,
    title: str,
    detail: str,
    *,
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> JSONResponse:
    body = Problem(
        type=f"https://kairos.dev/problems/{title.lower().replace(' ', '-')}",
        title=title,
        status=status,
        detail=detail,
        request_id=current_request_id(),
        **extra,
    )
    return JSONResponse(
        body.model_dump(exclude_none=True), status, headers=headers, media_type=PROBLEM_JSON
    )


def _message(error: dict[str, Any]) -> str:
    """Pydantic's own words, except a text's length: a constrained text that is also checked by
    a validator (`StoredText`) is measured as a sequence, "at least 1 item after validation"."""
    ctx, given = error.get("ctx") or {}, error.get("input")
    if isinstance(given, str) and error.get("type") in {"too_short", "too_long"}:
        if error["type"] == "too_short":
            bound = ctx.get("min_length")
            return f"must be at least {bound} character{'s' * (bound != 1)}, got {len(given)}"
        bound = ctx.get("max_length")
        return f"must be at most {bound} characters, got {len(given)}"
    return str(error.get("msg"))


def _describe(error: dict[str, Any]) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
    return f"{where}: {_message(error)}" if where else _message(error)


HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})


def allowed_methods(request: Request) -> list[str]:
    """Every method the API serves at this path: each method asked of the app's own routes, with
    their converters (Starlette's own 405 names only the first route that matched, so `Allow`
    would omit the others; an OpenAPI template would match "/trips/intent" to
    "/trips/{trip_id}"). Empty for paths outside the API (the UI, static files)."""
    methods: list[str] = []
    for method in sorted(HTTP_METHODS - {"head", "options", "trace"}):
        scope = {**request.scope, "method": method.upper()}
        if any(route.matches(scope)[0] == Match.FULL for route in request.app.router.routes):
            methods.append(method.upper())
    return methods


def install_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(KairosError)
    async def _kairos(_: Request, exc: KairosError) -> JSONResponse:
        return error_problem(exc)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(e.get("loc", ())), "msg": _message(e), "type": e.get("type")}
            for e in exc.errors()
        ]
        detail = "; ".join(_describe(e) for e in exc.errors()) or "the request is not valid"
        return problem_response(
            422, "Invalid request", f"Fix these fields: {detail}", errors=errors
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        title = {
            400: "Bad request",
            404: "Not found",
            405: "Method not allowed",
            413: "Payload too large",
        }.get(exc.status_code, "HTTP error")
        headers = dict(exc.headers or {})
        detail = str(exc.detail)
        if exc.status_code == 405:
            allow = allowed_methods(request) or [
                m.strip() for m in headers.get("Allow", "").split(",")
            ]
            headers["Allow"] = ", ".join(m for m in allow if m)
            detail = f"{request.method} is not served here; use {headers['Allow']}"
        return problem_response(exc.status_code, title, detail, headers=headers)
