"""Checks request bodies against Discord's official OpenAPI description (the trimmed copy
beside this file: see README.md for its source and LICENSE for its MIT licence)."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

SPEC = Path(__file__).with_name("openapi-subset.json")


@lru_cache(maxsize=1)
def _spec() -> dict:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    # The description types snowflakes as strings; Discord accepts integers too, and
    # discord.py sends integers (e.g. allowed_mentions.users): follow what Discord does.
    snowflake = spec["components"]["schemas"]["SnowflakeType"]
    spec["components"]["schemas"]["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return spec


@lru_cache(maxsize=1)
def _operations() -> list[tuple[str, re.Pattern[str], Any]]:
    spec = _spec()
    out = []
    for template, item in spec["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")
        for method, operation in item.items():
            if not isinstance(operation, dict) or "requestBody" not in operation:
                continue
            content = operation["requestBody"].get("content", {})
            schema = (content.get("application/json") or content.get("multipart/form-data")
                      or next(iter(content.values()), {})).get("schema")
            if schema is None:
                continue
            if "properties" in schema and "payload_json" in schema.get("properties", {}):
                schema = schema["properties"]["payload_json"]
            out.append((method.upper(), pattern, schema))
    # the most specific template first (literal segments such as @original before {id})
    out.sort(key=lambda item: -len(item[1].pattern.replace("[^/]+", "")))
    return out


def _validator(schema: dict) -> Draft202012Validator:
    """The operation's schema inside a document that carries the spec's components, so its
    ``#/components/schemas/...`` references resolve."""
    wrapped = {"$schema": "https://json-schema.org/draft/2020-12/schema",
               "components": _spec()["components"], **schema}
    return Draft202012Validator(wrapped)


def validate(method: str, path: str, body: Any) -> str | None:
    """What Discord's API description refuses in ``body`` for ``method path``, or None."""
    for op_method, pattern, schema in _operations():
        if op_method == method and pattern.match(path):
            errors = sorted(_validator(schema).iter_errors(body), key=lambda e: list(e.path))
            if errors:
                first = errors[0]
                where = ".".join(str(p) for p in first.path) or "(body)"
                return f"{where}: {first.message[:300]}"
            return None
    return None
