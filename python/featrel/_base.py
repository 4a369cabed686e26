"""The generic scikit-learn selector over featrel's method registry.

``make_estimator`` builds an estimator class for a registered method: its ``__init__`` (keyword parameters named
and defaulted by the method's option table, so scikit-learn's ``get_params``/``set_params`` and ``clone`` see
them) is generated at import time from the table the C++ core reports. ``fit`` turns the parameters into
settings ``{key: value}``, builds the data in memory, runs the method in C++ (without the GIL, interruptible with
Ctrl-C) and reads the fitted attributes from the result document, the same document as the CLI's ``--json``.
"""

import json
import numbers
import os
import re
import warnings

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.feature_selection import SelectorMixin
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import check_consistent_length, check_is_fitted, column_or_1d

from . import _featrel
from ._frames import label_codes, split_text_columns, target_array
from ._params import Param, same, to_setting

SolverError = _featrel.SolverError
OptionError = _featrel.OptionError

# Data options that are estimator parameters: `task` where a method supports more than one task; `impute`
# everywhere (NaN in X is a missing value, as an empty CSV cell is).
_DATA_KEYS = ("task", "impute")
# Parameters every estimator has besides its options.
_RUN_PARAMS = ("random_state", "n_jobs", "verbose")


class FeatrelWarning(UserWarning):
    """A warning of a featrel run (data, options, degenerate results); the text names the remedy."""


def _method_table():
    return {m["name"]: m for m in _featrel.methods()}


_METHODS = _method_table()
_DATA_INFOS = {i["key"]: i for i in _featrel.data_options()}
_MAX_LEVELS = int(_DATA_INFOS["max_levels"]["default_text"])


def _resampling_infos():
    # The shared resampled repeats (repeats, resample, ...), when the core has them.
    lister = getattr(_featrel, "resampling_options", None)
    return lister() if lister else []


def _seed(random_state):
    if random_state is None:
        return 0
    if isinstance(random_state, numbers.Integral) and not isinstance(random_state, bool):
        if int(random_state) < 0:
            raise ValueError(f"parameter random_state must be a non-negative integer or None, got {random_state}")
        return int(random_state)
    raise ValueError(
        "parameter random_state must be a non-negative integer or None (featrel derives every random stream from "
        f"one seed), got {random_state!r}"
    )


def _threads(n_jobs):
    """n_jobs as the core's thread count: None and -1 mean all cores (0), -2 all but one, as in joblib."""
    if n_jobs is None:
        return 0
    if not isinstance(n_jobs, numbers.Integral) or isinstance(n_jobs, bool) or n_jobs == 0:
        raise ValueError(f"parameter n_jobs must be a positive integer, -1 or None, got {n_jobs!r}")
    n_jobs = int(n_jobs)
    if n_jobs == -1:
        return 0
    if n_jobs < -1:
        return max(1, (os.cpu_count() or 1) + 1 + n_jobs)
    return n_jobs


def _numeric_target(y):
    return y.dtype.kind in "iuf"


def _target_kind(y):
    """scikit-learn's reading of a numeric target, missing values aside: "binary", "multiclass" (three or more
    integer values) or "continuous"."""
    present = y[~np.isnan(y)]
    return type_of_target(present) if len(present) else "unknown"


