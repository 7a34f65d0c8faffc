"""The development-only demo session: the browser changes its own profile without the token."""

from __future__ import annotations

import re
import uuid
from typing import Any

import httpx
import pytest

from kairos.api.app import create_app
from kairos.api.web import WEB_DIR
from kairos.settings import Settings


def _client(settings: Settings, runtime: Any) -> httpx.AsyncClient:
    app = create_app(settings, runtime=runtime)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kairos.test")


async def test_demo_session_round_trip(settings: Settings, runtime: Any) -> None:
    dev = settings.model_copy(update={"env": "development"})
    async with _client(dev, runtime) as client:
        assert (await client.get("/demo/profile")).status_code == 404
        started = await client.post("/demo/session", json={})
        assert started.status_code == 200
        uid = started.json()["uid"]
        assert "kairos_demo=" in started.headers["set-cookie"]
        assert uid not in started.headers["set-cookie"], "the cookie is signed, not a bare uid"
        assert "httponly" in started.headers["set-cookie"].lower()
        profile = await client.get("/demo/profile")
        assert profile.json()["uid"] == uid
        saved = await client.patch(
            "/demo/allergies",
            json={"confirmed": ["prawns"], "severity": {"prawns": "anaphylactic"}},
        )
        assert saved.status_code == 200
        assert saved.json()["allergies"]["severity"] == {"shellfish": "anaphylactic"}
        prefs = await client.patch("/demo/profile", json={"preferences": {"vibes": ["cozy"]}})
        assert prefs.json()["preferences"]["vibes"] == ["cozy"]
        users = await client.get("/demo/users")
        assert uid in [u["uid"] for u in users.json()]
        again = await client.post("/demo/session", json={"uid": uid})
        assert again.json()["uid"] == uid
        bad = await client.patch("/demo/profile", json={"preferences": {"vibes": "cozy"}})
        assert bad.status_code == 422


