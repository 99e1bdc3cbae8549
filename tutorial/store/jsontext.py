"""JSON text for the store and the API responses, written and read with orjson (a well-kept library, several
times faster than the standard ``json`` on a table's snapshot and view: the store writes the whole snapshot on
every action). The text is the same JSON: keys other than strings written as strings, as ``json`` does; numpy
numbers as numbers; anything else orjson does not know goes to ``default``. A whole number beyond 64 bits (orjson
refuses it: a request's body can hold one) is written by ``json``."""
from __future__ import annotations

import json

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY


def dumps(value, default=None, sort_keys: bool = False) -> str:
    try:
        return orjson.dumps(value, default=default, option=OPTIONS | (orjson.OPT_SORT_KEYS if sort_keys else 0)).decode()
    except orjson.JSONEncodeError as error:
        if "64-bit" not in str(error):
            raise
        return json.dumps(value, default=default, sort_keys=sort_keys, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes):
    return orjson.loads(text)
