"""plot(): every estimator's chart on small data draws what its result document says (docs/python.md#plots).

Each test checks what a wrong chart would break: one bar per feature shown, in the documented order, with the
names as labels and the colours of the class or decision; the marks (stop, Γ, thresholds) at the document's values;
a title. Every figure is saved as a PNG (under FEATREL_PLOT_DIR when set, to look at them; else a tmp dir).
"""

import json
import os
import pathlib

import matplotlib
import matplotlib.colors as mcolors
import numpy as np
import pandas as pd
import pytest

import featrel
from featrel import _plot

BLUE, GREY, ORANGE, VERMILLION = _plot.BLUE, _plot.GREY, _plot.ORANGE, _plot.VERMILLION
LONG = "a very long feature name that a chart must shorten (mm)"


@pytest.fixture(scope="module")
def small(breast_cancer):
    """Breast cancer, 10 columns (one with a long name), 569 rows."""
    X, y = breast_cancer
    X = X.iloc[:, :10].copy()
    X.columns = [LONG] + list(X.columns[1:])
    return X, y


@pytest.fixture(scope="module")
def wine():
    df = pd.read_csv(os.path.join(os.path.dirname(__file__), "..", "..", "data", "wine.csv"))
    return df.drop(columns="cultivar"), df["cultivar"]


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory):
    path = os.environ.get("FEATREL_PLOT_DIR")
    if path:
        os.makedirs(path, exist_ok=True)
        return path
    return str(tmp_path_factory.mktemp("plots"))


def save(fig, out_dir, name):
    path = os.path.join(out_dir, f"{name}.png")
    fig.savefig(path, dpi=70)
    assert os.path.getsize(path) > 5000  # a drawn chart, not an empty canvas
    matplotlib.pyplot.close(fig)


def find(fig, gid):
    """Artists with this gid, in drawing order, over every axes of the figure."""
    out = []
    for ax in fig.axes:
        for a in ax.get_children():
            if a.get_gid() == gid:
                out.append(a)
    return out


def axes_of(fig, gid):
    axes = [ax for ax in fig.axes if any(a.get_gid() == gid for a in ax.get_children())]
    assert len(axes) == 1, f"{gid}: {len(axes)} axes"
    return axes[0]


def hexes(patches):
    return [mcolors.to_hex(p.get_facecolor(), keep_alpha=False).upper() for p in patches]


def labels(ax):
    return [t.get_text() for t in ax.get_yticklabels()]


def names(doc, order):
    return [_plot._label(doc["features"][j]["name"]) for j in order]


def title(fig):
    text = fig._suptitle.get_text() if fig._suptitle is not None else ""
    return text or " ".join(ax.get_title(loc="left") for ax in fig.axes)


def labels_inside(fig):
    """No tick label sticks out of the figure (a clipped name)."""
    fig.canvas.draw()
    box = fig.bbox
    for ax in fig.axes:
        shown = []
        for axis, (lo, hi) in ((ax.xaxis, sorted(ax.get_xlim())), (ax.yaxis, sorted(ax.get_ylim()))):
            shown += [t for t, loc in zip(axis.get_ticklabels(), axis.get_ticklocs()) if lo <= loc <= hi]
        for t in shown:
            if t.get_visible() and t.get_text():
                e = t.get_window_extent()
                assert e.x0 >= box.x0 - 1 and e.x1 <= box.x1 + 1 and e.y0 >= box.y0 - 1, t.get_text()


def test_label_shortening_is_one_rule():
    assert _plot._label("short") == "short"
    cut = _plot._label(LONG)
    assert len(cut) == _plot.MAX_NAME and cut.endswith("…") and LONG.startswith(cut[:-1])


def test_crfe_path_stop_and_ranking(small, out_dir):
    X, y = small
    est = featrel.CRFE(random_state=1).fit(X, y)
    doc = est.result_
    fig = est.plot()
    k = doc["stop"]["n_selected"]
    (stop,) = [a for a in find(fig, "stop")]
    assert list(stop.get_xdata()) == [k, k]
    (path,) = find(fig, "path")
    assert list(path.get_xdata()) == [s["n_features"] for s in doc["steps"]]
    assert np.allclose(path.get_ydata(), [s["beta_mean"] for s in doc["steps"]])
    path_ax = axes_of(fig, "path")
    assert path_ax.get_xlim()[0] > path_ax.get_xlim()[1]  # all features on the left
    bars = find(fig, "bars")
    ranking = doc["ranking"]
    assert len(bars) == X.shape[1]
    assert np.allclose([b.get_width() for b in bars], [doc["features"][j]["beta_initial"] for j in ranking])
    assert hexes(bars) == [BLUE if doc["features"][j]["selected"] else GREY for j in ranking]
    assert labels(axes_of(fig, "bars")) == names(doc, ranking)
    assert _plot._label(LONG) in labels(axes_of(fig, "bars"))
    (line,) = find(fig, "stop_rank")
    assert line.get_ydata()[0] == k - 0.5
    assert "CRFE" in title(fig) and f"stop at {k}" in title(fig)
    labels_inside(fig)
    save(fig, out_dir, "crfe")


