"""Hosted roles of the planner against in-process servers on loopback that speak the real
protocols: Google Places Text Search (New) and Yelp Fusion as discovery providers (venues found in
the sample catalog, the rest counted and never shown, both price signals at the cost analyst),
ElevenLabs as the speech provider; and the configuration contract (a missing key is an error at
start-up naming the setting)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest
from pydantic import SecretStr

from kairos.errors import ConfigurationError
from kairos.search.filters import GeoPoint, SearchFilters
from kairos.settings import Settings
from kairos.store.catalog_match import VenueRef, find_in_catalog
from kairos.venues.discovery import DiscoveryProvider, DiscoveryQuery
from kairos.venues.hosted import GOOGLE_FIELD_MASK
from kairos.venues.product import DISCOVERY, discovery_providers
from kairos.venues.scout import Scout
from kairos.venues.voice import ElevenLabsVoice, EspeakVoice, build_voice
from tests.loopback import serve_on_loopback
from tests.meals.helpers import as_user, create_user
from tests.venues.fake_hosted import (
    ELEVENLABS_KEY,
    GOOGLE_KEY,
    YELP_KEY,
    HostedState,
    google_place,
    make_app,
    speech_of,
    yelp_business,
)

# Sample catalog places (Cambridge, MA), with their stored Yelp price levels.
RUSSELL = ("Russell House Tavern", 42.3731138895, -71.1194942147)  # $$ (yelp_boston_cambridge)
BEAT = ("Beat Brasserie", 42.3733622, -71.1200863)  # $$
HIGHLAND = ("Highland Fried", 42.3735754582, -71.0985896265)  # known to contain peanuts (high)
TUPELO = ("Tupelo", 42.373562, -71.097237)  # $$
OLE = ("Olé", 42.374064, -71.100155)  # $$
SHAKE_SHACK = (42.3722616, -71.1209004)
NOT_IN_CATALOG = "not in the catalog: not shown, their allergen knowledge is unknown"
PEANUT_MEMBER = {
    "name": "Sam",
    "allergies": {"confirmed": ["peanuts"], "severity": {"peanuts": "anaphylactic"}},
}


@pytest.fixture(scope="module")
def hosted_server() -> Iterator[tuple[HostedState, str]]:
    state = HostedState()
    with serve_on_loopback(make_app(state)) as url:
        yield state, url


@pytest.fixture
def fake(hosted_server: tuple[HostedState, str]) -> HostedState:
    state, _ = hosted_server
    state.__init__()  # type: ignore[misc]
    return state


@pytest.fixture
def hosted_settings(settings: Settings, hosted_server: tuple[HostedState, str]) -> Settings:
    _, url = hosted_server
    return settings.model_copy(
        update={
            "google_places_api_key": SecretStr(GOOGLE_KEY),
            "google_places_base_url": f"{url}/google",
            "yelp_api_key": SecretStr(YELP_KEY),
            "yelp_base_url": f"{url}/yelp",
            "discovery_timeout_seconds": 1.0,
            "elevenlabs_api_key": SecretStr(ELEVENLABS_KEY),
            "elevenlabs_base_url": f"{url}/elevenlabs",
        }
    )


Use = Callable[..., list[DiscoveryProvider]]


@pytest.fixture
async def use_discovery(
    runtime: Any, hosted_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Use]:
    """`use_discovery("catalog", "google_places", **settings)`: the planner's scout asks those
    providers (built from settings, as at start-up) for this test."""
    product = runtime.products["venues"]
    built: list[DiscoveryProvider] = []

    def use(*names: str, **changes: Any) -> list[DiscoveryProvider]:
        settings = hosted_settings.model_copy(
            update={"venue_discovery": ",".join(names), **changes}
        )
        providers = discovery_providers(settings, runtime.search, runtime.places)
        built.extend(providers)
        monkeypatch.setattr(
            product,
            "scout",
            Scout(
                providers,
                runtime.places,
                product.plans,
                nothing_matches=runtime.search.nothing_matches,
            ),
        )
        return providers

    yield use
    for provider in built:
        await provider.aclose()


async def _plan(client: httpx.AsyncClient, **body: Any) -> dict[str, Any]:
    uid = await create_user(client)
    response = await client.post("/api/plan", json=body, headers=as_user(uid))
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _by_name(plan: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {v["name"]: v for v in plan["venues"]}


# --- Google Places ---------------------------------------------------------------------------


async def test_google_places_venues_are_catalog_places_with_both_price_signals(
    client: httpx.AsyncClient, fake: HostedState, use_discovery: Use
) -> None:
    use_discovery("google_places")
    fake.google = [
        google_place("gp1", RUSSELL[0], RUSSELL[1], RUSSELL[2], "PRICE_LEVEL_MODERATE"),
        # 40 m off and "The …": the same place; Google says $$$$ where the catalog says $$
        google_place(
            "gp2", f"The {BEAT[0]}", BEAT[1] + 0.00036, BEAT[2], "PRICE_LEVEL_VERY_EXPENSIVE"
        ),
        google_place("gp3", HIGHLAND[0], HIGHLAND[1], HIGHLAND[2], "PRICE_LEVEL_INEXPENSIVE"),
        google_place("gp4", "The Nowhere Bistro", 42.3700, -71.1100, "PRICE_LEVEL_MODERATE"),
        # a Shake Shack 640 m from the catalog's: another place, unknown here
        google_place("gp5", "Shake Shack", SHAKE_SHACK[0] + 0.0058, SHAKE_SHACK[1], None),
    ]
    sam = {**PEANUT_MEMBER, "lat": 42.3736, "lng": -71.1190}
    ana = {"name": "Ana", "lat": 42.3722, "lng": -71.1170}
    plan = await _plan(client, prompt="dinner for 3", members=[sam, ana])

    venues = _by_name(plan)
    assert set(venues) == {RUSSELL[0], BEAT[0]}, "only catalog places, and only safe ones"
    russell, beat = venues[RUSSELL[0]], venues[BEAT[0]]
    assert russell["price_sources"] == {"yelp_boston_cambridge": "$$", "google_places": "$$"}
    assert (russell["price_range"], russell["price_confidence"]) == ("$$", "high")
    assert beat["price_sources"] == {"yelp_boston_cambridge": "$$", "google_places": "$$$$"}
    assert (beat["price_range"], beat["price_confidence"]) == ("$$", "low")  # median, low
    assert [e["name"] for e in plan["excluded"]] == [HIGHLAND[0]]  # the safety step ran
    status = plan["agent_status"]["scout.google_places"]
    assert status == f"ok: 3; 2 hosted results {NOT_IN_CATALOG}"

    (sent,) = fake.sent("google")
    assert sent.headers["x-goog-api-key"] == GOOGLE_KEY
    assert sent.headers["x-goog-fieldmask"] == GOOGLE_FIELD_MASK
    assert {"places.priceLevel", "places.location", "places.displayName"} <= set(
        GOOGLE_FIELD_MASK.split(",")
    )
    assert sent.headers["user-agent"].startswith("kairos/")
    assert sent.body["maxResultCount"] == 8 and sent.body["textQuery"]
    circle = sent.body["locationBias"]["circle"]  # round the members' meeting point
    assert circle["center"]["latitude"] == pytest.approx(plan["meeting_point"]["lat"])
    assert circle["center"]["longitude"] == pytest.approx(plan["meeting_point"]["lng"])
    assert 0 < circle["radius"] <= 50_000


async def test_google_places_names_the_city_without_member_locations(
    client: httpx.AsyncClient, fake: HostedState, use_discovery: Use
) -> None:
    use_discovery("google_places")
    fake.google = [google_place("gp1", *RUSSELL, "PRICE_LEVEL_MODERATE")]
    plan = await _plan(client, prompt="dinner in cambridge")
    assert [v["name"] for v in plan["venues"]] == [RUSSELL[0]]
    assert plan["agent_status"]["scout.google_places"] == "ok: 1"
    (sent,) = fake.sent("google")
    assert "locationBias" not in sent.body
    assert sent.body["textQuery"].lower().endswith("in cambridge")


# --- Yelp Fusion -----------------------------------------------------------------------------


async def test_yelp_fusion_venues_are_catalog_places_with_both_price_signals(
    client: httpx.AsyncClient, fake: HostedState, use_discovery: Use
) -> None:
    use_discovery("yelp_fusion")
    fake.yelp = [
        yelp_business("tupelo-cambridge", TUPELO[0], TUPELO[1], TUPELO[2], "$$"),
        yelp_business("ole-cambridge", "Ole", OLE[1], OLE[2], "$$$"),  # no accent: still Olé
        yelp_business("nowhere-cambridge", "Nowhere Grill", 42.3650, -71.1050, "$"),
    ]
    plan = await _plan(client, prompt="dinner in cambridge")

    venues = _by_name(plan)
    assert set(venues) == {TUPELO[0], OLE[0]}
    assert venues[TUPELO[0]]["price_sources"] == {
        "yelp_boston_cambridge": "$$",
        "yelp_fusion": "$$",
    }
    assert venues[TUPELO[0]]["price_confidence"] == "high"
    assert venues[OLE[0]]["price_sources"]["yelp_fusion"] == "$$$"
    assert (venues[OLE[0]]["price_range"], venues[OLE[0]]["price_confidence"]) == ("$$", "low")
    assert plan["agent_status"]["scout.yelp_fusion"] == f"ok: 2; 1 hosted result {NOT_IN_CATALOG}"

    (sent,) = fake.sent("yelp")
    assert sent.headers["authorization"] == f"Bearer {YELP_KEY}"
    assert sent.params["location"].lower() == "cambridge" and sent.params["limit"] == "8"
    assert sent.params["term"] and "latitude" not in sent.params


async def test_yelp_fusion_searches_round_a_point_within_its_radius_limit(
    runtime: Any, fake: HostedState, use_discovery: Use
) -> None:
    (yelp,) = use_discovery("yelp_fusion")
    fake.yelp = [yelp_business("tupelo-cambridge", *TUPELO, "$$")]
    near = SearchFilters(near=GeoPoint(lat=TUPELO[1], lng=TUPELO[2]), radius_km=60)
    found = await yelp.discover(DiscoveryQuery(text="dinner", words="dinner", filters=near))
    assert [h.place.name for h in found.hits] == [TUPELO[0]]
    assert found.price_signals == {found.hits[0].place.id: {"yelp_fusion": 2}}
    (sent,) = fake.sent("yelp")
    assert (sent.params["latitude"], sent.params["radius"]) == (str(TUPELO[1]), "40000")
    nowhere = await yelp.discover(
        DiscoveryQuery(text="dinner", words="dinner", filters=SearchFilters())
    )
    assert nowhere.hits == [] and "Yelp needs a place" in nowhere.notes[0]
    assert len(fake.sent("yelp")) == 1  # not asked without a place


# --- failures leave the plan answered ---------------------------------------------------------


async def test_a_provider_failing_leaves_the_plan_answered(
    client: httpx.AsyncClient, fake: HostedState, use_discovery: Use
) -> None:
    use_discovery("catalog", "google_places")
    fake.status["google"] = 500
    plan = await _plan(client, prompt="dinner in cambridge")
    assert plan["venues"], "the catalog still answers"
    assert plan["agent_status"]["scout.google_places"] == "error: upstream_error"
    assert plan["agent_status"]["scout.catalog"].startswith("ok: ")


async def test_a_provider_timing_out_leaves_the_plan_answered(
    client: httpx.AsyncClient, fake: HostedState, use_discovery: Use
) -> None:
    use_discovery("catalog", "yelp_fusion", discovery_timeout_seconds=0.3)
    fake.delay["yelp"] = 1.5
    fake.yelp = [yelp_business("tupelo-cambridge", *TUPELO, "$$")]
    plan = await _plan(client, prompt="dinner in cambridge")
    assert plan["venues"]
    assert plan["agent_status"]["scout.yelp_fusion"] == "error: timeout"


async def test_a_wrong_key_is_reported_as_unauthorized(
    client: httpx.AsyncClient, fake: HostedState, use_discovery: Use
) -> None:
    use_discovery("catalog", "google_places", google_places_api_key=SecretStr("wrong"))
    plan = await _plan(client, prompt="dinner in cambridge")
    assert plan["venues"]
    assert plan["agent_status"]["scout.google_places"] == "error: unauthorized"


# --- every provider's contract ----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(DISCOVERY))
async def test_every_provider_answers_with_catalog_places(
    name: str, runtime: Any, fake: HostedState, use_discovery: Use
) -> None:
    fake.google = [google_place("gp1", *RUSSELL, "PRICE_LEVEL_MODERATE")]
    fake.yelp = [yelp_business("russell", *RUSSELL, "$$")]
    (provider,) = use_discovery(name)
    assert provider.name == name
    query = DiscoveryQuery(
        text="dinner", words="dinner", filters=SearchFilters(city="Cambridge"), limit=8
    )
    found = await provider.discover(query)
    assert found.hits
    records = await runtime.places.records_at([(h.place.id, h.version or "") for h in found.hits])
    assert set(records) == {h.place.id for h in found.hits}, "every hit is a catalog place"
    for signals in found.price_signals.values():
        assert all(1 <= level <= 4 for level in signals.values())
        assert set(signals) == {name}


@pytest.mark.parametrize(
    ("provider", "setting"),
    [("google_places", "KAIROS_GOOGLE_PLACES_API_KEY"), ("yelp_fusion", "KAIROS_YELP_API_KEY")],
)
def test_a_hosted_provider_without_its_key_is_refused_at_start_up(
    runtime: Any, settings: Settings, provider: str, setting: str
) -> None:
    configured = settings.model_copy(update={"venue_discovery": f"catalog,{provider}"})
    with pytest.raises(ConfigurationError, match=setting):
        discovery_providers(configured, runtime.search, runtime.places)
    unknown = settings.model_copy(update={"venue_discovery": "catalog,foursquare"})
    with pytest.raises(ConfigurationError, match="google_places, yelp_fusion"):
        discovery_providers(unknown, runtime.search, runtime.places)


def test_an_empty_key_in_the_environment_is_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAIROS_YELP_API_KEY", "")
    monkeypatch.setenv("KAIROS_ELEVENLABS_API_KEY", "")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.yelp_api_key is None and settings.elevenlabs_api_key is None


# --- the catalog match -----------------------------------------------------------------------


async def test_venues_are_found_by_normalised_name_within_100_m(runtime: Any) -> None:
    found = await find_in_catalog(
        runtime.db,
        [
            VenueRef(RUSSELL[0], RUSSELL[1], RUSSELL[2]),
            VenueRef("the russell house tavern!", RUSSELL[1] + 0.0008, RUSSELL[2]),  # 89 m
            VenueRef(RUSSELL[0], RUSSELL[1] + 0.0011, RUSSELL[2]),  # 122 m: another place
            VenueRef("Russell House", RUSSELL[1], RUSSELL[2]),  # another name
            VenueRef("Nowhere", 42.0, -71.0),
        ],
    )
    assert found[0] is not None and found[1] is not None
    assert found[0].place_id == found[1].place_id
    assert found[0].distance_km == pytest.approx(0.0, abs=1e-6)
    assert found[2:] == [None, None, None]


# --- ElevenLabs -----------------------------------------------------------------------------


@pytest.fixture
def use_voice(
    runtime: Any, hosted_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Awaitable[Any]]:
    product = runtime.products["venues"]

    async def use(**changes: Any) -> Any:
        voice = build_voice(hosted_settings.model_copy(update=changes))
        monkeypatch.setattr(product, "voice", voice)
        return voice

    return use


async def test_elevenlabs_speaks_mpeg(
    client: httpx.AsyncClient, fake: HostedState, use_voice: Callable[..., Awaitable[Any]]
) -> None:
    voice = await use_voice(voice_provider="elevenlabs")
    assert isinstance(voice, ElevenLabsVoice)
    spoken = await client.post("/api/voice/synthesize", json={"text": "A cozy place."})
    assert spoken.status_code == 200, spoken.text
    assert spoken.headers["content-type"] == "audio/mpeg"
    default = "21m00Tcm4TlvDq8ikWAM"
    assert spoken.content == speech_of(default, "eleven_multilingual_v2", "A cozy place.")
    chosen = await client.post(
        "/api/voice/synthesize", json={"text": "Hi.", "voice_id": "EXAVITQu4vr4xnSDxMaL"}
    )
    assert chosen.content == speech_of("EXAVITQu4vr4xnSDxMaL", "eleven_multilingual_v2", "Hi.")
    first, second = fake.sent("elevenlabs")
    assert first.path == f"/elevenlabs/v1/text-to-speech/{default}"
    assert second.path.endswith("/EXAVITQu4vr4xnSDxMaL")
    assert first.headers["xi-api-key"] == ELEVENLABS_KEY
    assert first.headers["content-type"] == "application/json"
    assert first.body == {"text": "A cozy place.", "model_id": "eleven_multilingual_v2"}
    await voice.aclose()


async def test_elevenlabs_failures_say_what_to_check(
    client: httpx.AsyncClient, fake: HostedState, use_voice: Callable[..., Awaitable[Any]]
) -> None:
    voice = await use_voice(voice_provider="elevenlabs", elevenlabs_api_key=SecretStr("nope"))
    refused = await client.post("/api/voice/synthesize", json={"text": "Hello."})
    assert refused.status_code == 502
    assert "Invalid API key" in refused.json()["detail"]
    assert "KAIROS_ELEVENLABS_API_KEY" in refused.json()["detail"]
    await voice.aclose()
    voice = await use_voice(voice_provider="elevenlabs", voice_timeout_seconds=0.3)
    fake.delay["elevenlabs"] = 1.5
    slow = await client.post("/api/voice/synthesize", json={"text": "Hello."})
    assert slow.status_code == 502 and "did not answer within 0.3s" in slow.json()["detail"]
    await voice.aclose()


def test_voice_providers_are_chosen_by_name(hosted_settings: Settings) -> None:
    assert isinstance(build_voice(hosted_settings), EspeakVoice)
    assert build_voice(hosted_settings).media_type == "audio/wav"
    no_key = hosted_settings.model_copy(
        update={"voice_provider": "elevenlabs", "elevenlabs_api_key": None}
    )
    with pytest.raises(ConfigurationError, match="KAIROS_ELEVENLABS_API_KEY"):
        build_voice(no_key)
    with pytest.raises(ConfigurationError, match="espeak, elevenlabs"):
        build_voice(hosted_settings.model_copy(update={"voice_provider": "polly"}))
