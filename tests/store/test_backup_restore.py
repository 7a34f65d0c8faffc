"""The backup docs/DEPLOYMENT.md gives, done for real: `pg_dump -Fc` of the served database,
`pg_restore` into an empty one that has pgvector, and Kairos reading the restored copy - the
same users with their allergies, the same places, and vector search answering on it."""

from __future__ import annotations

import asyncio
import subprocess
import uuid
from pathlib import Path

import httpx
from sqlalchemy import text

from kairos.settings import Settings
from kairos.store.database import Database
from tests.conftest import embedded_only

AUTH = {"X-Service-Token": "test-token"}


def _tool(name: str) -> str:
    from pgserver._commands import POSTGRES_BIN_PATH

    return str(Path(POSTGRES_BIN_PATH) / name)


def _run(args: list[str]) -> None:
    done = subprocess.run(args, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"{Path(args[0]).name} failed: {done.stderr[-2000:]}"


def _libpq_args(db: Database, database: str) -> list[str]:
    socket_dir = db.url.split("host=", 1)[1]
    return ["-h", socket_dir, "-U", "postgres", "-d", database]


async def _counts(db: Database) -> tuple[int, int, int]:
    async with db.reading() as session:
        users = (await session.execute(text("SELECT count(*) FROM users"))).scalar_one()
        places = (await session.execute(text("SELECT count(*) FROM places"))).scalar_one()
        vectors = (
            await session.execute(text("SELECT count(*) FROM reviews WHERE embedding IS NOT NULL"))
        ).scalar_one()
    return int(users), int(places), int(vectors)


@embedded_only  # the tools reach the server over its socket as its superuser
async def test_a_dump_restored_into_an_empty_database_serves_the_same_data(
    runtime: object, settings: Settings, client: httpx.AsyncClient, tmp_path: Path
) -> None:
    uid = str(uuid.uuid4())
    allergies = {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}}
    created = await client.post(f"/users/{uid}", json={"allergies": allergies}, headers=AUTH)
    assert created.status_code == 201, created.text

    source = await Database.from_settings(settings)
    restored_name = f"restored_{uuid.uuid4().hex[:8]}"
    dump = tmp_path / "kairos.dump"
    try:
        await asyncio.to_thread(
            _run, [_tool("pg_dump"), "-Fc", "-f", str(dump), *_libpq_args(source, "kairos")]
        )
        async with source.engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(f"CREATE DATABASE {restored_name}"))
        await asyncio.to_thread(
            _run,
            [_tool("pg_restore"), "--no-owner", "--exit-on-error",
             *_libpq_args(source, restored_name), str(dump)],
        )  # fmt: skip
        restored = Database(source.url.replace("/kairos?", f"/{restored_name}?"))
        try:
            assert await _counts(restored) == await _counts(source)
            async with restored.reading() as session:
                row = (
                    await session.execute(
                        text("SELECT allergies FROM users WHERE uid = :id"), {"id": uid}
                    )
                ).one()
                nearest = (
                    await session.execute(
                        text(
                            "SELECT count(*) FROM (SELECT id FROM reviews WHERE embedding IS NOT "
                            "NULL ORDER BY embedding <=> (SELECT embedding FROM reviews WHERE "
                            "embedding IS NOT NULL LIMIT 1) LIMIT 5) AS near"
                        )
                    )
                ).scalar_one()
        finally:
            await restored.dispose()
        assert row.allergies["severity"]["peanuts"] == "anaphylactic"
        assert nearest == 5
    finally:
        async with source.engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(f"DROP DATABASE IF EXISTS {restored_name}"))
        await source.dispose()
