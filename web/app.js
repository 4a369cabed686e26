// featrel explore: the page over the HTTP API of docs/explore.md (nothing else). State: the unconstrained FRI
// document, the pins in the order given (with an undo history), and the latest constrained document.
"use strict";

const TOKEN = window.FEATREL_TOKEN;
const COLOURS = { 2: "#0072B2", 1: "#E69F00", 0: "#999999" };
const CLASS_WORDS = { 2: "strong", 1: "weak", 0: "irrelevant" };
const SVG_NS = "http://www.w3.org/2000/svg";

const state = {
  status: null,
  base: null,      // GET /api/fri
  doc: null,       // the document on screen (base or constrained)
  pins: [],        // [{name, lo, hi}]
  history: [],     // earlier pin lists, for undo
  editing: null,   // feature index in the pin editor
  request: 0,      // id of the newest constrain request (older answers are ignored)
};

const $ = (id) => document.getElementById(id);
const api = (path) => path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(TOKEN);
const fmt = (v) => (Math.abs(v) < 1e-12 ? "0" : Number(v).toPrecision(3).replace(/\.?0+$/, ""));

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  const res = await fetch(api(path), init);
  const json = await res.json().catch(() => ({ error: { message: "HTTP " + res.status } }));
  return { status: res.status, json };
}

function setStatus(text, kind) {
  const s = $("status");
  s.textContent = text;
  s.className = kind || "";
}

// Per feature: {lower, upper, cls, pinned, preset} of a document (multiclass: the largest over the classes).
function intervals(doc) {
  const one = (features) => features.map((f) => ({
    lower: f.lower, upper: f.upper, cls: f.class, preset: f.preset || null }));
  if (doc.constrained) return one(doc.constrained.features);
  if (doc.one_vs_rest && doc.one_vs_rest.some((m) => m.constrained)) {
    const per = doc.one_vs_rest.map((m) => one(m.constrained.features));
    return per[0].map((_, j) => ({
      lower: Math.max(...per.map((p) => p[j].lower)), upper: Math.max(...per.map((p) => p[j].upper)),
      cls: Math.max(...per.map((p) => p[j].cls)), preset: per[0][j].preset }));
  }
  return one(doc.features);
}

function threshold(doc) {
  if (doc.probes) return doc.probes.threshold_upper;
  if (doc.one_vs_rest) return Math.min(...doc.one_vs_rest.map((m) => m.probes.threshold_upper));
  return null;
}

// ---- The chart (the CLI chart's layout: one slot per feature, the interval as a bar, the noise threshold) ----

const chart = { built: false, shown: [], slot: 0, top: 20, bottom: 240, left: 48, yMax: 1 };

function y(v) { return chart.bottom - (v / chart.yMax) * (chart.bottom - chart.top); }

// ---- Which features the chart and the table show ----
// One slot per feature fits about 60 features across the page; with hundreds or thousands of columns (omics data)
// the bars would be too thin to see or click. Wide data therefore starts with the relevant features only, largest
// unconstrained upper bound first; the page's "show" and "order" controls switch either way.
const WIDE = 60;
const view = { filter: "all", order: "column" };

// Feature indices in display order. "relevant" keeps every feature relevant before or after the pins, the pinned
// ones and the one in the pin editor, so that a pin never hides what it changed. The order uses the unconstrained
// upper bound, which pins do not move, so the bars keep their places (and animate) from pin to pin.
function shownFeatures(doc, keep) {
  const base = intervals(state.base), now = intervals(doc);
  let list = base.map((_, j) => j);
  if (view.filter === "relevant")
    list = list.filter((j) => base[j].cls > 0 || now[j].cls > 0 || now[j].preset || j === state.editing || (keep && keep(j)));
  if (view.order === "upper") list.sort((a, b) => base[b].upper - base[a].upper || a - b);
  return list;
}

