"""Security headers on every response, and `Secure` cookies whenever the request came over HTTPS.

Pure ASGI, so streamed responses (SSE) pass through untouched. A header a route set itself is
kept. The UI's page carries its stylesheet and first-view script inline (issue 41: each was a
round trip before the first paint); its own policy allows exactly those by their SHA-256
(`content_security_policy(..., inline=...)`, set by the page's route), never 'unsafe-inline'.
No other inline markup is allowed (the modules set styles through the CSSOM, which CSP
allows). The interactive docs (`/docs`, `/redoc`) are Swagger UI served from the package
(`api/docs.py`), started by an inline script: they get a looser policy of their own (inline
script and style, nothing from another origin), and are off in production by default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["SecurityHeadersMiddleware", "content_security_policy", "tile_source"]

DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; worker-src blob:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
# Leaflet's tile servers (OpenStreetMap's among them) ask for a Referer; the origin is enough.
REFERRER_POLICY = "strict-origin-when-cross-origin"


def tile_source(map_tiles_url: str) -> str | None:
    """The CSP source of a tile URL template: its origin, `{s}` subdomains as a wildcard."""
    parts = urlsplit(map_tiles_url.strip().replace("{s}", "*"))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.netloc.rsplit("@", 1)[-1]
    if any(c in host for c in "{}'; "):
        return None
    return f"{parts.scheme}://{host}"


def content_security_policy(
    map_tiles_url: str = "", inline: Mapping[str, Sequence[str]] | None = None
) -> str:
    """The policy; `inline` adds hash sources by directive ("script-src", "style-src")."""
    images = " ".join(filter(None, ("'self' data:", tile_source(map_tiles_url))))
    scripts = " ".join(["'self'", *(inline or {}).get("script-src", ())])
    styles = " ".join(["'self'", *(inline or {}).get("style-src", ())])
    return (
        f"default-src 'self'; script-src {scripts}; style-src {styles}; "
        f"img-src {images}; connect-src 'self'; font-src 'self'; object-src 'none'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def _with_secure_cookies(headers: Iterable[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    out = []
    for name, value in headers:
        if name.lower() == b"set-cookie":
            attributes = {a.strip().split(b"=", 1)[0].lower() for a in value.split(b";")[1:]}
            if b"secure" not in attributes:
                value += b"; Secure"
        out.append((name, value))
    return out


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp, map_tiles_url: str = "") -> None:
        self.app = app
        self.policy = content_security_policy(map_tiles_url).encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY.encode() if scope["path"] in DOCS_PATHS else self.policy
        https = scope.get("scheme") == "https"
        defaults = (
            (b"content-security-policy", policy),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", REFERRER_POLICY.encode()),
        )

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in defaults if k not in present]
                if https:
                    headers = _with_secure_cookies(headers)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
