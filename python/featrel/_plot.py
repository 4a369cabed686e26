"""plot(): the method's chart drawn with matplotlib from the result document (result_)."""

import numpy as np

_CLASS_COLOURS = {0: "#bbbbbb", 1: "#f0a030", 2: "#2070b0"}
_CLASS_NAMES = {0: "irrelevant", 1: "weak", 2: "strong"}
_DECISION_COLOURS = {"confirmed": "#2070b0", "tentative": "#f0a030", "rejected": "#bbbbbb"}


def _axes(ax, n_rows):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 1.2 + 0.22 * n_rows))
    return ax.figure, ax


def _legend(ax, colours, names):
    from matplotlib.patches import Patch

    lines = ax.get_legend_handles_labels()[0]  # threshold lines drawn with a label
    patches = [Patch(color=colours[k], label=names[k]) for k in colours]
    ax.legend(handles=patches + lines, loc="lower right", fontsize=8)


def _fri(doc, ax):
    feats = doc["features"]
    fig, ax = _axes(ax, len(feats))
    y = np.arange(len(feats))[::-1]
    for yi, f in zip(y, feats):
        lo, hi = f.get("lower") or 0.0, f.get("upper") or 0.0
        colour = _CLASS_COLOURS.get(f.get("class"), "#bbbbbb")
        ax.plot([lo, hi], [yi, yi], color=colour, linewidth=6, solid_capstyle="butt")
        ax.plot([lo], [yi], "|", color="black")
    probes = doc.get("probes") or {}
    for key, style, label in (("threshold_upper", "--", "noise threshold (upper)"),
                              ("threshold_lower", ":", "noise threshold (lower)")):
        if probes.get(key) is not None:
            ax.axvline(probes[key], color="black", linestyle=style, linewidth=0.8, label=label)
    ax.set_yticks(y, [f["name"] for f in feats], fontsize=7)
    ax.set_xlabel("relevance interval (share of ||w*||_1)")
    ax.set_title("FRI: feature relevance intervals")
    _legend(ax, _CLASS_COLOURS, _CLASS_NAMES)
    return fig


def _boruta(doc, ax):
    feats = doc["features"]
    history = np.array([[np.nan if v is None else v for v in row] for row in doc.get("importance_history", [])],
                       dtype=float).reshape(len(doc.get("importance_history", [])), -1)
    fig, ax = _axes(ax, len(feats))
    order = np.argsort([-(f.get("median_importance") or 0.0) for f in feats], kind="stable")
    data = [history[:, j][~np.isnan(history[:, j])] if history.size else [] for j in order]
    positions = np.arange(len(order))[::-1]
    parts = ax.boxplot(data, positions=positions, vert=False, widths=0.6, patch_artist=True, showfliers=False)
    for patch, j in zip(parts["boxes"], order):
        patch.set_facecolor(_DECISION_COLOURS.get(feats[j].get("decision"), "#bbbbbb"))
    shadow = doc.get("shadow_max_history") or []
    shadow = [v for v in shadow if v is not None]
    if shadow:
        ax.axvline(float(np.median(shadow)), color="black", linestyle="--", linewidth=1, label="shadow max")
    ax.set_yticks(positions, [feats[j]["name"] for j in order], fontsize=7)
    ax.set_xlabel("importance per iteration")
    ax.set_title("Boruta: importance history and decisions")
    _legend(ax, _DECISION_COLOURS, {k: k for k in _DECISION_COLOURS})
    return fig


def _bars(doc, ax):
    """Every other method: the selection score per feature (sorted), coloured by class or by selection."""
    feats = doc["features"]
    score_name = doc.get("selection", {}).get("score", "score")
    scores = np.array([np.nan if f.get("score") is None else f["score"] for f in feats], dtype=float)
    order = np.argsort(-np.nan_to_num(scores, nan=-np.inf), kind="stable")
    fig, ax = _axes(ax, len(feats))
    y = np.arange(len(order))[::-1]
    has_class = all(f.get("class") is not None for f in feats)
    colours = [
        _CLASS_COLOURS[feats[j]["class"]] if has_class else ("#2070b0" if feats[j]["selected"] else "#bbbbbb")
        for j in order
    ]
    ax.barh(y, np.nan_to_num(scores[order]), color=colours)
    ax.set_yticks(y, [feats[j]["name"] for j in order], fontsize=7)
    ax.set_xlabel(score_name)
    ax.set_title(f"{doc.get('method', '')}: {score_name} per feature")
    if has_class:
        _legend(ax, _CLASS_COLOURS, _CLASS_NAMES)
    else:
        _legend(ax, {True: "#2070b0", False: "#bbbbbb"}, {True: "selected", False: "not selected"})
    return fig


def plot_result(doc, ax=None):
    draw = {"fri": _fri, "boruta": _boruta}.get(doc.get("method"), _bars)
    fig = draw(doc, ax)
    fig.tight_layout()
    return fig
