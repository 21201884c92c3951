// Activity panel (B): each step as it happens — the tool, what went in, what came out, intersections,
// filters — like the paper's execution logs, written for people.

import { $, clear, countOf, h, seconds } from "./dom.js";

export class Activity {
  constructor(list, summary) {
    this.list = list;
    this.summary = summary;
    // Follow new entries unless the reader scrolled up; stay pinned when the panel is resized.
    this.stick = true;
    list.addEventListener("scroll", () => {
      this.stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    });
    new ResizeObserver(() => {
      if (this.stick) list.scrollTop = list.scrollHeight;
    }).observe(list);
    this.reset(null);
  }

  reset(graph) {
    clear(this.list);
    this.stick = true;
    this.graph = graph;
    this.openTool = null;
    this.pendingStep = null;
    this.progress = new Map();
    this.summary.textContent = "";
  }

  setGraph(graph) {
    this.graph = graph;
  }

  typeOf(v) {
    return (this.graph && this.graph.vars[v]) || "";
  }

  add(kind, ...children) {
    const item = h("li", { class: `act act-${kind}`, dataset: { kind } }, ...children);
    this.list.append(item);
    if (this.stick) this.list.scrollTop = this.list.scrollHeight;
    return item;
  }

  note(text, kind = "note") {
    return this.add(kind, h("span", { class: "act-text" }, text));
  }

  varChip(v) {
    return h("span", { class: "chip var-chip", title: this.typeOf(v) }, v);
  }

