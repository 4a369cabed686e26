"""plot(): each method's chart drawn with matplotlib from the result document (result_).

The charts follow the CLI's ``--svg`` charts (include/featrel/*_chart.hpp): the same colours (the Okabe–Ito
palette, one colour per relevance class or decision in every chart), the same marks (the stop, Γ and thresholds as
dashed vermillion or black lines) and the same panels, so that a notebook and a report read alike. Every chart
that lists features draws one horizontal row per feature with the name on the left, shortened the same way
everywhere (``_label``), grows with the feature count, and shows at most ``MAX_ROWS`` rows (the title says how
many were left out).

Without ``ax`` a chart is a figure of its own with every panel; with ``ax`` only the main panel is drawn into it.
Artists a reader (or a test) needs to find carry a gid: ``bars``, ``stop``, ``gamma``, ``threshold_upper``, ...
"""

import textwrap

import numpy as np

# The CLI's palette (include/featrel/svg_chart.hpp).
BLUE, ORANGE, SKY_BLUE, GREEN = "#0072B2", "#E69F00", "#56B4E9", "#009E73"
VERMILLION, PURPLE, GREY, BLACK = "#D55E00", "#CC79A7", "#999999", "#000000"
CLASS_COLOURS = {2: BLUE, 1: ORANGE, 0: GREY}
CLASS_NAMES = {2: "strong", 1: "weak", 0: "irrelevant"}
DECISION_COLOURS = {"confirmed": BLUE, "tentative": PURPLE, "rejected": GREY}
SELECTED_COLOURS = {True: BLUE, False: GREY}

MAX_NAME = 28  # code points, as the CLI's row charts; longer names end in "…"
MAX_ROWS = 60  # rows of features drawn at most; the rest is counted in the title
ROW_INCHES = 0.2
PANEL_INCHES = 2.6  # height of a line-plot panel
WIDTH_INCHES = 8.5
TITLE_CHARS = 100  # a title line at most, at the figure's width
READING_CHARS = 60  # ParetoFCA's reading beside the rows


# ---- shared parts -------------------------------------------------------------------------------------------------


def _label(name, limit=MAX_NAME):
    """A feature name as every chart prints it: at most `limit` characters, cut with "…"."""
    name = str(name)
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _num(v):
    return np.nan if v is None else float(v)


def _top(order, what):
    """The first MAX_ROWS of `order` (feature indices in drawing order) and the title's note on the rest."""
    order = [int(j) for j in order]
    if len(order) <= MAX_ROWS:
        return order, ""
    return order[:MAX_ROWS], f"(top {MAX_ROWS} of {len(order)} features by {what}; {len(order) - MAX_ROWS} not shown)"


def _rows_height(n_rows):
    return 1.4 + ROW_INCHES * max(n_rows, 3)  # title, legend and axis label, then the rows


def _new_figure(height):
    import matplotlib.pyplot as plt

    return plt.figure(figsize=(WIDTH_INCHES, height), layout="constrained")


def _feature_axis(ax, feats, rows, fontsize=8):
    """Rows top to bottom, one per feature of `rows`, labelled with the shortened names."""
    ax.set_yticks(np.arange(len(rows)), [_label(feats[j]["name"]) for j in rows], fontsize=fontsize)
    ax.set_ylim(len(rows) - 0.5, -0.5)


