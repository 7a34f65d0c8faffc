"""Serves the browser UI (static files shipped inside the package) at `/`."""

from __future__ import annotations

import mimetypes
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.responses import Response

from kairos.api.deps import SettingsDep

WEB_DIR = Path(str(files("kairos.web")))
# Module scripts are refused unless served as JavaScript; some hosts' MIME tables lack these.
for _type, _ext in (("text/javascript", ".js"), ("text/css", ".css"), ("image/svg+xml", ".svg")):
    mimetypes.add_type(_type, _ext)

router = APIRouter(include_in_schema=False)


class RevalidatedFiles(StaticFiles):
    """Browsers must revalidate (cheap 304 by ETag) so an upgraded UI never runs stale modules."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(
        WEB_DIR / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"}
    )


class UiConfig(BaseModel):
    map_tiles_url: str


@router.get("/ui-config")
async def ui_config(settings: SettingsDep) -> UiConfig:
    return UiConfig(map_tiles_url=settings.map_tiles_url)


def mount_web(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/static", RevalidatedFiles(directory=WEB_DIR), name="static")