function buildChart(doc, shown) {
  const names = shown.map((j) => doc.feature_names[j]);
  const d = Math.max(1, names.length);
  chart.slot = Math.max(14, Math.min(60, 860 / d));
  const longest = Math.max(1, ...names.map((n) => n.length));
  const band = Math.min(160, longest * 5.6 + 12);
  const width = chart.left + d * chart.slot + 10;
  const height = chart.bottom + band;
  chart.yMax = Math.max(1e-9, ...[intervals(state.base), intervals(doc)].flatMap((v) => shown.map((j) => v[j].upper))) * 1.1;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("xmlns", SVG_NS);
  svg.id = "chart-svg";
  // Scaled to the panel's width a chart of many slots would be a few pixels high: keep its own size and scroll.
  // A chart of a few slots is not blown up past 1.5 times its size either.
  if (width > 1100) svg.style.width = width + "px";
  else svg.style.maxWidth = Math.round(1.5 * width) + "px";
  const el = (tag, attrs, parent) => {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    (parent || svg).appendChild(e);
    return e;
  };
  el("rect", { x: 0, y: 0, width, height, fill: "#fff" });
  for (let t = 0; t <= 4; t++) {
    const v = (chart.yMax * t) / 4;
    el("line", { x1: chart.left - 4, x2: width - 10, y1: y(v), y2: y(v), stroke: "#eee" });
    el("text", { x: chart.left - 6, y: y(v) + 3, "text-anchor": "end" }).textContent = fmt(v);
  }
  el("line", { x1: chart.left, x2: chart.left, y1: chart.top, y2: chart.bottom, stroke: "#333" });
  el("line", { x1: chart.left, x2: width - 10, y1: chart.bottom, y2: chart.bottom, stroke: "#333" });
  chart.features = new Array(doc.feature_names.length);
  shown.forEach((j, slot) => {
    const name = doc.feature_names[j];
    const g = el("g", { class: "feature", "data-index": j, "data-name": name });
    const x = chart.left + slot * chart.slot;
    el("rect", { class: "slot", x, y: chart.top, width: chart.slot, height: height - chart.top }, g);
    const w = chart.slot * 0.7, bx = x + (chart.slot - w) / 2;
    const ghost = el("rect", { class: "ghost", x: bx - 1, width: w + 2 }, g);
    const bar = el("rect", { class: "bar", x: bx, width: w }, g);
    const title = el("title", {}, g);
    const cx = x + chart.slot / 2;
    el("text", { class: "name", x: cx, y: chart.bottom + 8, "text-anchor": "end",
                 transform: `rotate(-60 ${cx} ${chart.bottom + 8})` }, g).textContent = name;
    g.addEventListener("click", () => openEditor(j));
    chart.features[j] = { g, bar, ghost, title };
  });
  chart.threshold = el("line", { x1: chart.left, x2: width - 10, stroke: "#000", "stroke-dasharray": "5 3" });
  $("chart").replaceChildren(svg);
  $("legend").innerHTML = Object.entries(CLASS_WORDS).reverse()
    .map(([c, w]) => `<span><i style="background:${COLOURS[c]}"></i>${w}</span>`).join("") +
    '<span><i style="background:#000"></i>pinned</span><span>- - - unconstrained interval, noise threshold</span>';
  chart.built = true;
  chart.shown = shown;
  const total = doc.feature_names.length;
  $("view-count").textContent = shown.length === total ? `${total} features`
    : `showing ${shown.length} of ${total} features` + (shown.length ? "" : ": none is relevant; show all features to pin one");
}

function setBar(rect, lo, hi) {
  // A minimum height keeps a zero-width interval visible; style (not attributes) so that CSS animates it.
  const top = y(hi), h = Math.max(1.5, y(lo) - y(hi));
  rect.style.y = top + "px";
  rect.style.height = h + "px";
}