def _legend(ax, items, loc="best", above=False):
    """items: (label, colour, kind) with kind "patch", "line", "dashed", "dot" or "diamond". `above`: in one row
    above the axes, as the CLI's charts put it under their header (the figure's title is then above the legend)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = []
    for label, colour, kind in items:
        if kind == "patch":
            handles.append(Patch(color=colour, label=label))
        elif kind in ("dot", "diamond"):
            handles.append(Line2D([], [], color=colour, marker="o" if kind == "dot" else "D", markersize=5,
                                  linestyle="none", label=label))
        else:
            handles.append(Line2D([], [], color=colour, linestyle="--" if kind == "dashed" else "-", label=label))
    if above:
        ax.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=len(handles), fontsize=7,
                  frameon=False, borderaxespad=0.2, handlelength=1.5, columnspacing=1.2)
    else:
        ax.legend(handles=handles, loc=loc, fontsize=7)


def _has_frequency(feats):
    return any(f.get("selection_frequency") is not None for f in feats)


def _frequency_panel(ax, doc, rows):
    """Selection frequency over the repeats, one bar per row (sharing the rows of the panel beside it); with
    relevance classes, the shares of strong, weak and irrelevant stacked."""
    feats = doc["features"]
    y = np.arange(len(rows))
    if any(f.get("class_frequency") for f in feats):
        left = np.zeros(len(rows))
        for cls in (2, 1, 0):
            share = np.array([(feats[j].get("class_frequency") or {}).get(CLASS_NAMES[cls], 0.0) or 0.0 for j in rows])
            ax.barh(y, share, left=left, height=0.7, color=CLASS_COLOURS[cls], gid="frequency_bars")
            left += share  # colours as in the main panel's legend
        ax.set_xlabel("share of the repeats\nper class")  # two lines: the panel is narrow
    else:
        freq = [_num(feats[j].get("selection_frequency")) for j in rows]
        colours = [SELECTED_COLOURS[bool(feats[j]["selected"])] for j in rows]
        ax.barh(y, np.nan_to_num(freq), height=0.7, color=colours, gid="frequency_bars")
        ax.set_xlabel("selection\nfrequency")
    ax.axvline(0.5, color=GREY, linestyle="--", linewidth=1, gid="majority")
    ax.set_xlim(0, 1)
    resampling = (doc.get("stability") or {}).get("resampling") or {}
    repeats = resampling.get("repeats") or len(doc.get("runs") or []) or None
    ax.set_title(f"over {repeats} repeats" if repeats else "over the repeats", fontsize=10)
    ax.tick_params(axis="y", labelleft=False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.5)


def _rows_figure(ax, doc, rows, width_ratio=(3, 1), extra_height=0.0):
    """A row chart: the main axes and, with repeats and no ax given, a frequency panel beside it (same rows)."""
    if ax is not None:
        return ax.figure, ax, None
    fig = _new_figure(_rows_height(len(rows)) + extra_height)
    if _has_frequency(doc["features"]):
        main, side = fig.subplots(1, 2, sharey=True, gridspec_kw={"width_ratios": width_ratio})
        return fig, main, side
    return fig, fig.subplots(), None


def _title(ax, own, method, text, note=""):
    """The chart's title, wrapped to the figure's width: above the whole figure when the chart made it, above
    `ax` when the caller gave the axes."""
    lines = textwrap.wrap(f"{method}: {text}", TITLE_CHARS) + ([note.strip()] if note else [])
    if own:
        ax.figure.suptitle("\n".join(lines), fontsize=11, x=0.01, ha="left")
    else:
        ax.set_title("\n".join(lines), fontsize=10, loc="left")


# ---- FRI ----------------------------------------------------------------------------------------------------------


def _fri_bars(ax, rows, panel):
    intervals, classes, probes = panel["intervals"], panel["classes"], panel["probes"]
    y = np.arange(len(rows))
    lo = np.nan_to_num([_num(intervals[j][0]) for j in rows])
    hi = np.nan_to_num([_num(intervals[j][1]) for j in rows])
    # A zero interval stays visible (the CLI's 0.001 of the panel's largest bound).
    width = np.maximum(hi - lo, 0.001 * max(float(np.max(hi, initial=0.0)), 1e-12))
    if panel.get("ghost"):  # constrained panel: the unconstrained interval as a dashed outline behind
        glo = np.nan_to_num([_num(panel["ghost"][j][0]) for j in rows])
        ghi = np.nan_to_num([_num(panel["ghost"][j][1]) for j in rows])
        ax.barh(y, ghi - glo, left=glo, height=0.8, fill=False, edgecolor="#777777", linestyle="--", linewidth=0.8,
                gid="unconstrained")
    pinned = panel.get("pinned") or set()
    screened = panel.get("screened") or [False] * len(intervals)
    bars = ax.barh(y, width, left=lo, height=0.6, gid="bars", color=[CLASS_COLOURS.get(classes[j], GREY) for j in rows],
                   edgecolor=[BLACK if j in pinned else "none" for j in rows], linewidth=1.2)
    # A screened feature's upper end is only a certified bound (docs/fri.md#screening): a dashed outline, as in the CLI.
    for bar, j in zip(bars, rows):
        if screened[j]:
            bar.set_facecolor("none")
            bar.set_edgecolor(CLASS_COLOURS.get(classes[j], GREY))
            bar.set_linestyle("--")
            bar.set_linewidth(0.8)
    # The probes' upper threshold (black) and, when above 0, the lower one (green), both dashed as in the CLI.
    for key, colour in (("threshold_upper", BLACK), ("threshold_lower", GREEN)):
        value = (probes or {}).get(key)
        if value is not None and (key == "threshold_upper" or value > 0):
            ax.axvline(value, color=colour, linestyle="--", linewidth=1, gid=key)
    ax.set_xlim(left=0)
    ax.grid(axis="x", color="#dddddd", linewidth=0.5)


def _fri(doc, ax):
    feats = doc["features"]
    ovr = doc.get("one_vs_rest") or []
    order = sorted(range(len(feats)), key=lambda j: -(feats[j].get("upper") or 0.0))
    rows, note = _top(order, "upper bound")
    rows = sorted(rows)  # column order, as the CLI draws it
    # One panel per model: one for binary/regression/ordinal, one per class against the rest otherwise; with
    # presets each is followed by its constrained intervals (pinned features outlined in black).
    def model_panels(name, per, probes, constrained):
        unconstrained = [(f.get("lower"), f.get("upper")) for f in per]
        with_presets = bool(constrained) and ax is None
        out = [{"name": name or ("unconstrained" if with_presets else ""), "intervals": unconstrained,
                "classes": [f.get("class") for f in per], "probes": probes,
                "screened": [bool(f.get("screened")) for f in per]}]
        if with_presets:
            cf = constrained.get("features") or []
            out.append({"name": (name + ", " if name else "") + "constrained (presets)",
                        "intervals": [(f.get("lower"), f.get("upper")) for f in cf],
                        "classes": [f.get("class") for f in cf], "probes": probes, "ghost": unconstrained,
                        "pinned": {p.get("index") for p in constrained.get("presets") or []}})
        return out

    panels = model_panels("", feats, doc.get("probes"), doc.get("constrained"))
    if ovr and ax is None:
        panels = []
        for i, model in enumerate(ovr):
            panels += model_panels(f"class {model['label']} vs rest", [f["per_class"][i] for f in feats],
                                   model.get("probes"), model.get("constrained"))
    key_ax = None
    if ax is None:
        fig = _new_figure(_rows_height(len(rows)) + 0.3)
        n_axes = len(panels) + _has_frequency(feats)
        if len(panels) > 1:  # the legend gets a row of its own above the panels, so that it squeezes none of them
            grid = fig.add_gridspec(2, n_axes, height_ratios=[0.3, _rows_height(len(rows))])
            key_ax = fig.add_subplot(grid[0, :])
            key_ax.axis("off")
            axes = [fig.add_subplot(grid[1, 0])]
            axes += [fig.add_subplot(grid[1, i], sharey=axes[0]) for i in range(1, n_axes)]
        else:
            axes = np.atleast_1d(fig.subplots(1, n_axes, sharey=True))
    else:
        fig, axes = ax.figure, [ax]
    xlabel = "relevance interval (share of ||w*||₁)"
    # Several panels: each is named under its axis, the unit once below them all, the legend above them all.
    for a, panel in zip(axes, panels):
        _fri_bars(a, rows, panel)
        a.set_xlabel(panel["name"] if len(panels) > 1 else xlabel, fontsize=10 if len(panels) > 1 else None)
    if len(panels) > 1:
        fig.supxlabel(xlabel, fontsize=10)
    _feature_axis(axes[0], feats, rows)
    for a in axes[1:]:
        a.tick_params(axis="y", labelleft=False)
    if ax is None and _has_frequency(feats):
        _frequency_panel(axes[-1], doc, rows)
    items = [(CLASS_NAMES[c], CLASS_COLOURS[c], "patch") for c in (2, 1, 0)]
    items.append(("upper threshold", BLACK, "dashed"))
    if any(((p["probes"] or {}).get("threshold_lower") or 0) > 0 for p in panels):
        items.append(("lower threshold", GREEN, "dashed"))
    if any(p.get("ghost") for p in panels):
        items.append(("unconstrained", "#777777", "dashed"))
    if any(any(p.get("screened") or []) for p in panels):
        items.append(("screened: upper end at most", GREY, "dashed"))
    if key_ax is not None:
        _legend(key_ax, items, above=True)
        key_ax.get_legend().set_bbox_to_anchor((0.0, 0.0))
    else:
        _legend(axes[0], items, above=ax is None)
    n = {c: sum(f.get("class") == c for f in feats) for c in (2, 1, 0)}
    _title(axes[0], ax is None, "FRI", f"relevance intervals from lower to upper bound; {n[2]} strong, {n[1]} weak, "
                                       f"{n[0]} irrelevant; dashed: the probes' noise thresholds", note)
    return fig


# ---- Boruta -------------------------------------------------------------------------------------------------------


def _boruta(doc, ax):
    feats = doc["features"]
    raw = doc.get("importance_history") or []
    history = np.array([[_num(v) for v in row] for row in raw], dtype=float).reshape(len(raw), len(feats))
    order = sorted(range(len(feats)), key=lambda j: -(feats[j].get("median_importance") or 0.0))
    rows, note = _top(order, "median importance")
    own = ax is None
    fig, ax, side = _rows_figure(ax, doc, rows)
    data = [history[:, j][~np.isnan(history[:, j])] if history.size else np.array([]) for j in rows]
    positions = np.arange(len(rows))
    parts = ax.boxplot([d if d.size else [0.0] for d in data], positions=positions, vert=False, widths=0.6,
                       patch_artist=True, showfliers=False, medianprops={"color": "#111111"})
    for patch, j in zip(parts["boxes"], rows):
        colour = DECISION_COLOURS.get(feats[j].get("decision"), GREY)
        patch.set_facecolor(colour)
        patch.set_alpha(0.7)
        patch.set_gid("bars")
    # The shadow band behind the boxes: the range of the threshold τ over the iterations and its median (dashed),
    # and the median shadow maximum (solid, light).
    tau = [v for v in doc.get("threshold_history") or [] if v is not None]
    if tau:
        ax.axvspan(min(tau), max(tau), color="#E8E8E8", zorder=0, gid="threshold_band")
        ax.axvline(float(np.median(tau)), color="#555555", linestyle="--", linewidth=1, gid="threshold")
    shadow = [v for v in doc.get("shadow_max_history") or [] if v is not None]
    if shadow:
        ax.axvline(float(np.median(shadow)), color="#555555", linewidth=1, alpha=0.6, gid="shadow_max")
    _feature_axis(ax, feats, rows)
    ax.set_xlabel("importance (total gain) per iteration")
    counts = {k: sum(f.get("decision") == k for f in feats) for k in DECISION_COLOURS}
    _title(ax, own, "Boruta", f"{counts['confirmed']} confirmed, {counts['tentative']} tentative, "
                         f"{counts['rejected']} rejected after {doc.get('n_iterations', len(raw))} forest fits", note)
    items = [(k, c, "patch") for k, c in DECISION_COLOURS.items()]
    items += [("threshold range", "#C8C8C8", "patch"), ("median threshold", "#555555", "dashed")]
    _legend(ax, items, above=own)
    if side is not None:
        _frequency_panel(side, doc, rows)
    return fig


# ---- SFC ----------------------------------------------------------------------------------------------------------


def _sfc(doc, ax):
    feats = doc["features"]
    order = sorted(range(len(feats)), key=lambda j: -(feats[j].get("importance") or 0.0))
    rows, note = _top(order, "importance")
    tested = [j for j in order if feats[j].get("tested") and feats[j].get("test_score") is not None]
    interval = doc.get("score_interval")
    strip = ax is None and interval is not None and bool(tested)
    strip_height = 0.8 + 0.16 * len(tested) if strip else 0.0
    if ax is None:
        fig = _new_figure(_rows_height(len(rows)) + 0.3 + strip_height)
        freq = _has_frequency(feats)
        grid = fig.add_gridspec(2 if strip else 1, 2 if freq else 1,
                                height_ratios=[_rows_height(len(rows)), strip_height] if strip else None,
                                width_ratios=[3, 1] if freq else None)
        main = fig.add_subplot(grid[0, 0])
        side = fig.add_subplot(grid[0, 1], sharey=main) if freq else None
        lower = fig.add_subplot(grid[1, :]) if strip else None
    else:
        fig, main, side, lower = ax.figure, ax, None, None
    imp = np.array([_num(feats[j].get("importance")) for j in rows])
    main.barh(np.arange(len(rows)), np.nan_to_num(imp), height=0.7, gid="bars",
              color=[CLASS_COLOURS.get(feats[j].get("class"), GREY) for j in rows])
    gamma = (doc.get("shadow_interval") or {}).get("upper")
    if gamma is not None:
        main.axvline(gamma, color=VERMILLION, linestyle="--", linewidth=1.5, gid="gamma")
        main.annotate(f"Γ = {gamma:.4g}", (gamma, 0), xycoords=("data", "axes fraction"), xytext=(3, 3),
                      textcoords="offset points", color=VERMILLION, fontsize=8,
                      bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 1})
    # Irrelevant features past the uncorrected bound are borderline (docs/boruta.md#borderline-features).
    borderline = (doc.get("borderline") or {}).get("value")
    if borderline is not None:
        main.axvline(borderline, color=PURPLE, linestyle="--", linewidth=1.5, gid="borderline")
    _feature_axis(main, feats, rows)
    xlabel = f"importance (total gain, feature fraction {doc.get('options', {}).get('feature_fraction', '')})"
    # Forest importances span decades; a symmetric log scale keeps the bars near Γ apart from zero.
    top = float(np.nanmax(np.abs(imp), initial=0.0))
    if gamma is not None and gamma > 0 and top > 50 * gamma:
        main.set_xscale("symlog", linthresh=gamma / 10)
        xlabel += ", symmetric log scale"
    main.set_xlabel(xlabel)
    main.grid(axis="x", color="#dddddd", linewidth=0.5)
    n = {c: sum(f.get("class") == c for f in feats) for c in (2, 1, 0)}
    _title(main, ax is None, "SFC",
           f"{n[2]} strong, {n[1]} weak, {n[0]} irrelevant; Γ: upper bound of the shadow importances",
           note)
    marks = [("Γ", VERMILLION, "dashed")]
    if borderline is not None:
        marks.append(("5 % bound (borderline)", PURPLE, "dashed"))
    _legend(main, [(CLASS_NAMES[c], CLASS_COLOURS[c], "patch") for c in (2, 1, 0)] + marks, above=ax is None)
    if side is not None:
        _frequency_panel(side, doc, rows)
    if lower is not None:
        _sfc_strip(lower, doc, tested)
    return fig


def _sfc_strip(ax, doc, tested):
    """The strong test: the null's score interval (band), its mean (dashed), the model's score (black) and every
    tested feature's score with the feature permuted (a dot left of the band is strong)."""
    feats = doc["features"]
    si = doc["score_interval"]
    if si.get("lower") is not None and si.get("upper") is not None:
        ax.axvspan(si["lower"], si["upper"], color="#E8E8E8", zorder=0, gid="null_interval")
    if si.get("mean") is not None:
        ax.axvline(si["mean"], color="#555555", linestyle="--", linewidth=1, gid="null_mean")
    if doc.get("model_score") is not None:
        ax.axvline(doc["model_score"], color=BLACK, linewidth=1, gid="model_score")
    y = np.arange(len(tested))
    scores = [feats[j]["test_score"] for j in tested]
    ax.scatter(scores, y, s=30, edgecolors="#222222", zorder=3, gid="test_scores",
               c=[CLASS_COLOURS.get(feats[j].get("class"), GREY) for j in tested])
    for yi, s, j in zip(y, scores, tested):
        ax.annotate(_label(feats[j]["name"]), (s, yi), xytext=(6, 0), textcoords="offset points", fontsize=7,
                    va="center")
    ax.set_yticks([])
    ax.set_ylim(len(tested) - 0.5, -0.5)
    ax.set_xlabel("model score")
    ax.set_title("strong test: score with the feature permuted (left of the null interval: strong)", fontsize=10,
                 loc="left")
    _legend(ax, [("null score interval", "#C8C8C8", "patch"), ("null mean", "#555555", "dashed"),
                 ("importance model", BLACK, "line")], loc="lower left")


