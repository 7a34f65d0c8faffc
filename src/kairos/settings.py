"""One typed settings object, read from `KAIROS_*` environment variables and `.env`."""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_SERVICE_TOKEN = "KairosTest"
MIN_PRODUCTION_TOKEN_LENGTH = 32


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KAIROS_", env_file=".env", extra="ignore")

    env: Literal["development", "test", "production"] = "development"
    log_level: str = "INFO"

    database_url: str | None = Field(
        default=None,
        description="postgresql+asyncpg://… of a server with pgvector; unset = embedded server",
    )
    data_dir: Path = Field(default=Path(".kairos"), description="embedded database and caches")
    embedded_shared_buffers: str = Field(
        default="256MB",
        pattern=r"^[1-9][0-9]*(kB|MB|GB)$",
        description="shared_buffers of the embedded server, e.g. 256MB; PostgreSQL's default "
        "of 128MB cannot hold the full catalog's review vectors and HNSW index, so searches "
        "read them from the OS again. Takes effect at the server's next start.",
    )
    health_db_grace_seconds: float = Field(
        default=30.0,
        ge=0,
        description="/health turns 503 once the database has been unreachable this long, so an "
        "orchestrator restarts the service; shorter outages are ridden out (requests get 503 "
        "and the embedded server is restarted in place)",
    )
    database_connect_timeout_seconds: float = Field(
        default=10.0, gt=0, description="a new connection to the database gives up after this long"
    )
    database_pool_timeout_seconds: float = Field(
        default=10.0,
        gt=0,
        description="a request waits this long for a pooled connection, then gets a 503",
    )
    database_statement_timeout_seconds: float = Field(
        default=10.0,
        gt=0,
        description="while serving, a statement the database has not answered in this long is "
        "cancelled and the request gets a 503 (a hung server; migrations and ingest are not "
        "limited)",
    )
    sample_dir: Path = Field(
        default=Path("data/sample"), description="sample ingested on first run"
    )
    auto_ingest_sample: bool = True

    service_token: SecretStr = SecretStr(DEFAULT_SERVICE_TOKEN)
    token_secret: SecretStr | None = Field(
        default=None,
        description="signs user tokens and the demo cookie (at least 32 characters); unset = a "
        "random secret kept in data_dir/token_secret. Replicas on several machines must share it.",
    )
    user_token_ttl_seconds: int = Field(
        default=3600, ge=60, le=86400, description="default lifetime of a user token"
    )
    allowed_origins: str = ""
    demo_session: bool = Field(
        default=True, description="browser session for the demo user; only honoured in development"
    )
    local_test_user: bool = Field(
        default=True,
        description="the planner's seed routes act for one shared local user when a request "
        "carries no credential (the seed's auth0|local_test); only honoured in development",
    )

    today: date | None = Field(
        default=None,
        description="the day every product reads as today ('this weekend', 'tomorrow'), for "
        "reproducible demos, tests and evaluations; unset = the system clock; refused in "
        "production",
    )

    max_body_bytes: int = Field(
        default=1_048_576,
        ge=1024,
        description="largest request body accepted; larger ones get 413 before they are read",
    )
    shutdown_grace_seconds: float = Field(
        default=20,
        ge=0,
        le=600,
        description="after SIGTERM, how long requests and streams under way may run on; a "
        "stream still open then ends with an error event (the process exits 5 s later at most)",
    )
    chat_limit_per_user: int = Field(
        default=30, ge=0, description="chat turns per user per rate window; 0 = no limit"
    )
    chat_limit_per_address: int = Field(
        default=120, ge=0, description="chat turns per client address per rate window; 0 = off"
    )
    auth_failure_limit_per_address: int = Field(
        default=10,
        ge=0,
        description="rejected credentials (401) per client address per rate window before its "
        "requests that carry credentials get 429; 0 = no limit",
    )
    rate_window_seconds: float = Field(default=60.0, gt=0, le=86_400)
    redis_url: str | None = Field(
        default=None, description="redis://… shared by replicas for rate limits; unset = in-process"
    )
    trusted_proxies: str = Field(
        default="",
        description="comma-separated addresses or networks of reverse proxies whose "
        "X-Forwarded-For / X-Forwarded-Proto are believed; empty = none",
    )
    docs_in_production: bool = Field(
        default=False, description="serve /docs, /redoc and /openapi.json when env=production"
    )

    map_tiles_url: str = Field(
        default="",
        description="tile URL template for the web map, e.g. https://tile.openstreetmap.org/"
        "{z}/{x}/{y}.png; empty = the offline SVG map",
    )

    embedding_provider: Literal["minilm", "openai"] = "minilm"
    embedding_batch_size: int = Field(default=32, ge=1, le=512)
    embedding_model: str = Field(
        default="text-embedding-3-small",
        description="model asked of an OpenAI-compatible server (embedding_provider=openai)",
    )
    embedding_base_url: str | None = Field(
        default=None, description="OpenAI-compatible server for embeddings; unset = llm_base_url"
    )

    llm_provider: str = Field(
        default="offline",
        description="a registered language-model provider: offline | openai (or a plug-in's)",
    )
    llm_fallback_provider: str = Field(default="offline", description="as llm_provider")
    llm_base_url: str = "https://api.openai.com/v1"
    llm_api_key: SecretStr | None = None
    llm_model: str = "gpt-4o-mini"
    llm_fallback_model: str | None = None
    llm_timeout_seconds: float = Field(default=30.0, gt=0)
    llm_long_timeout_seconds: float = Field(default=60.0, gt=0)
    vision_provider: str = Field(
        default="offline",
        description="a registered vision provider for the meal coach's photos: offline | openai "
        "(an OpenAI-compatible multimodal model; key and base URL as llm_*)",
    )
    vision_model: str | None = Field(default=None, description="unset = llm_model")
    vision_base_url: str | None = Field(default=None, description="unset = llm_base_url")
    vision_timeout_seconds: float = Field(default=30.0, gt=0)
    meal_image_max_bytes: int = Field(
        default=8 * 1024 * 1024, ge=1024, description="largest photo the meal coach stores"
    )

    # The group planner (seed 002): discovery roles, mail for confirmed actions, speech.
    venue_discovery: str = Field(
        default="catalog",
        description="comma-separated discovery providers the scout asks concurrently: catalog | "
        "google_places | yelp_fusion (hosted results are shown only when found in the catalog)",
    )
    google_places_api_key: SecretStr | None = None
    google_places_base_url: str = "https://places.googleapis.com"
    yelp_api_key: SecretStr | None = Field(default=None, description="Yelp Fusion API key")
    yelp_base_url: str = "https://api.yelp.com"
    discovery_timeout_seconds: float = Field(
        default=4.0, gt=0, le=30, description="budget of one hosted discovery call"
    )
    smtp_host: str | None = Field(
        default=None, description="send confirmed plan e-mails through this SMTP server; unset = "
        "offer the message and the invite as files to download",
    )  # fmt: skip
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_from: str = "kairos@localhost"
    smtp_username: str | None = None
    smtp_password: SecretStr | None = None
    smtp_starttls: bool = True
    smtp_timeout_seconds: float = Field(default=10.0, gt=0)
    voice_provider: str = Field(
        default="espeak", description="speech for POST /api/voice/synthesize: espeak | elevenlabs"
    )
    voice_engine: str = Field(
        default="espeak-ng",
        description="offline speech (voice_provider=espeak): an espeak-ng binary name or path; "
        "empty = off",
    )
    elevenlabs_api_key: SecretStr | None = None
    elevenlabs_base_url: str = "https://api.elevenlabs.io"
    elevenlabs_voice_id: str = Field(
        default="21m00Tcm4TlvDq8ikWAM", description="the voice used when a request names none"
    )
    elevenlabs_model: str = "eleven_multilingual_v2"
    voice_timeout_seconds: float = Field(default=20.0, gt=0, le=120)

    # Signals: each source is a registered provider; `offline` needs no network and no key.
    weather_provider: str = Field(default="offline", description="offline | openweather")
    weather_base_url: str = "https://api.openweathermap.org"
    weather_api_key: SecretStr | None = None
    weather_timeout_seconds: float = Field(default=2.0, gt=0, le=30)
    events_provider: str = Field(default="offline", description="offline | ticketmaster")
    events_base_url: str = "https://app.ticketmaster.com/discovery/v2"
    events_api_key: SecretStr | None = None
    events_timeout_seconds: float = Field(default=2.0, gt=0, le=30)
    closures_provider: str = Field(default="offline", description="offline | nycdot")
    closures_base_url: str = "https://data.cityofnewyork.us/resource/i6b5-j7bu.json"
    closures_api_key: SecretStr | None = Field(default=None, description="Socrata app token")
    closures_timeout_seconds: float = Field(default=2.0, gt=0, le=30)
    school_calendar_provider: str = Field(default="offline", description="offline | ical")
    school_calendar_url: str = Field(default="", description="the district's iCalendar feed")
    school_calendar_timeout_seconds: float = Field(default=2.0, gt=0, le=30)
    geocoding_provider: str = Field(default="offline", description="offline | nominatim")
    geocoding_base_url: str = "https://nominatim.openstreetmap.org"
    geocoding_api_key: SecretStr | None = None
    geocoding_timeout_seconds: float = Field(default=2.0, gt=0, le=30)
    # Trips (seed 003): enrichment of places whose hours or price are unknown or stale.
    trips_enrichment_provider: str = Field(
        default="offline",
        description="offline | google_places (Place Details (New); key and base URL as "
        "google_places_*)",
    )
    trips_enrichment_timeout_seconds: float = Field(default=3.0, gt=0, le=30)
    trips_enrichment_rate_per_second: float = Field(
        default=5.0, gt=0, description="token bucket per provider and process"
    )
    trips_enrichment_burst: int = Field(default=10, ge=1)
    reviews_timeout_seconds: float = Field(
        default=2.0, gt=0, le=30, description="the operator assistant's catalog reviews source"
    )

    @field_validator(
        "token_secret",
        "llm_api_key",
        "weather_api_key",
        "events_api_key",
        "closures_api_key",
        "geocoding_api_key",
        "google_places_api_key",
        "yelp_api_key",
        "elevenlabs_api_key",
        "today",
        mode="before",
    )
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if value == "" else value

    @model_validator(mode="after")
    def _refuse_weak_tokens_in_production(self) -> Settings:
        secret = self.token_secret.get_secret_value() if self.token_secret else None
        if secret is not None and len(secret) < 32:
            raise ValueError("KAIROS_TOKEN_SECRET must be at least 32 characters")
        token = self.service_token.get_secret_value().strip()
        if self.env != "production":
            return self
        if self.today is not None:
            raise ValueError("KAIROS_TODAY stops the clock; unset it with KAIROS_ENV=production")
        if token == DEFAULT_SERVICE_TOKEN:
            raise ValueError(
                "KAIROS_SERVICE_TOKEN is the default development token; "
                "set a long random secret before running with KAIROS_ENV=production"
            )
        if len(token) < MIN_PRODUCTION_TOKEN_LENGTH:
            raise ValueError(
                f"KAIROS_SERVICE_TOKEN has {len(token)} characters; production needs at least "
                f"{MIN_PRODUCTION_TOKEN_LENGTH} (e.g. python -c 'import secrets; "
                "print(secrets.token_urlsafe(32))')"
            )
        return self

    @property
    def docs_enabled(self) -> bool:
        """The interactive docs and the schema describe every route: not public in production
        unless the operator asks for them."""
        return self.env != "production" or self.docs_in_production

    @property
    def redis(self) -> str | None:
        return self.redis_url.strip() or None if self.redis_url else None

    @property
    def trusted_proxy_list(self) -> list[str]:
        return [p.strip() for p in self.trusted_proxies.split(",") if p.strip()]

    @property
    def demo_session_enabled(self) -> bool:
        return self.demo_session and self.env == "development"

    @property
    def local_test_user_enabled(self) -> bool:
        return self.local_test_user and self.env == "development"

    @property
    def allowed_origins_list(self) -> list[str]:
        return [o.strip() for o in self.allowed_origins.split(",") if o.strip()]


@lru_cache
def get_settings() -> Settings:
    return Settings()