function draw(doc) {
  const shown = shownFeatures(doc);
  if (!chart.built || shown.join() !== chart.shown.join()) buildChart(doc, shown);
  const now = intervals(doc), base = intervals(state.base);
  const pinned = state.pins.length > 0;
  const changed = [];
  now.forEach((f, j) => {
    const moved = f.cls !== base[j].cls && !f.preset;
    if (moved) changed.push(`${doc.feature_names[j]}: ${CLASS_WORDS[base[j].cls]} → ${CLASS_WORDS[f.cls]}`);
    const c = chart.features[j];
    if (!c) return;  // not shown
    setBar(c.bar, f.lower, f.upper);
    c.bar.style.fill = f.preset ? "#000" : COLOURS[f.cls];
    c.bar.classList.toggle("pinned", !!f.preset);
    c.ghost.style.display = pinned ? "" : "none";
    setBar(c.ghost, base[j].lower, base[j].upper);
    c.g.classList.toggle("changed", moved);
    c.g.classList.toggle("selected", state.editing === j);
    c.title.textContent = `${doc.feature_names[j]}: [${fmt(f.lower)}, ${fmt(f.upper)}] ${CLASS_WORDS[f.cls]}` +
      (f.preset ? ` (pinned to [${fmt(f.preset[0])}, ${fmt(f.preset[1])}])` : "") +
      (pinned ? `; unconstrained [${fmt(base[j].lower)}, ${fmt(base[j].upper)}]` : "");
    c.g.dataset.lower = f.lower;
    c.g.dataset.upper = f.upper;
    c.g.dataset.cls = f.cls;
  });
  const t = threshold(state.base);
  if (t !== null) {
    chart.threshold.setAttribute("y1", y(t));
    chart.threshold.setAttribute("y2", y(t));
  }
  $("changes").textContent = changed.length ? "Class changed: " + changed.join("; ") : "";
  drawGroups(doc, now, base);
  setWarnings("fri", doc);
  $("command").textContent = doc.provenance ? doc.provenance.command_line : "";
  fillOverviewColumn("fri", doc.feature_names.map((_, j) => ({ relevance: now[j].cls, selected: now[j].cls > 0 })));
}

// Substitutes: the grouping's groups when the fit ran with --grouping, and the features that take over a pinned
// feature's share (their lower bound rose).
function drawGroups(doc, now, base) {
  const parts = [];
  const labels = state.base.grouping ? state.base.grouping.labels : null;
  if (labels) {
    const groups = {};
    labels.forEach((g, j) => { if (g > 0) (groups[g] = groups[g] || []).push(doc.feature_names[j]); });
    const list = Object.values(groups).filter((g) => g.length > 1);
    parts.push(list.length ? "<p>Groups of substitutes:</p><ul>" + list.map((g) => `<li>${esc(g.join(", "))}</li>`).join("") + "</ul>"
                           : "<p>No group has more than one feature.</p>");
  } else {
    parts.push("<p class=\"hint\">Start with <code>--grouping</code> for groups of substitutes.</p>");
  }
  const rose = now.map((f, j) => ({ j, by: f.lower - base[j].lower, f }))
    .filter((r) => !r.f.preset && r.by > 1e-6).sort((a, b) => b.by - a.by);
  if (state.pins.length)
    parts.push(rose.length ? "<p>Taking over (lower bound rose):</p><ul>" + rose.map((r) =>
      `<li>${esc(doc.feature_names[r.j])}: ${fmt(base[r.j].lower)} → ${fmt(r.f.lower)}</li>`).join("") + "</ul>"
                           : "<p>No lower bound rose.</p>");
  $("groups").innerHTML = parts.join("");
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// ---- Warnings: the pre-flight issues and every diagnostics.warnings of the documents on screen, by source ----

const notices = {};  // source (fri, boruta, …) -> [{kind, text}] of its latest document

// A document's warnings, each once: its `preflight` issues (with their kind), then every `diagnostics.warnings`
// list in it (one-vs-rest models carry their own), which repeats the pre-flight messages.
function warningsOf(doc) {
  const out = (doc.preflight || []).map((p) => ({ kind: p.kind, text: p.message }));
  const seen = new Set(out.map((w) => w.text));
  const add = (w) => { if (!seen.has(String(w))) { seen.add(String(w)); out.push({ kind: "", text: String(w) }); } };
  const walk = (node) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) { node.forEach(walk); return; }
    for (const [k, v] of Object.entries(node)) {
      if (k === "diagnostics" && v && Array.isArray(v.warnings)) v.warnings.forEach(add);
      else if (k !== "preflight") walk(v);
    }
  };
  walk(doc);
  return out;
}

function setWarnings(source, doc) {
  notices[source] = warningsOf(doc);
  drawWarnings();
}

// One line per distinct message, naming every method that reported it: a data check is the same for all.
function drawWarnings() {
  const byText = new Map();
  for (const [source, list] of Object.entries(notices))
    for (const w of list) {
      const e = byText.get(w.text) || { kind: w.kind, sources: [] };
      if (!e.sources.includes(source)) e.sources.push(source);
      e.kind = e.kind || w.kind;
      byText.set(w.text, e);
    }
  $("warnings").innerHTML = [...byText].map(([text, e]) =>
    `<li data-kind="${esc(e.kind)}" data-sources="${esc(e.sources.join(" "))}"><span class="source">${esc(e.sources.join(", "))}</span>` +
    (e.kind ? `<span class="kind">${esc(e.kind)}</span>` : "") + esc(text) + "</li>").join("");
  $("warnings-panel").hidden = byText.size === 0;
}

