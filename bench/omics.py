#!/usr/bin/env python3
"""Omics width benchmark: every method with its defaults on generated wide data, beside peers run in the same session.

For each shape N x D (default 200 x 2,000 and 200 x 20,000) the script generates classification data with 5 strong
and 6 weak features (`featrel generate`, truth file alongside), runs every registered method with its defaults on
2 threads under a time limit (and, as an extra row, `fri --screen`, the option meant for this width), and prints
per method: wall and CPU seconds, peak resident memory, how many of the
strong features were selected, how many features were selected in all, and how many strong features the method
ranks among its 11 best (what a ranking puts first, whatever its cut: rfe, crfe and the filters). Before the table it prints the noise
ceiling: how many strong features have a larger |correlation| with the target than every irrelevant column, which
bounds what a per-feature test (a forest's importance against shadows, a univariate score) can find. Where a peer exists on this machine it
runs on the same file in the same session and the ratio is printed:
  - scikit-learn RFE(LinearSVC, step=1) down to one feature, beside featrel rfe and crfe (shape N x D <= 2,000);
  - scikit-learn permutation importance of a random forest, beside featrel pareto (which computes permutation
    impacts of several classifiers);
  - BorutaPy beside featrel boruta, only when `import boruta` works (it is not a Debian package; put its source on
    PYTHONPATH to include it).
With --growth the script also fits how each method's wall time grows with D (N = 200; D = 500, 2,000, 8,000) and
with N (D = 2,000; N = 100, 200, 400): the exponent b of time ~ size^b, from a least-squares line in log-log.

Time and memory come from wait4() on each run (CPU = user + system; peak = max resident set size), forked from a
small helper so that the peak is the run's own and not this script's (USAGE_HELPER); peaks below about 10 MB read
as 10 MB. Runs that hit the time limit are reported as such, with the time limit as a lower bound.

Usage: omics.py FEATREL_BINARY [--shapes 200x2000,200x20000 ("" for none)] [--timeout 150] [--methods a,b] [--growth]
Runs under /usr/bin/python3 (scikit-learn is a Debian package there).
"""
import argparse
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time

# What a method cannot run without (its one required choice): UBayFS needs a size constraint to be a selector.
TOP_RANKS = 11  # as many as the relevant features (5 strong + 6 weak)
METHOD_FLAGS = {"ubayfs": ["--max-size", "10"]}
# Rows beside a method's default one: an option a wide-data user would reach for (docs/fri.md#screening).
VARIANTS = {"fri": [("fri --screen", ["--screen"])]}
NOT_METHODS = {"generate", "evaluate", "stability", "options", "help", "explore"}
# The targets (docs: bench/README in the output) per shape: wall seconds and peak MB for every method.
TARGETS = {(200, 2000): {"wall": 5.0}, (200, 20000): {"wall": 120.0, "peak_mb": 2048.0}}


def registered_methods(binary):
    out = subprocess.run([binary, "--help"], capture_output=True, text=True, check=True).stdout
    names = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and line.startswith("  ") and not line.startswith("   ") and not parts[0].startswith("-"):
            names.append(parts[0])
    return [n for n in names if n not in NOT_METHODS]


# Runs the command as its grandchild and writes the grandchild's wait4() usage to a file. A child's peak resident
# memory (ru_maxrss) starts from the high-water mark of the memory it was forked from, so children forked from
# this script (which holds a 20,000-column table while it computes the noise ceiling) all reported at least the
# script's own peak: 271 MB for `featrel fisher`, whose own peak is 165 MB. Forked from this small helper instead,
# a run's peak is its own (at least the helper's, about 10 MB). The wall time is measured there too, without the
# helper's start-up. SIGTERM makes it kill the command and still report.
USAGE_HELPER = r"""
import json, os, signal, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
start = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(cmd[0], cmd)
    finally:
        os._exit(127)
def stop(signum, frame):
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
signal.signal(signal.SIGTERM, stop)
_, status, usage = os.wait4(pid, 0)
wall = time.monotonic() - start
with open(out, "w") as f:
    json.dump({"status": status, "wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "maxrss_kb": usage.ru_maxrss}, f)
"""


