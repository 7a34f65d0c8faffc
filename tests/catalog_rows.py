"""Rows the catalog tests add and change on the session's database, and a count of the
statements `Database.fetch` runs."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import pytest
from sqlalchemy import text


async def add_place(
    runtime: Any, name: str, review: str, vector: Sequence[float] | None = None
) -> tuple[int, int]:
    """A Cambridge place with one review (no rating, and `vector` as its embedding when given);
    (place id, review id)."""
    tag = uuid.uuid4().hex
    async with runtime.db.session() as session, session.begin():
        place = (
            await session.execute(
                text(
                    "INSERT INTO places (source, source_id, name, normalized_name, city, "
                    "review_count) VALUES ('test', :tag, :name, lower(:name), 'Cambridge', 1) "
                    "RETURNING id"
                ),
                {"tag": tag, "name": name},
            )
        ).scalar_one()
        review_id = (
            await session.execute(
                text(
                    "INSERT INTO reviews (place_id, source, source_review_id, text, "
                    "content_hash, embedding) VALUES (:place, 'test', :tag, :text, :hash, "
                    "CAST(:vector AS vector)) RETURNING id"
                ),
                {
                    "place": place,
                    "tag": tag,
                    "text": review,
                    "hash": tag,
                    "vector": None if vector is None else str(list(vector)),
                },
            )
        ).scalar_one()
    return int(place), int(review_id)


async def write(runtime: Any, sql: str, params: dict[str, Any]) -> None:
    async with runtime.db.session() as session, session.begin():
        await session.execute(text(sql), params)


def count_fetches(monkeypatch: pytest.MonkeyPatch, db: Any) -> list[str]:
    """The SQL of every `db.fetch` from now on, in order."""
    statements: list[str] = []
    fetch = db.fetch

    async def counted(sql: str, params: Any = None) -> Any:
        statements.append(sql)
        return await fetch(sql, params)

    monkeypatch.setattr(db, "fetch", counted)
    return statements