// ---- Pins ----

function openEditor(j) {
  const f = intervals(state.base)[j];
  state.editing = j;
  $("pin-editor").hidden = false;
  $("pin-name").textContent = state.base.feature_names[j];
  $("pin-interval").textContent = `unconstrained interval [${fmt(f.lower)}, ${fmt(f.upper)}]; pins must lie in it`;
  for (const id of ["pin-lo", "pin-hi"]) {
    const s = $(id);
    s.min = f.lower;
    s.max = f.upper;
    s.step = (f.upper - f.lower) / 100 || "any";
  }
  $("pin-lo").value = f.lower;
  $("pin-hi").value = f.upper;
  document.querySelector('input[name="pin-mode"][value="zero"]').checked = f.lower === 0;
  document.querySelector('input[name="pin-mode"][value="value"]').checked = f.lower > 0;
  syncEditor();
  draw(state.doc);
}

// "find": the named feature opens in the pin editor, which also brings it into a filtered chart, scrolled to.
function findFeature() {
  if (!state.base) return;
  const name = $("find").value.trim();
  const j = state.base.feature_names.indexOf(name);
  if (j < 0) {
    if (name) setStatus(`no feature named '${name}'`, "error");
    return;
  }
  openEditor(j);
  chart.features[j].g.scrollIntoView({ block: "nearest", inline: "center" });
}

function pinMode() { return document.querySelector('input[name="pin-mode"]:checked').value; }

function syncEditor() {
  const mode = pinMode();
  const lo = $("pin-lo"), hi = $("pin-hi");
  lo.disabled = mode === "zero";
  $("pin-hi-row").hidden = mode !== "range";
  if (mode === "range" && Number(hi.value) < Number(lo.value)) hi.value = lo.value;
  $("pin-lo-out").textContent = mode === "zero" ? "0" : fmt(Number(lo.value));
  $("pin-hi-out").textContent = fmt(Number(hi.value));
}

function editorPin() {
  const name = state.base.feature_names[state.editing];
  const mode = pinMode();
  if (mode === "zero") return { name, lo: 0, hi: 0 };
  const lo = Number($("pin-lo").value);
  if (mode === "value") return { name, lo, hi: lo };
  return { name, lo, hi: Math.max(lo, Number($("pin-hi").value)) };
}

function setPins(pins) {
  state.history.push(state.pins);
  state.pins = pins;
  constrain();
}

function drawPins() {
  const ul = $("pins");
  if (!state.pins.length) {
    ul.innerHTML = '<li class="empty">none: the unconstrained intervals</li>';
  } else {
    ul.innerHTML = state.pins.map((p, i) =>
      `<li>${esc(p.name)} = ${p.lo === p.hi ? fmt(p.lo) : fmt(p.lo) + " … " + fmt(p.hi)}<button class="quiet" data-i="${i}" title="remove this pin">×</button></li>`).join("");
    ul.querySelectorAll("button").forEach((b) => b.addEventListener("click", () =>
      setPins(state.pins.filter((_, i) => i !== Number(b.dataset.i)))));
  }
  $("undo").disabled = state.history.length === 0;
  $("clear").disabled = state.pins.length === 0;
}

async function constrain() {
  drawPins();
  const id = ++state.request;
  const presets = {};
  for (const p of state.pins) presets[p.name] = [p.lo, p.hi];
  setStatus("solving…", "busy");
  const t0 = performance.now();
  const { status, json } = await call("POST", "/api/fri/constrain", { presets });
  if (id !== state.request || status === 409) return;  // a newer pin replaced this one
  if (status !== 200) {
    setStatus(json.error ? json.error.message : "HTTP " + status, "error");
    // An infeasible pin is not kept: back to the previous pins.
    state.pins = state.history.pop() || [];
    drawPins();
    return;
  }
  state.doc = json;
  draw(json);
  setStatus(`${state.pins.length} pin${state.pins.length === 1 ? "" : "s"} · ${Math.round(performance.now() - t0)} ms`);
  document.body.dataset.requests = String(id);
}

