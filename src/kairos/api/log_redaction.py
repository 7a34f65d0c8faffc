"""No credential in any log line: `access_token=` values in logged URLs are replaced.

Browsers cannot set headers on a WebSocket, so `WS /api/ws/plan` also takes the user token in
its query string, and uvicorn logs every socket's path with its query at INFO (and every HTTP
request's in the access log). A filter on those loggers rewrites the value before any handler
sees it, in every worker process (it is installed where the app is built).
"""

from __future__ import annotations

import logging
import re
from typing import Final

__all__ = ["REDACTED", "CredentialRedaction", "install_credential_redaction"]

REDACTED: Final = "[redacted]"
_SECRET_PARAMETER: Final = re.compile(r"((?:access_token|token|ticket)=)[^&\s\"']+", re.I)
_LOGGERS: Final = ("uvicorn.error", "uvicorn.access", "uvicorn")


def _redact(value: object) -> object:
    return _SECRET_PARAMETER.sub(rf"\1{REDACTED}", value) if isinstance(value, str) else value


class CredentialRedaction(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _redact(arg) for key, arg in record.args.items()}
        return True


def install_credential_redaction() -> None:
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, CredentialRedaction) for f in logger.filters):
            logger.addFilter(CredentialRedaction())
