"""The Redis rate limiter runs against the session's real redis-server (tests/conftest.py)."""
