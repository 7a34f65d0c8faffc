"""HTTP plumbing shared by the hosted signal sources, and by the planner's hosted discovery and
speech: one lazily built client per service (from `llm/http.py`, like every outbound call) and one
mapping from transport and status failures to the envelope's error codes, with the setting to
change in the detail."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from kairos.llm.http import build_async_client
from kairos.signals.envelope import (
    BAD_RESPONSE,
    NOT_FOUND,
    RATE_LIMITED,
    REJECTED,
    TIMEOUT,
    UNAUTHORIZED,
    UNREACHABLE,
    UPSTREAM_ERROR,
)
from kairos.signals.source import SignalUnavailable

_BODY_CHARS = 200


class HttpService:
    """A hosted service's base URL, client and the settings that configure it.

    `url_setting` / `key_setting` name the environment variables a failure's detail points at.
    """

    def __init__(
        self,
        *,
        service: str,
        base_url: str,
        timeout_seconds: float,
        url_setting: str,
        key_setting: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.service = service
        self.base_url = base_url.rstrip("/")
        self.timeout_seconds = timeout_seconds
        self.url_setting = url_setting
        self.key_setting = key_setting
        self._headers = dict(headers or {})
        self._client: httpx.AsyncClient | None = None

    def client(self) -> httpx.AsyncClient:
        # Built on first use, inside the event loop that will use it.
        if self._client is None:
            self._client = build_async_client(
                base_url="",  # requests name the whole URL: `base_url` may be a file (a feed)
                timeout_seconds=self.timeout_seconds,
                extra_headers=self._headers,
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def get(
        self,
        path: str,
        *,
        params: Mapping[str, str | int | float] | None = None,
        headers: Mapping[str, str] | None = None,
        ok: tuple[int, ...] = (200,),
    ) -> httpx.Response:
        """GET `base_url + path`; any status outside `ok` becomes a `SignalUnavailable`."""
        return await self.request("GET", path, params=params, headers=headers, ok=ok)

    async def post(
        self,
        path: str,
        *,
        json: Any,
        params: Mapping[str, str | int | float] | None = None,
        headers: Mapping[str, str] | None = None,
        ok: tuple[int, ...] = (200,),
    ) -> httpx.Response:
        """POST a JSON body to `base_url + path`; failures as `get`'s."""
        return await self.request("POST", path, json=json, params=params, headers=headers, ok=ok)

    async def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, str | int | float] | None = None,
        headers: Mapping[str, str] | None = None,
        ok: tuple[int, ...] = (200,),
    ) -> httpx.Response:
        """One request; transport failures and any status outside `ok` become a
        `SignalUnavailable` whose detail names the setting to check."""
        try:
            response = await self.client().request(
                method, f"{self.base_url}{path}", json=json, params=params, headers=headers
            )
        except httpx.TimeoutException:
            raise SignalUnavailable(
                TIMEOUT, f"{self.service} did not answer within {self.timeout_seconds:g}s"
            ) from None
        except httpx.HTTPError as exc:
            raise SignalUnavailable(
                UNREACHABLE,
                f"could not reach {self.service} at {self.base_url} ({type(exc).__name__}); "
                f"check {self.url_setting}",
            ) from None
        if response.status_code not in ok:
            raise SignalUnavailable(*self._describe(response))
        return response

    async def get_json(
        self, path: str, *, params: Mapping[str, str | int | float] | None = None
    ) -> Any:
        return self.json_of(await self.get(path, params=params))

    async def post_json(
        self, path: str, *, json: Any, headers: Mapping[str, str] | None = None
    ) -> Any:
        return self.json_of(await self.post(path, json=json, headers=headers))

    def json_of(self, response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError:
            raise self.bad_response(
                f"a body that is not JSON: {response.text[:_BODY_CHARS]!r}"
            ) from None

    def bad_response(self, what: str) -> SignalUnavailable:
        return SignalUnavailable(
            BAD_RESPONSE,
            f"{self.service} answered with {what}; check that {self.url_setting} points at "
            f"a {self.service} API",
        )

    def _describe(self, response: httpx.Response) -> tuple[str, str]:
        status = response.status_code
        said = f"{self.service} answered {status}: {_message(response)}"
        if status in (401, 403):
            fix = f"set a valid key in {self.key_setting}" if self.key_setting else "check access"
            return UNAUTHORIZED, f"{said}; {fix}"
        if status == 404:
            return NOT_FOUND, f"{said}; check {self.url_setting}"
        if status == 429:
            return RATE_LIMITED, f"{said}; over the service's rate limit or quota, retry later"
        if status >= 500:
            return UPSTREAM_ERROR, f"{said}; the service failed, retry later"
        return REJECTED, f"{said}; the request was refused as sent"


def _message(response: httpx.Response) -> str:
    """The service's own words from the usual error-body shapes, else the start of the body."""
    try:
        body = response.json()
    except ValueError:
        return repr(response.text[:_BODY_CHARS]) if response.text else "(empty body)"
    if isinstance(body, dict):
        for path in (
            ("message",),
            ("error", "message"),
            ("error", "description"),  # Yelp Fusion
            ("detail", "message"),  # ElevenLabs
            ("fault", "faultstring"),
            ("error",),
        ):
            value: Any = body
            for part in path:
                value = value.get(part) if isinstance(value, dict) else None
            if isinstance(value, str) and value:
                return value[:_BODY_CHARS]
    return repr(response.text[:_BODY_CHARS])
