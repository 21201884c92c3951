// Graph view (A): the query graph drawn with D3, laid out in resolution order (leaves left, answer right).
// Each node shows its variable, type, filters and candidate count, coloured by state; edges carry their
// relation; a node pulses while a tool runs for it.

/* global d3 */

const NODE_W = 176;
const NODE_H = 74;
const COL_GAP = 128;
const ROW_GAP = 22;
const PAD = 28;

export const STATES = ["waiting", "resolving", "resolved", "empty", "error"];

const STATE_TEXT = {
  waiting: "waiting",
  resolving: "resolving…",
  resolved: "resolved",
  empty: "nothing left",
  error: "error",
};

function truncate(text, n) {
  return text.length > n ? text.slice(0, n - 1) + "…" : text;
}

function plural(n, type) {
  const words = {
    Email: ["email", "emails"], Person: ["person", "people"], Self: ["you", "you"], File: ["file", "files"],
    Folder: ["folder", "folders"], Event: ["event", "events"], Date: ["date range", "date ranges"],
    Place: ["place", "places"], Webpage: ["web page", "web pages"],
  }[type] || ["item", "items"];
  if (type === "Self") return "you";
  return `${n} ${n === 1 ? words[0] : words[1]}`;
}

// BFS tree from the return variable when no plan is known (the editor's preview).
function bfsTree(graph) {
  const parent = { [graph.return_var]: null };
  const queue = [graph.return_var];
  const edges = graph.constraints.filter((c) => c.kind === "edge");
  while (queue.length) {
    const v = queue.shift();
    for (const e of edges) {
      const other = e.from === v ? e.to : e.to === v ? e.from : null;
      if (other && !(other in parent) && other in graph.vars) {
        parent[other] = v;
        queue.push(other);
      }
    }
  }
  for (const v of Object.keys(graph.vars)) if (!(v in parent)) parent[v] = graph.return_var === v ? null : undefined;
  return parent;
}

export class GraphView {
  constructor(container, { onSelect } = {}) {
    this.container = container;
    this.onSelect = onSelect || (() => {});
    this.nodes = new Map();
    this.edges = [];
    this.selected = null;
    this.changed = new Set(); // variables a follow-up added or moved the answer to: highlighted
    this.svg = d3.select(container).append("svg").attr("class", "graph-svg")
      .attr("role", "group").attr("aria-label", "Query graph");
    const defs = this.svg.append("defs");
    for (const kind of ["normal", "active"]) {
      defs.append("marker").attr("id", `qw-arrow-${kind}`).attr("viewBox", "0 0 10 10")
        .attr("refX", 9).attr("refY", 5).attr("markerWidth", 7).attr("markerHeight", 7)
        .attr("orient", "auto-start-reverse")
        .append("path").attr("d", "M0,0 L10,5 L0,10 z").attr("class", `arrow arrow-${kind}`);
    }
    this.edgeLayer = this.svg.append("g").attr("class", "edges");
    this.nodeLayer = this.svg.append("g").attr("class", "nodes");
  }

  // graph: the paper's JSON; treeParent: the plan's DFS tree (var -> parent var), or null.
  setChanged(vars) {
    this.changed = new Set(vars || []);
  }

  setGraph(graph, treeParent) {
    this.graph = graph;
    const parent = treeParent && Object.keys(treeParent).length ? treeParent : bfsTree(graph);
    const filters = {};
    for (const c of graph.constraints) {
      if (c.kind === "filter") (filters[c.var] = filters[c.var] || []).push(c);
    }
    // d3.tree over the DFS tree gives a tidy layout; depth becomes the column (answer on the right).
    const vars = Object.keys(graph.vars).filter((v) => parent[v] !== undefined);
    const root = d3.stratify().id((v) => v).parentId((v) => parent[v] || null)(vars);
    d3.tree().nodeSize([NODE_H + ROW_GAP, NODE_W + COL_GAP])(root);
    const maxDepth = d3.max(root.descendants(), (d) => d.depth) || 0;
    const old = this.nodes;
    this.nodes = new Map();
    for (const d of root.descendants()) {
      const prev = old.get(d.id);
      this.nodes.set(d.id, {
        var: d.id, type: graph.vars[d.id], filters: filters[d.id] || [], isReturn: d.id === graph.return_var,
        x: (maxDepth - d.depth) * (NODE_W + COL_GAP), y: d.x,
        state: prev && prev.type === graph.vars[d.id] ? prev.state : "waiting",
        count: prev ? prev.count : null, pulsing: false,
      });
    }
    // Stray variables (not connected; the editor shows the problem) go in a row below.
    let stray = 0;
    const bottom = d3.max([...this.nodes.values()], (n) => n.y) || 0;
    for (const v of Object.keys(graph.vars)) {
      if (this.nodes.has(v)) continue;
      this.nodes.set(v, { var: v, type: graph.vars[v], filters: filters[v] || [], isReturn: false,
        x: stray++ * (NODE_W + COL_GAP), y: bottom + NODE_H + ROW_GAP, state: "waiting", count: null, pulsing: false });
    }
    this.edges = graph.constraints.filter((c) => c.kind === "edge" && this.nodes.has(c.from) && this.nodes.has(c.to))
      .map((c) => {
        // Arrows follow the data: from the variable resolved first to the one it helps resolve.
        let source = c.from, target = c.to, tree = true;
        if (parent[c.to] === c.from) { source = c.to; target = c.from; }
        else if (parent[c.from] !== c.to) {
          tree = false;
          if (this.nodes.get(c.from).x > this.nodes.get(c.to).x) { source = c.to; target = c.from; }
        }
        return { key: `${c.from}|${c.edge}|${c.to}`, from: c.from, to: c.to, edge: c.edge, source, target, tree,
          active: false };
      });
    this.render();
  }

