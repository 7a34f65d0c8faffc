"""Schemathesis hooks for the schema fuzz test (loaded by `st` through SCHEMATHESIS_HOOKS).

The fuzzer invents user ids, so without help every product route would stop at 403/404 and
never run a search or a profile write. For each generated case whose user-id part is *valid*
(positive), the id is replaced by a real user's; a case that is deliberately invalid there
(negative) is left alone, so the service's refusals are fuzzed as well. Ids come from the test
through the environment.
"""

from __future__ import annotations

import os
import uuid
from typing import Any

import schemathesis
from schemathesis.core.parameters import ParameterLocation

CHAT_USER = os.environ.get("KAIROS_FUZZ_CHAT_UID", "")
PROFILE_USER = os.environ.get("KAIROS_FUZZ_PROFILE_UID", "")
DEMO_COOKIE = os.environ.get("KAIROS_FUZZ_DEMO_COOKIE", "")
ABSENT_USER = str(uuid.uuid5(uuid.NAMESPACE_URL, "kairos-fuzz/a-user-nobody-creates"))


def _valid_at(case: Any, location: ParameterLocation) -> bool:
    meta = case.meta
    return meta is None or not meta.is_negative_at(location)


@schemathesis.hook
def map_case(context: schemathesis.HookContext, case: Any) -> Any:
    path, method = case.operation.path, case.method.upper()
    if method == "DELETE" and path == "/users/{uid}":
        # The stateful phase feeds ids it saw (GET /demo/users lists them) into deletes: the
        # users the other cases rely on must survive the run.
        if str(case.path_parameters.get("uid")) in (CHAT_USER, PROFILE_USER, DEMO_COOKIE):
            case.path_parameters["uid"] = ABSENT_USER
        return case
    if "uid" in (case.path_parameters or {}) and _valid_at(case, ParameterLocation.PATH):
        if path.startswith("/recommendations/"):
            case.path_parameters["uid"] = CHAT_USER
        elif path.startswith("/users/") and (method in ("GET", "PATCH") or "allergies" in path):
            case.path_parameters["uid"] = PROFILE_USER
    if case.headers is not None and "X-User-ID" in case.headers:
        if _valid_at(case, ParameterLocation.HEADER):
            case.headers["X-User-ID"] = CHAT_USER
            # the service credential acts for the user; a generated bearer token never verifies
            case.headers.pop("Authorization", None)
    elif path == "/chat" or path.startswith(
        ("/recommendations/", "/meals/", "/api/", "/operator/", "/trips")
    ):
        case.headers = case.headers or {}
        case.headers["X-User-ID"] = CHAT_USER
    if path.startswith("/demo/") and _valid_at(case, ParameterLocation.COOKIE):
        case.cookies = {**(case.cookies or {}), "kairos_demo": DEMO_COOKIE}
    return case
