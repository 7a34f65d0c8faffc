"""Every error leaves the API as an RFC 9457 problem-details body that says what to fix."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from kairos.errors import KairosError
from kairos.pipeline.request_context import current_request_id

PROBLEM_JSON = "application/problem+json"


class Problem(BaseModel):
    type: str = "about:blank"
    title: str
    status: int
    detail: str
    errors: list[dict[str, Any]] | None = None
    request_id: str | None = None


def problem_response(status: int, title: str, detail: str, **extra: Any) -> JSONResponse:
    body = Problem(
        type=f"https://kairos.dev/problems/{title.lower().replace(' ', '-')}",
        title=title,
        status=status,
        detail=detail,
        request_id=current_request_id(),
        **extra,
    )
    return JSONResponse(body.model_dump(exclude_none=True), status, media_type=PROBLEM_JSON)


def _describe(error: dict[str, Any]) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
    return f"{where}: {error.get('msg')}" if where else str(error.get("msg"))


def install_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(KairosError)
    async def _kairos(_: Request, exc: KairosError) -> JSONResponse:
        return problem_response(exc.status_code, exc.title, exc.detail)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(e.get("loc", ())), "msg": e.get("msg"), "type": e.get("type")}
            for e in exc.errors()
        ]
        detail = "; ".join(_describe(e) for e in exc.errors()) or "the request is not valid"
        return problem_response(
            422, "Invalid request", f"Fix these fields: {detail}", errors=errors
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        title = {404: "Not found", 405: "Method not allowed"}.get(exc.status_code, "HTTP error")
        return problem_response(exc.status_code, title, str(exc.detail))
