"""The UI's files as served, on a folder of its own: references carry the version, a versioned
request is kept for a year, text travels gzipped, an unversioned one is revalidated."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Mount

from kairos.api.web_assets import FOREVER, StaticAssets, WebAssets


def _site(root: Path) -> WebAssets:
    (root / "js").mkdir()
    (root / "js" / "main.js").write_text(
        'import { a } from "./a.js";\nconst lazy = () => import("./b.js");\n'
        'const leaflet = "/static/vendor/map.js";\n' + "// padding\\n" * 100
    )
    (root / "js" / "a.js").write_text("export const a = 1;\n")
    (root / "js" / "b.js").write_text("export const b = 2;\n")
    (root / "vendor").mkdir()
    (root / "vendor" / "map.js").write_text('var x = "./not-ours.js";\n')
    (root / "index.html").write_text('<script type="module" src="/static/js/main.js"></script>')
    return WebAssets(root)


async def test_versioned_references_long_caching_and_gzip(tmp_path: Path) -> None:
    assets = _site(tmp_path)
    v = assets.version
    main = assets.assets["js/main.js"].body.decode()
    assert f'from "./a.js?v={v}"' in main and f'import("./b.js?v={v}")' in main
    assert f'"/static/vendor/map.js?v={v}"' in main
    assert f'src="/static/js/main.js?v={v}"' in assets.assets["index.html"].body.decode()
    assert '"./not-ours.js"' in assets.assets["vendor/map.js"].body.decode()  # vendor untouched

    app = Starlette(routes=[Mount("/static", app=StaticAssets(assets))])
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        kept = await client.get(f"/static/js/main.js?v={v}", headers={"Accept-Encoding": "gzip"})
        assert kept.headers["cache-control"] == FOREVER
        assert kept.headers["content-encoding"] == "gzip"
        assert int(kept.headers["content-length"]) < len(main.encode())
        assert kept.text == main  # httpx decodes it: the same module
        typed = await client.get("/static/js/main.js")
        assert typed.headers["cache-control"] == "no-cache"
        again = await client.get(
            "/static/js/main.js", headers={"If-None-Match": typed.headers["etag"]}
        )
        assert again.status_code == 304
        assert (await client.get("/static/index.html")).status_code == 404
        assert (await client.get("/static/js/../../secret")).status_code == 404
        assert (await client.post("/static/js/a.js")).status_code == 405


def test_the_version_changes_with_any_file(tmp_path: Path) -> None:
    before = _site(tmp_path).version
    (tmp_path / "js" / "a.js").write_text("export const a = 2;\n")
    assert WebAssets(tmp_path).version != before


def test_the_page_preloads_what_its_entry_module_imports_not_what_it_loads_on_demand(
    tmp_path: Path,
) -> None:
    """On slow 4G each level of imports costs a round trip (half a second): the page names every
    module reached by static imports, so they are fetched at once; `import()` waits its turn."""
    root = tmp_path
    assets = _site(root)
    (root / "js" / "a.js").write_text('export { c } from "./deep/c.js";\nexport const a = 1;\n')
    (root / "js" / "deep").mkdir()
    (root / "js" / "deep" / "c.js").write_text(
        'import { d } from "../d.js";\nexport const c = d;\n'
    )
    (root / "js" / "d.js").write_text("export const d = 3;\n")
    assets = WebAssets(root)
    page = assets.assets["index.html"].body.decode()
    v = assets.version
    preloaded = sorted(
        line.split('"')[3] for line in page.splitlines() if 'rel="modulepreload"' in line
    )
    assert preloaded == [f"/static/js/{n}.js?v={v}" for n in ("a", "d", "deep/c")]
    assert page.index("modulepreload") < page.index('<script type="module"')


def test_the_page_lists_each_views_own_modules_for_first_view_to_preload(tmp_path: Path) -> None:
    """A first visit fetches the core and its view alone: the page lists, per `view-<name>.js`,
    that module and what it imports beyond the entry's own imports, under the version, before
    first-view.js (which reads the list as it runs); none of them is preloaded for every view."""
    root = tmp_path
    (root / "js").mkdir()
    (root / "js" / "main.js").write_text(
        'import { a } from "./a.js";\nconst views = { x: () => import("./view-x.js"), '
        'y: () => import("./view-y.js") };\n'
    )
    (root / "js" / "a.js").write_text("export const a = 1;\n")
    (root / "js" / "view-x.js").write_text('import { a } from "./a.js";\nimport "./x.js";\n')
    (root / "js" / "x.js").write_text('import { s } from "./shared.js";\n')
    (root / "js" / "view-y.js").write_text('import { s } from "./shared.js";\n')
    (root / "js" / "shared.js").write_text("export const s = 1;\n")
    (root / "js" / "first-view.js").write_text("// reads #view-modules\n")
    (root / "index.html").write_text(
        '<script src="/static/js/first-view.js"></script>\n'
        '<script type="module" src="/static/js/main.js"></script>'
    )
    assets = WebAssets(root)
    page = assets.assets["index.html"].body.decode()
    v = assets.version
    preloaded = [line.split('"')[3] for line in page.splitlines() if "modulepreload" in line]
    assert preloaded == [f"/static/js/a.js?v={v}"]
    start = page.index('<script type="application/json" id="view-modules">')
    assert start < page.index("<script>\n// reads #view-modules"), "first-view.js, inline"
    listing = json.loads(page[start:].split(">", 1)[1].split("</script>", 1)[0])
    assert listing == {
        "x": [f"/static/js/{m}.js?v={v}" for m in ("view-x", "x", "shared")],
        "y": [f"/static/js/{m}.js?v={v}" for m in ("view-y", "shared")],
    }


def test_the_page_carries_its_stylesheet_and_first_view_script_inline(tmp_path: Path) -> None:
    """Each was a request of its own before the first paint (562 ms of latency on slow 4G): the
    page carries them in elements of its own, and names their hashes for its policy."""
    root = tmp_path
    (root / "js").mkdir()
    (root / "app.css").write_text("body { color: black; }\n")
    (root / "js" / "first-view.js").write_text("document.title = 'x';\n")
    (root / "js" / "main.js").write_text("export const m = 1;\n")
    (root / "index.html").write_text(
        '<link rel="stylesheet" href="/static/app.css">\n'
        '<script src="/static/js/first-view.js"></script>\n'
        '<script type="module" src="/static/js/main.js"></script>'
    )
    assets = WebAssets(root)
    page = assets.assets["index.html"].body.decode()
    assert "<style>\nbody { color: black; }\n</style>" in page
    assert "<script>\ndocument.title = 'x';\n</script>" in page
    assert "/static/app.css" not in page and "/static/js/first-view.js" not in page
    digest = {
        text: "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
        for text in ("\nbody { color: black; }\n", "\ndocument.title = 'x';\n")
    }
    assert assets.inline_sources == {
        "style-src": [digest["\nbody { color: black; }\n"]],
        "script-src": [digest["\ndocument.title = 'x';\n"]],
    }
    # a file that would close its own element is refused, not sent broken
    (root / "app.css").write_text('.x::after { content: "</style>"; }\n')
    with pytest.raises(ValueError, match=r"app\.css"):
        WebAssets(root)


def test_the_inlined_stylesheet_leaves_its_comments_out(tmp_path: Path) -> None:
    """Comments are for the stylesheet's readers: the page (parsed before every first paint, on a
    slow phone's CPU too) carries the rules alone."""
    (tmp_path / "app.css").write_text(
        "/* the page */\nbody { color: black; }\n/* a\nnote */ a { color: red; }\n"
    )
    (tmp_path / "index.html").write_text('<link rel="stylesheet" href="/static/app.css">')
    page = WebAssets(tmp_path).assets["index.html"].body.decode()
    assert "<style>\nbody { color: black; }\n a { color: red; }\n</style>" in page