  // Events from the stream (names match EventKind / StreamKind on the server).
  handle(kind, data) {
    const ev = data || {};
    const d = ev.data || {};
    switch (kind) {
      case "generating":
        this.note(ev.message || "Turning the question into a query graph…", "generating");
        break;
      case "readings": {
        const best = (ev.readings || [])[0];
        const others = (ev.readings || []).length - 1;
        if (!best || (!best.text && !others)) break;
        const said = [h("span", { class: "act-title" }, "Read as"),
          h("span", { class: "act-text" }, ` ${best.text || "a graph"}`,
            ev.low_confidence || others ? ` (${Math.round(100 * ev.confidence)}% sure)` : "",
            others ? `; ${others} other reading${others === 1 ? "" : "s"}` : "")];
        const notes = ev.notes || [];  // which words produced which constraint
        this.add("readings", notes.length
          ? h("details", {}, h("summary", {}, said), h("ul", { class: "reading-notes" }, notes.map((n) => h("li", {}, n))))
          : said);
        break;
      }
      case "graph": {
        const vars = Object.keys(ev.graph.vars).length;
        const edges = ev.graph.constraints.filter((c) => c.kind === "edge").length;
        const how = ev.edited ? "your edited graph" : `${ev.backend || "generated"}${ev.seconds != null ? ", " + seconds(ev.seconds) : ""}`;
        this.add("graph", h("span", { class: "act-title" }, "Query graph"),
          h("span", { class: "act-text" }, `${vars} variables, ${edges} relations (${how})`));
        break;
      }
      case "plan": {
        const steps = d.steps || [];
        const tools = (d.tools || []).length;
        const how = d.planner === "paper" ? "the paper's order" : d.planner === "cost" ? "ordered by estimated sizes" : "";
        this.add("plan", h("details", {},
          h("summary", {}, h("span", { class: "act-title" }, "Plan"),
            h("span", { class: "act-text" }, ` ${steps.length} steps, ${tools} tool call${tools === 1 ? "" : "s"}${how ? ", " + how : ""}`)),
          h("ol", { class: "plan-steps" }, steps.map((s) => h("li", { dataset: { kind: s.kind } }, s.text))),
          (d.notes || []).length ? h("ul", { class: "plan-notes" }, d.notes.map((n) => h("li", {}, n))) : null));
        break;
      }
      case "step_started":
        this.pendingStep = ev.message;
        break;
      case "tool_called": {
        const known = d.known, wanted = d.wanted;
        const from = d.semijoin ? wanted : known;  // a semi-join checks the candidates wanted already has
        const input = d.input_size === "all" ? `every ${countOf(1, this.typeOf(from)).replace(/^1 /, "")}` : countOf(d.input_size, this.typeOf(from));
        const io = h("span", { class: "io" }, h("span", { class: "io-in" }, input), " → ",
          h("span", { class: "io-out pending" }, "…"));
        const sources = (d.connectors || []).join(", ");
        this.openTool = { io, wanted, item: this.add("tool",
          h("code", { class: "tool-name" }, d.tool),
          h("span", { class: "act-text" }, this.varChip(known), " → ", this.varChip(wanted),
            d.closes_cycle ? h("span", { class: "chip cycle" }, "closes a cycle") : null,
            d.semijoin ? h("span", { class: "chip semijoin", title: `keeps the ${wanted} candidates linked to ${known}` }, "semi-join") : null),
          io,
          d.estimate != null ? h("span", { class: "act-meta estimate" }, `estimated ${d.estimate}`) : null,
          sources ? h("span", { class: "act-meta" }, `via ${sources}`) : null) };
        break;
      }
      case "tool_result": {
        if (!this.openTool) break;
        const out = $(".io-out", this.openTool.io);
        out.textContent = countOf(d.result_size, this.typeOf(this.openTool.wanted));
        out.classList.remove("pending");
        out.classList.toggle("zero", d.result_size === 0);
        this.openTool.item.append(h("span", { class: "act-time" }, seconds(d.seconds)));
        this.openTool = null;
        break;
      }
      case "intersection": {
        const [a, b] = d.before || [];
        const show = (n) => (n === null || n === undefined ? "all" : n);
        this.add("intersection", h("span", { class: "act-title" }, "Intersect"), this.varChip(ev.var),
          h("span", { class: "io" }, `${show(a)} ∩ ${show(b)} → `,
            h("strong", { class: d.count === 0 ? "zero" : "" }, countOf(d.count, this.typeOf(ev.var)))));
        break;
      }
      case "filter": {
        let what;
        if (d.bound) {
          const text = (this.pendingStep || "").replace(/^resolve \S+ \([^)]*\) on its own: /, "");
          what = h("span", { class: "act-text" }, text ? `on its own: ${text}` : "on its own");
        } else if (d.filter) {
          what = h("span", { class: "act-text" }, d.filter.replace(/^filter /, ""));
        } else {
          what = h("span", { class: "act-text" }, (ev.message || "").replace(/:\s*[\d\w]+ -> \d+$/, ""));
        }
        const before = d.before !== undefined && d.before !== null ? `${d.before} → ` : d.before === null ? "all → " : "";
        this.add("filter", h("span", { class: "act-title" }, d.bound ? "Find" : "Filter"), this.varChip(ev.var), what,
          h("span", { class: "io" }, before, h("strong", { class: d.count === 0 ? "zero" : "" },
            countOf(d.count, this.typeOf(ev.var)))),
          d.bound && d.estimate != null && d.count != null ? h("span", { class: "act-meta estimate" }, `estimated ${d.estimate}`) : null);
        break;
      }
      case "node_resolved": {
        const sample = (d.sample || []).join(" · ");
        this.add("resolved", h("span", { class: "act-title" }, "Resolved"), this.varChip(ev.var),
          h("strong", { class: d.count === 0 ? "zero" : "" }, countOf(d.count, this.typeOf(ev.var))),
          sample ? h("span", { class: "act-sample", title: sample }, sample) : null);
        break;
      }
      case "warning":
        this.add("warning", h("span", { class: "act-title" }, d.emptied_by ? "Nothing left" : "Note"),
          h("span", { class: "act-text" }, ev.message));
        break;
      case "progress": { // the web layer's own event: stage, done, total at the top level
        const d = ev;
        const pct = d.total ? ` ${Math.round((100 * d.done) / d.total)}%` : "";
        const text = `${d.stage}${d.total && d.done >= d.total ? ": done" : pct}`;
        const existing = this.progress.get(d.stage);
        if (existing) existing.querySelector(".act-text").textContent = text;
        else this.progress.set(d.stage, this.add("progress", h("span", { class: "act-title" }, "Index"),
          h("span", { class: "act-text" }, text)));
        break;
      }
      case "done":
        this.add("done", h("span", { class: "act-title" }, "Done"),
          h("span", { class: "act-text" }, `${countOf(d.count, this.typeOf(ev.var))} for ${ev.var}`),
          h("span", { class: "act-time" }, seconds(d.seconds)));
        this.summary.textContent = `${seconds(d.seconds)}`;
        break;
      case "cancelled":
        this.note(ev.message || "Cancelled.", "cancelled");
        break;
      case "error":
        this.add("error", h("span", { class: "act-title" }, "Error"), h("span", { class: "act-text error-text" }, ev.message));
        break;
      default:
        break;
    }
  }
}