async def test_allergy_changes_reach_the_feed_at_once(settings: Settings, runtime: Any) -> None:
    """The session's changes invalidate the user's cached feed, as /users changes do."""
    dev = settings.model_copy(update={"env": "development"})
    async with _client(dev, runtime) as client:
        uid = (await client.post("/demo/session", json={})).json()["uid"]
        me = {"X-User-ID": uid}  # the cookie is the credential; a matching X-User-ID is fine
        before = (await client.get(f"/recommendations/{uid}", headers=me)).json()
        assert before["hard_excluded_allergens"] == []
        await client.patch(
            "/demo/allergies",
            json={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
        )
        after = (await client.get(f"/recommendations/{uid}", headers=me)).json()
        assert after["hard_excluded_allergens"] == ["peanuts"]


async def test_demo_session_picks_only_existing_users(settings: Settings, runtime: Any) -> None:
    dev = settings.model_copy(update={"env": "development"})
    async with _client(dev, runtime) as client:
        missing = await client.post("/demo/session", json={"uid": str(uuid.uuid4())})
        assert missing.status_code == 404
        client.cookies.set("kairos_demo", "not-a-signed-cookie", domain="kairos.test")
        garbled = await client.get("/demo/profile")
        assert garbled.status_code == 404
        assert "POST /demo/session" in garbled.json()["detail"]


async def test_a_demo_session_sees_and_changes_only_its_own_users(
    settings: Settings, runtime: Any
) -> None:
    """The attack of issue 10: list the newest users, take one over, wipe its allergy."""
    dev = settings.model_copy(update={"env": "development"})
    victim = str(uuid.uuid4())
    async with _client(dev, runtime) as service:
        created = await service.post(
            f"/users/{victim}",
            json={"allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}},
            headers={"X-Service-Token": "test-token"},
        )
        assert created.status_code == 201
    async with _client(dev, runtime) as mine, _client(dev, runtime) as attacker:
        own = (await mine.post("/demo/session", json={})).json()["uid"]
        assert (await attacker.get("/demo/users")).json() == [], "no session: nobody is listed"
        await attacker.post("/demo/session", json={})
        listed = [u["uid"] for u in (await attacker.get("/demo/users")).json()]
        assert victim not in listed and own not in listed
        for target in (victim, own):
            taken = await attacker.post("/demo/session", json={"uid": target})
            assert taken.status_code == 404, "another session's user (or a service user)"
        wiped = await attacker.patch("/demo/allergies", json={"remove": ["peanuts"]})
        assert wiped.status_code == 200 and wiped.json()["uid"] not in (victim, own)
        feed = await attacker.get(f"/recommendations/{victim}")
        assert feed.status_code == 403, "the cookie acts only for the session's current user"
        assert (await mine.get("/demo/profile")).json()["uid"] == own
    async with _client(dev, runtime) as service:
        kept = await service.get(f"/users/{victim}", headers={"X-Service-Token": "test-token"})
        assert kept.json()["allergies"]["severity"] == {"peanuts": "anaphylactic"}


async def test_demo_allergy_update_is_partial(settings: Settings, runtime: Any) -> None:
    dev = settings.model_copy(update={"env": "development"})
    async with _client(dev, runtime) as client:
        await client.post("/demo/session", json={})
        await client.patch(
            "/demo/allergies",
            json={"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
        )
        nothing = await client.patch("/demo/allergies", json={})
        assert nothing.json()["allergies"]["severity"] == {"peanuts": "anaphylactic"}
        added = await client.patch("/demo/allergies", json={"intolerances": ["lactose"]})
        assert added.json()["allergies"]["severity"] == {
            "peanuts": "anaphylactic",
            "dairy": "intolerance",
        }
        removed = await client.patch("/demo/allergies", json={"remove": ["peanuts"]})
        assert removed.json()["allergies"]["severity"] == {"dairy": "intolerance"}


DEMO_ROUTES = [
    ("POST", "/demo/session", {}),
    ("GET", "/demo/users", None),
    ("GET", "/demo/profile", None),
    ("PATCH", "/demo/profile", {"preferences": {}}),
    ("PATCH", "/demo/allergies", {}),
]


@pytest.mark.parametrize(
    "env, switch", [("test", True), ("production", True), ("development", False)]
)
async def test_demo_session_is_off_outside_development(
    settings: Settings, runtime: Any, env: str, switch: bool
) -> None:
    off = settings.model_copy(update={"env": env, "demo_session": switch})
    assert not off.demo_session_enabled
    async with _client(off, runtime) as client:
        for method, path, body in DEMO_ROUTES:
            response = await client.request(method, path, json=body)
            assert response.status_code == 404, (method, path)
            assert "development" in response.json()["detail"]
        assert "set-cookie" not in response.headers


async def test_index_and_static_files_are_served(client: httpx.AsyncClient) -> None:
    index = await client.get("/")
    assert index.status_code == 200
    assert index.headers["content-type"].startswith("text/html")
    assert index.headers["cache-control"] == "no-cache"
    assert "Picked for you" in index.text
    script = await client.get("/static/js/main.js")  # no version: an old page, a typed URL
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert script.headers["cache-control"] == "no-cache", "an upgraded UI never runs stale code"
    etag = {"If-None-Match": script.headers["etag"]}
    again = await client.get("/static/js/main.js", headers=etag)
    assert again.status_code == 304
    css = await client.get("/static/app.css")
    assert css.headers["content-type"].startswith("text/css")
    assert (await client.get("/static/js/nothing.js")).status_code == 404
    assert (await client.get("/static/../pyproject.toml")).status_code == 404


async def test_the_page_names_every_file_under_its_version_kept_for_a_year_and_gzipped(
    client: httpx.AsyncClient,
) -> None:
    """A repeat visit asks for nothing but the page; the first view's files travel compressed."""
    page = (await client.get("/")).text
    versioned = re.findall(r'(?:href|src)="(/static/[^"]+\?v=\w+)"', page)
    # the page names main.js and (modulepreload) every module main.js imports, each under the
    # one release version, none unversioned (its stylesheet and first-view script are inline)
    assert "/static/js/main.js" in {u.split("?")[0] for u in versioned}  # app.css: inline
    assert not re.findall(r'(?:href|src)="(/static/[^"?]+)"', page), "a file without its version"
    assert len({u.split("?v=")[1] for u in versioned}) == 1
    version = versioned[0].split("?v=")[1]
    pending, seen, transferred = ["/static/js/main.js"], set(), 0
    while pending:
        url = pending.pop()
        if url in seen:
            continue
        seen.add(url)
        response = await client.get(f"{url}?v={version}", headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, url
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable", url
        small = int(response.headers["content-length"]) <= 512  # a view's entry: sent as is
        assert small or response.headers.get("content-encoding") == "gzip", url
        transferred += int(response.headers["content-length"])
        for module in re.findall(r'(?:from |import\()"\./([\w-]+\.js)(\?v=\w+)?"', response.text):
            assert module[1] == f"?v={version}", f"{url} imports ./{module[0]} unversioned"
            pending.append(f"/static/js/{module[0]}")
    assert len(seen) >= 20, "the walk did not follow the modules' imports"
    css = await client.get(f"/static/app.css?v={version}", headers={"Accept-Encoding": "gzip"})
    transferred += int(css.headers["content-length"])
    assert transferred < 150_000, f"the first view's static files weigh {transferred} bytes"
    plain = await client.get(f"/static/js/main.js?v={version}", headers={"Accept-Encoding": ""})
    assert "content-encoding" not in plain.headers and plain.text.startswith("import")
    stale = await client.get("/static/js/main.js?v=0000000000")  # another release's URL
    assert stale.headers["cache-control"] == "no-cache"


def test_the_ui_never_parses_data_as_html() -> None:
    """Every text reaches the page through textContent: no innerHTML, outerHTML or
    insertAdjacentHTML anywhere in the UI's own scripts."""
    sinks = re.compile(r"\.(?:inner|outer)HTML\b|insertAdjacentHTML\s*\(|document\.write|DOMParser")
    scripts = list((WEB_DIR / "js").glob("*.js"))
    assert scripts
    for script in scripts:
        found = sinks.search(script.read_text())
        assert found is None, f"{script.name} uses {found and found.group()}"


async def test_ui_config_names_the_map_tiles(client: httpx.AsyncClient) -> None:
    response = await client.get("/ui-config")
    assert response.status_code == 200
    assert response.json() == {"map_tiles_url": ""}