def test_rfe_fixed_size_and_sweep(wine, out_dir):
    X, y = wine
    est = featrel.RFE(random_state=6, n_features_to_select=5, sweep=True).fit(X, y)
    doc = est.result_
    fig = est.plot()
    stops = find(fig, "stop")
    assert len(stops) == 3 and all(list(s.get_xdata()) == [5, 5] for s in stops)  # path, coverage, inefficiency
    (path,) = find(fig, "path")
    assert np.allclose(path.get_ydata(), [s["importance_mean"] for s in doc["steps"]])
    sweep = sorted({s["n_features"] for s in doc["evaluation"]["subsets"] if s["label"].startswith("k=")})
    (coverage,) = find(fig, "coverage")
    assert list(coverage.get_xdata()) == sweep
    (target,) = find(fig, "target_coverage")
    assert target.get_ydata()[0] == pytest.approx(1 - doc["evaluation"]["significance"])
    assert sum(b.get_facecolor() == mcolors.to_rgba(BLUE) for b in find(fig, "bars")) == 5
    assert title(fig).startswith("RFE")
    save(fig, out_dir, "rfe_sweep")


def test_crfe_repeats_show_runs_and_frequencies(wine, out_dir):
    X, y = wine
    est = featrel.CRFE(random_state=2, repeats=4, n_features_to_select=3).fit(X, y)
    doc = est.result_
    fig = est.plot()
    assert len(find(fig, "path")) == 4  # one path per split
    bars = find(fig, "bars")
    freq = [doc["features"][j]["selection_frequency"] for j in doc["ranking"]]
    assert np.allclose([b.get_width() for b in bars], freq)
    assert np.array_equal(est.selection_frequency_[doc["ranking"]], freq)
    assert list(find(fig, "stop")[0].get_xdata()) == [doc["stop"]["n_selected"]] * 2
    # The majority set need not be a prefix of the consensus ranking: the cut is drawn only when it is.
    selected = [doc["features"][j]["selected"] for j in doc["ranking"]]
    prefix = all(selected[: sum(selected)])
    assert len(find(fig, "stop_rank")) == (1 if prefix and 0 < sum(selected) < len(selected) else 0)
    assert hexes(bars) == [BLUE if s else GREY for s in selected]
    save(fig, out_dir, "crfe_repeats")


def test_sfc_classes_gamma_and_strip(small, out_dir):
    X, y = small
    est = featrel.SFC(n_resampling=5, random_state=1).fit(X, y)
    doc = est.result_
    fig = est.plot()
    feats = doc["features"]
    order = sorted(range(len(feats)), key=lambda j: -feats[j]["importance"])
    bars = find(fig, "bars")
    assert len(bars) == X.shape[1]
    assert [b.get_width() for b in bars] == pytest.approx([feats[j]["importance"] for j in order])
    assert hexes(bars) == [_plot.CLASS_COLOURS[feats[j]["class"]] for j in order]
    assert labels(axes_of(fig, "bars")) == names(doc, order)
    (gamma,) = find(fig, "gamma")
    assert gamma.get_xdata()[0] == doc["shadow_interval"]["upper"]
    tested = [j for j in order if feats[j]["tested"] and feats[j]["test_score"] is not None]
    (dots,) = find(fig, "test_scores")
    assert np.allclose(dots.get_offsets()[:, 0], [feats[j]["test_score"] for j in tested])
    (band,) = find(fig, "null_interval")
    assert band.get_xy()[:, 0].min() == pytest.approx(doc["score_interval"]["lower"])
    assert "SFC" in title(fig)
    labels_inside(fig)
    save(fig, out_dir, "sfc")



