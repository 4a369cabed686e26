"""Estimator parameters from the C++ option tables.

Every option of a method's table becomes a keyword parameter of its estimator, named by the option's key (a
Python keyword such as ``lambda``, or a name the estimator class already has such as ``score``, gets a trailing
underscore: ``lambda_``, ``score_``), with the table's default converted to
a Python value once, here: booleans, integers, floats and words as such, lists as tuples (scikit-learn wants
immutable defaults), and an optional option's unset state (``auto``, ``searched``, ...) as ``None``.
"""

import keyword
import math

import numpy as np


class Param:
    """One estimator parameter: the option's description (a dict from the C++ table) and its Python default."""

    def __init__(self, info, source="method", reserved=()):
        self.info = info
        self.key = info["key"]
        # A Python keyword (lambda) or a name the estimator already has (SFC's `score`, scikit-learn's score
        # method) gets a trailing underscore.
        clash = keyword.iskeyword(self.key) or self.key in reserved
        self.name = self.key + "_" if clash else self.key
        self.source = source  # "method" (the method's table), "data" or "resampling"
        self.default = default_value(info)

    def doc(self):
        info = self.info
        kind = info["kind"]
        words = {"boolean": "bool", "integer": "int", "real": "float", "text": "str", "choice": "str"}
        typ = words[kind]
        if info["list"]:
            typ = f"tuple of {typ}"
        if info["optional"]:
            typ += f" or None (None: {info['unset_word']})"
        allowed = ""
        if info["choices"]:
            allowed = " One of " + ", ".join(repr(c) for c in info["choices"]) + "."
        elif info["range_text"]:
            allowed = f" Allowed: {info['range_text']}."
        return f"{self.name} : {typ}, default={self.default!r}\n    {info['help']}.{allowed}"


def _scalar(info, word):
    kind = info["kind"]
    if kind == "boolean":
        return word == "true"
    if kind == "integer":
        try:
            return int(word)
        except ValueError:
            v = float(word)  # a large default written as 1e+07
            return int(v) if math.isfinite(v) and v == int(v) else word
    if kind == "real":
        try:
            return float(word)
        except ValueError:
            return word  # a word the option's own grammar reads ("scale")
    return word


def default_value(info):
    text = info["default_text"]
    if info["optional"] and text == info["unset_word"]:
        return None
    if info["list"]:
        if text == "":
            return ()
        items = text.split(",") if info["split_commas"] else [text]
        return tuple(_scalar(info, w.strip()) for w in items)
    return _scalar(info, text)


def _plain(value):
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return [_plain(v) for v in value.tolist()]
    return value


def to_setting(param, value):
    """The JSON value of a parameter for the core (lists as lists; numpy scalars as Python numbers)."""
    value = _plain(value)
    info = param.info
    if info["list"] and value is not None:
        if isinstance(value, (str, int, float, dict)) or not hasattr(value, "__iter__"):
            value = [value]
        items = [_plain(v) for v in value]
        if not info["split_commas"]:
            # A repeatable option with its own grammar (max_size="10@2"): each item is one command-line word.
            items = [v if isinstance(v, (str, dict)) else str(v) for v in items]
        return items
    return value


def same(a, b):
    """Whether a parameter value equals the default (so the core applies its own default)."""
    a, b = _plain(a), _plain(b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    try:
        return type(a) is type(b) and a == b or (
            isinstance(a, (int, float)) and isinstance(b, (int, float)) and float(a) == float(b)
        )
    except Exception:  # pragma: no cover - exotic values are passed on and checked by the core
        return False
