"""Tracebacks fit for the log: the statement that failed, never the values bound to it.

The engine hides bound parameters (`hide_parameters=True`), but two error texts still quote a
value: asyncpg's own ("invalid input for query argument $1: 'peanuts' (…)", raised before the
statement is sent) and PostgreSQL's ("invalid input syntax for type integer: \"…\""). Those
values are a user's allergies and messages, so whoever logs an unexpected failure logs it
through `redacted_traceback`.
"""

from __future__ import annotations

import re
import traceback
from typing import Final

__all__ = ["REDACTED", "redact_bound_values", "redacted_traceback"]

REDACTED: Final = "<redacted>"
_PATTERNS: Final = (
    # asyncpg: the value, then its reason in parentheses (kept: it says what was wrong)
    re.compile(r"(invalid input for query argument \$\d+: )(?:.*(?= \()|.*)"),
    # PostgreSQL: the value ends the line
    re.compile(r"(invalid input (?:syntax|value) for [^:\n]*: ).*"),
    re.compile(r"(\[parameters: ).*(?=\])"),
)


def redact_bound_values(text: str) -> str:
    for pattern in _PATTERNS:
        text = pattern.sub(lambda match: match.group(1) + REDACTED, text)
    return text


def redacted_traceback(exc: BaseException) -> str:
    return redact_bound_values("".join(traceback.format_exception(exc)))