  clear() {
    this.nodes = new Map();
    this.edges = [];
    this.graph = null;
    this.edgeLayer.selectAll("*").remove();
    this.nodeLayer.selectAll("*").remove();
  }

  reset() {
    for (const n of this.nodes.values()) Object.assign(n, { state: "waiting", count: null, pulsing: false, note: null });
    for (const e of this.edges) e.active = false;
    this.render();
  }

  update(v, changes) {
    const node = this.nodes.get(v);
    if (!node) return;
    Object.assign(node, changes);
    this.render();
  }

  // Mark the edge a tool is crossing (known -> wanted); null clears every edge.
  activate(known, wanted) {
    for (const e of this.edges) {
      e.active = known !== null && ((e.from === known && e.to === wanted) || (e.from === wanted && e.to === known));
    }
    this.render();
  }

  select(v) {
    this.selected = v;
    this.render();
  }

  state(v) {
    return this.nodes.get(v)?.state;
  }

  vars() {
    return [...this.nodes.keys()];
  }

  countText(n) {
    if (n.note) return n.note;
    if (n.state === "error") return "error";
    if (n.state === "empty") return "0 left: emptied here";
    if (n.count === null || n.count === undefined) {
      if (n.state === "resolved") return `every ${plural(1, n.type).replace(/^1 /, "")}`;
      return STATE_TEXT[n.state];
    }
    const text = plural(n.count, n.type);
    return n.state === "resolving" ? `${text} so far` : text;
  }

