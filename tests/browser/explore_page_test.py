#!/usr/bin/python3
"""The explorer's page end to end in headless Chromium (docs/explore.md), driven over the DevTools protocol
through --remote-debugging-pipe (no WebSocket library, nothing downloaded).

Starts `featrel explore` on 60 rows where h1 and h2 are copies of one signal, loads the page, pins h1 to 0 with
real mouse clicks, checks that h2's lower bound rises and that h2 is highlighted as a changed class, undoes the
pin, checks that h2 is back, and takes a screenshot that must be a non-empty PNG. The warnings panel shows the
pre-flight check's duplicate-column message once, with every method that reported it. Then the other panels: the JSON
and SVG exports are downloaded and read back; UBayFS with typed weights and a cannot-link between the copies
gives an optimum that keeps them apart; "Run the other methods" fills every cell of the feature × method table.
The view controls: "relevant" hides the irrelevant features, "by upper bound" orders the bars, "find" opens a
feature in the pin editor. Last, a second server on 120 generated features (100 rows): wide data starts with the relevant
features only, in order of upper bound, and a chart of all 120 keeps a readable height.

usage: explore_page_test.py FEATREL_BINARY [SCREENSHOT.png]
Exit 77 (ctest SKIP_RETURN_CODE) only when no Chromium is installed.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

CHROMIUM_NAMES = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")


def find_chromium():
    for name in CHROMIUM_NAMES:
        path = name if os.path.isabs(name) else shutil.which(name)
        if path and os.access(path, os.X_OK):
            return path
    return None


def frac(i, a):
    v = i * a
    return v - math.floor(v)


def write_data(path):
    # docs/fri.md#exact-reference-data: f0 and the copies h1 = h2 carry the signal, f3 and f4 are noise.
    with open(path, "w") as f:
        f.write("f0,h1,h2,f3,f4,y\n")
        for i in range(1, 61):
            f0 = 2 * frac(i, 0.6180339887) - 1
            h = 2 * frac(i, 0.4142135624) - 1
            f3 = 2 * frac(i, 0.7320508076) - 1
            f4 = 2 * frac(i, 0.2360679775) - 1
            f.write(f"{f0!r},{h!r},{h!r},{f3!r},{f4!r},{1 if f0 + h > 0 else -1}\n")


class DevTools:
    """CDP over the pipe: JSON messages separated by NUL, fd 3 to Chromium, fd 4 from it."""

    def __init__(self, chromium, profile):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def child_fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--remote-debugging-pipe", "--window-size=1280,900",
             "--user-data-dir=" + profile, "about:blank"],
            # close_fds would run after preexec_fn and close the new 3 and 4; the pipe ends are close-on-exec.
            preexec_fn=child_fds, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, deadline=60):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        end = time.time() + deadline
        while time.time() < end:
            while b"\0" not in self.buf:
                chunk = os.read(self.from_r, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
        raise TimeoutError(method)

    def eval(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_for(self, expression, what, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            if self.eval(expression):
                return
            time.sleep(0.1)
        raise TimeoutError(what + "; status: " + str(self.eval("document.getElementById('status').textContent")))

    def click(self, selector):
        # Scrolled into view first: a mouse event outside the viewport reaches nothing.
        box = self.eval(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                        " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
                        " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                   "clickCount": 1})

    def type_into(self, selector, text):
        """Focus the field with a click, clear it, and type `text` as keyboard input."""
        self.click(selector)
        self.eval(f"document.querySelector({json.dumps(selector)}).select()")
        self.send("Input.insertText", {"text": text})

    def press_enter(self):
        """Enter in the focused field, as a keyboard does (an input's change event fires on it)."""
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter",
                                                 "windowsVirtualKeyCode": 13, "text": "\r" if kind == "keyDown" else ""})

    def close(self):
        try:
            self.send("Browser.close", deadline=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def feature(dt, name, field):
    return dt.eval(f"document.querySelector('g.feature[data-name=\"{name}\"]').dataset.{field}")


def wait_for_file(path, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if os.path.exists(path) and os.path.getsize(path) > 0 and not os.path.exists(path + ".crdownload"):
            return open(path, encoding="utf-8").read()
        time.sleep(0.1)
    raise TimeoutError(f"{path} was not downloaded")


def check_exports(dt, tmp):
    """The JSON button saves the shown document (no pins now: the base result); the SVG button the chart."""
    downloads = os.path.join(tmp, "downloads")
    os.makedirs(downloads)
    dt.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    dt.click("#save-json")
    doc = json.loads(wait_for_file(os.path.join(downloads, "fri.json")))
    names = [f["name"] for f in doc["features"]]
    assert names == ["f0", "h1", "h2", "f3", "f4"], names
    shown = {n: float(feature(dt, n, "lower")) for n in names}
    saved = {f["name"]: f["lower"] for f in doc["features"]}
    assert saved == shown, f"saved lower bounds {saved} differ from the page's {shown}"
    dt.click("#save-svg")
    svg = wait_for_file(os.path.join(downloads, "fri.svg"))
    assert svg.startswith("<svg") and 'data-name="h2"' in svg and svg.rstrip().endswith("</svg>"), svg[:200]


def check_ubayfs(dt):
    """Weights typed for every feature, max size 2, h1 and h2 cannot be chosen together: the optimum meets every
    constraint, holds at most one of the copies, and fills the overview's ubayfs column."""
    dt.type_into("#ub-weights", "1, 1, 1, 0.1, 0.1")
    dt.type_into("#ub-max", "2")
    dt.type_into("#ub-cannot", "h1,h2")
    dt.click("#ub-run")
    dt.wait_for("document.getElementById('ub-result').textContent.startsWith('Optimum')"
                " || !!document.querySelector('#ub-result .error')", "UBayFS did not answer")
    text = dt.eval("document.getElementById('ub-result').textContent")
    assert "every constraint met" in text, text
    chosen = dt.eval("document.querySelector('#ub-result b').textContent").split(", ")
    assert 1 <= len(chosen) <= 2 and not {"h1", "h2"} <= set(chosen), chosen
    column = overview_column(dt, "ubayfs")
    assert sorted(n for n, cell in column.items() if cell.startswith("✓")) == sorted(chosen), column


def shown_names(dt):
    return dt.eval("[...document.querySelectorAll('g.feature')].map((g) => g.dataset.name)")


def set_view(dt, filter_value, order_value):
    """Chooses the chart's view as the select boxes do (their change events)."""
    dt.eval(f"""(() => {{
        for (const [id, v] of [['view-filter', {json.dumps(filter_value)}], ['view-order', {json.dumps(order_value)}]]) {{
            const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event('change'));
        }} }})()""")


def base_intervals(dt):
    """Per feature of the unconstrained document: [name, class, upper]."""
    return dt.eval("state.base.features.map((f) => [f.name, f.class, f.upper])")


def check_view(dt):
    """On the five features: "relevant" shows exactly those of class > 0, in data order; "by upper bound" orders
    them by their unconstrained upper value; "find" opens an irrelevant feature in the editor and so brings it into
    the chart until the editor closes; "all" brings the chart back."""
    base = base_intervals(dt)
    relevant = [n for n, c, _ in base if c > 0]
    assert 0 < len(relevant) < 5, base
    set_view(dt, "relevant", "column")
    assert shown_names(dt) == relevant, (shown_names(dt), base)
    count = dt.eval("document.getElementById('view-count').textContent")
    assert count == f"showing {len(relevant)} of 5 features", count
    set_view(dt, "relevant", "upper")
    by_upper = [n for n, _, _ in sorted(((n, c, u) for n, c, u in base if c > 0), key=lambda r: -r[2])]
    assert shown_names(dt) == by_upper, (shown_names(dt), base)
    hidden = [n for n, c, _ in base if c == 0][0]
    dt.type_into("#find", hidden)
    dt.press_enter()
    dt.wait_for("!document.getElementById('pin-editor').hidden", "find did not open the pin editor")
    assert dt.eval("document.getElementById('pin-name').textContent") == hidden
    assert hidden in shown_names(dt), (hidden, shown_names(dt))
    dt.click("#pin-cancel")
    assert hidden not in shown_names(dt), (hidden, shown_names(dt))
    set_view(dt, "all", "column")
    assert shown_names(dt) == [n for n, _, _ in base], shown_names(dt)
    assert dt.eval("document.getElementById('view-count').textContent") == "5 features"


def start_server(binary, data, tmp, extra):
    server = subprocess.Popen([os.path.abspath(binary), "explore", data, "--target", "y", "--no-browser", "--port", "0",
                               "--threads", "1"] + extra,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp)
    url = server.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:") and "/?token=" in url, f"unexpected first line: {url!r}"
    return server, url


def stop_server(server):
    server.send_signal(2)  # Ctrl-C: the server stops cleanly
    try:
        code = server.wait(timeout=20)
        err = server.stderr.read()
        if code != 0 or "stopped" not in err:
            print(f"featrel explore exited {code}: {err}")
            sys.exit(1)
    except subprocess.TimeoutExpired:
        server.kill()
        print("featrel explore did not stop on SIGINT")
        sys.exit(1)


def check_wide(dt, binary, tmp):
    """120 features on 100 rows (2 strong, 2 weak): the page opens on the relevant features by upper bound (the same list in the
    feature × method table), and both that chart and the chart of all 120 are drawn at a readable height."""
    subprocess.run([binary, "generate", "--task", "classification", "--n-samples", "100", "--n-features", "120",
                    "--n-strong", "2", "--n-weak", "2", "--seed", "1", "--out", os.path.join(tmp, "wide.csv")],
                   check=True, capture_output=True)
    server, url = start_server(binary, "wide.csv", tmp, [])
    try:
        dt.send("Page.navigate", {"url": url})
        dt.wait_for("document.body && document.body.dataset.ready === '1'", "the wide page never became ready")
        assert dt.eval("[view.filter, view.order]") == ["relevant", "upper"]
        base = base_intervals(dt)
        relevant = [n for n, _, _ in sorted(((n, c, u) for n, c, u in base if c > 0), key=lambda r: -r[2])]
        assert 0 < len(relevant) < 120, len(relevant)
        assert shown_names(dt) == relevant, (shown_names(dt), relevant)
        assert dt.eval("document.getElementById('view-count').textContent") == f"showing {len(relevant)} of 120 features"
        rows = dt.eval("[...document.querySelectorAll('#overview table tr')].slice(1).map((r) => r.cells[0].textContent)")
        assert rows == relevant, rows
        height = dt.eval("document.getElementById('chart-svg').getBoundingClientRect().height")
        assert height > 200, f"chart of the relevant features {height} px high"
        set_view(dt, "all", "column")
        assert len(shown_names(dt)) == 120
        box = dt.eval("(() => { const r = document.getElementById('chart-svg').getBoundingClientRect(); return [r.width, r.height]; })()")
        assert box[1] > 200 and box[0] > 1100, f"chart of all 120 features {box[0]} x {box[1]} px"
    finally:
        stop_server(server)
    return len(relevant)


def overview_column(dt, method):
    """The overview table's cells of one method by feature name."""
    return dt.eval(f"""(() => {{
        const t = document.querySelector('#overview table');
        const heads = [...t.rows[0].cells].map((c) => c.textContent);
        const k = heads.indexOf({json.dumps(method)});
        if (k < 0) return null;
        const out = {{}};
        for (const r of [...t.rows].slice(1)) out[r.cells[0].textContent] = r.cells[k].textContent;
        return out;
    }})()""")


def warning_items(dt):
    """The warnings panel's lines: [{kind, sources, text}], or None while the panel is hidden."""
    return dt.eval("""(() => {
        if (document.getElementById('warnings-panel').hidden) return null;
        return [...document.querySelectorAll('#warnings li')].map((li) => ({
            kind: li.dataset.kind, sources: li.dataset.sources.split(' '), text: li.textContent }));
    })()""")


def check_duplicate_warning(dt, sources):
    """h1 and h2 are identical: the pre-flight check says so once, names the methods that reported it, and says
    what to do."""
    items = warning_items(dt)
    assert items, "the warnings panel is hidden although h1 and h2 are identical columns"
    dup = [w for w in items if w["kind"] == "duplicate_column"]
    assert len(dup) == 1, items
    assert "'h1' and 'h2' are identical" in dup[0]["text"] and "--drop h2" in dup[0]["text"], dup[0]
    assert sorted(dup[0]["sources"]) == sorted(sources), (dup[0]["sources"], sources)


def check_overview(dt):
    """Every method the server offers runs on the same data; each column ends filled, with no error shown."""
    methods = [m for m in dt.eval("state.status.methods") if m in ("boruta", "sfc", "crfe", "ubayfs", "pareto")]
    assert {"boruta", "sfc", "crfe", "pareto"} <= set(methods), methods
    dt.click("#run-all")
    dt.wait_for("document.getElementById('run-all').disabled", "the run did not start", timeout=10)
    dt.wait_for("!document.getElementById('run-all').disabled", "the methods did not finish", timeout=300)
    status = dt.eval("document.getElementById('run-status').textContent")
    assert status == "", f"a method did not finish cleanly: {status}"
    for m in methods:
        column = overview_column(dt, m)
        assert column is not None and len(column) == 5, (m, column)
        assert all(cell and cell != "…" for cell in column.values()), (m, column)
    # Every method ran on the same data, so each reported the duplicate columns: still one line, naming them all.
    check_duplicate_warning(dt, ["fri"] + methods)
    # The signal column f0 is chosen by Boruta on these 60 rows (f0 and the copies decide y).
    assert overview_column(dt, "boruta")["f0"] == "confirmed", overview_column(dt, "boruta")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    binary, shot = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
    chromium = find_chromium()
    if not chromium:
        print("SKIP: no Chromium installed (scripts/install-deps.sh installs it)")
        return 77
    tmp = tempfile.mkdtemp(prefix="featrel-explore-")
    data = os.path.join(tmp, "copies.csv")
    write_data(data)
    # Run from the data's folder, so that the exported command line names the file only.
    server, url = start_server(binary, "copies.csv", tmp, ["--C", "1", "--slack", "0.01"])
    dt = None
    try:
        dt = DevTools(chromium, os.path.join(tmp, "profile"))
        target = dt.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        dt.session = dt.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        dt.send("Page.enable")
        dt.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                       "mobile": False})
        # Without the token the server refuses the page.
        dt.send("Page.navigate", {"url": url.split("?")[0]})
        dt.wait_for("document.readyState === 'complete'", "page without token")
        assert "forbidden" in dt.eval("document.body.innerText"), dt.eval("document.body.innerText")

        dt.send("Page.navigate", {"url": url})
        dt.wait_for("document.body && document.body.dataset.ready === '1'", "the page never became ready")
        check_duplicate_warning(dt, ["fri"])
        status = dt.eval("document.getElementById('status').textContent")
        assert status.endswith("· 1 warning above"), status
        before = float(feature(dt, "h2", "lower"))
        assert before == 0.0, f"h2 lower {before} before any pin (either copy can carry the weight alone)"
        assert feature(dt, "h2", "cls") == "1", "h2 should be weakly relevant unconstrained"

        # Pin h1 to 0 with the mouse: the feature, then "Pin" (the editor opens on "to 0" for lower = 0).
        dt.click('g.feature[data-name="h1"] rect.slot')
        dt.wait_for("!document.getElementById('pin-editor').hidden", "pin editor did not open")
        assert dt.eval("document.getElementById('pin-name').textContent") == "h1"
        dt.click("#pin-apply")
        dt.wait_for("document.body.dataset.requests === '1'", "the pin was not answered")
        after = float(feature(dt, "h2", "lower"))
        assert after > before + 0.1, f"h2 lower did not rise: {before} -> {after}"
        assert feature(dt, "h2", "cls") == "2", "without its copy h2 is strongly relevant"
        assert dt.eval("document.querySelector('g.feature[data-name=\"h2\"]').classList.contains('changed')")
        assert "h1 = 0" in dt.eval("document.getElementById('pins').innerText")
        command = dt.eval("document.getElementById('command').textContent")
        assert command == "featrel fri copies.csv --target y --C 1 --slack 0.01 --preset h1=0", command
        time.sleep(0.6)  # let the animation finish before the picture
        png = dt.send("Page.captureScreenshot", {"format": "png"})["data"]
        import base64
        raw = base64.b64decode(png)
        assert raw[:8] == b"\x89PNG\r\n\x1a\n" and len(raw) > 5000, f"screenshot of {len(raw)} bytes"
        if shot:
            clip = dt.eval("(() => { const w = document.getElementById('warnings-panel').getBoundingClientRect();"
                           " const r = document.getElementById('chart-panel').getBoundingClientRect();"
                           " const a = document.querySelector('aside').getBoundingClientRect();"
                           " return [r.left, w.top, a.right - r.left, r.top - w.top + Math.max(r.height, 420)]; })()")
            small = dt.send("Page.captureScreenshot", {"format": "png", "clip": {
                "x": clip[0], "y": clip[1], "width": clip[2], "height": clip[3], "scale": 0.75}})["data"]
            with open(shot, "wb") as f:
                f.write(base64.b64decode(small))

        dt.click("#undo")
        dt.wait_for("document.body.dataset.requests === '2'", "undo was not answered")
        back = float(feature(dt, "h2", "lower"))
        assert back == before, f"after undo h2 lower is {back}, not {before}"
        assert not dt.eval("document.querySelector('g.feature[data-name=\"h2\"]').classList.contains('changed')")
        check_view(dt)
        check_exports(dt, tmp)
        check_ubayfs(dt)
        check_overview(dt)
        stop_server(server)
        server = None
        wide = check_wide(dt, binary, tmp)
        print(f"ok: h2 lower {before} -> {after} after pinning h1 = 0, {back} after undo; screenshot {len(raw)} bytes; "
              f"view controls, exports, UBayFS and the overview checked; wide data opens on {wide} of 120 features")
        return 0
    finally:
        if dt:
            dt.close()
        if server:
            stop_server(server)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