# ---- CRFE and RFE -------------------------------------------------------------------------------------------------


def _sweep_points(doc):
    """The evaluation's subsets by size (one per size, ascending) when it holds a sweep (labels "k=…")."""
    subsets = (doc.get("evaluation") or {}).get("subsets") or []
    if not any(str(s.get("label", "")).startswith("k=") for s in subsets):
        return []
    by_size = {}
    for s in subsets:
        if s.get("n_features") is not None:
            by_size.setdefault(s["n_features"], s)
    return [by_size[k] for k in sorted(by_size)]


def _crfe(doc, ax):
    from matplotlib.ticker import MaxNLocator

    feats = doc["features"]
    crfe = doc.get("method") == "crfe"
    method, word = ("CRFE", "beta") if crfe else ("RFE", "importance")
    score = "mean β" if crfe else "mean squared weight"
    runs = doc.get("runs") or []
    paths = [run.get("steps") or [] for run in runs] if runs else [doc.get("steps") or []]
    k_stop = (doc.get("stop") or {}).get("n_selected")
    if k_stop is None:
        k_stop = sum(bool(f["selected"]) for f in feats)
    ranking = doc.get("ranking") or sorted(range(len(feats)), key=lambda j: feats[j].get("rank") or len(feats))
    rows, note = _top(ranking, "rank")
    sweep = _sweep_points(doc)

    if ax is None:
        heights = [PANEL_INCHES] + ([PANEL_INCHES] if sweep else []) + [_rows_height(len(rows))]
        fig = _new_figure(sum(heights) + 0.4)
        grid = fig.add_gridspec(len(heights), 2, height_ratios=heights)
        path_ax = fig.add_subplot(grid[0, :])
        if sweep:
            cov_ax, ineff_ax = fig.add_subplot(grid[1, 0]), fig.add_subplot(grid[1, 1])
        rank_ax = fig.add_subplot(grid[-1, :])
    else:
        fig, path_ax = ax.figure, ax

    # 1. The path: the mean score of the remaining features against their number, all features on the left.
    single = len(paths) == 1
    for i, steps in enumerate(paths):
        xs = [s["n_features"] for s in steps]
        ys = [_num(s.get(f"{word}_mean")) for s in steps]
        path_ax.plot(xs, ys, color=BLUE if single else SKY_BLUE, linewidth=2 if single else 1,
                     marker="o" if single else None, markersize=3, gid="path")
    path_ax.axvline(k_stop, color=VERMILLION, linestyle="--", linewidth=1.5, gid="stop")
    x_max = max(len(feats), k_stop)
    right = k_stop < (x_max + 1) / 2  # the x axis runs from x_max down to 1: small k is on the right
    path_ax.annotate(f"stop: k = {k_stop}", (k_stop, 1), xycoords=("data", "axes fraction"),
                     xytext=(-4 if right else 4, -12), textcoords="offset points", color=VERMILLION, fontsize=8,
                     ha="right" if right else "left")
    path_ax.set_xlim(x_max + 0.5, 0.5)
    path_ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    path_ax.set_xlabel("remaining features")
    path_ax.set_ylabel(score)
    path_ax.grid(color="#eeeeee", linewidth=0.5)
    runs_note = f" ({len(paths)} splits)" if not single else ""
    stop_word = "majority of the splits" if runs else (doc.get("stop") or {}).get("reason", "")
    _title(path_ax, ax is None, method, f"{score} of the remaining features{runs_note}; stop at {k_stop} "
                            f"{'feature' if k_stop == 1 else 'features'} ({stop_word})")
    if ax is not None:
        return fig

    # 2. The sweep: coverage and certainty, and the inefficiency, against k.
    if sweep:
        ks = [s["n_features"] for s in sweep]
        eps = doc["evaluation"].get("significance")
        # Coverage drawn wide under certainty: the two often coincide.
        cov_ax.plot(ks, [_num(s.get("coverage")) for s in sweep], color=BLUE, marker="o", markersize=4,
                    linewidth=3, label="coverage", gid="coverage")
        cov_ax.plot(ks, [_num(s.get("certainty")) for s in sweep], color=GREEN, marker="o", markersize=2,
                    linewidth=1.2, label="certainty", gid="certainty")
        if eps is not None:
            cov_ax.axhline(1 - eps, color=GREY, linestyle="--", linewidth=1, label="1 − ε", gid="target_coverage")
        cov_ax.set_ylim(0, 1.02)
        cov_ax.set_ylabel("share of test rows")
        cov_ax.set_title(f"coverage and certainty (ε = {eps})", fontsize=10, loc="left")
        cov_ax.legend(fontsize=7, loc="lower left")
        ineff_ax.plot(ks, [_num(s.get("inefficiency")) for s in sweep], color=ORANGE, marker="o", markersize=3,
                      gid="inefficiency")
        ineff_ax.set_ylabel("labels per set")
        ineff_ax.set_title("inefficiency (mean prediction-set size)", fontsize=10, loc="left")
        for a in (cov_ax, ineff_ax):
            a.axvline(k_stop, color=VERMILLION, linestyle="--", linewidth=1.2, gid="stop")
            a.set_xlim(max(ks) + 0.5, min(ks) - 0.5)
            a.set_xlabel("features k")
            a.xaxis.set_major_locator(MaxNLocator(integer=True))
            a.grid(color="#eeeeee", linewidth=0.5)

    # 3. The ranking: one bar per feature in rank order; with repeats the selection frequency over the splits
    # (consensus order by mean rank), otherwise the score with all features (step 0).
    y = np.arange(len(rows))
    colours = [SELECTED_COLOURS[bool(feats[j]["selected"])] for j in rows]
    if runs:
        rank_ax.barh(y, [_num(feats[j].get("selection_frequency")) for j in rows], height=0.7, color=colours,
                     gid="bars")
        rank_ax.axvline(0.5, color=GREY, linestyle="--", linewidth=1, gid="majority")
        rank_ax.set_xlim(0, 1)
        rank_ax.set_xlabel(f"selection frequency over {len(runs)} splits")
        means = rank_ax.twinx()  # the mean rank of each row, on the right
        means.set_ylim(rank_ax.get_ylim())
        means.set_yticks(y, [f"mean rank {_num(feats[j].get('mean_rank')):.1f}" for j in rows], fontsize=7,
                         color="#555555")
        what = "consensus ranking (mean rank over the splits)"
    else:
        values = [_num(feats[j].get(f"{word}_initial")) for j in rows]
        rank_ax.barh(y, np.nan_to_num(values), height=0.7, color=colours, gid="bars")
        rank_ax.axvline(0, color="#333333", linewidth=0.8)
        rank_ax.set_xlabel(("β" if crfe else "squared weight") + " with all features (step 0)")
        what = "ranking, best first"
    # The cut under the last selected row, when the selection is a prefix of the ranking (with repeats the
    # majority set need not be: the colours say which).
    selected = [bool(feats[j]["selected"]) for j in rows]
    n_sel = sum(selected)
    if 0 < n_sel < len(rows) and all(selected[:n_sel]):
        rank_ax.axhline(n_sel - 0.5, color=VERMILLION, linestyle="--", linewidth=1.2, gid="stop_rank")
    _feature_axis(rank_ax, feats, rows)
    if runs:
        means.set_ylim(rank_ax.get_ylim())
    rank_ax.grid(axis="x", color="#eeeeee", linewidth=0.5)
    rank_ax.set_title(f"{what}{note}", fontsize=10, loc="left")
    _legend(rank_ax, [("selected", BLUE, "patch"), ("not selected", GREY, "patch")])
    return fig