// ---- UBayFS ----

function linkList(text) {
  return text.split(";").map((s) => s.trim()).filter((s) => s.length);
}

async function runUbayfs() {
  const body = {};
  const w = $("ub-weights").value.trim();
  if (w) body.weights = w.split(/[,\s]+/).filter((s) => s).map(Number);
  if ($("ub-max").value) body.max_size = Number($("ub-max").value);
  if ($("ub-must").value.trim()) body.must_link = linkList($("ub-must").value);
  if ($("ub-cannot").value.trim()) body.cannot_link = linkList($("ub-cannot").value);
  $("ub-result").textContent = "running UBayFS…";
  const { status, json } = await call("POST", "/api/ubayfs/constrain", body);
  if (status !== 200) {
    $("ub-result").innerHTML = `<p class="error">${esc(json.error ? json.error.message : "HTTP " + status)}</p>`;
    return;
  }
  const best = json.optima && json.optima[0];
  $("ub-result").innerHTML = best
    ? `<p>Optimum: <b>${esc(best.names.join(", ") || "(empty)")}</b> — admissibility ${fmt(best.admissibility)}` +
      (best.violated_constraints ? `, <span class="error">${best.violated_constraints} constraint(s) violated</span>` : ", every constraint met") + "</p>"
    : "<p>No optimum.</p>";
  fillOverviewColumn("ubayfs", selectionOf(json));
  setWarnings("ubayfs", json);
}

// ---- Feature × method overview ----

const overview = { methods: ["fri"], columns: {} };
const RUN_METHODS = ["boruta", "sfc", "crfe", "ubayfs", "pareto"];

function selectionOf(doc) {
  return (doc.features || []).map((f) => ({ selected: !!f.selected, relevance: f.relevance_class ?? (typeof f.class === "number" ? f.class : undefined),
                                            rank: f.rank, layer: f.layer, decision: f.decision }));
}

function fillOverviewColumn(method, cells) {
  if (!overview.methods.includes(method)) overview.methods.push(method);
  overview.columns[method] = cells;
  drawOverview();
}

function cellText(c) {
  if (!c) return ["…", ""];
  if (c.decision) return [c.decision, c.decision === "confirmed" ? "yes" : ""];
  if (c.layer !== undefined && c.layer !== null) return ["layer " + c.layer, c.selected ? "yes" : ""];
  if (typeof c.relevance === "number") return [CLASS_WORDS[c.relevance], "c" + c.relevance];
  if (c.rank) return [(c.selected ? "✓ " : "") + "#" + c.rank, c.selected ? "yes" : ""];
  return [c.selected ? "✓" : "–", c.selected ? "yes" : ""];
}

// The table's rows follow the chart's view; with "relevant" it also keeps every feature another method selected.
function drawOverview() {
  if (!state.base) return;
  const names = state.base.feature_names;
  const picked = (j) => overview.methods.some((m) => { const c = (overview.columns[m] || [])[j]; return c && c.selected; });
  const head = "<tr><th>feature</th>" + overview.methods.map((m) => `<th>${esc(m)}</th>`).join("") + "</tr>";
  const rows = shownFeatures(state.doc, picked).map((j) => `<tr><td class="name">${esc(names[j])}</td>` + overview.methods.map((m) => {
    const [t, cls] = cellText((overview.columns[m] || [])[j]);
    return `<td class="${cls}">${esc(t)}</td>`;
  }).join("") + "</tr>").join("");
  $("overview").innerHTML = `<table>${head}${rows}</table>`;
}

async function runAll() {
  const available = state.status.methods.filter((m) => RUN_METHODS.includes(m));
  $("run-all").disabled = true;
  for (const m of available) {
    if (!overview.methods.includes(m)) overview.methods.push(m);
    // UBayFS needs a size limit: the one in its panel (filled with min(10, d) at start).
    const settings = m === "ubayfs" && $("ub-max").value ? { max_size: Number($("ub-max").value) } : {};
    await call("POST", "/api/run/" + m, { settings });
  }
  drawOverview();
  const pending = new Set(available);
  while (pending.size) {
    await new Promise((r) => setTimeout(r, 500));
    const words = [];
    for (const m of [...pending]) {
      const { json } = await call("GET", "/api/run/" + m);
      if (json.state === "running") {
        words.push(`${m}: ${json.stage || "waiting"} ${json.total ? json.done + "/" + json.total : ""}`);
      } else {
        pending.delete(m);
        if (json.state === "done") {
          fillOverviewColumn(m, selectionOf(json.result));
          setWarnings(m, json.result);
        }
        else words.push(`${m}: ${json.state} ${json.error || ""}`);
      }
    }
    $("run-status").textContent = words.join(" · ");
  }
  $("run-all").disabled = false;
}

