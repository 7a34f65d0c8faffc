"""The typed answer every signal source gives, whatever happened upstream.

Products decide from `status`, cite `source` with its freshness, and never catch exceptions from a
signal: a slow or broken source is an answer (`timeout`, `error`), and "nothing nearby" is `ok`
with empty data (ADR-022: no signal is not a failure). A role with no provider configured (events
and closures offline) is neither: `not_configured`, with no data and `detail` naming the settings
that give it one. It is never `ok`, never cited and never `informative`: nothing was asked, so
nothing nearby is unknown, not absent.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

SignalStatus = Literal["ok", "stale", "error", "timeout", "not_configured"]

# Error codes carried by degraded answers (`error_code`). A small fixed set, so dashboards can
# count them; `detail` says the specifics and what to change.
TIMEOUT = "timeout"  # the source exceeded its budget
UNREACHABLE = "unreachable"  # no connection (DNS, refused, TLS)
UNAUTHORIZED = "unauthorized"  # 401/403: a missing or wrong key, or a refused client
RATE_LIMITED = "rate_limited"  # 429: quota or rate limit
NOT_FOUND = "not_found"  # 404: usually a wrong base URL
REJECTED = "rejected"  # another 4xx: the service refused the request as sent
UPSTREAM_ERROR = "upstream_error"  # 5xx
BAD_RESPONSE = "bad_response"  # a body that does not follow the service's protocol
INTERNAL_ERROR = "internal_error"  # a bug in the source itself (logged with its traceback)
STALE_CACHE = "stale_cache"  # served from a cache older than its freshness window
NOT_CONFIGURED = "not_configured"  # no provider is configured for the role: no data exists


class SignalData(BaseModel):
    """Base of every signal's data: an optional note for the reader ("no events source is
    configured", "climatology, not a forecast")."""

    model_config = ConfigDict(frozen=True)

    note: str | None = None


D = TypeVar("D", bound=SignalData)


class SignalAnswer(BaseModel, Generic[D]):
    """One source's answer. `ok` and `stale` carry data; `error`, `timeout` and
    `not_configured` carry none."""

    model_config = ConfigDict(frozen=True)

    source: str = Field(description="the implementation that answered, e.g. openweather")
    status: SignalStatus
    error_code: str | None = Field(default=None, description="why the answer is degraded")
    detail: str | None = Field(default=None, description="what happened and what to change")
    fetched_at: datetime | None = Field(default=None, description="when the data was fetched")
    age_seconds: float | None = Field(default=None, ge=0, description="data age when served")
    cache_hit: bool = False
    bundled: bool = Field(
        default=False,
        description="the provider reads data shipped with Kairos (weather averages, a stored "
        "calendar, the catalog): however recently it was read, it is never live",
    )
    data: D | None = None

    @model_validator(mode="after")
    def _consistent(self) -> SignalAnswer[D]:
        if (self.status == "ok") != (self.error_code is None):
            raise ValueError("error_code is set exactly when the status is not ok")
        if (self.status == "not_configured") != (self.error_code == NOT_CONFIGURED):
            raise ValueError("a role with no provider is not_configured, with that code only")
        if (self.status in ("ok", "stale")) != (self.data is not None):
            raise ValueError("ok and stale answers carry data; error and timeout answers do not")
        if (self.data is None) != (self.fetched_at is None):
            raise ValueError("fetched_at is set exactly when there is data")
        return self

    @property
    def usable(self) -> bool:
        """There is data to decide from (fresh or stale)."""
        return self.data is not None

    @property
    def informative(self) -> bool:
        """There is data and it covers what was asked (not `known=False`). A role with no
        provider never is: its "nothing" is not knowledge."""
        return self.data is not None and getattr(self.data, "known", True) is not False

    @property
    def freshness(self) -> str:
        """How old the data is, for the source line a product shows ("live", "12 min old")."""
        if self.status == "not_configured":
            return "not configured"
        if self.age_seconds is None:
            return "unavailable"
        if self.bundled:
            return "shipped data"
        if self.age_seconds < 60 and not self.cache_hit:
            return "live"
        if self.age_seconds < 60:
            return "under 1 min old"
        minutes = self.age_seconds / 60
        if minutes < 60:
            return f"{max(1, round(minutes))} min old"
        if minutes < 48 * 60:
            return f"{round(minutes / 60)} h old"
        return f"{round(minutes / 1440)} d old"


def utc_from_timestamp(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)
