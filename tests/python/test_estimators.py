"""The estimators as scikit-learn estimators: parameters from the option tables, check_estimator, pipelines,
errors, feature names, seeds and thread counts."""

import inspect
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import check_estimator

import featrel
from conftest import strip_timings
from featrel import _featrel

warnings.filterwarnings("ignore", category=featrel.FeatrelWarning)

# Small settings so that the ~40 checks per estimator take seconds; the defaults are used by the other tests.
LIGHT = {
    "FRI": dict(n_probes=10),
    "Boruta": dict(max_iter=10),
    "SFC": dict(n_resampling=3, boruta_max_iter=10, trees=10),
    "UBayFS": dict(max_size=2, ensemble_size=5),
    "ParetoFCA": dict(permutations=2, classifiers=("nb",)),
}
METHOD_OF = {cls.__name__: cls._method for cls in featrel.ESTIMATORS}


def light(cls, **extra):
    return cls(**LIGHT.get(cls.__name__, {}), **extra)


def test_every_registered_method_has_an_estimator():
    assert sorted(METHOD_OF.values()) == sorted(m["name"] for m in _featrel.methods())


@pytest.mark.parametrize("cls", featrel.ESTIMATORS, ids=lambda c: c.__name__)
def test_parameters_are_the_option_table(cls):
    spec = {m["name"]: m for m in _featrel.methods()}[cls._method]
    params = inspect.signature(cls.__init__).parameters
    by_key = {p.key: p for p in cls._params}
    for info in spec["options"]:
        if not info["echo"]:
            assert info["key"] not in by_key  # output files are no estimator parameters
            continue
        p = by_key[info["key"]]
        assert p.name in params
        assert params[p.name].default == p.default
        # The default is the table's, converted once: written back as the CLI writes it, it is the table's text.
        d = p.default
        if d is None:
            assert info["optional"] and info["default_text"] == info["unset_word"]
        elif isinstance(d, tuple):
            assert ",".join(str(v).lower() if isinstance(v, bool) else _word(v) for v in d) == info["default_text"]
        elif isinstance(d, bool):
            assert ("true" if d else "false") == info["default_text"]
        elif isinstance(d, (int, float)):
            assert float(d) == float(info["default_text"])
        else:
            assert d == info["default_text"]
    assert {"random_state", "n_jobs", "verbose"} <= set(params)
    assert ("task" in params) == (len(spec["tasks"]) > 1)
    assert set(cls().get_params()) == set(params) - {"self"}


def _word(v):
    return v if isinstance(v, str) else format(v, "g") if isinstance(v, float) else str(v)


def test_parameter_names_follow_the_keys():
    assert featrel.FRI(C=1.0).get_params()["C"] == 1.0
    assert featrel.UBayFS(max_size=10).max_size == 10
    assert featrel.MRMR(n_features_to_select=10).n_features_to_select == 10
    assert "lambda_" in featrel.CRFE().get_params()  # the key `lambda` is a Python keyword
    assert "score_" in featrel.SFC().get_params()  # the key `score` would hide scikit-learn's score()


@pytest.mark.parametrize("cls", featrel.ESTIMATORS, ids=lambda c: c.__name__)
def test_check_estimator(cls):
    # Checks that cannot apply are named with their reason in _skipped_checks (docs/python.md lists them);
    # check_estimator reports them as skipped.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_estimator(light(cls))


def test_skipped_checks_are_few_and_explained():
    for cls in featrel.ESTIMATORS:
        skipped = dict(cls._skipped_checks)
        assert set(skipped) == {"check_fit2d_1feature", "check_estimators_nan_inf"}, cls.__name__
        assert all("20 rows" in reason for reason in skipped.values())


def test_ten_rows_are_refused_with_the_core_message():
    # Why the two checks above are skipped: with 20 rows the NaN check applies.
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(10, 3)), np.arange(10) % 2
    with pytest.raises(ValueError, match="X has 10 rows; featrel needs at least 20 rows"):
        featrel.Fisher().fit(X, y)
    X, y = rng.normal(size=(20, 3)), np.arange(20) % 2
    X[2, 1] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        featrel.Fisher().fit(X, y)
    X[2, 1] = np.inf
    with pytest.raises(ValueError, match="inf"):
        featrel.Fisher().fit(X, y)


