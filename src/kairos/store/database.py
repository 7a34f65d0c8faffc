"""Engine and sessions. One `Database` per process, built from settings."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import text
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from kairos.settings import Settings
from kairos.store.embedded import start_embedded_server


def resolve_database_url(settings: Settings) -> str:
    """The configured server if there is one; otherwise the embedded one, started on demand."""
    if settings.database_url:
        url = settings.database_url
        if url.startswith("postgresql://") or url.startswith("postgres://"):
            url = "postgresql+asyncpg://" + url.split("://", 1)[1]
        return url
    return start_embedded_server(settings.data_dir, settings.embedded_shared_buffers)


class Database:
    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        self.url = url
        # hide_parameters: a failed statement's log line and exception text name the SQL but
        # not its bound values, which hold allergy profiles and chat messages.
        self.engine: AsyncEngine = create_async_engine(
            url, pool_size=pool_size, max_overflow=20, pool_pre_ping=True, hide_parameters=True
        )
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @classmethod
    async def from_settings(cls, settings: Settings) -> Database:
        url = await asyncio.to_thread(resolve_database_url, settings)
        return cls(url)

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session:
            yield session

    async def ping(self) -> None:
        async with self.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))

    async def dispose(self) -> None:
        await self.engine.dispose()