// ---- Export ----

function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- Start ----

async function start() {
  for (;;) {
    const { status, json } = await call("GET", "/api/status");
    if (status !== 200) { setStatus(json.error ? json.error.message : "HTTP " + status, "error"); return; }
    state.status = json;
    $("dataset").textContent = `${json.data} · target ${json.target} (${json.task}) · ${json.features.length} features`;
    const f = json.fri;
    if (f.state === "done") break;
    if (f.state === "failed") { setStatus("FRI failed: " + f.error, "error"); return; }
    setStatus(`fitting FRI: ${f.stage || "starting"} ${f.total ? f.done + "/" + f.total : ""}`, "busy");
    await new Promise((r) => setTimeout(r, 300));
  }
  const { status, json } = await call("GET", "/api/fri");
  if (status !== 200) { setStatus(json.error.message, "error"); return; }
  state.base = state.doc = json;
  if (!$("ub-max").value) $("ub-max").value = Math.min(10, json.feature_names.length);
  if (json.feature_names.length > WIDE) Object.assign(view, { filter: "relevant", order: "upper" });
  $("view-filter").value = view.filter;
  $("view-order").value = view.order;
  $("feature-names").replaceChildren(...json.feature_names.map((n) => Object.assign(document.createElement("option"), { value: n })));
  draw(json);
  drawOverview();
  const n = notices.fri.length;
  setStatus("ready: click a feature to pin it" + (n ? ` · ${n} warning${n === 1 ? "" : "s"} above` : ""));
  document.body.dataset.ready = "1";
}

// The script is added from the head (it needs the token), so it may run before the body is parsed.
function init() {
  document.querySelectorAll('input[name="pin-mode"]').forEach((r) => r.addEventListener("change", syncEditor));
  $("pin-lo").addEventListener("input", syncEditor);
  $("pin-hi").addEventListener("input", syncEditor);
  $("pin-apply").addEventListener("click", () => {
    const pin = editorPin();
    $("pin-editor").hidden = true;
    state.editing = null;
    setPins(state.pins.filter((p) => p.name !== pin.name).concat([pin]));
  });
  $("pin-cancel").addEventListener("click", () => { $("pin-editor").hidden = true; state.editing = null; draw(state.doc); });
  $("undo").addEventListener("click", () => {
    if (!state.history.length) return;
    state.pins = state.history.pop();
    constrain();
  });
  $("clear").addEventListener("click", () => setPins([]));
  for (const [id, key] of [["view-filter", "filter"], ["view-order", "order"]])
    $(id).addEventListener("change", () => {
      view[key] = $(id).value;
      if (!state.base) return;
      draw(state.doc);
      drawOverview();
    });
  $("find").addEventListener("change", findFeature);
  $("ub-run").addEventListener("click", runUbayfs);
  $("run-all").addEventListener("click", runAll);
  $("copy-command").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("command").textContent));
  $("save-json").addEventListener("click", () => download("fri.json", JSON.stringify(state.doc, null, 2), "application/json"));
  $("save-svg").addEventListener("click", () => {
    const svg = $("chart-svg").cloneNode(true);
    svg.querySelectorAll("rect").forEach((r) => {  // inline the animated geometry and colours
      const live = r.style;
      if (live.y) r.setAttribute("y", parseFloat(live.y));
      if (live.height) r.setAttribute("height", parseFloat(live.height));
      if (live.fill) r.setAttribute("fill", live.fill);
      if (r.classList.contains("ghost")) { r.setAttribute("fill", "none"); r.setAttribute("stroke", "#777"); r.setAttribute("stroke-dasharray", "3 2"); }
      if (r.classList.contains("slot")) r.setAttribute("fill", r.parentNode.classList.contains("changed") ? "#F0E442" : "none");
      r.removeAttribute("style");
    });
    download("fri.svg", new XMLSerializer().serializeToString(svg), "image/svg+xml");
  });
  start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