def test_sfc_borderline_bound(small):
    # With 20 shadow samples the uncorrected bound is the largest of them (rank ceil(0.95 * 21) = 20, which a feature
    # at chance exceeds with probability 1/21); the flags are exactly the irrelevant features above it.
    X, y = small
    est = featrel.SFC(n_resampling=20, random_state=3).fit(X, y)
    doc = est.result_
    b = doc["borderline"]
    assert b["rank"] == 20 and b["chance"] == pytest.approx(1 / 21)
    assert b["value"] == max(doc["null_shadow_importances"])
    feats = doc["features"]
    flagged = [f["borderline"] for f in feats]
    assert flagged == [f["class"] == 0 and not f["constant"] and f["importance"] > b["value"] for f in feats]
    assert b["flagged"] == sum(flagged)
    assert b["called_irrelevant"] == sum(f["class"] == 0 and not f["constant"] for f in feats)
    assert list(est.to_frame()["borderline"]) == flagged
    (line,) = find(est.plot(), "borderline")
    assert line.get_xdata()[0] == b["value"]
    # Γ's own tail at 5 %: no band, no bound, no line.
    loose = featrel.SFC(n_resampling=20, fpr=0.05, random_state=3).fit(X, y)
    assert loose.result_["borderline"] is None and not any(f["borderline"] for f in loose.result_["features"])
    assert find(loose.plot(), "borderline") == []


def test_ubayfs_counts_prior_optimum_and_mh(small, out_dir):
    X, y = small
    est = featrel.UBayFS(max_size=4, ensemble_size=10, optimizer="mh", mh_chains=5, mh_steps=50,
                         random_state=1).fit(X, y)
    doc = est.result_
    fig = est.plot()
    feats = doc["features"]
    order = sorted(range(len(feats)), key=lambda j: -(feats[j]["count"] + feats[j]["prior_weight"]))
    counts, prior = find(fig, "bars"), find(fig, "prior_bars")
    assert len(counts) == len(prior) == X.shape[1]
    assert [b.get_width() for b in counts] == [feats[j]["count"] for j in order]
    assert [b.get_x() for b in prior] == [feats[j]["count"] for j in order]
    assert [b.get_width() for b in prior] == [feats[j]["prior_weight"] for j in order]
    assert len(find(fig, "optimum")) == len(doc["optima"][0]["features"])
    (mh,) = find(fig, "mh_inclusion")
    longest = max(f["count"] + f["prior_weight"] for f in feats)  # dots on the bars' scale, 1 = the longest bar
    assert np.allclose(mh.get_offsets()[:, 0] / longest, [feats[j]["mh_inclusion_frequency"] for j in order])
    assert labels(axes_of(fig, "bars")) == names(doc, order)
    # The max-size row involves every feature: one mark each.
    assert len(find(fig, "constraint_marks")) == X.shape[1]
    assert "UBayFS" in title(fig)
    labels_inside(fig)
    save(fig, out_dir, "ubayfs")


@pytest.mark.parametrize("cls,kwargs,larger", [(featrel.MRMR, {}, True), (featrel.Fisher, {}, True),
                                                (featrel.Laplacian, {}, False)])
def test_selectors_rank_order_and_cut(small, out_dir, cls, kwargs, larger):
    X, y = small
    est = cls(n_features_to_select=4, **kwargs).fit(X, y)
    doc = est.result_
    feats = doc["features"]
    fig = est.plot()
    bars = find(fig, "bars")
    assert len(bars) == X.shape[1]
    crit = [feats[j]["criterion"] for j in range(len(feats))]
    rest = [j for j in range(len(feats)) if j not in doc["ranking"]]
    rest.sort(key=lambda j: -crit[j] if larger else crit[j])
    order = doc["ranking"] + rest
    assert [b.get_width() for b in bars] == pytest.approx([crit[j] for j in order])
    assert hexes(bars) == [BLUE] * 4 + [GREY] * (len(feats) - 4)
    assert labels(axes_of(fig, "bars")) == names(doc, order)
    (cut,) = find(fig, "stop")
    assert cut.get_ydata()[0] == 3.5
    if cls is featrel.MRMR:  # the pick's score beside its relevance
        (scores,) = find(fig, "pick_scores")
        assert np.allclose(scores.get_offsets()[:4, 0], [feats[j]["score"] for j in doc["ranking"]])
    assert title(fig).startswith({"mrmr": "mRMR", "fisher": "Fisher", "laplacian": "Laplacian"}[doc["method"]])
    labels_inside(fig)
    save(fig, out_dir, doc["method"])


