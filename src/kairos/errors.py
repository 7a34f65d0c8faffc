"""The error hierarchy. `api/problems.py` maps each to an HTTP status and a problem-details
body, the CLI to a clean message, a stream to an error event; no status lives here."""

from __future__ import annotations


class KairosError(Exception):
    """Base of every error Kairos raises on purpose."""

    title = "Internal error"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class InvalidInput(KairosError):
    title = "Invalid input"


class BadRequest(KairosError):
    title = "Bad request"


class Unauthorized(KairosError):
    title = "Unauthorized"


class Forbidden(KairosError):
    title = "Forbidden"


class NotFound(KairosError):
    title = "Not found"


class Conflict(KairosError):
    title = "Conflict"


class PayloadTooLarge(KairosError):
    title = "Payload too large"


class UnsupportedMediaType(KairosError):
    title = "Unsupported media type"


class TooManyRequests(KairosError):
    title = "Too many requests"

    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


class NotReady(KairosError):
    title = "Not ready"


class TurnFailed(KairosError):
    """A pipeline step failed unexpectedly; the client is told only that, with the request id."""

    title = "Turn failed"


class ProviderError(KairosError):
    """A model or hosted service failed; callers fall back to the offline path."""

    title = "Provider error"


class ConfigurationError(KairosError):
    """The deployment's settings name something that cannot work (an unknown provider, a missing
    key); the message names the setting to change. Raised when the thing is built, at start-up."""
