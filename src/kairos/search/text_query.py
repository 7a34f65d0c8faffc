"""Full-text queries built so that no text can break them.

`to_tsquery` parses its argument as query syntax (`&`, `|`, `!`, `:*`, quotes), so a query
assembled by hand from user words fails on input as small as `s'`: an empty quoted lexeme is a
syntax error. Here every word becomes a quoted lexeme with quotes and backslashes escaped, and
no words at all become the empty string, which PostgreSQL reads as an empty query that matches
nothing (with a notice, not an error).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["any_word_tsquery", "query_words", "quote_lexeme"]

_WORD = re.compile(r"[a-z0-9]+")


def query_words(query: str) -> list[str]:
    """The distinct words of a query, lower-cased and sorted (a stable cache and SQL key)."""
    return sorted(set(_WORD.findall(query.lower())))


def quote_lexeme(word: str) -> str:
    """One word as a quoted tsquery lexeme: `'it''s'` for `it's`, backslashes escaped."""
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def any_word_tsquery(words: Iterable[str]) -> str:
    """`'quiet' | 'romantic'`: a place need not mention every word. "" for no words."""
    return " | ".join(quote_lexeme(w) for w in words if w)
