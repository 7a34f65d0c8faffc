"""The one clock every product reads "today" and "now" from.

The runtime holds it and hands it to each product, so a date a person says ("this weekend",
"tomorrow") is read against the same day everywhere, and tests freeze it: a suite that read the
real clock failed on Sundays.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kairos.settings import Settings

__all__ = ["Clock"]


@dataclass(frozen=True)
class Clock:
    """The system clock, or one stopped at `fixed` (tests, reproducible evaluations)."""

    fixed: datetime | None = None

    def now(self) -> datetime:
        return self.fixed if self.fixed is not None else datetime.now(UTC)

    def today(self) -> date:
        return self.fixed.date() if self.fixed is not None else date.today()

    @classmethod
    def of(cls, settings: Settings) -> Clock:
        return cls() if settings.today is None else cls.frozen_at(settings.today)

    @classmethod
    def frozen_at(cls, day: date, hour: int = 12) -> Clock:
        return cls(datetime(day.year, day.month, day.day, hour, tzinfo=UTC))