  render() {
    const nodes = [...this.nodes.values()];
    if (!nodes.length) return;
    const minX = d3.min(nodes, (n) => n.x) - NODE_W / 2 - PAD;
    const maxX = d3.max(nodes, (n) => n.x) + NODE_W / 2 + PAD;
    const minY = d3.min(nodes, (n) => n.y) - NODE_H / 2 - PAD;
    const maxY = d3.max(nodes, (n) => n.y) + NODE_H / 2 + PAD;
    // Natural size when it fits; scaled down (never up) when the column is narrower.
    this.svg.attr("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`)
      .attr("width", maxX - minX).attr("height", maxY - minY)
      .attr("preserveAspectRatio", "xMidYMid meet");

    const edge = this.edgeLayer.selectAll("g.edge").data(this.edges, (e) => e.key)
      .join((enter) => {
        const g = enter.append("g").attr("class", "edge");
        g.append("path").attr("class", "edge-line");
        g.append("text").attr("class", "edge-label").attr("text-anchor", "middle").attr("dy", "-0.45em");
        return g;
      });
    edge.classed("active", (e) => e.active).classed("cycle", (e) => !e.tree)
      .attr("data-edge", (e) => e.edge).attr("data-from", (e) => e.from).attr("data-to", (e) => e.to);
    edge.select("path.edge-line")
      .attr("d", (e) => this.edgePath(e))
      .attr("marker-end", (e) => `url(#qw-arrow-${e.active ? "active" : "normal"})`);
    edge.select("text.edge-label")
      .attr("x", (e) => this.edgeMid(e)[0]).attr("y", (e) => this.edgeMid(e)[1])
      .text((e) => e.edge);

    const node = this.nodeLayer.selectAll("g.node").data(nodes, (n) => n.var)
      .join((enter) => {
        const g = enter.append("g").attr("class", "node").attr("tabindex", 0).attr("role", "button");
        g.append("rect").attr("class", "halo");
        g.append("rect").attr("class", "box");
        const title = g.append("text").attr("class", "title");
        title.append("tspan").attr("class", "var");
        title.append("tspan").attr("class", "type");
        g.append("text").attr("class", "filters");
        g.append("text").attr("class", "count");
        g.append("g").attr("class", "answer-badge");
        g.append("title");
        g.on("click", (event, n) => this.onSelect(n.var));
        g.on("keydown", (event, n) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); this.onSelect(n.var); }
        });
        return g;
      });
    node.attr("transform", (n) => `translate(${n.x - NODE_W / 2},${n.y - NODE_H / 2})`)
      .attr("data-var", (n) => n.var).attr("data-state", (n) => n.state)
      .attr("data-count", (n) => (n.count === null || n.count === undefined ? "" : n.count))
      .attr("aria-label", (n) => `${n.var}, ${n.type}: ${this.countText(n)}`)
      .attr("class", (n) => `node state-${n.state}${n.pulsing ? " pulsing" : ""}${n.var === this.selected ? " selected" : ""}${n.isReturn ? " return" : ""}${this.changed.has(n.var) ? " changed" : ""}`);
    node.select("rect.halo").attr("x", -5).attr("y", -5).attr("width", NODE_W + 10).attr("height", NODE_H + 10)
      .attr("rx", 15);
    node.select("rect.box").attr("width", NODE_W).attr("height", NODE_H).attr("rx", 11);
    node.select("tspan.var").attr("x", 14).attr("y", 24).text((n) => n.var);
    node.select("tspan.type").attr("dx", 8).text((n) => n.type);
    node.select("text.filters").attr("x", 14).attr("y", 44)
      .text((n) => truncate(n.filters.map((f) => `${f.field} ${f.op} ${JSON.stringify(f.value)}`).join(", ") ||
        "no filter", 24))
      .classed("none", (n) => !n.filters.length);
    node.select("text.count").attr("x", 14).attr("y", 63).text((n) => this.countText(n));
    node.select("title").text((n) => [`${n.var}: ${n.type}`,
      ...n.filters.map((f) => `${f.field} ${f.op} ${JSON.stringify(f.value)}`), this.countText(n),
      "Click for its candidates"].join("\n"));
    const badge = node.select("g.answer-badge").attr("transform", `translate(${NODE_W - 62},9)`);
    badge.selectAll("*").remove();
    badge.filter((n) => n.isReturn).call((g) => {
      g.append("rect").attr("width", 52).attr("height", 18).attr("rx", 9);
      g.append("text").attr("x", 26).attr("y", 13).attr("text-anchor", "middle").text("answer");
    });
  }

  anchor(v, side) {
    const n = this.nodes.get(v);
    return [n.x + (side === "right" ? NODE_W / 2 : -NODE_W / 2), n.y];
  }

  edgePath(e) {
    const s = this.nodes.get(e.source), t = this.nodes.get(e.target);
    if (e.tree || s.x !== t.x) {
      const [sx, sy] = this.anchor(e.source, s.x <= t.x ? "right" : "left");
      const [tx, ty] = this.anchor(e.target, s.x <= t.x ? "left" : "right");
      const mx = (sx + tx) / 2;
      const bend = e.tree ? 0 : 40;
      return `M${sx},${sy} C${mx},${sy - bend} ${mx},${ty - bend} ${tx - (s.x <= t.x ? 2 : -2)},${ty}`;
    }
    // Same column (a cycle edge): an arc on the right.
    const [sx, sy] = this.anchor(e.source, "right");
    const [tx, ty] = this.anchor(e.target, "right");
    return `M${sx},${sy} C${sx + 70},${sy} ${tx + 70},${ty} ${tx + 2},${ty}`;
  }

  edgeMid(e) {
    const s = this.nodes.get(e.source), t = this.nodes.get(e.target);
    if (e.tree || s.x !== t.x) {
      const [sx, sy] = this.anchor(e.source, s.x <= t.x ? "right" : "left");
      const [tx, ty] = this.anchor(e.target, s.x <= t.x ? "left" : "right");
      return [(sx + tx) / 2, (sy + ty) / 2 - (e.tree ? 0 : 30)];
    }
    const [sx, sy] = this.anchor(e.source, "right");
    const [, ty] = this.anchor(e.target, "right");
    return [sx + 54, (sy + ty) / 2];
  }
}