def measured(cmd, timeout, env=None):
    """Runs cmd; returns dict(wall, cpu, peak_mb, exit, timed_out) from wait4 on it (see USAGE_HELPER)."""
    start = time.monotonic()
    # Output goes to files, not pipes: a method's table of 20,000 rows would fill a pipe nobody reads until exit.
    out_file, err_file = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    with tempfile.TemporaryDirectory() as scratch:
        usage_path = os.path.join(scratch, "usage.json")
        proc = subprocess.Popen([sys.executable, "-c", USAGE_HELPER, usage_path] + list(cmd), stdout=out_file,
                                stderr=err_file, env=env, start_new_session=True)
        timed_out = False
        while proc.poll() is None:
            if time.monotonic() - start > timeout:
                proc.send_signal(signal.SIGTERM)  # the helper kills the command and reports its usage
                timed_out = True
                proc.wait()
                break
            time.sleep(0.02)
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # anything the command left running
        except ProcessLookupError:
            pass
        with open(usage_path) as f:
            usage = json.load(f)
    out_file.seek(0)
    err_file.seek(0)
    stdout = out_file.read().decode(errors="replace")
    stderr = err_file.read().decode(errors="replace")
    return {"wall": usage["wall"], "cpu": usage["cpu"], "peak_mb": usage["maxrss_kb"] / 1024.0,
            "exit": os.waitstatus_to_exitcode(usage["status"]), "timed_out": timed_out, "stderr": stderr,
            "stdout": stdout}


def generate(binary, n, d, folder, seed):
    csv = os.path.join(folder, f"omics_{n}x{d}.csv")
    truth = os.path.join(folder, f"omics_{n}x{d}_truth.json")
    subprocess.run([binary, "generate", "--task", "classification", "--n-samples", str(n), "--n-features", str(d),
                    "--n-strong", "5", "--n-weak", "6", "--seed", str(seed), "--out", csv, "--truth", truth],
                   check=True, capture_output=True)
    with open(truth) as f:
        roles = json.load(f)["roles"]
    with open(csv) as f:
        target = f.readline().strip().split(",")[-1]
    return (csv, target, [j for j, r in enumerate(roles) if r == "strong"],
            [j for j, r in enumerate(roles) if r == "irrelevant"])


NOISE_CEILING = """
import json, sys, numpy as np, pandas as pd
df = pd.read_csv(sys.argv[1]); y = df.pop(sys.argv[2]).to_numpy(dtype=float); X = df.to_numpy(dtype=float)
X = (X - X.mean(0)) / np.where(X.std(0) > 0, X.std(0), 1.0)
r = np.abs(X.T @ ((y - y.mean()) / y.std())) / len(y)
strong, irrelevant = json.loads(sys.argv[3]), json.loads(sys.argv[4])
print(json.dumps({"ceiling": float(r[irrelevant].max()), "strong": [float(r[j]) for j in strong]}))
"""


