#!/usr/bin/env python3
"""Runs every registered method with its defaults on every bundled real data set and fails on a crash or on an
unflagged degenerate result.

A run passes when it
- ends with exit 0 and writes a result document, or ends with exit 2 (bad input: the method refuses this data,
  e.g. pareto on a multiclass target) with a message that says why; and
- when it selects nothing, says so: a warning in the document's diagnostics or pre-flight block; and
- for fri: no upper value exceeds the L1 budget (1 + w_l1_slack, as a share of ‖w*‖₁).
Any other exit (3 = solver failure, a signal, a timeout) fails. The table of what each data set gives is printed
(and written to --summary FILE as Markdown) so that a person can read which warnings fire.

Usage: check_real_data.py FEATREL_BINARY DATA_DIR [--methods a,b] [--data x.csv,...] [--summary FILE]
       check_real_data.py --list      (the data set file names, one per line: ctest registers one test each)
Only the standard library: runs under any python3.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

# file -> (target, extra data flags). Every bundled real data set; data/README.md lists their sources.
DATASETS = {
    "breast_cancer_wisconsin_diagnostic.csv": ("malignant", []),
    "breast_cancer_wisconsin_original_with_missing.csv": ("Class", ["--impute", "median", "--drop", "Id"]),
    "pima_indians_diabetes.csv": ("diabetes", []),
    "pima_indians_diabetes2_with_missing.csv": ("diabetes", ["--impute", "median"]),
    "sonar.csv": ("Class", []),
    "ionosphere.csv": ("Class", []),
    "dermatology.csv": ("34", ["--task", "multiclass", "--impute", "median"]),
    "heart_disease_uci_raw76.csv": ("57", ["--task", "multiclass", "--impute", "median"]),
    "myocardial_infarction_complications.csv": ("LET_IS", ["--task", "multiclass", "--impute", "median"]),
    "wine.csv": ("cultivar", ["--task", "multiclass"]),
    "iris.csv": ("species", ["--task", "multiclass"]),
    "glass.csv": ("Type", ["--task", "multiclass"]),
    "vehicle.csv": ("Class", []),
    "digits.csv": ("digit", ["--task", "multiclass"]),
    "satellite.csv": ("classes", []),
    "diabetes_progression_regression.csv": ("progression", ["--task", "regression"]),
}
# What a method cannot run without (its one required choice).
METHOD_FLAGS = {"ubayfs": ["--max-size", "10"]}


def registered_methods(binary):
    """The methods `featrel --help` lists under its methods heading (the registry's order)."""
    out = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    names = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and line.startswith("  ") and not line.startswith("   ") and not parts[0].startswith("-"):
            names.append(parts[0])
    known = {"generate", "evaluate", "stability", "options", "help", "explore"}
    return [n for n in names if n not in known]


def run_one(binary, method, path, target, extra, timeout):
    with tempfile.TemporaryDirectory() as tmp:
        out_json = os.path.join(tmp, "result.json")
        cmd = ([binary, method, path, "--target", target, "--json", out_json, "--threads", "2"] + extra +
               METHOD_FLAGS.get(method, []))
        start = time.time()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                                  env=dict(os.environ, OMP_WAIT_POLICY="passive"))
        except subprocess.TimeoutExpired:
            return {"verdict": "FAIL", "why": f"no result within {timeout} s", "seconds": timeout}
        seconds = time.time() - start
        record = {"exit": proc.returncode, "seconds": seconds, "stderr": proc.stderr.strip()}
        if proc.returncode == 2:
            errors = [l for l in proc.stderr.splitlines() if l.startswith(method + ":") or "error" in l]
            record["verdict"] = "refused" if errors else "FAIL"
            record["why"] = errors[-1] if errors else "exit 2 without an error message"
            return record
        if proc.returncode != 0:
            record["verdict"] = "FAIL"
            record["why"] = f"exit {proc.returncode}: {proc.stderr.strip()[-300:]}"
            return record
        if not os.path.exists(out_json):
            record.update(verdict="FAIL", why="exit 0 without a result document")
            return record
        with open(out_json) as f:
            doc = json.load(f)
    warnings = list(doc.get("diagnostics", {}).get("warnings", []))
    warnings += [p.get("message", "") for p in doc.get("preflight", [])]
    selection = doc.get("selection", {})
    features = selection.get("features", doc.get("features", []))
    n_selected = sum(1 for f in features if f.get("selected"))
    record.update(n_selected=n_selected, n_features=len(features), warnings=warnings)
    if n_selected == 0 and not warnings:
        record.update(verdict="FAIL", why="nothing selected and no warning says so")
    elif method == "fri" and fri_over_budget(doc):
        record.update(verdict="FAIL", why=fri_over_budget(doc))
    else:
        record["verdict"] = "ok"
    return record


def fri_over_budget(doc):
    """FRI: no model of the class has |w_j| above its L1 budget, (1 + w_l1_slack)·‖w*‖₁, so no upper value (of the
    run, or of a one-vs-rest class) may exceed 1 + w_l1_slack. CLP's tolerance band once let bound LPs go past it.
    Returns what is wrong, or "" when nothing is."""
    limit = (1.0 + doc["options"]["w_l1_slack"]) * (1.0 + 1e-9)
    for f in doc.get("features", []):
        for entry in [f] + f.get("per_class", []):
            if entry.get("upper", 0.0) > limit:
                where = f" (class {entry['label']})" if "label" in entry else ""
                return f"fri: feature {f['name']}{where} has upper {entry['upper']!r} > the L1 budget {limit!r}"
    return ""


def main():
    if sys.argv[1:] == ["--list"]:
        print("\n".join(DATASETS))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("data_dir")
    ap.add_argument("--methods", default="")
    ap.add_argument("--data", default="")
    ap.add_argument("--timeout", type=float, default=1500)
    ap.add_argument("--summary", default="")
    args = ap.parse_args()
    methods = args.methods.split(",") if args.methods else registered_methods(args.binary)
    files = args.data.split(",") if args.data else list(DATASETS)
    rows, failures = [], 0
    for name in files:
        target, extra = DATASETS[name]
        for method in methods:
            r = run_one(args.binary, method, os.path.join(args.data_dir, name), target, extra, args.timeout)
            failures += r["verdict"] == "FAIL"
            shown = (f"{r.get('n_selected', '-')}/{r.get('n_features', '-')}" if r["verdict"] == "ok" else "-")
            notes = r.get("why", "") or "; ".join(w[:90] for w in r.get("warnings", [])[:3])
            rows.append((name, method, r["verdict"], shown, f"{r.get('seconds', 0):.1f}", notes))
            print(f"{r['verdict']:8s} {method:10s} {name:52s} {shown:8s} {r.get('seconds', 0):7.1f} s  {notes[:160]}",
                  flush=True)
    if args.summary:
        with open(args.summary, "w") as f:
            f.write("| data | method | verdict | selected | seconds | warnings / reason |\n|---|---|---|---|---|---|\n")
            for row in rows:
                f.write("| " + " | ".join(str(c).replace("|", "/") for c in row) + " |\n")
    print(f"real data: {len(rows)} runs, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
