"""Serves the browser UI (static files shipped inside the package) at `/`."""

from __future__ import annotations

import mimetypes
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel
from starlette.responses import Response

from kairos.api.deps import SettingsDep
from kairos.api.security_headers import content_security_policy
from kairos.api.web_assets import StaticAssets, WebAssets

WEB_DIR = Path(str(files("kairos.web")))
# Module scripts are refused unless served as JavaScript; some hosts' MIME tables lack these.
for _type, _ext in (("text/javascript", ".js"), ("text/css", ".css"), ("image/svg+xml", ".svg")):
    mimetypes.add_type(_type, _ext)

router = APIRouter(include_in_schema=False)


ASSETS = WebAssets(WEB_DIR)
"""Read, versioned and compressed once per process (≈ 0.1 s)."""


@router.get("/")
async def index(request: Request, settings: SettingsDep) -> Response:
    """Always revalidated (a cheap 304 by ETag): it names the versioned URLs of everything else.
    Its policy allows its own inline stylesheet and first-view script, by hash."""
    policy = content_security_policy(settings.map_tiles_url, inline=ASSETS.inline_sources)
    return ASSETS.index(request, policy)


class UiConfig(BaseModel):
    map_tiles_url: str


@router.get("/ui-config")
async def ui_config(settings: SettingsDep) -> UiConfig:
    return UiConfig(map_tiles_url=settings.map_tiles_url)


def mount_web(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/static", StaticAssets(ASSETS), name="static")