def noise_ceiling(csv, target, strong, irrelevant):
    """How many strong features any per-feature test could tell from noise: those whose |Pearson r| with the target
    exceeds the largest |r| among the irrelevant columns (an oracle that knows the truth; forests and univariate
    tests cannot do better than it at n << d, a multivariate linear model can). In a child process, so that numpy
    and pandas never enter this one: a forked child's peak RSS counts the parent's pages until it execs."""
    out = subprocess.run(["/usr/bin/python3", "-c", NOISE_CEILING, csv, target, json.dumps(strong),
                          json.dumps(irrelevant)], check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    return r["ceiling"], r["strong"]


def rows_of(methods):
    """(label, method, extra flags) per table row: each method with defaults, then its variants."""
    return [row for m in methods for row in [(m, m, [])] + [(label, m, f) for label, f in VARIANTS.get(m, [])]]


def run_featrel(binary, method, csv, target, strong, timeout, folder, flags=()):
    out = os.path.join(folder, f"{method}{''.join(flags)}.json")
    if os.path.exists(out):
        os.remove(out)
    cmd = [binary, method, csv, "--target", target, "--threads", "2", "--json", out] + METHOD_FLAGS.get(method, []) + list(flags)
    r = measured(cmd, timeout, env=dict(os.environ, OMP_WAIT_POLICY="passive"))
    r["strong_found"] = r["n_selected"] = r["strong_top"] = None
    if r["exit"] == 0 and os.path.exists(out):
        with open(out) as f:
            doc = json.load(f)
        selected = set(doc.get("selected", []))
        r["strong_found"] = len(selected & set(strong))
        r["n_selected"] = len(selected)
        # The strong features among the TOP_RANKS best-ranked: what a ranking (rfe, crfe, the filters) puts first,
        # whatever its cut.
        ranks = [f.get("rank") for f in doc.get("features", [])]
        if any(k is not None for k in ranks):
            r["strong_top"] = sum(1 for j in strong if j < len(ranks) and ranks[j] is not None and ranks[j] <= TOP_RANKS)
    return r


PEER_RFE = """
import sys, numpy as np, pandas as pd
from sklearn.feature_selection import RFE
from sklearn.svm import LinearSVC
from sklearn.preprocessing import StandardScaler
df = pd.read_csv(sys.argv[1]); y = df.pop(sys.argv[2]).to_numpy(); X = StandardScaler().fit_transform(df.to_numpy())
RFE(LinearSVC(dual=X.shape[1] > X.shape[0], max_iter=10000), n_features_to_select=1, step=1).fit(X, y)
"""
PEER_PERMUTATION = """
import sys, numpy as np, pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.inspection import permutation_importance
from sklearn.model_selection import train_test_split
df = pd.read_csv(sys.argv[1]); y = df.pop(sys.argv[2]).to_numpy(); X = df.to_numpy()
Xa, Xb, ya, yb = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
forest = RandomForestClassifier(n_estimators=100, n_jobs=2, random_state=0).fit(Xa, ya)
permutation_importance(forest, Xb, yb, n_repeats=5, n_jobs=2, random_state=0)
"""
PEER_BORUTA = """
import sys, numpy as np, pandas as pd
from sklearn.ensemble import RandomForestClassifier
from boruta import BorutaPy
df = pd.read_csv(sys.argv[1]); y = df.pop(sys.argv[2]).to_numpy(); X = df.to_numpy()
BorutaPy(RandomForestClassifier(n_jobs=2, max_depth=5), n_estimators='auto', random_state=1).fit(X, y)
"""


def have_borutapy():
    return subprocess.run([sys.executable, "-c", "import boruta"], capture_output=True).returncode == 0


def run_peer(code, csv, target, timeout):
    return measured([sys.executable, "-c", code, csv, target], timeout, env=dict(os.environ, OMP_NUM_THREADS="2"))


def fmt_time(r, key, timeout):
    if r["timed_out"]:
        return f">{timeout:.0f}"
    if r["exit"] != 0:
        return f"exit {r['exit']}"
    return f"{r[key]:.2f}"


def shape_table(binary, methods, n, d, timeout, folder, seed):
    csv, target, strong, irrelevant = generate(binary, n, d, folder, seed)
    print(f"\n== {n} samples x {d} features (5 strong, 6 weak), seed {seed}, 2 threads, limit {timeout:.0f} s")
    ceiling, r_strong = noise_ceiling(csv, target, strong, irrelevant)
    above = sum(v > ceiling for v in r_strong)
    print(f"noise ceiling: the largest |r| of an irrelevant column with the target is {ceiling:.3f}; "
          f"{above}/5 strong features lie above it (|r| = {', '.join(f'{v:.3f}' for v in r_strong)})")
    print(f"{'method':12s} {'wall s':>9s} {'cpu s':>9s} {'peak MB':>9s} {'strong':>7s} {'selected':>9s} "
          f"{'top ' + str(TOP_RANKS):>7s}  target")
    target_spec = TARGETS.get((n, d), {})
    rows = {}
    for m, method, flags in rows_of(methods):
        r = run_featrel(binary, method, csv, target, strong, timeout, folder, flags)
        rows[m] = r
        ok = []
        if "wall" in target_spec:
            ok.append("wall ok" if not r["timed_out"] and r["wall"] <= target_spec["wall"] else
                      f"wall > {target_spec['wall']:.0f} s")
        if "peak_mb" in target_spec:
            ok.append("mem ok" if r["peak_mb"] <= target_spec["peak_mb"] else f"mem > {target_spec['peak_mb']:.0f} MB")
        strong_txt = "-" if r["strong_found"] is None else f"{r['strong_found']}/5"
        sel_txt = "-" if r["n_selected"] is None else str(r["n_selected"])
        top_txt = "-" if r["strong_top"] is None else f"{r['strong_top']}/5"
        print(f"{m:12s} {fmt_time(r, 'wall', timeout):>9s} {fmt_time(r, 'cpu', timeout):>9s} "
              f"{r['peak_mb']:9.0f} {strong_txt:>7s} {sel_txt:>9s} {top_txt:>7s}  {', '.join(ok)}", flush=True)
        if r["exit"] not in (0,) and not r["timed_out"]:
            print(f"           {r['stderr'].strip().splitlines()[-1] if r['stderr'].strip() else ''}")
    peers = []
    if d <= 2000:
        peers.append(("sklearn RFE(LinearSVC)", PEER_RFE, ["rfe", "crfe"]))
    peers.append(("sklearn permutation importance", PEER_PERMUTATION, ["pareto"]))
    if have_borutapy():
        peers.append(("BorutaPy", PEER_BORUTA, ["boruta"]))
    for name, code, ours in peers:
        p = run_peer(code, csv, target, timeout)
        ratios = []
        for m in ours:
            if m not in rows or rows[m]["exit"] != 0:
                continue
            if p["timed_out"]:  # the peer's time is only known to exceed the limit: a lower bound on the ratio
                ratios.append(f"{m} more than {timeout / rows[m]['wall']:.1f}x faster (the peer hit the limit)")
            elif p["exit"] == 0:
                ratios.append(f"{m} {p['wall'] / rows[m]['wall']:.1f}x faster" if p["wall"] >= rows[m]["wall"]
                              else f"{m} {rows[m]['wall'] / p['wall']:.1f}x slower")
        print(f"peer {name}: wall {fmt_time(p, 'wall', timeout)} s, cpu {fmt_time(p, 'cpu', timeout)} s, "
              f"peak {p['peak_mb']:.0f} MB; featrel {'; '.join(ratios) if ratios else '(no ratio)'}", flush=True)
        if p["exit"] != 0 and not p["timed_out"]:
            print("           " + (p["stderr"].strip().splitlines() or [""])[-1])
    return rows


def exponent(sizes, seconds):
    xs = [math.log(s) for s in sizes]
    ys = [math.log(max(t, 1e-3)) for t in seconds]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def growth(binary, methods, timeout, folder, seed):
    print("\n== growth: wall time ~ size^b (b from a least-squares line in log-log; '>' = hit the limit)")
    for label, shapes in (("d (n = 200)", [(200, 500), (200, 2000), (200, 8000)]),
                          ("n (d = 2000)", [(100, 2000), (200, 2000), (400, 2000)])):
        data = [generate(binary, n, d, folder, seed) for n, d in shapes]
        sizes = [d if label.startswith("d") else n for n, d in shapes]
        print(f"{'method':10s} " + " ".join(f"{label[0]}={s:>6d}" for s in sizes) + f"   b over {label}")
        for m in methods:
            walls, capped = [], False
            for csv, target, strong, _ in data:
                r = run_featrel(binary, m, csv, target, strong, timeout, folder)
                capped |= r["timed_out"]
                walls.append(r["wall"])
            b = exponent(sizes, walls)
            cells = " ".join(f"{('>' if w >= timeout else '') + format(w, '.2f'):>8s}" for w in walls)
            print(f"{m:10s} {cells}   {'≥ ' if capped else ''}{b:.2f}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--shapes", default="200x2000,200x20000")
    ap.add_argument("--timeout", type=float, default=150)
    ap.add_argument("--methods", default="")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--growth", action="store_true")
    args = ap.parse_args()
    methods = args.methods.split(",") if args.methods else registered_methods(args.binary)
    with tempfile.TemporaryDirectory() as folder:
        for shape in filter(None, args.shapes.split(",")):
            n, d = (int(v) for v in shape.lower().split("x"))
            shape_table(args.binary, methods, n, d, args.timeout, folder, args.seed)
        if args.growth:
            growth(args.binary, methods, args.timeout, folder, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
