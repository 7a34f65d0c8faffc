"""Text that PostgreSQL can store, checked where it enters: no NUL, no lone surrogate.

PostgreSQL refuses the NUL character in `text` and `jsonb`, and a lone UTF-16 surrogate (JSON
allows `"\\ud800"`) cannot be encoded as UTF-8 at all. Either one reaching the database fails the
whole statement, so every string a client can send through to storage or search is this type:
a 422 that names the field instead of a 500. The JSON schema says so with a pattern; surrogates
are left out of it (a pattern over them would refuse every emoji in JavaScript's regex dialect).
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from pydantic import AfterValidator, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

__all__ = ["NO_NUL_PATTERN", "StoredText", "check_storable", "storable_keys"]

NO_NUL_PATTERN: Final = "^[^\\x00]*$"


def check_storable(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain the NUL character (\\u0000), which cannot be stored")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(
            "must be valid Unicode: it holds a lone surrogate (\\ud800-\\udfff)"
        ) from None
    return value


class _NoNulPattern:
    """Adds the pattern to the JSON schema only; validation is `check_storable`'s, whose
    message says what is wrong (a pattern mismatch would not)."""

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema: dict[str, Any] = handler(schema)
        json_schema.setdefault("pattern", NO_NUL_PATTERN)
        return json_schema


StoredText = Annotated[str, AfterValidator(check_storable), _NoNulPattern()]


def storable_keys(schema: dict[str, Any]) -> None:
    """A model's `json_schema_extra`: pydantic writes a `StoredText` dict key as
    `patternProperties`, which leaves a key with a NUL unconstrained (schema-valid, then
    refused). Every such object says it in `propertyNames` instead."""
    for value in list(schema.values()):
        if isinstance(value, dict):
            storable_keys(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    storable_keys(item)
    pattern_properties = schema.get("patternProperties")
    if isinstance(pattern_properties, dict) and list(pattern_properties) == [NO_NUL_PATTERN]:
        schema["additionalProperties"] = schema.pop("patternProperties")[NO_NUL_PATTERN]
        names = schema.setdefault("propertyNames", {})
        names["pattern"] = NO_NUL_PATTERN
