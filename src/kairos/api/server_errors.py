"""Any exception no handler turned into a response becomes a 500 problem body.

The client gets the request id and nothing else about the failure: no traceback, no SQL, no
parameters (they can hold a user's allergies or messages). The server log gets one record with
the id, the route and the traceback, bound values redacted. Sits inside the request-id
middleware, so the 500 carries `X-Request-ID` like every other response (Starlette's own
last-resort handler sits outside every middleware and would not).
"""

from __future__ import annotations

import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kairos.api.problems import problem_response
from kairos.pipeline.request_context import current_request_id
from kairos.store.redaction import redacted_traceback

__all__ = ["UNEXPECTED_DETAIL", "ServerErrorMiddleware"]

logger = logging.getLogger("kairos.api.errors")

UNEXPECTED_DETAIL = (
    "something failed on our side; try again, and quote the request_id if it keeps failing"
)


class ServerErrorMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:
            logger.error(
                "unexpected error on %s %s (request %s)\n%s",
                scope.get("method"),
                scope.get("path"),
                current_request_id(),
                redacted_traceback(exc),
            )
            if started:  # a stream already under way can only be cut short
                return
            response = problem_response(500, "Internal error", UNEXPECTED_DETAIL)
            await response(scope, receive, send)
