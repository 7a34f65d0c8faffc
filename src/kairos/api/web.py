"""Serves the browser UI (static files shipped inside the package) at `/`."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from kairos.api.deps import SettingsDep

WEB_DIR = Path(str(files("kairos.web")))
router = APIRouter(include_in_schema=False)


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})


class UiConfig(BaseModel):
    map_tiles_url: str


@router.get("/ui-config")
async def ui_config(settings: SettingsDep) -> UiConfig:
    return UiConfig(map_tiles_url=settings.map_tiles_url)


def mount_web(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