# ---- UBayFS -------------------------------------------------------------------------------------------------------


def _ubayfs_constraint_marks(doc):
    """(label, hard, [(feature index, coefficient)]) per constraint row, block rows expanded to their features."""
    feats = doc["features"]
    index = {f["name"]: f["index"] for f in feats}
    blocks = {}
    for group in doc.get("blocks") or []:  # {group, names, members}: the blocks of one block-level group
        for name, members in zip(group.get("names") or [], group.get("members") or []):
            blocks[(group.get("group"), name)] = [int(j) for j in members]
    out = []
    for row in doc.get("constraints") or []:
        marks = []
        for key, a in (row.get("coefficients") or {}).items():
            if row.get("level") == "block":
                marks += [(j, a) for j in blocks.get((row.get("group"), key), [])]
            elif key in index:
                marks.append((index[key], a))
        out.append((row.get("label", row.get("kind", "")), bool(row.get("hard")), marks))
    return out


def _ubayfs(doc, ax):
    feats = doc["features"]
    counts = np.array([_num(f.get("count")) for f in feats])
    prior = np.array([_num(f.get("prior_weight")) for f in feats])
    order = sorted(range(len(feats)), key=lambda j: -(np.nan_to_num(counts[j]) + np.nan_to_num(prior[j])))
    rows, note = _top(order, "count + prior weight")
    constraints = _ubayfs_constraint_marks(doc)[:40] if ax is None else []
    freq = ax is None and _has_frequency(feats)
    if ax is None:
        fig = _new_figure(_rows_height(len(rows)) + 0.5)
        ratios = [4] + ([0.4 + 0.2 * len(constraints)] if constraints else []) + ([1.5] if freq else [])
        axes = fig.subplots(1, len(ratios), sharey=True, gridspec_kw={"width_ratios": ratios})
        axes = np.atleast_1d(axes)
        main = axes[0]
    else:
        fig, main, axes = ax.figure, ax, [ax]
    y = np.arange(len(rows))
    c, p = np.nan_to_num(counts[rows]), np.nan_to_num(prior[rows])
    main.barh(y, c, height=0.7, color=BLUE, gid="bars")
    main.barh(y, p, left=c, height=0.7, color=ORANGE, gid="prior_bars")
    optima = doc.get("optima") or []
    best = set(optima[0]["features"]) if optima else set()
    for yi, j in zip(y, rows):
        if j in best:
            main.barh(yi, c[yi] + p[yi], height=0.82, fill=False, edgecolor=BLACK, linewidth=1.6, gid="optimum")
    items = [("count", BLUE, "patch"), ("prior weight", ORANGE, "patch"), ("optimum 1", BLACK, "line")]
    # MH inclusion frequencies as dots on the bars' scale (0…1 of the longest bar, as the CLI draws them), read on
    # the top axis.
    mh = np.array([_num(feats[j].get("mh_inclusion_frequency")) for j in rows])
    if np.any(np.isfinite(mh)):
        scale = float(np.max(c + p, initial=0.0)) or 1.0
        main.scatter(mh * scale, y, color=VERMILLION, s=16, zorder=4, gid="mh_inclusion")
        top = main.secondary_xaxis("top", functions=(lambda v: v / scale, lambda f: f * scale))
        top.set_xlabel("MH inclusion frequency", fontsize=8, color=VERMILLION)
        top.tick_params(axis="x", labelsize=7, colors=VERMILLION)
        items.append(("MH inclusion", VERMILLION, "dot"))
    _feature_axis(main, feats, rows)
    main.set_xlabel("ensemble count + prior weight (α° = α + y)")
    main.grid(axis="x", color="#eeeeee", linewidth=0.5)
    size = (doc.get("ensemble") or {}).get("size")
    _title(main, ax is None, "UBayFS", f"ensemble counts{f' of {size} models' if size else ''} and prior weights; "
                           f"outlined: optimum 1 ({len(best)} features)", note)
    _legend(main, items, above=ax is None and not np.any(np.isfinite(mh)), loc="lower right")
    k = 1
    if constraints:
        _ubayfs_constraints(axes[k], constraints, rows)
        k += 1
    if freq:
        _frequency_panel(axes[k], doc, rows)
    return fig