class FeatrelSelector(SelectorMixin, BaseEstimator):
    """Base of every featrel estimator (see the method classes, e.g. :class:`featrel.FRI`)."""

    _method = None  # registry name
    _params = ()  # Param objects, in __init__ order

    # ---- scikit-learn protocol ----------------------------------------------------------------------------------

    def __sklearn_is_fitted__(self):
        return hasattr(self, "result_")

    def _more_tags(self):
        return {"requires_y": True, "_xfail_checks": dict(self._skipped_checks), **self._tags}

    # Checks of sklearn.utils.estimator_checks that cannot apply to a method, with the reason (docs/python.md).
    _skipped_checks = ()
    _tags = {}

    def _get_support_mask(self):
        check_is_fitted(self)
        return self.support_

    # ---- fit ----------------------------------------------------------------------------------------------------------

    def _settings(self):
        method, data, resampling = {}, {}, {}
        for p in self._params:
            value = getattr(self, p.name)
            if same(value, p.default):
                continue  # the core's own default (said once, in the C++ table)
            target = {"method": method, "data": data, "resampling": resampling}[p.source]
            target[p.key] = to_setting(p, value)
        return method, data, resampling

    def _python_words(self, message):
        """A core message in Python's words: the CLI's flags as this estimator's parameters, X for the data."""
        by_flag = {p.info["flag"]: p for p in self._params}

        def replace(match):
            negated, flag, value = match.group(1), "--" + match.group(2), match.group(3)
            p = by_flag.get(flag)
            if p is None:
                return match.group(0)
            if negated:
                return f"{p.name}=False"
            if p.info["kind"] == "boolean":
                return f"{p.name}=True" + (value or "")
            if value is None:
                return p.name
            word = value.strip()
            if not re.fullmatch(r"[A-Z]+", word):  # a metavar (R, N) stays as it is
                try:
                    float(word)
                except ValueError:
                    word = repr(word)
            return f"{p.name}={word}"

        # Data options of the CLI that are no parameters here: the caller shapes X and y instead.
        message = re.sub(r"(?:with )?--drop-missing-target", "with keep = featrel.has_value(y); X[keep], y[keep]",
                         message)
        message = re.sub(r"--drop (?:the column|it)\b", "leave the column out of X", message)
        message = re.sub(r"--drop ([^\s,;)']+)", r"leave column \1 out of X", message)
        message = re.sub(
            r"with --categorical ([^\s,;)']+)", r"by making it a pandas category (X['\1'].astype('category'))", message
        )
        message = message.replace("(--impute fills features only)", "(impute fills features only)")
        message = re.sub(r"--(no-)?([a-zA-Z][a-zA-Z0-9-]*)( [^\s,;)'-][^\s,;)']*)?", replace, message)
        # The target is y here, not a column of X.
        message = re.sub(
            r"<memory>, row (\d+), target '[^']*': the value is missing \(''\)", r"y, row \1: the value is missing",
            message,
        )
        message = message.replace("make_dataset: ", "X: ")  # the core's entry point is no name a caller knows
        return message.replace("<memory>", "X").replace(": missing value (", ": missing value (NaN; ")

    def _rename(self, error):
        """An option error names the Python parameter (lambda -> lambda_)."""
        key = getattr(error, "key", None)
        for p in self._params:
            if p.key == key and p.name != key:
                return ValueError(f"parameter {p.name}: {error}")
        return None

    def fit(self, X, y):
        """Runs the method on X (n_samples x n_features; numpy or pandas) and the target y.

        Classification labels may be of any type (strings too); they are kept as ``classes_``.
        """
        if y is None:
            raise ValueError(f"{type(self).__name__} requires y to be passed, but the target y is None")
        # A named y (a pandas Series) names the target in the report and the messages, as a CSV header does.
        y_name = getattr(y, "name", None)
        X, text, categories = split_text_columns(X)
        X = self._validate_data(X, dtype=np.float64, force_all_finite="allow-nan", ensure_min_samples=2)
        y = column_or_1d(target_array(y), warn=True)
        check_consistent_length(X, y)
        names = (
            [str(n) for n in self.feature_names_in_]
            if hasattr(self, "feature_names_in_")
            else [f"x{j}" for j in range(X.shape[1])]
        )
        settings, data, resampling = self._settings()
        if isinstance(y_name, str) and y_name and y_name not in names:
            data["target"] = y_name
        if categories:
            data["categorical"] = [names[j] for j in categories]  # pandas categories, whatever their count
        labels = None
        if _numeric_target(y):
            y_core = y.astype(np.float64)
            if np.isinf(y_core).any():
                rows = ", ".join(str(i) for i in np.flatnonzero(np.isinf(y_core))[:10])
                raise ValueError(f"y holds infinity (at positions {rows}); the target must be finite")
        else:
            # Labels of any type become codes 0..K-1 in sorted order (the order the core sorts text labels in).
            labels, y_core = label_codes(y)
            data["class_names"] = [str(c) for c in labels]  # the core names its classes with them
            if data.get("task", "auto") == "auto":
                data["task"] = "classification"  # text labels are classes, as in a CSV file
        if data.get("task", "auto") == "auto" and labels is None:
            # Integer labels with three or more values are classes, as scikit-learn reads them (the CLI, which
            # cannot tell 3 from 3.0 in a CSV file, asks for --task instead). Other numbers with more distinct
            # values than a categorical column may have levels are a quantity; fewer (0.5, 1.5, 2.5) could be
            # ordered levels, and the core asks, as it does for a method without regression.
            kind = _target_kind(y_core)
            if kind == "multiclass":
                data["task"] = "classification"
            elif (kind == "continuous" and "regression" in self._tasks()
                  and len(np.unique(y_core[~np.isnan(y_core)])) > _MAX_LEVELS):
                data["task"] = "regression"
        seed, threads = _seed(self.random_state), _threads(self.n_jobs)
        try:
            if resampling.get("repeats", 0) and resampling["repeats"] >= 2:
                from ._repeats import fit_with_repeats

                out = fit_with_repeats(
                    self, X, names, text, y_core, data, settings, resampling, seed, threads, int(self.verbose or 0)
                )
            else:
                if resampling:
                    _featrel.check_resampling(self._method, json.dumps(resampling))  # e.g. min_frequency alone
                from ._plans import plan_callback

                data_json = json.dumps(data)
                out = _featrel.fit(
                    self._method, X, names, text, y_core, data_json, json.dumps(settings), seed, threads,
                    int(self.verbose or 0), plan_callback(self._method, X, names, text, y_core, data_json),
                )
        except OptionError as e:
            renamed = self._rename(e)
            if renamed is not None:
                raise renamed from None
            raise
        except ValueError as e:
            if type(e) is ValueError:
                raise ValueError(self._python_words(str(e))) from None
            raise
        doc = json.loads(out["document"])
        if labels is not None and doc.get("task") != "regression":
            doc["classes"] = [str(c) for c in labels]
            if "positive_class" in doc and len(labels) == 2:
                doc["positive_class"] = str(labels[1])
        self.result_ = doc
        self.report_ = out["text"]
        self.chart_svg_ = out["chart_svg"]
        self.warnings_ = [self._python_words(w) for w in out["warnings"]]
        for w in self.warnings_:
            warnings.warn(f"featrel {self._method}: {w}", FeatrelWarning, stacklevel=2)
        # The pre-flight issues as data: kind, column, message and, for chance_floor, its numbers.
        self.preflight_ = [dict(p, message=self._python_words(p["message"])) for p in doc.get("preflight", [])]
        if doc.get("task") != "regression":
            self.classes_ = labels if labels is not None else np.unique(y)
        self._read_result(doc, names)
        return self

    def _tasks(self):
        return _METHODS[self._method]["tasks"]

    # ---- fitted attributes --------------------------------------------------------------------------------------------

    def _column(self, field, dtype=float):
        values = [f.get(field) for f in self.result_["features"]]
        if dtype is float:
            return np.array([np.nan if v is None else v for v in values], dtype=float)
        return np.array(values, dtype=dtype)

    def _read_result(self, doc, names):
        features = doc["features"]
        self.encoded_feature_names_ = np.array(doc["feature_names"], dtype=object)
        selected = [bool(f["selected"]) for f in features]
        scores = list(self._column("score"))
        ranks = [f.get("rank") for f in features]
        if "original_columns" in doc:
            # Categorical columns ran as indicator columns; support_, scores_ and ranking_ are per column of X:
            # a column is selected when any of its levels is, scored and ranked by its best level.
            by_column = {c["column"]: c for c in doc["original_columns"]}
            index = {n: j for j, n in enumerate(doc["feature_names"])}
            selected, scores, column_ranks = [], [], []
            for name in names:
                if name in by_column:
                    c = by_column[name]
                    level_ranks = [ranks[lv["feature"]] for lv in c["levels"] if ranks[lv["feature"]] is not None]
                    selected.append(bool(c["selected"]))
                    scores.append(np.nan if c.get("score") is None else c["score"])
                    column_ranks.append(min(level_ranks) if level_ranks else None)
                else:
                    j = index[name]
                    selected.append(bool(features[j]["selected"]))
                    scores.append(np.nan if features[j].get("score") is None else features[j]["score"])
                    column_ranks.append(ranks[j])
            # Dense ranks of the columns' best level ranks: ties stay ties, gaps left by other levels close.
            order = {r: k + 1 for k, r in enumerate(sorted({r for r in column_ranks if r is not None}))}
            ranks = [None if r is None else order[r] for r in column_ranks]
        self.support_ = np.array(selected, dtype=bool)
        self.scores_ = np.array(scores, dtype=float)
        # ranking_: 1 = most relevant; features the method does not rank (no score, e.g. constant columns) share
        # the rank after the last ranked one.
        unranked = 1 + max([r for r in ranks if r is not None], default=0)
        self.ranking_ = np.array([unranked if r is None else r for r in ranks], dtype=int)
        if any("selection_frequency" in f for f in features):
            self.selection_frequency_ = self._column("selection_frequency")
        self._read_method_result(doc)

    def _read_method_result(self, doc):
        """Method-specific fitted attributes (subclasses)."""

    # ---- reading the result ---------------------------------------------------------------------------------------

    def to_frame(self):
        """The per-feature table of the result (``result_["features"]``) as a pandas DataFrame."""
        import pandas as pd

        check_is_fitted(self)
        return pd.DataFrame(self.result_["features"])

    def plot(self, ax=None):
        """Draws the method's chart from the result with matplotlib; returns the figure."""
        from ._plot import plot_result

        check_is_fitted(self)
        return plot_result(self.result_, ax=ax)