def test_fit_attributes_on_breast_cancer(breast_cancer):
    X, y = breast_cancer
    fri = featrel.FRI(random_state=1).fit(X, y)
    d = X.shape[1]
    assert fri.n_features_in_ == d
    assert list(fri.feature_names_in_) == list(X.columns)
    assert fri.interval_.shape == (d, 2)
    assert np.all(fri.interval_[:, 0] <= fri.interval_[:, 1] + 1e-12)
    assert set(np.unique(fri.relevance_classes_)) <= {0, 1, 2}
    assert np.array_equal(fri.support_, fri.relevance_classes_ > 0)
    assert fri.get_feature_names_out().tolist() == [c for c, s in zip(X.columns, fri.support_) if s]
    assert fri.transform(X).shape == (X.shape[0], fri.support_.sum())
    assert sorted(fri.ranking_[np.isfinite(fri.scores_)].tolist()) == list(range(1, np.isfinite(fri.scores_).sum() + 1))
    assert fri.result_["method"] == "fri" and fri.result_["feature_names"] == list(X.columns)
    assert list(fri.classes_) == [0, 1]
    frame = fri.to_frame()
    assert isinstance(frame, pd.DataFrame) and list(frame["name"]) == list(X.columns)
    assert np.allclose(frame["upper"], fri.interval_[:, 1])
    fig = fri.plot()
    assert len(fig.axes) == 1 and len(fig.axes[0].get_yticklabels()) == d

    boruta = featrel.Boruta(random_state=1).fit(X, y)
    decisions = boruta.decision_
    assert np.array_equal(boruta.support_, decisions == "confirmed")
    assert np.array_equal(boruta.support_weak_, decisions == "tentative")
    assert boruta.importance_history_.shape == (boruta.n_iter_, d)
    boruta.plot()


def test_method_attributes(breast_cancer):
    X, y = breast_cancer
    crfe = featrel.CRFE(random_state=1).fit(X, y)
    assert crfe.beta_.shape == (X.shape[1],) and sorted(crfe.ranking_) == list(range(1, X.shape[1] + 1))
    ub = featrel.UBayFS(max_size=5, ensemble_size=10, random_state=1).fit(X, y)
    assert ub.optima_.shape[1] == X.shape[1] and ub.optima_.sum(axis=1).max() <= 5
    assert np.array_equal(ub.support_, ub.optima_[0])
    assert np.all((ub.posterior_mean_ >= 0) & (ub.posterior_mean_ <= 1))
    mrmr = featrel.MRMR(n_features_to_select=10).fit(X, y)
    assert mrmr.support_.sum() == 10 and set(mrmr.ranking_[mrmr.support_]) == set(range(1, 11))
    sfc = featrel.SFC(n_resampling=5, random_state=1).fit(X, y)
    assert np.array_equal(sfc.support_, sfc.relevance_classes_ > 0)
    pareto = featrel.ParetoFCA(permutations=3, random_state=1).fit(X, y)
    assert set(pareto.front_) == set(np.flatnonzero(pareto.layer_ == 1))
    assert len(pareto.minimal_criteria_sets_) == X.shape[1]
    for est in (crfe, ub, mrmr, sfc, pareto):
        est.plot()


def test_sfc_boosted_importance_model_equals_the_cli(cli, tmp_path):
    # The SFC paper's Set 1 (data seed 1): six strong features acting through their sum. The forest's M holds three
    # of them, the boosted model's all six; the estimator and the CLI give the same document. On this 150 x 12 table
    # the default (auto) is the boosted model, and the result says the shape chose it.
    import json
    import subprocess

    data = tmp_path / "set1.csv"
    subprocess.run([cli, "generate", "--n-samples", "150", "--n-features", "12", "--n-strong", "6", "--n-weak", "0",
                    "--noise", "0", "--seed", "301", "--out", str(data), "--quiet"], check=True)
    doc = tmp_path / "sfc.json"
    subprocess.run([cli, "sfc", str(data), "--target", "y", "--seed", "301", "--importance-model", "boosted",
                    "--json", str(doc)], check=True, capture_output=True)
    expected = json.loads(doc.read_text())
    df = pd.read_csv(data, float_precision="round_trip")
    X, y = df.drop(columns="y"), df["y"]
    boosted = featrel.SFC(importance_model="boosted", random_state=301).fit(X, y)
    forest = featrel.SFC(importance_model="forest", random_state=301).fit(X, y)
    default = featrel.SFC(random_state=301).fit(X, y)
    assert boosted.result_["options"]["importance_model"] == "boosted"
    assert default.get_params()["importance_model"] == "auto"
    assert default.result_["options"]["importance_model"] == "boosted"
    assert default.result_["importance_model_from_shape"] and not boosted.result_["importance_model_from_shape"]
    assert default.result_["minimal"] == boosted.result_["minimal"]
    assert list(default.relevance_classes_) == list(boosted.relevance_classes_)
    assert [f["class"] for f in boosted.result_["features"]] == [f["class"] for f in expected["features"]]
    assert boosted.result_["minimal"] == expected["minimal"] == list(range(6))
    assert len(forest.result_["minimal"]) == 3
    with pytest.raises(ValueError, match="importance_model"):
        featrel.SFC(importance_model="boosted", null_matrix="all").fit(X, y)


