"""Data frames as notebooks hold them: text and category columns read as the CLI reads a CSV file's (the same
result document), support_ per column of X, and targets with missing values or mixed labels refused with the rows
and the remedy named."""

import json
import subprocess
import warnings

import joblib
import numpy as np
import pandas as pd
import pytest

import featrel


def clinical(n=120, seed=0):
    """a carries the signal with site = B; b is noise; site has three levels, smoker two."""
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({
        "a": rng.normal(size=n),
        "site": rng.choice(["A", "B", "C"], n),
        "b": rng.normal(size=n),
        "smoker": rng.choice(["no", "yes"], n),
    })
    y = (X["a"] + 1.5 * (X["site"] == "B") + 0.3 * rng.normal(size=n) > 0.5).map({True: "case", False: "control"})
    return X, y


def run_cli(cli, tmp_path, X, y, method, *flags):
    data = tmp_path / "frame.csv"
    X.assign(outcome=y).to_csv(data, index=False)
    out = tmp_path / f"{method}.json"
    subprocess.run([cli, method, str(data), "--target", "outcome", "--seed", "3", "--quiet", "--json", str(out),
                    *flags], check=True)
    return json.loads(out.read_text())


def test_text_columns_give_the_cli_result_and_per_column_support(cli, tmp_path):
    X, y = clinical()
    doc = run_cli(cli, tmp_path, X, y, "fisher", "-k", "3")
    with pytest.warns(featrel.FeatrelWarning, match="column 'site' is categorical"):
        est = featrel.Fisher(random_state=3, n_features_to_select=3).fit(X, y)
    assert est.result_["features"] == doc["features"]
    assert est.result_["original_columns"] == doc["original_columns"]
    assert list(est.encoded_feature_names_) == ["a", "site=A", "site=B", "site=C", "b", "smoker=yes"]
    # Per column of X: site is selected through its levels, scored and ranked by its best one.
    by_name = {f["name"]: f for f in doc["features"]}
    assert est.support_.tolist() == [
        by_name["a"]["selected"],
        any(by_name[f"site={v}"]["selected"] for v in "ABC"),
        by_name["b"]["selected"],
        by_name["smoker=yes"]["selected"],
    ]
    assert est.scores_[1] == max(by_name[f"site={v}"]["score"] or -np.inf for v in "ABC")
    # Ranked by the best level's rank, renumbered; unranked columns (fisher ranks its top k) share the last rank.
    def best(*names):
        ranks = [by_name[n]["rank"] for n in names if by_name[n]["rank"] is not None]
        return min(ranks) if ranks else None

    best_rank = {"a": best("a"), "site": best("site=A", "site=B", "site=C"), "b": best("b"),
                 "smoker": best("smoker=yes")}
    ranked = sorted(r for r in best_rank.values() if r is not None)
    last = len(ranked) + 1
    expected = [last if best_rank[c] is None else 1 + ranked.index(best_rank[c]) for c in X.columns]
    assert est.ranking_.tolist() == expected
    assert est.ranking_[:2].tolist() == [1, 2]  # a, then site (through site=B)
    assert est.support_[:2].all()  # a and site carry the signal
    # transform keeps X's columns, text included.
    kept = est.transform(X)
    assert kept.shape == (len(X), int(est.support_.sum()))
    assert list(est.get_feature_names_out()) == [c for c, s in zip(X.columns, est.support_) if s]


def test_category_columns_are_categorical_whatever_their_count(cli, tmp_path):
    X, y = clinical()
    rng = np.random.default_rng(1)
    X["ward"] = pd.Categorical(rng.choice([f"w{k:02d}" for k in range(25)], len(X)))  # more than max_levels
    X["site"] = X["site"].astype("category")
    X = X.drop(columns="smoker")
    doc = run_cli(cli, tmp_path, X, y, "fisher", "-k", "3", "--categorical", "site,ward")
    with warnings.catch_warnings():
        warnings.simplefilter("error", featrel.FeatrelWarning)  # a declared category draws no warning
        est = featrel.Fisher(random_state=3, n_features_to_select=3).fit(X, y)
    assert est.result_["features"] == doc["features"]
    assert [c["column"] for c in est.result_["original_columns"]] == ["site", "ward"]
    assert len(est.encoded_feature_names_) == 2 + 3 + 25 and len(est.support_) == 4


def test_a_column_of_numbers_written_as_text_is_numeric():
    X, y = clinical()
    as_text = X.assign(a=X["a"].map(repr))
    a = featrel.Fisher(random_state=3, n_features_to_select=3).fit(X, y)
    b = featrel.Fisher(random_state=3, n_features_to_select=3).fit(as_text, y)
    assert a.result_["features"] == b.result_["features"]


def test_missing_text_values_are_missing_values():
    X, y = clinical()
    X.loc[[3, 7], "smoker"] = None
    with pytest.raises(ValueError, match=r"missing value.*impute='mean'"):
        featrel.Fisher(random_state=3).fit(X, y)
    est = featrel.Fisher(random_state=3, impute="mean").fit(X, y)
    assert len(est.support_) == 4


