"""The OpenAPI document, corrected to say what the service really does.

FastAPI documents validation errors as `HTTPValidationError` in `application/json`, knows
nothing of errors raised by middleware (413, 429, 500) or inside dependencies, and sees the
UUIDs Kairos parses itself (to answer 400 with a hint rather than 422) as plain strings. A
client generated from that document would be wrong, so after generation:

- every error response is `application/problem+json` with the `Problem` schema;
- 400 (not JSON) and 413 are documented where a body is accepted, 422 where anything is
  parsed, 500 everywhere;
- operations that take credentials document 401 and 429 (rejected credentials are rate
  limited per address);
- the user ids in paths, headers and the demo cookie are `format: uuid`, and 400 (not a UUID)
  is documented where one is read.
"""

from __future__ import annotations

import copy
from typing import Any

from fastapi import FastAPI

from kairos.api.problems import PROBLEM_JSON, Problem

__all__ = ["describe_errors", "install_openapi"]

UUID_PARAMETERS = frozenset({("path", "uid"), ("header", "x-user-id")})
CREDENTIAL_HEADERS = frozenset({"x-service-token", "authorization"})
PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
COMMON_ERRORS = {
    "400": "X-User-ID is not a UUID, or missing beside X-Service-Token",
    "400-body": "the body is not JSON text (it must be UTF-8)",
    "401": "missing or wrong credentials",
    "413": "the body is larger than KAIROS_MAX_BODY_BYTES; sent before the body is read",
    "422": "a parameter or body field is invalid; `errors` lists each one",
    "429": "rate limited; `Retry-After` says how many seconds to wait",
    "500": "an unexpected failure; the body carries only the request_id",
}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}


def _uses_credentials(operation: dict[str, Any]) -> bool:
    names = {p["name"].lower() for p in operation.get("parameters", []) if p["in"] == "header"}
    return bool(names & CREDENTIAL_HEADERS or operation.get("security"))


def _describe_operation(operation: dict[str, Any]) -> None:
    parameters = operation.get("parameters", [])
    responses: dict[str, Any] = operation.setdefault("responses", {})
    wanted = ["500"]
    reads_uuid = False
    for parameter in parameters:
        if (parameter["in"], parameter["name"].lower()) in UUID_PARAMETERS:
            reads_uuid = True
            description = parameter["schema"].get("description") or parameter.get("description")
            parameter["schema"] = {"type": "string", "format": "uuid"}
            if description:
                parameter["schema"]["description"] = description
    if reads_uuid:
        wanted.append("400")
    if parameters or "requestBody" in operation:
        wanted.append("422")
    if "requestBody" in operation:
        wanted += ["400-body", "413"]
    if _uses_credentials(operation):
        wanted += ["401", "429"]
    for reason in wanted:
        status = reason.split("-")[0]
        if status not in responses:
            responses[status] = {"description": COMMON_ERRORS[reason]}
        elif COMMON_ERRORS[reason] not in responses[status]["description"]:
            responses[status]["description"] += f"; or {COMMON_ERRORS[reason]}"
    for status, response in responses.items():
        if status.isdigit() and int(status) >= 400:
            response["content"] = {PROBLEM_JSON: {"schema": PROBLEM_REF}}
            if status == "429":
                response.setdefault("headers", {}).update(RETRY_AFTER)
    operation["responses"] = dict(sorted(responses.items()))


def describe_errors(schema: dict[str, Any]) -> dict[str, Any]:
    """The document with every error described as it is really sent (see the module doc)."""
    schema = copy.deepcopy(schema)
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["Problem"] = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            _describe_operation(operation)
    for unused in ("HTTPValidationError", "ValidationError"):
        components.pop(unused, None)
    return schema


def install_openapi(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = describe_errors(FastAPI.openapi(app))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
