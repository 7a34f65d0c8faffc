"""Kairos refuses a database without pgvector that it cannot add it to, saying what to install,
before any migration runs (an external server set up without the extension)."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text

from kairos.errors import NotReady
from kairos.settings import Settings
from kairos.store.database import Database
from kairos.store.migrate import upgrade
from tests.conftest import embedded_only


@embedded_only  # needs a superuser to set the scene (the embedded server's postgres role)
async def test_a_database_without_pgvector_is_refused_with_what_to_install(
    runtime: object, settings: Settings
) -> None:
    role, database = f"plain_{uuid.uuid4().hex[:8]}", f"plain_{uuid.uuid4().hex[:8]}"
    admin = await Database.from_settings(settings)
    try:
        async with admin.engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(f"CREATE ROLE {role} LOGIN"))
            await conn.execute(text(f"CREATE DATABASE {database} OWNER {role}"))
        plain = Database(admin.url.replace("postgres@/kairos?", f"{role}@/{database}?"))
        try:
            with pytest.raises(NotReady) as refused:
                await upgrade(plain)
            async with plain.engine.connect() as conn:
                tables = await conn.scalar(
                    text("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
                )
        finally:
            await plain.dispose()
        message = str(refused.value)
        assert f"the database '{database}' has no pgvector extension" in message
        assert "permission denied" in message
        assert "postgresql-16-pgvector" in message and "CREATE EXTENSION vector" in message
        assert tables == 0, "a migration ran on a database that cannot hold Kairos' tables"
    finally:
        async with admin.engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(f"DROP DATABASE IF EXISTS {database}"))
            await conn.execute(text(f"DROP ROLE IF EXISTS {role}"))
        await admin.dispose()
