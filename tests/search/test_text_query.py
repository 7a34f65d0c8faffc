"""Full-text queries are built so that no text can break them: every query the search can send
is parsed by the real PostgreSQL without error."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import text

from kairos.search.text_query import any_word_tsquery, query_words, quote_lexeme

NASTY = ["s'", "'", "''", "\\", "\\'", "a&b", "|", "!", ":*", "(", ")", "<->", "it's", "x:A", "🍕"]
ALPHABET = "ab'\\&|!:*()<-> \t\n0é🍕"


def _queries() -> list[str]:
    rng = random.Random(10)
    random_texts = ["".join(rng.choices(ALPHABET, k=rng.randint(0, 12))) for _ in range(300)]
    return ["", "the of and", *NASTY, *random_texts]


def test_lexemes_are_quoted_with_quotes_and_backslashes_escaped() -> None:
    assert quote_lexeme("it's") == "'it''s'"
    assert quote_lexeme("a\\b") == "'a\\\\b'"
    assert any_word_tsquery(["quiet", "romantic"]) == "'quiet' | 'romantic'"
    assert any_word_tsquery([]) == ""
    assert query_words("S' Pizza, pizza!") == ["pizza", "s"]


async def test_postgresql_parses_every_query_we_can_build(runtime: Any) -> None:
    async with runtime.db.session() as session:
        for query in _queries():
            for built in (any_word_tsquery(query_words(query)), any_word_tsquery(query.split())):
                await session.execute(text("SELECT to_tsquery('english', :q)"), {"q": built})
