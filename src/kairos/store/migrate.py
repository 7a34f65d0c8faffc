"""Run the Alembic migrations shipped inside the package, against an async engine."""

from __future__ import annotations

from importlib.resources import files

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

from kairos.store.database import Database


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("kairos.store") / "migrations"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection, revision: str) -> None:
    command.upgrade(alembic_config(connection), revision)


def _downgrade(connection: Connection, revision: str) -> None:
    command.downgrade(alembic_config(connection), revision)


async def upgrade(database: Database, revision: str = "head") -> None:
    async with database.engine.begin() as conn:
        await conn.run_sync(_upgrade, revision)


async def downgrade(database: Database, revision: str) -> None:
    async with database.engine.begin() as conn:
        await conn.run_sync(_downgrade, revision)
