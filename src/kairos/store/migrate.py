"""Run the Alembic migrations shipped inside the package, against an async engine."""

from __future__ import annotations

from importlib.resources import files

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from kairos.errors import NotReady
from kairos.store.database import Database

NO_PGVECTOR = (
    "the database {database!r} has no pgvector extension and this role cannot create it ({why}). "
    "Install pgvector on the PostgreSQL server (Debian/Ubuntu: postgresql-16-pgvector; it ships "
    "with the PostgreSQL packages of pgdg and most managed services) and run, as a superuser, "
    "`CREATE EXTENSION vector;` in that database; then start Kairos again"
)


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


async def ensure_pgvector(database: Database) -> None:
    """Kairos stores embeddings in pgvector columns: a server or database without the extension
    is refused before any migration, with what to install, instead of failing half-way."""
    async with database.engine.connect() as conn:
        present = await conn.scalar(text("SELECT 1 FROM pg_extension WHERE extname = 'vector'"))
        if present:
            return
        name = await conn.scalar(text("SELECT current_database()"))
        try:
            await conn.execute(text("CREATE EXTENSION IF NOT EXISTS vector"))
            await conn.commit()
        except DBAPIError as exc:
            why = str(exc.orig).splitlines()[0] if exc.orig is not None else type(exc).__name__
            raise NotReady(NO_PGVECTOR.format(database=name, why=why.split(": ", 1)[-1])) from exc


async def upgrade(database: Database, revision: str = "head") -> None:
    await ensure_pgvector(database)
    async with database.engine.begin() as conn:
        await conn.run_sync(_upgrade, revision)


async def downgrade(database: Database, revision: str) -> None:
    async with database.engine.begin() as conn:
        await conn.run_sync(_downgrade, revision)
