"""Rate limits at the edge: chat turns per user and per address, rejected credentials per
address. 429 problem bodies carry `Retry-After` (whole seconds, rounded up).

Failed credential checks are counted by watching for 401 responses rather than inside one auth
dependency, so every way of authenticating (service token, user token) is covered by one rule.
Once an address has used up its failures, every request from it that carries credentials gets
429 until the window allows again, before the credentials are looked at: a guesser learns
nothing more, and a correct token from that address waits too.
"""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kairos.api.problems import problem_response
from kairos.errors import TooManyRequests
from kairos.ratelimit import RateLimiter, RateRule, build_rate_limiter
from kairos.settings import Settings

__all__ = ["AuthFailureLimitMiddleware", "RateLimits", "client_address", "retry_after_header"]

CREDENTIAL_HEADERS = frozenset({b"x-service-token", b"authorization"})


def client_address(scope: Scope) -> str:
    """The peer's address (already the forwarded one when it came through a trusted proxy)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def retry_after_header(seconds: float) -> str:
    return str(max(1, math.ceil(seconds)))


def _rule(name: str, limit: int, window: float) -> RateRule | None:
    return RateRule(name, limit, window) if limit > 0 else None


@dataclass
class RateLimits:
    limiter: RateLimiter
    chat_per_user: RateRule | None
    chat_per_address: RateRule | None
    auth_failures_per_address: RateRule | None

    @classmethod
    def from_settings(cls, settings: Settings) -> RateLimits:
        window = settings.rate_window_seconds
        return cls(
            limiter=build_rate_limiter(settings),
            chat_per_user=_rule("chat-user", settings.chat_limit_per_user, window),
            chat_per_address=_rule("chat-address", settings.chat_limit_per_address, window),
            auth_failures_per_address=_rule(
                "auth-failures", settings.auth_failure_limit_per_address, window
            ),
        )

    async def check_chat(self, scope: Scope, uid: uuid.UUID) -> None:
        """Counts one turn for the address and the user; raises TooManyRequests past either."""
        for rule, key in (
            (self.chat_per_address, client_address(scope)),
            (self.chat_per_user, str(uid)),
        ):
            if rule is None:
                continue
            decision = await self.limiter.acquire(key, rule)
            if not decision.allowed:
                who = "this user" if rule is self.chat_per_user else "this address"
                wait = retry_after_header(decision.retry_after)
                raise TooManyRequests(
                    f"too many chat turns from {who} (at most {rule.limit} per "
                    f"{rule.window:g} s); try again in {wait} s",
                    decision.retry_after,
                )

    async def refused_credentials(self, scope: Scope) -> TooManyRequests | None:
        """The refusal for an address that has used up its rejected credentials, else None;
        asked before a presented credential is looked at (HTTP and the WebSocket alike)."""
        rule = self.auth_failures_per_address
        if rule is None:
            return None
        decision = await self.limiter.peek(client_address(scope), rule)
        if decision.allowed:
            return None
        return TooManyRequests(
            f"too many rejected credentials from this address (at most {rule.limit} per "
            f"{rule.window:g} s); try again in {retry_after_header(decision.retry_after)} s",
            decision.retry_after,
        )

    async def count_rejected_credential(self, scope: Scope) -> None:
        if self.auth_failures_per_address is not None:
            await self.limiter.acquire(client_address(scope), self.auth_failures_per_address)

    async def close(self) -> None:
        await self.limiter.close()


CHECKED_PATHS = ("/users", "/chat", "/recommendations", "/meals", "/api", "/trips", "/operator")
"""Routes that check a credential; health, the UI and the demo session never answer 401."""


class AuthFailureLimitMiddleware:
    """Pure ASGI: 429 for credentialed requests from an address with too many recent 401s."""

    def __init__(self, app: ASGIApp, limits: RateLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        rule = self.limits.auth_failures_per_address
        if scope["type"] != "http" or rule is None:
            await self.app(scope, receive, send)
            return
        if not scope["path"].startswith(CHECKED_PATHS):
            await self.app(scope, receive, send)  # no credential is checked there
            return
        presented = any(name in CREDENTIAL_HEADERS for name, _ in scope["headers"])
        if presented and (refused := await self.limits.refused_credentials(scope)) is not None:
            wait = retry_after_header(refused.retry_after)
            response = problem_response(
                429, refused.title, refused.detail, headers={"Retry-After": wait}
            )
            await response(scope, receive, send)
            return

        async def counting_send(message: Message) -> None:
            # only a credential presented and refused counts; a request without one says nothing
            if presented and message["type"] == "http.response.start" and message["status"] == 401:
                await self.limits.count_rejected_credential(scope)
            await send(message)

        await self.app(scope, receive, counting_send)
