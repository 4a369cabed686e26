"""The estimator classes: one per registered method. Each names its registry method and maps the result's
fields to fitted attributes; its parameters come from the method's option table (see _base.make_estimator)."""

import numpy as np

from ._base import make_estimator

# Checks of sklearn.utils.estimator_checks.check_estimator that cannot apply, with the reason (docs/python.md
# lists the same). Shared by several methods:
_TEN_ROWS = (
    "the check fits data of 10 rows; featrel refuses fewer than 20 rows (too few to select features from) before "
    "it looks at the feature count or the values"
)
# Every estimator: the two checks whose data has 10 rows.
_SKIPPED = [("check_fit2d_1feature", _TEN_ROWS), ("check_estimators_nan_inf", _TEN_ROWS)]


def _relevance_classes(self):
    return self._column("class", float).astype(int) if all(
        f.get("class") is not None for f in self.result_["features"]
    ) else self._column("class")


def _read_fri(self, doc):
    self.interval_ = np.column_stack([self._column("lower"), self._column("upper")])
    self.relevance_classes_ = _relevance_classes(self)
    # privileged=[...]: which columns are privileged (known for the training rows only); all False otherwise.
    self.privileged_ = np.array([bool(f.get("privileged", False)) for f in doc["features"]], dtype=bool)


def _read_boruta(self, doc):
    self.n_iter_ = int(doc.get("n_iterations", 0))
    decisions = [f.get("decision") for f in doc["features"]]
    self.decision_ = np.array(decisions, dtype=object)
    self.support_weak_ = np.array([d == "tentative" for d in decisions], dtype=bool)
    history = doc.get("importance_history", [])
    self.importance_history_ = np.array(
        [[np.nan if v is None else v for v in row] for row in history], dtype=float
    ).reshape(len(history), -1)


def _read_sfc(self, doc):
    self.relevance_classes_ = _relevance_classes(self)


def _read_crfe(self, doc):
    self.beta_ = self._column("beta_initial")
    self.beta_at_removal_ = self._column("beta_at_removal")


def _read_ubayfs(self, doc):
    d = len(doc["features"])
    optima = np.zeros((len(doc.get("optima", [])), d), dtype=bool)
    for i, o in enumerate(doc.get("optima", [])):
        optima[i, o["features"]] = True
    self.optima_ = optima
    self.posterior_mean_ = self._column("posterior_mean")


def _read_pareto(self, doc):
    names = doc["feature_names"]
    front = doc.get("front", [])
    self.front_ = np.array([names.index(n) if isinstance(n, str) else int(n) for n in front], dtype=int)
    self.layer_ = self._column("layer")
    sets = np.empty(len(doc["features"]), dtype=object)
    for j, f in enumerate(doc["features"]):
        sets[j] = f.get("minimal_criteria_sets", [])
    self.minimal_criteria_sets_ = sets


FRI = make_estimator(
    "FRI", "fri", _read_fri, _SKIPPED,
    "\nAttributes: interval_ (d x 2: lower and upper relevance bounds as shares of ||w*||_1), relevance_classes_ "
    "(0 irrelevant, 1 weak, 2 strong), privileged_ (the columns named by privileged=, with their own probes), "
    "support_, ranking_, scores_, result_.\n",
)
CRFE = make_estimator(
    "CRFE", "crfe", _read_crfe, _SKIPPED,
    "\nAttributes: ranking_, beta_ (beta on all features), beta_at_removal_, support_, result_.\n",
)
RFE = make_estimator("RFE", "rfe", None, _SKIPPED, "\nAttributes: ranking_, support_, result_.\n")
Boruta = make_estimator(
    "Boruta", "boruta", _read_boruta, _SKIPPED,
    "\nAttributes: support_ (confirmed), support_weak_ (tentative), decision_, importance_history_, n_iter_ "
    "(iterations x d), ranking_, result_.\n",
)
SFC = make_estimator(
    "SFC", "sfc", _read_sfc, _SKIPPED,
    "\nAttributes: relevance_classes_ (0 irrelevant, 1 weak, 2 strong), support_, result_.\n",
)
UBayFS = make_estimator(
    "UBayFS", "ubayfs", _read_ubayfs, _SKIPPED,
    "\nAttributes: optima_ (optima x d, boolean), posterior_mean_, support_ (the first optimum), result_.\n",
)
MRMR = make_estimator("MRMR", "mrmr", None, _SKIPPED, "\nAttributes: ranking_, scores_, result_.\n")
Fisher = make_estimator("Fisher", "fisher", None, _SKIPPED, "\nAttributes: ranking_, scores_, result_.\n")
Laplacian = make_estimator(
    "Laplacian", "laplacian", None, _SKIPPED, "\nAttributes: ranking_, scores_, result_.\n"
)
ParetoFCA = make_estimator(
    "ParetoFCA", "pareto", _read_pareto, _SKIPPED,
    "\nAttributes: front_ (indices of the first Pareto layer), layer_, minimal_criteria_sets_, support_, "
    "result_.\n",
    tags={"binary_only": True},  # sensitivity, specificity, ... need a positive class
)

ESTIMATORS = (FRI, CRFE, RFE, Boruta, SFC, UBayFS, MRMR, Fisher, Laplacian, ParetoFCA)
