"""Street closures: none offline (said so), NYC DOT's open-data closures when hosted."""

from kairos.signals.closures.models import Closure, ClosureList, ClosuresQuery, ClosuresSource

__all__ = ["Closure", "ClosureList", "ClosuresQuery", "ClosuresSource"]