def test_pareto_heat_map_by_layer(small, out_dir):
    X, y = small
    est = featrel.ParetoFCA(permutations=3, random_state=1).fit(X, y)
    doc = est.result_
    feats = doc["features"]
    fig = est.plot()
    (image,) = find(fig, "impact")
    ax = axes_of(fig, "impact")
    rows = [t.get_text() for t in ax.get_yticklabels()]
    assert sorted(rows) == sorted(_plot._label(f["name"]) for f in feats)
    layer = {_plot._label(f["name"]): f["layer"] for f in feats}
    assert [layer[r] for r in rows] == sorted(layer[r] for r in rows)  # front first, then layer by layer
    index = {_plot._label(f["name"]): f["index"] for f in feats}
    impact = np.array(doc["oriented_impact"], dtype=float)
    assert image.get_array().shape == (len(feats), len(doc["criteria"]))
    assert np.allclose(image.get_array(), impact[:, [index[r] for r in rows]].T)
    assert len(find(fig, "layer_boundary")) == len(set(layer.values())) - 1
    bold = [t.get_text() for t in ax.get_yticklabels() if t.get_fontweight() == "bold"]
    assert sorted(bold) == sorted(_plot._label(n) for n in doc["front"])
    assert [t.get_text() for t in ax.get_xticklabels()] == [f"{c['classifier']}: {c['measure']}"
                                                             for c in doc["criteria"]]
    assert "ParetoFCA" in title(fig)
    labels_inside(fig)
    save(fig, out_dir, "pareto")


def test_fri_one_panel_per_class_and_thresholds(wine, out_dir):
    X, y = wine
    est = featrel.FRI(C=1.0, n_probes=10, random_state=2).fit(X.iloc[:, :6], y)
    doc = est.result_
    fig = est.plot()
    panels = [ax for ax in fig.axes if any(a.get_gid() == "bars" for a in ax.get_children())]
    assert len(panels) == 3  # one panel per class against the rest
    uppers = find(fig, "threshold_upper")
    assert [u.get_xdata()[0] for u in uppers] == [m["probes"]["threshold_upper"] for m in doc["one_vs_rest"]]
    bars = find(fig, "bars")
    assert len(bars) == 3 * 6
    for i, ax in enumerate(panels):
        mine = [b for b in bars if b.axes is ax]
        per = [f["per_class"][i] for f in doc["features"]]
        assert hexes(mine) == [_plot.CLASS_COLOURS[p["class"]] for p in per]
        assert [b.get_x() for b in mine] == pytest.approx([p["lower"] for p in per])
    save(fig, out_dir, "fri_ovr")


def test_fri_presets_add_the_constrained_panel(small, out_dir):
    X, y = small
    est = featrel.FRI(C=0.1, n_probes=10, presets="mean texture=0.16", random_state=4).fit(X, y)
    doc = est.result_
    fig = est.plot()
    bars = find(fig, "bars")
    assert len(bars) == 2 * X.shape[1]  # unconstrained, then constrained
    constrained = [b for b in bars if b.axes is bars[-1].axes]
    cf = doc["constrained"]["features"]
    assert [b.get_x() for b in constrained] == pytest.approx([f["lower"] for f in cf])
    # The pinned feature is outlined in black; behind every constrained bar its unconstrained interval.
    outlined = [i for i, b in enumerate(constrained) if mcolors.to_hex(b.get_edgecolor(), keep_alpha=True) == "#000000ff"]
    assert outlined == [1]
    ghosts = find(fig, "unconstrained")
    assert [g.get_x() for g in ghosts] == pytest.approx([f["lower"] for f in doc["features"]])
    save(fig, out_dir, "fri_presets")


def test_boruta_boxes_by_decision(small, out_dir):
    X, y = small
    est = featrel.Boruta(random_state=1, max_iter=20).fit(X, y)
    doc = est.result_
    feats = doc["features"]
    fig = est.plot()
    order = sorted(range(len(feats)), key=lambda j: -(feats[j]["median_importance"] or 0.0))
    boxes = find(fig, "bars")
    assert len(boxes) == X.shape[1]
    assert hexes(boxes) == [_plot.DECISION_COLOURS[feats[j]["decision"]] for j in order]
    assert labels(axes_of(fig, "bars")) == names(doc, order)
    (median,) = find(fig, "threshold")
    assert median.get_xdata()[0] == pytest.approx(np.median(doc["threshold_history"]))
    save(fig, out_dir, "boruta")