def test_sfc_partner_step_equals_the_cli(cli, tmp_path):
    # The SFC paper's NL 2 (data seed 5): Boruta rejects the group of ten near-copies (columns 4-13) and M admits
    # two; the other eight nearly copy them, so the copy step makes them weak without a test (with copy_correlation=0
    # the partner step tests them in their place). The estimator and the CLI give the same document. It asks for the
    # forest's M: auto would boost this 1,000 x 20 table, and there the boosted M admits no member of the group.
    import json
    import subprocess

    data = tmp_path / "nl2.csv"
    subprocess.run([cli, "generate", "--nonlinear", "--n-samples", "1000", "--n-features", "20", "--n-strong", "4",
                    "--n-weak", "10", "--noise", "0.1", "--seed", "5", "--out", str(data), "--quiet"], check=True)
    doc = tmp_path / "sfc.json"
    subprocess.run([cli, "sfc", str(data), "--target", "y", "--seed", "1005", "--importance-model", "forest",
                    "--json", str(doc)], check=True, capture_output=True)
    expected = json.loads(doc.read_text())
    df = pd.read_csv(data, float_precision="round_trip")
    est = featrel.SFC(importance_model="forest", random_state=1005).fit(df.drop(columns="y"), df["y"])
    got = est.result_
    assert got["copies_added"] == expected["copies_added"]
    assert got["partner_candidates"] == [] and got["partners_as_copies"] == 8
    assert len(got["copies_added"]) == 8 and set(got["copies_added"]) <= set(range(4, 14))
    assert list(est.relevance_classes_[4:14]) == [1] * 10
    assert got["features"][got["copies_added"][0]]["near_copy"]["correlation"] >= 0.99
    assert [f["class"] for f in got["features"]] == [f["class"] for f in expected["features"]]
    tested = featrel.SFC(importance_model="forest", copy_correlation=0.0,
                         random_state=1005).fit(df.drop(columns="y"), df["y"])
    assert len(tested.result_["partner_candidates"]) == 8 and len(tested.result_["partners_added"]) >= 4
    assert set(tested.result_["partners_added"]) <= set(range(4, 14))
    assert all(tested.relevance_classes_[k] == 1 for k in tested.result_["partners_added"])
    off = featrel.SFC(importance_model="forest", partner_correlation=0.0, copy_correlation=0.0,
                      random_state=1005).fit(df.drop(columns="y"), df["y"])
    assert off.result_["partner_candidates"] == [] and off.support_.sum() < tested.support_.sum()
    # Holm's step-down (the default) calls everything Bonferroni calls: no class is lower, no adjusted p larger.
    assert est.get_params()["test_correction"] == "holm"
    bonf = featrel.SFC(importance_model="forest", test_correction="bonferroni",
                       random_state=1005).fit(df.drop(columns="y"), df["y"])
    assert bonf.result_["options"]["test_correction"] == "bonferroni"
    assert np.all(est.relevance_classes_ >= bonf.relevance_classes_)
    for h, b in zip(got["features"], bonf.result_["features"]):
        assert h["test_p_value"] == b["test_p_value"]
        if h["test_p_adjusted"] is not None:
            assert h["test_p_adjusted"] <= b["test_p_adjusted"]
        if "partner_test" in h:
            assert h["partner_test"]["p_adjusted"] <= b["partner_test"]["p_adjusted"]


