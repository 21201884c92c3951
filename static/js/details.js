// Node details (C): click a node to see its candidate set, a page at a time, each item openable.

import { api } from "./api.js";
import { append, clear, countOf, filterText, h } from "./dom.js";
import { itemView, pager } from "./items.js";

const STATE_WORDS = {
  waiting: "waiting", resolving: "resolving", resolved: "resolved", empty: "emptied", error: "error",
};

export class NodeDetails {
  constructor(root, { stateOf } = {}) {
    this.root = root;
    this.stateOf = stateOf || (() => undefined);
    this.reset();
  }

  reset() {
    this.run = null;
    this.graph = null;
    this.var = null;
    this.samples = {};
    this.finished = false;
    clear(this.root, h("p", { class: "hint" }, "Click a node of the graph to see its candidates."));
  }

  begin(run, graph) {
    this.run = run;
    this.graph = graph;
    this.samples = {};
    this.finished = false;
    if (this.var && !(this.var in graph.vars)) this.var = null;
    if (this.var) this.show(this.var);
    else clear(this.root, h("p", { class: "hint" }, "Click a node of the graph to see its candidates."));
  }

  noteResolved(v, data) {
    this.samples[v] = data;
    if (this.var === v && !this.finished) this.show(v, "resolved");
  }

  finish(runId) {
    this.finished = true;
    this.run = runId;
    if (this.var) this.show(this.var);
  }

  header(v, state, count) {
    const type = this.graph.vars[v];
    const filters = this.graph.constraints.filter((c) => c.kind === "filter" && c.var === v);
    const edges = this.graph.constraints.filter((c) => c.kind === "edge" && (c.from === v || c.to === v));
    return h("div", { class: "details-head" },
      h("h3", {}, h("span", { class: "var-chip chip" }, v), " ", type,
        state ? h("span", { class: `state-pill state-${state}` }, STATE_WORDS[state] || state) : null),
      h("p", { class: "details-sub" }, [
        count !== undefined ? h("strong", { class: "details-count" }, count === null ? `every ${type}` : countOf(count, type)) : null,
        filters.length ? filters.map(filterText).join(", ") : null,
        edges.length ? edges.map((e) => `${e.from} ${e.edge} ${e.to}`).join(", ") : null,
      ].filter(Boolean).flatMap((part, i) => (i ? [" · ", part] : [part]))));
  }

  async show(v, state = this.stateOf(v), page = 1) {
    this.var = v;
    this.state = state;
    if (!this.graph) return;
    const root = clear(this.root);
    root.dataset.var = v;
    if (!this.finished) {
      const sample = this.samples[v];
      root.append(this.header(v, state, sample ? sample.count : undefined));
      if (sample && sample.sample && sample.sample.length) {
        root.append(h("p", { class: "hint" }, "First candidates (the full list appears when the run ends):"),
          h("ul", { class: "sample" }, sample.sample.map((s) => h("li", {}, s))));
      } else {
        root.append(h("p", { class: "hint" }, state === "waiting" ? "Not resolved yet." : "Resolving…"));
      }
      return;
    }
    root.append(h("p", { class: "hint" }, "Loading…"));
    let data;
    try {
      data = await api(`/api/runs/${encodeURIComponent(this.run)}/nodes/${encodeURIComponent(v)}?page=${page}`);
    } catch (err) {
      if (this.var !== v) return;
      clear(root, this.header(v, state), h("p", { class: "problem" }, err.message));
      return;
    }
    if (this.var !== v) return; // another node was clicked meanwhile
    clear(root, this.header(v, state, data.state === "not_reached" ? undefined : data.count));
    if (data.message) root.append(h("p", { class: "hint" }, data.message));
    if (data.items.length) {
      const first = (data.page - 1) * (data.per_page || data.items.length) + 1;
      root.append(h("ol", { class: "items candidates", start: first }, data.items.map((item) => itemView(item))));
    } else if (data.state === "resolved") {
      root.append(h("p", { class: "hint" }, "No candidates."));
    }
    append(root, pager(data.page, data.pages, (p) => this.show(v, undefined, p)));
  }
}