def _ubayfs_constraints(ax, constraints, rows):
    """One column per constraint row: a mark at every feature it involves (filled a > 0, open a < 0), joined by a
    line (solid: hard, dashed: soft), as the rows under the CLI's bars."""
    where = {j: i for i, j in enumerate(rows)}
    for x, (label, hard, marks) in enumerate(constraints):
        ys = [where[j] for j, _ in marks if j in where]
        if ys:
            ax.plot([x, x], [min(ys), max(ys)], color=GREY, linewidth=1, linestyle="-" if hard else "--")
        for j, a in marks:
            if j in where:
                ax.scatter([x], [where[j]], s=16, zorder=3, edgecolors=GREEN, linewidths=1,
                           color=GREEN if a > 0 else "white", gid="constraint_marks")
    ax.set_xticks(range(len(constraints)), [_label(c[0]) for c in constraints], rotation=60, ha="right", fontsize=7)
    ax.set_xlim(-0.7, len(constraints) - 0.3)
    ax.tick_params(axis="y", labelleft=False)
    ax.set_title("constraint\nrows", fontsize=8)


# ---- ParetoFCA ----------------------------------------------------------------------------------------------------


def _pareto(doc, ax):
    """Features (rows: by layer, the front first) × criteria (columns): the oriented permutation impact as a heat
    map, lower (blue) = more important; black lines between layers, dots on the criteria of each feature's minimal
    criteria sets, and on the right each feature's layer and reading (docs/pareto.md#reading-the-output)."""
    from matplotlib.colors import CenteredNorm

    feats = doc["features"]
    criteria = doc.get("criteria") or []
    values = np.array([[_num(v) for v in row] for row in doc.get("oriented_impact") or []], dtype=float)
    values = values.reshape(len(criteria), len(feats))
    # Within a layer, the feature with the lowest mean oriented impact (the most important) first.
    with np.errstate(all="ignore"):
        mean = np.nan_to_num(np.nanmean(values, axis=0)) if values.size else np.zeros(len(feats))
    order = sorted(range(len(feats)), key=lambda j: (feats[j].get("layer") or 1 << 30, mean[j]))
    rows, note = _top(order, "layer")
    freq = ax is None and _has_frequency(feats)
    if ax is None:
        fig = _new_figure(_rows_height(len(rows)) + 2.2)
        if freq:
            main, side = fig.subplots(1, 2, sharey=True, gridspec_kw={"width_ratios": [4, 1.3]})
        else:
            main, side = fig.subplots(), None
    else:
        fig, main, side = ax.figure, ax, None
    shown = values[:, rows].T if values.size else np.zeros((len(rows), 0))
    finite = np.abs(shown[np.isfinite(shown)])
    # A few large impacts would wash the rest out: the colour scale ends at the 98th percentile of |impact|.
    half = float(np.percentile(finite, 98)) if finite.size and np.any(finite) else 1.0
    if half <= 0:  # mostly zeros: the largest impact sets the scale
        half = float(finite.max()) or 1.0
    image = main.imshow(np.ma.masked_invalid(shown), aspect="auto", cmap="RdBu_r", interpolation="nearest",
                        norm=CenteredNorm(vcenter=0.0, halfrange=half), gid="impact")
    ids = [c.get("id") for c in criteria]
    main.set_xticks(range(len(criteria)), [f"{c.get('classifier')}: {c.get('measure')}" for c in criteria],
                    rotation=60, ha="right", fontsize=7)
    _feature_axis(main, feats, rows)
    for label, j in zip(main.get_yticklabels(), rows):
        if feats[j].get("important"):
            label.set_fontweight("bold")
    layers = [feats[j].get("layer") for j in rows]
    for i in range(1, len(rows)):
        if layers[i] != layers[i - 1]:
            main.axhline(i - 0.5, color=BLACK, linewidth=1.2, gid="layer_boundary")
    dots = [(ids.index(c), i) for i, j in enumerate(rows)
            for c in sorted({c for s in feats[j].get("minimal_criteria_sets") or [] for c in s}) if c in ids]
    if dots:
        main.scatter([d[0] for d in dots], [d[1] for d in dots], s=9, color=BLACK, edgecolors="white",
                     linewidths=0.5, gid="minimal_sets")
    if ax is None:
        reading = main.twinx()  # layer and reading of each row, on the right
        reading.set_ylim(main.get_ylim())
        texts = []
        for j in rows:
            f = feats[j]
            terms = ", ".join(f.get("most_specific_terms") or [])
            layer = f"L{f['layer']}" if f.get("layer") else "constant"  # a constant column has no layer
            text = layer + (f"  {f['reading']}" if f.get("reading") else "")
            texts.append(_label(text + (f" ({terms})" if terms else ""), READING_CHARS))
        reading.set_yticks(range(len(rows)), texts, fontsize=7)
        reading.set_ylim(main.get_ylim())
    cbar = fig.colorbar(image, ax=main, location="bottom", shrink=0.6, pad=0.01, aspect=40, extend="both")
    cbar.set_label("oriented impact (permuted − test score, sign-flipped where smaller is better); "
                   "lower = more important", fontsize=8)
    cbar.ax.tick_params(labelsize=7)
    n_front = len(doc.get("front") or [])
    n_layers = len(doc.get("layers") or [])
    _title(main, ax is None, "ParetoFCA",
           f"oriented permutation impact per criterion (classifier: measure); front: {n_front} of {len(feats)} "
           f"features (bold), {n_layers} layers (black lines); dots: criteria of each feature's minimal sets", note)
    if side is not None:
        _frequency_panel(side, doc, rows)
    return fig


