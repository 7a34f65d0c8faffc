"""The one HTTP client setup for every outbound call Kairos makes to a hosted service.

OpenAI-compatible chat and embeddings, and the hosted signal sources, all build their httpx clients
here, so base URL, auth, timeouts, connection limits and the User-Agent are set once. The
User-Agent matters: some services (Nominatim's usage policy, for one) refuse anonymous clients.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from kairos import __version__

USER_AGENT = f"kairos/{__version__} (self-hosted recommendation service)"
"""Identifies Kairos to every hosted service; operators can add contact details through
`extra_headers` where a service's policy asks for them."""

MAX_CONNECTIONS = 20
"""Open connections per client: a turn makes a handful of concurrent calls per service, and a
bound keeps one slow service from exhausting the process's sockets."""

MAX_KEEPALIVE = 10
"""Idle connections kept for reuse: TLS handshakes cost more than the requests themselves."""

CONNECT_TIMEOUT_SECONDS = 5.0
"""Connecting is capped on its own: an unreachable host should fail fast even when the read
budget is long (a local model may take a minute to answer)."""


def client_options(
    *,
    base_url: str,
    timeout_seconds: float,
    bearer_token: str | None = None,
    extra_headers: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Keyword arguments shared by the sync and async clients (also what tests assert on)."""
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if bearer_token:
        headers["Authorization"] = f"Bearer {bearer_token}"
    headers.update(extra_headers or {})
    return {
        "base_url": base_url.rstrip("/"),
        "headers": headers,
        "timeout": httpx.Timeout(
            timeout_seconds, connect=min(CONNECT_TIMEOUT_SECONDS, timeout_seconds)
        ),
        "limits": httpx.Limits(
            max_connections=MAX_CONNECTIONS, max_keepalive_connections=MAX_KEEPALIVE
        ),
        "follow_redirects": False,
    }


def build_async_client(
    *,
    base_url: str,
    timeout_seconds: float,
    bearer_token: str | None = None,
    extra_headers: Mapping[str, str] | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
) -> httpx.AsyncClient:
    """An async client for one service; `transport` is for in-process test servers only."""
    options = client_options(
        base_url=base_url,
        timeout_seconds=timeout_seconds,
        bearer_token=bearer_token,
        extra_headers=extra_headers,
    )
    return httpx.AsyncClient(transport=transport, **options)


def build_client(
    *,
    base_url: str,
    timeout_seconds: float,
    bearer_token: str | None = None,
    extra_headers: Mapping[str, str] | None = None,
    transport: httpx.BaseTransport | None = None,
) -> httpx.Client:
    """The blocking twin, for callers that run in worker threads (embedding batches)."""
    options = client_options(
        base_url=base_url,
        timeout_seconds=timeout_seconds,
        bearer_token=bearer_token,
        extra_headers=extra_headers,
    )
    return httpx.Client(transport=transport, **options)
