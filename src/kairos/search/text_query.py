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

__all__ = [
    "COMMON_REVIEW_SHARE",
    "any_word_tsquery",
    "query_words",
    "quote_lexeme",
    "review_words",
    "tsquery_for",
]

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


# A word in more than this share of reviews ranks reviews no better than chance and makes the
# text arm read most of them ("food" is in half): the review part of the text arm leaves it out,
# keeping at least the query's rarest word. Shares come from PostgreSQL's own statistics.
COMMON_REVIEW_SHARE = 0.05


def tsquery_for(query: str) -> str:
    """Any-word query ('quiet' | 'romantic' | …): a place need not mention every word."""
    return any_word_tsquery(query_words(query))


def review_words(lexemes: dict[str, str | None], shares: dict[str, float]) -> list[str]:
    """The query words worth ranking reviews by: those whose lexeme is in at most
    `COMMON_REVIEW_SHARE` of reviews, or else the rarest one. Stop words (no lexeme) never."""
    stemmed = {word: lexeme for word, lexeme in lexemes.items() if lexeme}
    if not stemmed:
        return []
    share = {word: shares.get(lexeme, 0.0) for word, lexeme in stemmed.items()}
    kept = sorted(word for word, value in share.items() if value <= COMMON_REVIEW_SHARE)
    return kept or [min(share, key=lambda word: (share[word], word))]