# ---- MRMR, Fisher, Laplacian --------------------------------------------------------------------------------------

_SELECTOR_WORDS = {
    "mrmr": ("mRMR", "relevance to the target (criterion)", True),
    "fisher": ("Fisher", "Fisher score (larger separates better)", True),
    "laplacian": ("Laplacian", "Laplacian score (smaller is better)", False),
}


def _selector(doc, ax):
    feats = doc["features"]
    name, xlabel, larger = _SELECTOR_WORDS[doc["method"]]
    crit = np.array([_num(f.get("criterion", f.get("score"))) for f in feats])
    picks = [int(j) for j in doc.get("ranking") or []]
    rest = [j for j in range(len(feats)) if j not in set(picks)]
    # The picks in pick order, then the others by their criterion, best first (features without one last).
    rest.sort(key=lambda j: (not np.isfinite(crit[j]), -crit[j] if larger else crit[j]))
    rows, note = _top(picks + rest, "pick order, then criterion")
    own = ax is None
    fig, ax, side = _rows_figure(ax, doc, rows)
    y = np.arange(len(rows))
    ax.barh(y, np.nan_to_num(crit[rows]), height=0.7, gid="bars",
            color=[SELECTED_COLOURS[bool(feats[j]["selected"])] for j in rows])
    items = [("selected", BLUE, "patch"), ("not selected", GREY, "patch")]
    if doc["method"] == "mrmr":
        score = np.array([_num(feats[j].get("score")) for j in rows])
        ax.scatter(score, y, marker="D", s=18, color=BLACK, zorder=3, gid="pick_scores")
        items.append(("score of the pick (relevance − redundancy)", BLACK, "diamond"))
    n_sel = sum(bool(feats[j]["selected"]) for j in rows)
    if 0 < n_sel < len(rows):
        ax.axhline(n_sel - 0.5, color=VERMILLION, linestyle="--", linewidth=1.2, gid="stop")
        items.append((f"top {n_sel}", VERMILLION, "dashed"))
    _feature_axis(ax, feats, rows)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", color="#eeeeee", linewidth=0.5)
    n_all = sum(bool(f["selected"]) for f in feats)
    _title(ax, own, name, f"{n_all} of {len(feats)} features selected; picks in order, then the rest", note)
    _legend(ax, items, above=own)
    if side is not None:
        _frequency_panel(side, doc, rows)
    return fig


