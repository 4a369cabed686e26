"""The same seed gives the same result as the CLI: FRI's intervals and classes, Boruta's decisions."""

import json
import subprocess

import numpy as np
import pytest

import featrel

from conftest import DATA


def run_cli(cli, method, tmp_path, *flags):
    out = tmp_path / f"{method}.json"
    subprocess.run([cli, method, str(DATA), "--seed", "1", "--quiet", "--json", str(out), *flags], check=True)
    return json.loads(out.read_text())


def test_fri_intervals_equal_the_cli(cli, breast_cancer, tmp_path):
    X, y = breast_cancer
    doc = run_cli(cli, "fri", tmp_path)
    est = featrel.FRI(random_state=1).fit(X, y)
    lower = [f["lower"] for f in doc["features"]]
    upper = [f["upper"] for f in doc["features"]]
    assert np.array_equal(est.interval_, np.column_stack([lower, upper]))  # exactly, not approximately
    assert est.relevance_classes_.tolist() == [f["class"] for f in doc["features"]]
    assert est.result_["features"] == doc["features"]
    assert est.result_["options"] == doc["options"]


def test_fri_privileged_columns_equal_the_cli(cli, breast_cancer, tmp_path):
    X, y = breast_cancer
    privileged = list(X.columns[-3:])
    doc = run_cli(cli, "fri", tmp_path, "--privileged", ",".join(privileged), "--n-probes", "20")
    est = featrel.FRI(random_state=1, privileged=privileged, n_probes=20).fit(X, y)
    assert est.privileged_.tolist() == [c in privileged for c in X.columns]
    assert est.result_["features"] == doc["features"]
    assert est.result_["privileged_probes"] == doc["privileged_probes"]


def test_boruta_decisions_equal_the_cli(cli, breast_cancer, tmp_path):
    X, y = breast_cancer
    doc = run_cli(cli, "boruta", tmp_path)
    est = featrel.Boruta(random_state=1).fit(X, y)
    assert est.decision_.tolist() == [f["decision"] for f in doc["features"]]
    assert est.importance_history_.tolist() == doc["importance_history"]
    assert est.support_.tolist() == [f["selected"] for f in doc["features"]]


@pytest.mark.parametrize("method,cls,flags,params", [
    ("mrmr", featrel.MRMR, ["-k", "7"], dict(n_features_to_select=7)),
    ("crfe", featrel.CRFE, ["--lambda", "0.3"], dict(lambda_=0.3)),
])
def test_other_methods_equal_the_cli(cli, breast_cancer, tmp_path, method, cls, flags, params):
    X, y = breast_cancer
    doc = run_cli(cli, method, tmp_path, *flags)
    est = cls(random_state=1, **params).fit(X, y)
    assert est.result_["features"] == doc["features"]
    assert est.result_["selected"] == doc["selected"]


def test_report_and_chart_equal_the_cli(cli, breast_cancer, tmp_path):
    """report_ is what the CLI prints (the source named <memory>, the target by y's name); chart_svg_ its --svg."""
    X, y = breast_cancer
    svg = tmp_path / "mrmr.svg"
    printed = subprocess.run([cli, "mrmr", str(DATA), "--seed", "1", "-k", "7", "--svg", str(svg)], check=True,
                             capture_output=True, text=True).stdout
    est = featrel.MRMR(random_state=1, n_features_to_select=7).fit(X, y)
    assert est.report_ == printed.replace(str(DATA), "<memory>")
    assert "target 'malignant'" in est.report_.splitlines()[0]
    assert est.chart_svg_ == svg.read_text().replace(str(DATA), "&lt;memory&gt;")


def test_wide_report_is_folded_as_the_cli_folds_it(cli, tmp_path):
    """On 300 columns the report keeps the decided features and folds the rest at the CLI's 100 rows."""
    import pandas as pd

    rng = np.random.default_rng(3)
    X = pd.DataFrame(rng.normal(size=(80, 300)), columns=[f"g{j}" for j in range(300)])
    y = pd.Series((X["g7"] + 0.3 * rng.normal(size=80) > 0).astype(int), name="status")
    data = tmp_path / "wide.csv"
    pd.concat([X, y], axis=1).to_csv(data, index=False, float_format="%.17g")
    printed = subprocess.run([cli, "boruta", str(data), "--target", "status", "--seed", "1"], check=True,
                             capture_output=True, text=True).stdout
    est = featrel.Boruta(random_state=1).fit(X, y)
    assert est.report_ == printed.replace(str(data), "<memory>")
    assert "... 200 more features, none of them confirmed or tentative" in est.report_
    assert len(est.report_.splitlines()) < 120


def test_text_class_labels_name_every_class_as_the_cli_does(cli, tmp_path):
    # Text labels reach the core as codes 0..K-1; the document must still name the user's classes everywhere
    # (per-class intervals, one-vs-rest results, warnings), as the CLI does for the same CSV.
    rng = np.random.default_rng(5)
    X = rng.normal(size=(90, 4))
    level = np.digitize(X[:, 0] + 0.3 * rng.normal(size=90), [-0.4, 0.4])
    y = np.array(["low", "mid", "high"])[level]
    path = tmp_path / "labels.csv"
    with open(path, "w") as f:
        f.write("x0,x1,x2,x3,y\n")
        for row, label in zip(X, y):
            f.write(",".join(repr(float(v)) for v in row) + f",{label}\n")
    out = tmp_path / "fri.json"
    subprocess.run([cli, "fri", str(path), "--target", "y", "--C", "1", "--n-probes", "20", "--seed", "2", "--quiet",
                    "--json", str(out)], check=True)
    doc = json.loads(out.read_text())
    est = featrel.FRI(random_state=2, C=1, n_probes=20).fit(X, y)
    assert doc["classes"] == ["high", "low", "mid"]
    assert est.result_["classes"] == doc["classes"]
    assert [m["label"] for m in est.result_["one_vs_rest"]] == ["high", "low", "mid"]
    assert est.result_["features"] == doc["features"]
    assert est.result_["diagnostics"]["warnings"] == doc["diagnostics"]["warnings"]