def make_estimator(class_name, method, read=None, skipped_checks=(), doc_extra="", tags=None):
    """An estimator class for the registered method `method`, its __init__ generated from the option table."""
    spec = _METHODS[method]
    reserved = set(dir(FeatrelSelector)) | {"fit", "score", "predict", "transform"}
    params = [Param(i, "method", reserved) for i in spec["options"]]
    names = {p.name for p in params}
    if len(spec["tasks"]) > 1:
        params.append(Param(_DATA_INFOS["task"], "data"))
    params.append(Param(_DATA_INFOS["impute"], "data"))
    if not spec.get("own_repeats", False):
        params.extend(Param(i, "resampling") for i in _resampling_infos() if i["echo"] and i["key"] not in names)
    params = [p for p in params if p.info["echo"]]  # output paths (the CLI's --dot FILE) are no estimator parameters
    signature = ", ".join(f"{p.name}=_defaults[{i}]" for i, p in enumerate(params))
    body = "".join(f"    self.{p.name} = {p.name}\n" for p in params)
    body += "    self.random_state = random_state\n    self.n_jobs = n_jobs\n    self.verbose = verbose\n"
    source = (
        f"def __init__(self, *, {signature}{', ' if signature else ''}random_state=None, n_jobs=None, verbose=0):\n"
        f"{body}"
    )
    namespace = {"_defaults": [p.default for p in params]}
    exec(source, namespace)  # noqa: S102 - the source is built from the option table, not from user input
    init = namespace["__init__"]
    init.__qualname__ = f"{class_name}.__init__"

    doc = (
        f"{spec['question']}\n\n{spec['description']}\n\n"
        "Parameters (from featrel's option table; see docs/ for each method)\n"
        "----------\n"
        + "\n".join(p.doc() for p in params)
        + "\nrandom_state : int or None, default=None\n    Run seed (non-negative); None means 0."
        "\nn_jobs : int or None, default=None\n    Threads; None or -1 = all cores. No result depends on it."
        "\nverbose : int, default=0\n    1: print progress (stage, done/total) to stderr.\n"
        f"{doc_extra}"
    )
    attrs = {
        "__init__": init,
        "__doc__": doc,
        "__module__": "featrel",
        "_method": method,
        "_params": tuple(params),
        "_skipped_checks": tuple(skipped_checks),
        "_tags": dict(tags or {}),
    }
    if read is not None:
        attrs["_read_method_result"] = read
    return type(class_name, (FeatrelSelector,), attrs)
