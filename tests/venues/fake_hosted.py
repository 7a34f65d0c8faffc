"""In-process servers speaking the planner's hosted services, served on loopback: Google Places
Text Search (New), Yelp Fusion business search and ElevenLabs text-to-speech. Each validates
what the real service validates (its key header, Google's required field mask, Yelp's location
and radius rules, ElevenLabs' JSON body) and answers in its documented shape, error bodies
included. Google answers only the fields the mask asks for, as the real service does.

`HostedState` scripts them per test: the venues, a delay, a forced status, and a log of requests.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

GOOGLE_KEY = "gp-key"
YELP_KEY = "yelp-key"
ELEVENLABS_KEY = "xi-key"
MP3_HEADER = b"ID3\x04\x00\x00\x00\x00\x00\x00"


@dataclass
class Sent:
    service: str
    path: str
    headers: dict[str, str]
    params: dict[str, str]
    body: Any


@dataclass
class HostedState:
    google: list[dict[str, Any]] = field(default_factory=list)  # Places API (New) place objects
    yelp: list[dict[str, Any]] = field(default_factory=list)  # Fusion business objects
    delay: dict[str, float] = field(default_factory=dict)  # service → seconds
    status: dict[str, int] = field(default_factory=dict)  # service → forced status
    requests: list[Sent] = field(default_factory=list)

    def sent(self, service: str) -> list[Sent]:
        return [r for r in self.requests if r.service == service]


async def _common(request: Request, service: str, state: HostedState) -> Response | None:
    raw = await request.body()
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        body = raw
    state.requests.append(
        Sent(service, request.url.path, dict(request.headers), dict(request.query_params), body)
    )
    if delay := state.delay.get(service):
        await asyncio.sleep(delay)
    if status := state.status.get(service):
        return JSONResponse({"error": {"code": status, "message": f"scripted {status}"}}, status)
    return None


def _google_error(code: int, status: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "status": status}}, code)


def _masked(place: dict[str, Any], mask: list[str]) -> dict[str, Any]:
    return {k: v for k, v in place.items() if f"places.{k}" in mask or "places.*" in mask}


def make_app(state: HostedState) -> Starlette:
    async def search_text(request: Request) -> Response:
        if early := await _common(request, "google", state):
            return early
        if request.headers.get("x-goog-api-key") != GOOGLE_KEY:
            return _google_error(
                403,
                "PERMISSION_DENIED",
                "The request is missing a valid API key.",
            )
        mask = [f.strip() for f in request.headers.get("x-goog-fieldmask", "").split(",") if f]
        if not mask:
            return _google_error(
                400,
                "INVALID_ARGUMENT",
                "FieldMask is a required parameter. See how to provide it at "
                "https://cloud.google.com/apis/docs/system-parameters",
            )
        body = state.requests[-1].body
        if not isinstance(body, dict) or not body.get("textQuery"):
            return _google_error(400, "INVALID_ARGUMENT", "Empty text_query.")
        count = body.get("maxResultCount", 20)
        if not isinstance(count, int) or not 1 <= count <= 20:
            return _google_error(400, "INVALID_ARGUMENT", "max_result_count must be 1..20.")
        if "locationBias" in body:
            circle = body["locationBias"].get("circle", {})
            center = circle.get("center", {})
            radius = circle.get("radius")
            if (
                not {"latitude", "longitude"} <= center.keys()
                or not isinstance(radius, int | float)
                or not 0 <= radius <= 50_000
            ):
                return _google_error(
                    400, "INVALID_ARGUMENT", "location_bias.circle.radius must be 0..50000."
                )
        places = [_masked(p, mask) for p in state.google[:count]]
        return JSONResponse({"places": places} if places else {})  # `{}` when nothing matched

    async def business_search(request: Request) -> Response:
        if early := await _common(request, "yelp", state):
            return early
        if request.headers.get("authorization") != f"Bearer {YELP_KEY}":
            return JSONResponse(
                {
                    "error": {
                        "code": "TOKEN_INVALID",
                        "description": "Invalid access token or authorization header.",
                    }
                },
                401,
            )
        q = request.query_params
        located = "location" in q or ("latitude" in q and "longitude" in q)
        if not located:
            return JSONResponse(
                {
                    "error": {
                        "code": "VALIDATION_ERROR",
                        "description": "Please specify a location or a latitude and longitude",
                    }
                },
                400,
            )
        if int(q.get("radius", "0")) > 40_000 or not 0 <= int(q.get("limit", "20")) <= 50:
            return JSONResponse(
                {
                    "error": {
                        "code": "VALIDATION_ERROR",
                        "description": "radius must be at most 40000, limit at most 50",
                    }
                },
                400,
            )
        found = state.yelp[: int(q.get("limit", "20"))]
        return JSONResponse(
            {
                "businesses": found,
                "total": len(state.yelp),
                "region": {"center": {"latitude": 42.37, "longitude": -71.11}},
            }
        )

    async def text_to_speech(request: Request) -> Response:
        if early := await _common(request, "elevenlabs", state):
            return early
        if request.headers.get("xi-api-key") != ELEVENLABS_KEY:
            return JSONResponse(
                {"detail": {"status": "invalid_api_key", "message": "Invalid API key"}}, 401
            )
        body = state.requests[-1].body
        if not isinstance(body, dict) or not isinstance(body.get("text"), str):
            return JSONResponse(
                {"detail": [{"loc": ["body", "text"], "msg": "field required"}]}, 422
            )
        voice = request.path_params["voice_id"]
        digest = hashlib.sha256(f"{voice}:{body.get('model_id')}:{body['text']}".encode())
        return Response(MP3_HEADER + digest.digest() * 64, media_type="audio/mpeg")

    return Starlette(
        routes=[
            Route("/google/v1/places:searchText", search_text, methods=["POST"]),
            Route("/yelp/v3/businesses/search", business_search),
            Route("/elevenlabs/v1/text-to-speech/{voice_id}", text_to_speech, methods=["POST"]),
        ]
    )


def speech_of(voice: str, model: str, text: str) -> bytes:
    """What the fake ElevenLabs answers for these inputs."""
    return MP3_HEADER + hashlib.sha256(f"{voice}:{model}:{text}".encode()).digest() * 64


def google_place(
    place_id: str, name: str, lat: float, lng: float, price: str | None, *, address: str = ""
) -> dict[str, Any]:
    """A place as Text Search (New) sends it (every field; the mask picks)."""
    place: dict[str, Any] = {
        "id": place_id,
        "displayName": {"text": name, "languageCode": "en"},
        "formattedAddress": address or f"{name}, Cambridge, MA, USA",
        "location": {"latitude": lat, "longitude": lng},
        "rating": 4.4,
        "userRatingCount": 512,
        "types": ["restaurant", "food", "point_of_interest", "establishment"],
        "websiteUri": "https://example.com",
        "nationalPhoneNumber": "(617) 555-0100",
    }
    if price is not None:
        place["priceLevel"] = price
    return place


def yelp_business(
    business_id: str, name: str, lat: float, lng: float, price: str | None
) -> dict[str, Any]:
    """A business as Fusion's search sends it."""
    business: dict[str, Any] = {
        "id": business_id,
        "alias": business_id.lower(),
        "name": name,
        "image_url": "",
        "is_closed": False,
        "url": f"https://www.yelp.com/biz/{business_id.lower()}",
        "review_count": 321,
        "categories": [{"alias": "newamerican", "title": "American (New)"}],
        "rating": 4.0,
        "coordinates": {"latitude": lat, "longitude": lng},
        "transactions": [],
        "location": {
            "address1": "1 Example St",
            "city": "Cambridge",
            "zip_code": "02138",
            "country": "US",
            "state": "MA",
            "display_address": ["1 Example St", "Cambridge, MA 02138"],
        },
        "phone": "+16175550100",
        "distance": 120.5,
    }
    if price is not None:
        business["price"] = price
    return business