def test_repeats_add_a_frequency_panel(small, out_dir):
    X, y = small
    est = featrel.Fisher(n_features_to_select=4, repeats=4, random_state=3).fit(X, y)
    doc = est.result_
    fig = est.plot()
    assert len(fig.axes) == 2
    bars, freq = find(fig, "bars"), find(fig, "frequency_bars")
    assert len(freq) == len(bars) == X.shape[1]
    order = [labels(axes_of(fig, "bars")).index(_plot._label(f["name"])) for f in doc["features"]]
    widths = [freq[i].get_width() for i in order]
    assert np.allclose(widths, est.selection_frequency_)
    (half,) = find(fig, "majority")
    assert half.get_xdata()[0] == 0.5
    save(fig, out_dir, "fisher_repeats")

    sfc = featrel.SFC(n_resampling=5, repeats=3, random_state=1).fit(X.iloc[:, :5], y)
    fig = sfc.plot()
    # With relevance classes the shares of strong, weak and irrelevant are stacked: they add up to 1.
    freq = find(fig, "frequency_bars")
    assert len(freq) == 3 * 5
    totals = np.zeros(5)
    for b in freq:
        totals[int(round(b.get_y() + b.get_height() / 2))] += b.get_width()
    assert np.allclose(totals, 1.0)
    save(fig, out_dir, "sfc_repeats")


def test_wide_data_shows_the_top_rows_and_says_so(out_dir):
    rng = np.random.default_rng(0)
    X = pd.DataFrame(rng.normal(size=(80, 75)), columns=[f"feature {i}" for i in range(75)])
    y = (X.iloc[:, 0] + X.iloc[:, 1] > 0).astype(int)
    est = featrel.Fisher(all=True).fit(X, y)
    fig = est.plot()
    assert len(find(fig, "bars")) == _plot.MAX_ROWS
    assert f"top {_plot.MAX_ROWS} of 75 features" in title(fig) and "15 not shown" in title(fig)
    assert "75 of 75 features selected" in title(fig)
    assert labels(axes_of(fig, "bars")) == names(est.result_, est.result_["ranking"][: _plot.MAX_ROWS])
    # The figure grows with the rows shown, not with every feature.
    assert fig.get_size_inches()[1] == pytest.approx(_plot._rows_height(_plot.MAX_ROWS))
    save(fig, out_dir, "fisher_wide")


def test_given_axes_get_the_main_panel(small):
    X, y = small
    fig, ax = matplotlib.pyplot.subplots()
    for est in (featrel.CRFE(random_state=1), featrel.MRMR(n_features_to_select=3),
                featrel.UBayFS(max_size=3, ensemble_size=5, random_state=1),
                featrel.ParetoFCA(permutations=2, random_state=1)):
        ax.clear()
        assert est.fit(X, y).plot(ax=ax) is fig
        assert len(fig.axes) >= 1 and ax.get_title(loc="left")
        assert any(a.get_gid() in ("path", "bars", "impact") for a in ax.get_children())
    matplotlib.pyplot.close(fig)


GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "data" / "golden"


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.json")))
def test_every_golden_cli_document_plots(name, out_dir):
    """The charts read the CLI's --json documents as they are (the goldens of tests/data/golden)."""
    doc = json.loads((GOLDEN / f"{name}.json").read_text())
    fig = _plot.plot_result(doc)
    shown = min(len(doc["features"]), _plot.MAX_ROWS)
    rows = [t.get_text() for ax in fig.axes for t in ax.get_yticklabels() if t.get_text()]
    assert set(_plot._label(f["name"]) for f in doc["features"]) <= set(rows) and shown > 0
    assert title(fig).strip()
    save(fig, out_dir, f"golden_{name}")


def test_fri_screened_bars_are_dashed_outlines(out_dir):
    # docs/fri.md#screening: a screened feature's upper end is a certified bound, drawn as in the CLI's chart.
    rng = np.random.default_rng(3)
    X = rng.normal(size=(100, 40))
    y = (X[:, 0] + X[:, 1] - X[:, 2] + 0.1 * rng.normal(size=100) > 0).astype(int)
    est = featrel.FRI(n_probes=20, random_state=0, screen=True).fit(X, y)
    screened = [f["screened"] for f in est.result_["features"]]
    assert any(screened) and not all(screened)
    fig = est.plot()
    bars = find(fig, "bars")
    assert len(bars) == 40
    ax = axes_of(fig, "bars")
    by_name = dict(zip(labels(ax), bars))
    for j, f in enumerate(est.result_["features"]):
        bar = by_name[_plot._label(f["name"])]
        assert (bar.get_facecolor()[3] == 0) == f["screened"]
        assert (bar.get_linestyle() == "--") == f["screened"]
    texts = [t.get_text() for a in fig.axes if a.get_legend() for t in a.get_legend().get_texts()]
    assert "screened: upper end at most" in texts
    unscreened = featrel.FRI(n_probes=20, random_state=0).fit(X, y).plot()
    assert all(b.get_facecolor()[3] > 0 for b in find(unscreened, "bars"))
    save(fig, out_dir, "fri_screened")