# ---- any other result ---------------------------------------------------------------------------------------------


def _bars(doc, ax):
    """A result without a chart of its own: the selection score per feature, best first."""
    feats = doc["features"]
    scores = np.array([_num(f.get("score")) for f in feats])
    order = np.argsort(-np.nan_to_num(scores, nan=-np.inf), kind="stable")
    rows, note = _top(order, "score")
    own = ax is None
    fig, ax, side = _rows_figure(ax, doc, rows)
    has_class = all(f.get("class") is not None for f in feats)
    colours = [CLASS_COLOURS[feats[j]["class"]] if has_class else SELECTED_COLOURS[bool(feats[j]["selected"])]
               for j in rows]
    ax.barh(np.arange(len(rows)), np.nan_to_num(scores[rows]), height=0.7, color=colours, gid="bars")
    _feature_axis(ax, feats, rows)
    score_name = (doc.get("selection") or {}).get("score", "score")
    ax.set_xlabel(score_name)
    _title(ax, own, doc.get("method", ""), f"{score_name} per feature", note)
    if side is not None:
        _frequency_panel(side, doc, rows)
    return fig


_CHARTS = {"fri": _fri, "boruta": _boruta, "sfc": _sfc, "crfe": _crfe, "rfe": _crfe, "ubayfs": _ubayfs,
           "pareto": _pareto, "mrmr": _selector, "fisher": _selector, "laplacian": _selector}


def plot_result(doc, ax=None):
    """The chart of a result document; returns the matplotlib Figure (with `ax`, the figure holding it)."""
    return _CHARTS.get(doc.get("method"), _bars)(doc, ax)