def test_free_text_and_dates_are_refused_with_the_remedy():
    X, y = clinical()
    ids = X.assign(patient=[f"P{i:04d}" for i in range(len(X))])
    with pytest.raises(ValueError, match=r"column 'patient'.*identifier.*astype\('category'\).*out of X"):
        featrel.Fisher().fit(ids, y)
    dates = X.assign(visit=pd.date_range("2020-01-01", periods=len(X)))
    with pytest.raises(ValueError, match=r"column 'visit': dates or times.*\.dt\.days"):
        featrel.Fisher().fit(dates, y)


def test_nullable_numbers_in_X_are_missing_values_with_a_readable_remedy():
    X, y = clinical()
    X["k"] = pd.array([1, None] + [2] * (len(X) - 2), dtype="Int64")
    with pytest.raises(ValueError, match=r"column 'k'.*leave the column out of X") as e:
        featrel.Fisher().fit(X, y)
    assert "column the" not in str(e.value)


@pytest.mark.parametrize("make", [
    lambda y: y.astype(float).where(~y.index.isin([4, 8])),
    lambda y: pd.array([None if i in (4, 8) else v for i, v in enumerate(y)], dtype="Int64"),
    lambda y: y.map({0: "no", 1: "yes"}).where(~y.index.isin([4, 8])),
    lambda y: pd.Categorical(y.map({0: "no", 1: "yes"}).where(~y.index.isin([4, 8]))),
])
def test_missing_target_values_name_the_rows(make):
    X, y = clinical()
    y01 = (y == "case").astype(int)
    target = make(y01)
    with pytest.raises(ValueError, match=r"rows 5 and 9\).*keep = featrel\.has_value\(y\); X\[keep\], y\[keep\]"):
        featrel.Fisher().fit(X, target)
    # The remedy the message names works for this y, whatever its type.
    keep = featrel.has_value(target)
    assert keep.dtype == bool and keep.sum() == len(X) - 2 and not keep[4] and not keep[8]
    featrel.Fisher().fit(X[keep], target[keep])


@pytest.mark.parametrize("blank", ["", "  ", "NA", "?"])
def test_blank_text_labels_are_missing_as_in_a_csv_file(blank):
    # A label the CSV reader reads as missing is not a class of its own here either.
    X, y = clinical()
    labels = y.astype(object).copy()
    labels.iloc[[2, 6]] = blank
    with pytest.raises(ValueError, match=r"rows 3 and 7\).*featrel\.has_value\(y\)"):
        featrel.Fisher().fit(X, labels)
    keep = featrel.has_value(labels)
    assert list(np.flatnonzero(~keep)) == [2, 6]
    fitted = featrel.Fisher().fit(X[keep], labels[keep])
    assert list(fitted.classes_) == sorted(set(y))
    # numpy arrays and lists take the same mask.
    assert (featrel.has_value(labels.to_numpy()) == keep).all()
    assert (featrel.has_value(list(labels)) == keep).all()
    assert featrel.has_value(np.array([1.0, np.nan, 3.0])).tolist() == [True, False, True]


def test_bad_targets_are_refused():
    X, y = clinical()
    with pytest.raises(ValueError, match="mixes text and numbers"):
        featrel.Fisher().fit(X, pd.Series(["a"] * 60 + [1] * 60, dtype=object))
    with pytest.raises(ValueError, match="infinity"):
        featrel.Fisher().fit(X, np.r_[np.inf, np.zeros(len(X) - 1)])
    with pytest.raises(ValueError, match="requires y"):
        featrel.Fisher().fit(X, None)


def test_text_columns_travel_to_repeats_and_plan_workers():
    X, y = clinical()
    local = featrel.Boruta(random_state=5, repeats=3, n_jobs=1).fit(X, y)
    threads = featrel.Boruta(random_state=5, repeats=3, n_jobs=2).fit(X, y)
    assert local.result_["features"] == threads.result_["features"]
    assert "selection_frequency" in local.result_["features"][0]
    num = X.drop(columns=["site", "smoker"])
    fri_local = featrel.FRI(random_state=5, n_probes=20).fit(X, y)
    with joblib.parallel_backend("threading", n_jobs=2):
        fri_plans = featrel.FRI(random_state=5, n_probes=20).fit(X, y)
    assert fri_local.result_["features"] == fri_plans.result_["features"]
    assert len(fri_local.interval_) == len(fri_local.encoded_feature_names_) > num.shape[1] + 2


def test_a_float_target_is_a_quantity_where_the_method_has_regression():
    X, _ = clinical()
    y = 2.0 * X["a"] + 0.1 * np.random.default_rng(2).normal(size=len(X))
    for est in (featrel.MRMR(n_features_to_select=1), featrel.Boruta(random_state=1), featrel.FRI(random_state=1)):
        est.fit(X, y)
        assert est.result_["task"] == "regression", type(est).__name__
        assert est.support_[0] and not hasattr(est, "classes_")
    # Integers with three values stay classes; a method without regression asks what the numbers are.
    assert featrel.MRMR(n_features_to_select=1).fit(X, np.arange(len(X)) % 3).result_["task"] == "multiclass"
    with pytest.raises(ValueError, match=r"distinct numeric values.*task='multiclass' or task='ordinal'"):
        featrel.Fisher().fit(X, y)
