"""Security headers on the UI and the API, the docs off in production, Secure cookies over HTTPS
(issue 10, item 10)."""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser
from typing import Any

import httpx
import pytest

from kairos.api.app import create_app
from kairos.api.security_headers import content_security_policy, tile_source
from kairos.api.web import WEB_DIR
from kairos.settings import Settings

STRONG_TOKEN = "0123456789abcdef0123456789abcdef"


def _client(app: Any, *, base_url: str = "http://kairos.test", peer: str = "127.0.0.1") -> Any:
    transport = httpx.ASGITransport(app=app, client=(peer, 40000))
    return httpx.AsyncClient(transport=transport, base_url=base_url)


def _directives(policy: str) -> dict[str, list[str]]:
    parts = (p.split() for p in policy.split(";") if p.strip())
    return {p[0]: p[1:] for p in parts}


@pytest.mark.parametrize(
    "path", ["/", "/static/js/main.js", "/static/app.css", "/health", "/ui-config", "/nowhere"]
)
async def test_every_response_carries_the_security_headers(
    client: httpx.AsyncClient, path: str
) -> None:
    response = await client.get(path)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    policy = _directives(response.headers["content-security-policy"])
    assert policy["frame-ancestors"] == ["'none'"]
    if path == "/":  # the page's own inline stylesheet and first-view script, by hash alone
        for directive in ("script-src", "style-src"):
            assert policy[directive][0] == "'self'"
            assert len(policy[directive]) == 2, policy[directive]
            assert policy[directive][1].startswith("'sha256-"), "no 'unsafe-inline'"
    else:
        assert policy["script-src"] == ["'self'"], "no inline script, no other origin"
        assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]


async def test_error_and_streamed_responses_carry_them_too(client: httpx.AsyncClient) -> None:
    for response in (
        await client.post("/chat", json={}),
        await client.get("/users/x"),
        await client.request("TRACE", "/health"),
    ):
        assert response.status_code >= 400
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


class _InlineFinder(HTMLParser):
    """Everything a CSP without 'unsafe-inline' would block in the page."""

    def __init__(self) -> None:
        super().__init__()
        self.blocked: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.blocked.append("inline <script>")
        if tag == "style":
            self.blocked.append("<style> element")
        self.blocked += [f"{tag} {n}=" for n in names if n.startswith("on") or n == "style"]
        href = dict(attrs).get("href") or ""
        if href.lower().startswith("javascript:"):
            self.blocked.append(f"{tag} javascript: link")


async def test_the_pages_policy_allows_exactly_its_inline_elements(
    client: httpx.AsyncClient,
) -> None:
    """The page carries app.css and first-view.js inline (issue 41: the first paint waited a
    round trip for each); its policy names each element's SHA-256 and nothing else inline."""
    response = await client.get("/")
    page = response.text
    assert '<link rel="stylesheet"' not in page and 'src="/static/js/first-view.js' not in page
    policy = _directives(response.headers["content-security-policy"])
    found: dict[str, list[str]] = {"script": [], "style": []}
    for tag, text in re.findall(r"<(style|script)>(.*?)</\1>", page, re.S):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        found[tag].append(f"'sha256-{digest}'")
    assert len(found["style"]) == 1 and len(found["script"]) == 1, found
    assert policy["style-src"] == ["'self'", *found["style"]]
    assert policy["script-src"] == ["'self'", *found["script"]]
    assert "'unsafe-inline'" not in response.headers["content-security-policy"]
    # the stylesheet as shipped, whole, less its comments (6b8734f: not parsed before the paint)
    shipped = re.sub(r"/\*.*?\*/\n?", "", (WEB_DIR / "app.css").read_text(), flags=re.S)
    assert shipped in page


def test_the_ui_has_nothing_inline_for_the_policy_to_block() -> None:
    finder = _InlineFinder()
    finder.feed((WEB_DIR / "index.html").read_text())
    assert finder.blocked == []
    for module in (WEB_DIR / "js").glob("*.js"):
        source = module.read_text()
        assert "innerHTML" not in source.replace("never innerHTML", ""), module.name
        assert not re.search(r"setAttribute\(\s*[\"']style", source), module.name
        assert not re.search(r"\beval\(|new Function\(", source), module.name


