"""The browser UI's files, light on the wire: compressed once, cached for good under a version.

Every file under `kairos/web` is read at start-up. The UI's version is a hash of all of them;
the page, its stylesheet, its modules' imports of one another and the map library's URLs carry
it (`/static/js/chat.js?v=3f9a…`), so a browser keeps each for a year without asking again
(`immutable`), and an upgraded UI arrives under new URLs rather than being run stale. A request
without the version (an old page, a hand-typed URL) is answered with `no-cache` and an ETag, as
before. Text files are gzipped once, here, and sent compressed to a client that accepts it.

The page preloads every module its entry module imports, directly or not (`modulepreload`), so a
browser fetches them all at once instead of one level of imports per round trip (on slow 4G, half
a second each). Each view's modules (`js/view-<name>.js` and what it imports beyond the entry's
own) are imported on demand (`import()`) when the view is first shown; the page lists them per
view (`<script type="application/json" id="view-modules">`) and `first-view.js` preloads the
current view's alone, so a first visit fetches the shared core and that one view.

The stylesheet and `first-view.js` are carried in the page itself (`<style>`, `<script>`):
each was a request of its own that held the first paint back by a round trip (on slow 4G,
562 ms of latency before its first byte). The page's Content-Security-Policy allows exactly
those two by their SHA-256 (`inline_sources`), never 'unsafe-inline'.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

YEAR_SECONDS = 365 * 24 * 3600
FOREVER = f"public, max-age={YEAR_SECONDS}, immutable"
COMPRESSIBLE = (".js", ".css", ".html", ".svg", ".json", ".txt")

# "./chat.js" in an import, a re-export or a dynamic import(); "/static/…" in any text file.
_RELATIVE_MODULE = re.compile(r"""(?P<q>["'])(?P<path>\.\.?/[\w./-]+\.js)(?P=q)""")
_STATIC_URL = re.compile(r"""(?P<q>["'(])(?P<path>/static/[\w./-]+\.(?:js|css))(?P=q)""")
# A static `import … from "./x.js"` or `export … from "./x.js"` (not a dynamic import()).
_STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;"'()]*?["'](?P<path>\.\.?/[\w./-]+\.js)["']""", re.M
)
_ENTRY_MODULE = re.compile(
    r"""<script type="module" src="/static/(?P<path>[\w./-]+\.js)"></script>"""
)
_FIRST_VIEW_SCRIPT = '<script src="/static/js/first-view.js"></script>'
_VIEW_MODULE = re.compile(r"^js/view-(?P<view>[\w-]+)\.js$")
# The page's references to files it carries inline instead (the first paint waits on neither).
_INLINED = {
    '<link rel="stylesheet" href="/static/app.css">': ("style", "app.css"),
    _FIRST_VIEW_SCRIPT: ("script", "js/first-view.js"),
}
# A stylesheet's comments are for its readers, not the browser: the page leaves them out.
_CSS_COMMENT = re.compile(r"/\*.*?\*/\n?", re.S)
_INLINE_ELEMENT = re.compile(r"<(?P<tag>style|script)>(?P<text>.*?)</(?P=tag)>", re.S)


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str


def _media_type(path: Path) -> str:
    guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


class WebAssets:
    """The UI's files as served: versioned references, ETags and gzip, all made once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix != ".py")
        files = [p for p in files if "__pycache__" not in p.parts]
        raw = {p.relative_to(root).as_posix(): p.read_bytes() for p in files}
        digest = hashlib.sha256()
        for name, body in raw.items():
            digest.update(name.encode() + b"\0" + body)
        self.version = digest.hexdigest()[:12]
        if "index.html" in raw:
            page = self._preloaded(raw["index.html"].decode("utf-8"), raw)
            raw["index.html"] = _inlined(page, raw).encode("utf-8")
        self.assets = {name: self._asset(name, body) for name, body in raw.items()}
        page_asset = self.assets.get("index.html")
        self.inline_sources = _inline_sources(page_asset.body.decode() if page_asset else "")
        """CSP sources of the page's inline elements: {"script-src": [...], "style-src": [...]}."""

    def _preloaded(self, page: str, raw: dict[str, bytes]) -> str:
        """`page` with a modulepreload link for each module its entry module imports, and the
        list of each view's own modules for first-view.js to preload."""
        entry = _ENTRY_MODULE.search(page)
        if entry is None:
            return page
        core = _imported(entry["path"], raw)
        links = "".join(
            f'<link rel="modulepreload" href="/static/{name}">\n  ' for name in sorted(core[1:])
        )
        page = page[: entry.start()] + links + page[entry.start() :]
        views = {
            found["view"]: [f"/static/{m}" for m in _imported(name, raw) if m not in core]
            for name in sorted(raw)
            if (found := _VIEW_MODULE.match(name))
        }
        if not views or _FIRST_VIEW_SCRIPT not in page:
            return page
        listing = json.dumps(views, indent=None, separators=(",", ":"))
        script = f'<script type="application/json" id="view-modules">{listing}</script>\n  '
        return page.replace(_FIRST_VIEW_SCRIPT, script + _FIRST_VIEW_SCRIPT, 1)

    def _versioned(self, text: str) -> str:
        def relative(match: re.Match[str]) -> str:
            return f"{match['q']}{match['path']}?v={self.version}{match['q']}"

        def absolute(match: re.Match[str]) -> str:
            close = ")" if match["q"] == "(" else match["q"]
            return f"{match['q']}{match['path']}?v={self.version}{close}"

        return _STATIC_URL.sub(absolute, _RELATIVE_MODULE.sub(relative, text))

    def _asset(self, name: str, body: bytes) -> Asset:
        if name.endswith((".js", ".html")) and not name.startswith("vendor/"):
            body = self._versioned(body.decode("utf-8")).encode("utf-8")
        gzipped = None
        if name.endswith(COMPRESSIBLE) and len(body) > 512:
            gzipped = gzip.compress(body, compresslevel=6, mtime=0)
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        return Asset(body, gzipped, _media_type(Path(name)), etag)

    def response(self, request: Request, name: str) -> Response:
        asset = self.assets.get(name)
        if asset is None or name == "index.html":
            return Response("Not Found", status_code=404, media_type="text/plain")
        versioned = request.query_params.get("v") == self.version
        return self._send(request, asset, FOREVER if versioned else "no-cache")

    def index(self, request: Request, policy: str | None = None) -> Response:
        """The page, with `policy` (its Content-Security-Policy) when given."""
        response = self._send(request, self.assets["index.html"], "no-cache")
        if policy is not None:
            response.headers["Content-Security-Policy"] = policy
        return response

    @staticmethod
    def _send(request: Request, asset: Asset, cache: str) -> Response:
        headers = {"Cache-Control": cache, "ETag": asset.etag, "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == asset.etag:
            return Response(status_code=304, headers=headers)
        accepts = request.headers.get("accept-encoding", "")
        if asset.gzipped is not None and "gzip" in accepts:
            headers["Content-Encoding"] = "gzip"
            return Response(asset.gzipped, media_type=asset.media_type, headers=headers)
        return Response(asset.body, media_type=asset.media_type, headers=headers)


def _inlined(page: str, raw: dict[str, bytes]) -> str:
    """`page` carrying the stylesheet and first-view.js it names in elements of its own."""
    for reference, (tag, name) in _INLINED.items():
        if reference in page and name in raw:
            text = raw[name].decode("utf-8")
            if tag == "style":
                text = _CSS_COMMENT.sub("", text)
            if f"</{tag}" in text.lower():
                raise ValueError(f"{name} cannot be carried in a <{tag}> element")
            page = page.replace(reference, f"<{tag}>\n{text}</{tag}>", 1)
    return page


def _inline_sources(page: str) -> dict[str, list[str]]:
    """The CSP hash source of each inline <script> and <style> of `page`, by directive."""
    sources: dict[str, list[str]] = {"script-src": [], "style-src": []}
    for found in _INLINE_ELEMENT.finditer(page):
        digest = base64.b64encode(hashlib.sha256(found["text"].encode("utf-8")).digest())
        sources[f"{found['tag']}-src"].append(f"'sha256-{digest.decode()}'")
    return sources


def _imported(module: str, raw: dict[str, bytes]) -> list[str]:
    """`module` and every module it imports statically, directly or not, `module` first."""
    seen: list[str] = []
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen or name not in raw:
            continue
        seen.append(name)
        folder = PurePosixPath(name).parent
        for found in _STATIC_IMPORT.finditer(raw[name].decode("utf-8")):
            todo.append(posixpath.normpath((folder / found["path"]).as_posix()))
    return seen


class StaticAssets:
    """The ASGI app mounted at /static."""

    def __init__(self, assets: WebAssets) -> None:
        self.assets = assets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        path: str = scope["path"]
        root: str = scope.get("root_path", "")
        name = (path[len(root) :] if root and path.startswith(root) else path).lstrip("/")
        name = name.removeprefix("static/")
        if request.method not in ("GET", "HEAD"):
            response = Response("Method Not Allowed", status_code=405, media_type="text/plain")
        else:
            response = self.assets.response(request, name)
        await response(scope, receive, send)