def test_text_labels_are_kept_as_classes(breast_cancer):
    X, y = breast_cancer
    labels = np.where(y == 1, "malignant", "benign")
    a = featrel.Fisher(all=True).fit(X, y)
    b = featrel.Fisher(all=True).fit(X, labels)
    assert list(b.classes_) == ["benign", "malignant"]
    assert b.result_["classes"] == ["benign", "malignant"] and b.result_["positive_class"] == "malignant"
    assert np.array_equal(a.scores_, b.scores_)
    three = np.array(["a", "b", "c"])[np.arange(len(y)) % 3]
    assert list(featrel.FRI(C=1.0, n_probes=10).fit(X.iloc[:, :5], three).classes_) == ["a", "b", "c"]


def test_numpy_input_names_columns_x0():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 4))
    y = (X[:, 0] > 0).astype(int)
    est = featrel.Fisher(all=True).fit(X, y)
    assert not hasattr(est, "feature_names_in_")
    assert est.result_["feature_names"] == ["x0", "x1", "x2", "x3"]
    assert est.ranking_[0] == 1


def test_bad_parameters_raise_value_error_naming_them(breast_cancer):
    X, y = breast_cancer
    with pytest.raises(ValueError, match="option 'C' must be"):
        featrel.FRI(C=-1).fit(X, y)
    with pytest.raises(ValueError, match="lambda_"):
        featrel.CRFE(lambda_=3).fit(X, y)
    with pytest.raises(ValueError, match="option 'threshold' must be one of tail, normal"):
        featrel.FRI(threshold="nope").fit(X, y)
    with pytest.raises(ValueError, match="random_state"):
        featrel.FRI(random_state=-1).fit(X, y)
    with pytest.raises(ValueError, match="n_jobs"):
        featrel.FRI(n_jobs=0).fit(X, y)
    with pytest.raises(featrel.OptionError) as info:
        featrel.Boruta(max_iter=0).fit(X, y)
    assert info.value.key == "max_iter" and isinstance(info.value, ValueError)


def test_bad_data_raises_value_error_with_the_core_message(breast_cancer):
    X, y = breast_cancer
    Xn = X.to_numpy().copy()
    Xn[4, 2] = np.nan
    with pytest.raises(ValueError, match=r"X, row 5, column 'mean perimeter': missing value \(NaN.*impute='mean'"):
        featrel.Fisher().fit(pd.DataFrame(Xn, columns=X.columns), y)
    assert featrel.Fisher(impute="mean").fit(pd.DataFrame(Xn, columns=X.columns), y).n_features_in_ == 30
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="task"):
        featrel.FRI().fit(X, rng.normal(size=len(y)) * 0 + np.arange(len(y)) % 3 + 0.5)  # 3 float values: ask


def test_regression_target(breast_cancer):
    X, _ = breast_cancer
    y = X["mean radius"] * 2 + X["mean texture"]
    est = featrel.FRI(task="regression", n_probes=20, random_state=0).fit(X.drop(columns=["mean radius"]), y)
    assert est.result_["task"] == "regression" and not hasattr(est, "classes_")


def test_solver_error_is_a_python_exception_class():
    assert issubclass(featrel.SolverError, RuntimeError)
    assert featrel.SolverError is _featrel.SolverError


def test_same_seed_same_result_and_threads_do_not_matter(breast_cancer):
    X, y = breast_cancer

    for cls, params in ((featrel.FRI, {}), (featrel.Boruta, {}), (featrel.SFC, dict(n_resampling=5))):
        a = cls(random_state=7, n_jobs=1, **params).fit(X, y)
        b = cls(random_state=7, n_jobs=2, **params).fit(X, y)
        assert strip_timings(a.result_) == strip_timings(b.result_), cls.__name__
    c = featrel.Boruta(random_state=8).fit(X, y)
    assert not np.array_equal(c.importance_history_[0], featrel.Boruta(random_state=7).fit(X, y).importance_history_[0])


def test_pipeline_cross_val_score_and_grid_search(breast_cancer):
    X, y = breast_cancer
    pipe = Pipeline(
        [("scale", StandardScaler()), ("select", featrel.MRMR(n_features_to_select=5)), ("model", LogisticRegression())]
    )
    scores = cross_val_score(pipe, X, y, cv=StratifiedKFold(3, shuffle=True, random_state=0))
    assert scores.shape == (3,) and scores.mean() > 0.85
    grid = GridSearchCV(pipe, {"select__n_features_to_select": [2, 8]}, cv=3).fit(X, y)
    assert grid.best_params_["select__n_features_to_select"] in (2, 8)
    fri_pipe = Pipeline([("select", featrel.FRI(C=1.0, n_probes=10)), ("model", LogisticRegression(max_iter=500))])
    assert cross_val_score(fri_pipe, X, y, cv=3).mean() > 0.85
    grid = GridSearchCV(fri_pipe, {"select__p": [0.99, 0.999]}, cv=3).fit(X, y)
    assert clone(grid.best_estimator_).get_params()["select__p"] in (0.99, 0.999)