def test_tile_servers_are_allowed_as_image_sources_only() -> None:
    assert tile_source("https://tile.openstreetmap.org/{z}/{x}/{y}.png") == (
        "https://tile.openstreetmap.org"
    )
    assert tile_source("https://{s}.tile.example.org/{z}/{x}/{y}.png") == (
        "https://*.tile.example.org"
    )
    for bad in ("", "javascript:alert(1)", "https://x'; script-src *", "//no-scheme/{z}"):
        assert tile_source(bad) is None, bad
    policy = _directives(content_security_policy("https://tile.openstreetmap.org/{z}/{x}/{y}.png"))
    assert "https://tile.openstreetmap.org" in policy["img-src"]
    assert "https://tile.openstreetmap.org" not in policy["connect-src"] + policy["script-src"]


async def test_docs_and_schema_are_off_in_production(settings: Settings, runtime: Any) -> None:
    production = settings.model_copy(update={"env": "production", "service_token": STRONG_TOKEN})
    async with _client(create_app(production, runtime=runtime)) as client:
        for path in ("/docs", "/redoc", "/openapi.json"):
            assert (await client.get(path)).status_code == 404, path
        assert (await client.get("/health")).status_code == 200
    enabled = production.model_copy(update={"docs_in_production": True})
    async with _client(create_app(enabled, runtime=runtime)) as client:
        for path in ("/docs", "/openapi.json"):
            assert (await client.get(path)).status_code == 200, path
        assert (await client.get("/redoc")).headers["location"] == "/docs"


async def test_the_docs_pages_get_their_own_looser_policy(client: httpx.AsyncClient) -> None:
    docs = await client.get("/docs")
    assert docs.status_code == 200
    script = _directives(docs.headers["content-security-policy"])["script-src"]
    assert "'unsafe-inline'" in script and "https:" not in script  # nothing from another origin
    assert docs.headers["x-frame-options"] == "DENY"


async def test_the_docs_load_no_asset_from_another_origin(client: httpx.AsyncClient) -> None:
    """/docs was blank offline: FastAPI's page loads Swagger UI from a CDN (issue 42)."""
    page = (await client.get("/docs")).text
    assert "cdn.jsdelivr.net" not in page and "https://" not in page.split("<body>")[0]
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        served = await client.get(f"/docs-assets/{asset}")
        assert served.status_code == 200 and len(served.content) > 10_000, asset
        assert f"/docs-assets/{asset}" in page


def _demo_app(settings: Settings, runtime: Any, **changes: Any) -> Any:
    return create_app(
        settings.model_copy(update={"env": "development", **changes}), runtime=runtime
    )


def _cookie(response: httpx.Response) -> list[str]:
    assert response.status_code == 200, response.text
    return [a.strip().lower() for a in response.headers["set-cookie"].split(";")]


async def test_the_demo_cookie_is_secure_over_https(settings: Settings, runtime: Any) -> None:
    app = _demo_app(settings, runtime)
    async with _client(app, base_url="https://kairos.test") as client:
        assert "secure" in _cookie(await client.post("/demo/session", json={}))
    async with _client(app) as client:
        assert "secure" not in _cookie(await client.post("/demo/session", json={}))


async def test_forwarded_https_counts_only_from_a_trusted_proxy(
    settings: Settings, runtime: Any
) -> None:
    app = _demo_app(settings, runtime, trusted_proxies="10.0.0.0/8")
    forwarded = {"X-Forwarded-Proto": "https"}
    async with _client(app, peer="10.1.2.3") as proxy:
        secure = await proxy.post("/demo/session", json={}, headers=forwarded)
        assert "secure" in _cookie(secure)
    async with _client(app, peer="192.0.2.7") as stranger:
        spoofed = await stranger.post("/demo/session", json={}, headers=forwarded)
        assert "secure" not in _cookie(spoofed)
