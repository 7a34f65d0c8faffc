"""A real `kairos serve` on loopback, sharing the session's embedded database, and a headless
Debian Chromium driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.serving import kairos_serve

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCREENSHOTS = REPO / "test-output" / "screenshots"


@pytest.fixture(scope="session")
def server(runtime: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium here (apt-get install chromium); CI installs it")
    env = {
        "KAIROS_ENV": "development",
        "KAIROS_DATABASE_URL": runtime.db.url,
        "KAIROS_AUTO_INGEST_SAMPLE": "false",
        "KAIROS_DATA_DIR": str(tmp_path_factory.mktemp("web-data")),
        "KAIROS_LOG_LEVEL": "WARNING",
    }
    with kairos_serve(env, ready_within=300) as base:  # a busy machine starts it slowly
        yield base


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server)
    block_network(context, server)
    page = context.new_page()
    page.console_errors = []  # type: ignore[attr-defined]
    page.on(
        "console",
        lambda m: m.type == "error" and page.console_errors.append(m.text),  # type: ignore[attr-defined]
    )
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))  # type: ignore[attr-defined]
    yield page
    context.close()


def block_network(context: Any, server: str) -> None:
    """Tests never reach the network: anything not served by the local Kairos is aborted, so the
    map falls back to its offline SVG projection."""
    context.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(server)
            else route.abort("internetdisconnected")
        ),
    )


def phone_context(browser: Any, server: str, **options: Any) -> Any:
    """A phone's browser context (390 × 844, touch) on the local Kairos, the network blocked;
    `options` add to it (`color_scheme="dark"`)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=server,
        is_mobile=True,
        has_touch=True,
        **options,
    )
    block_network(context, server)
    return context


def shot(page: Any, name: str, *, full_page: bool = False, element: str | None = None) -> Path:
    """The viewport as a person sees it (or the whole page, or one element)."""
    path = SCREENSHOTS / f"{name}.png"
    if element:
        page.locator(element).screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=full_page)
    return path


TEXT_SELECTORS = [
    ".fit", ".rank", "h2", "h3", ".stars", ".meta", ".muted", ".note", ".pill", ".quote",
    ".banner strong", ".banner span", ".chip", ".btn", ".ext", ".steps .step", ".trace summary",
    ".allergy-chip", ".status", ".answer-text", ".bubble.user p", ".error-box span", ".jump-chat",
]  # fmt: skip

_CONTRAST_JS = (Path(__file__).parent / "contrast.js").read_text()


def low_contrast(page: Any, selectors: list[str] | None = None) -> list[str]:
    """Texts below WCAG AA (4.5:1) against the background they are drawn on."""
    return list(page.evaluate(_CONTRAST_JS, TEXT_SELECTORS + (selectors or [])))
