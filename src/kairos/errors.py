"""The error hierarchy. `api/` turns these into problem details, the CLI into clean messages."""

from __future__ import annotations


class KairosError(Exception):
    """Base of every error Kairos raises on purpose."""

    status_code = 500
    title = "Internal error"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class InvalidInput(KairosError):
    status_code = 422
    title = "Invalid input"


class BadRequest(KairosError):
    status_code = 400
    title = "Bad request"


class Unauthorized(KairosError):
    status_code = 401
    title = "Unauthorized"


class Forbidden(KairosError):
    status_code = 403
    title = "Forbidden"


class NotFound(KairosError):
    status_code = 404
    title = "Not found"


class Conflict(KairosError):
    status_code = 409
    title = "Conflict"


class PayloadTooLarge(KairosError):
    status_code = 413
    title = "Payload too large"


class TooManyRequests(KairosError):
    status_code = 429
    title = "Too many requests"

    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


class NotReady(KairosError):
    status_code = 503
    title = "Not ready"


class TurnFailed(KairosError):
    """A pipeline step failed unexpectedly; the client is told only that, with the request id."""

    status_code = 500
    title = "Turn failed"


class ProviderError(KairosError):
    """A model or hosted service failed; callers fall back to the offline path."""

    status_code = 502
    title = "Provider error"


class ConfigurationError(KairosError):
    """The deployment's settings name something that cannot work (an unknown provider, a missing
    key); the message names the setting to change. Raised when the thing is built, at start-up."""