def test_verbose_prints_progress(breast_cancer, capfd):
    X, y = breast_cancer
    featrel.Boruta(random_state=1, verbose=1).fit(X, y)
    err = capfd.readouterr().err
    assert "featrel boruta" in err and "/100" in err
    featrel.Boruta(random_state=1).fit(X, y)
    assert "featrel boruta" not in capfd.readouterr().err


def test_warnings_use_python_parameter_names(breast_cancer):
    X, y = breast_cancer
    with pytest.warns(featrel.FeatrelWarning, match="slack=0.05"):
        featrel.FRI(random_state=1, budget="fixed").fit(X, y)  # the warning belongs to the fixed loss budget


def test_preflight_issues_are_data():
    """A wide table with a copied column: preflight_ lists the duplicate and the chance floor with its numbers, and
    each message is also among warnings_."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(40, 120))
    X[:, 7] = X[:, 6]
    y = (X[:, 0] + 0.3 * rng.normal(size=40) > 0).astype(int)
    est = featrel.Fisher(random_state=1).fit(X, y)
    kinds = {p["kind"]: p for p in est.preflight_}
    assert set(kinds) == {"duplicate_column", "chance_floor"}, est.preflight_
    assert kinds["duplicate_column"]["column"] == "x7"
    assert kinds["duplicate_column"]["message"].endswith("leave column x7 out of X"), kinds["duplicate_column"]
    floor = kinds["chance_floor"]
    assert floor["columns"] == 120 and floor["rows"] == 40 and floor["permutations"] == 100
    # The best of 120 noise columns on 40 rows reaches |r| of about 0.5 by chance; x0 decides y, so it is above.
    assert 0.4 < floor["floor"] < 0.7 and floor["above"] >= 1 and floor["largest"] > floor["floor"]
    assert "x0" in floor["above_features"] and len(floor["above_features"]) == floor["above"]
    assert all(p["message"] in est.warnings_ for p in est.preflight_)
    # Fisher keeps 10 features; those below the floor are named in a warning of their own, in Python's words.
    below = [w for w in est.warnings_ if "below the chance floor" in w]
    assert len(below) == 1 and "repeats=R" in below[0], below
    named = below[0].split("(", 1)[1].split(")", 1)[0].split(", ")
    assert named and "x0" not in named and set(named) <= set(f"x{j}" for j in range(120)), named
    narrow = featrel.Fisher(random_state=1).fit(X[:, 10:20], y)
    assert narrow.preflight_ == []


def test_repeatable_options_take_words(breast_cancer):
    X, y = breast_cancer
    est = featrel.UBayFS(max_size=3, must_link=["worst area,mean texture"], ensemble_size=10, random_state=1)
    est.fit(X, y)
    pair = est.support_[[list(X.columns).index("worst area"), list(X.columns).index("mean texture")]]
    assert pair[0] == pair[1] and est.support_.sum() <= 3
    assert est.result_["options"]["must_link"] == ["worst area,mean texture"]


def test_fri_screen_keeps_the_classes_on_wide_data():
    # docs/fri.md#screening: the same classes as the full run; screened features' upper bound the full run's.
    rng = np.random.default_rng(3)
    X = rng.normal(size=(100, 150))
    y = (X[:, 0] + X[:, 1] - X[:, 2] + 0.1 * rng.normal(size=100) > 0).astype(int)
    full = featrel.FRI(n_probes=20, random_state=0).fit(X, y)
    fast = featrel.FRI(n_probes=20, random_state=0, screen=True).fit(X, y)
    assert np.array_equal(fast.relevance_classes_, full.relevance_classes_)
    assert fast.relevance_classes_[:3].min() > 0
    screened = np.array([f["screened"] for f in fast.result_["features"]])
    assert screened.sum() > 75 and not screened[:3].any()
    assert np.all(fast.interval_[screened, 1] >= full.interval_[screened, 1] - 1e-12)
    assert np.array_equal(fast.interval_[~screened], full.interval_[~screened])
    assert "screened" not in full.result_["features"][0]
