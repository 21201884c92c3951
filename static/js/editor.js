// Fix the graph and run it again: edit filters in a table, or the whole graph as JSON; the server
// validates every change (the same checks as for generated graphs) and the problems show inline.

import { api, ApiError } from "./api.js";
import { clear, h } from "./dom.js";

const CHECK_DELAY = 250;

function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

export class GraphEditor {
  constructor(root, { onRun } = {}) {
    this.root = root;
    this.onRun = onRun || (() => {});
    this.schema = null;
    this.original = null;
    this.graph = null;
    this.valid = false;
    this.timer = null;
    this.checkSeq = 0;
    this.build();
  }

  setSchema(schema) {
    this.schema = schema;
    this.fields = {};
    for (const t of schema.types) this.fields[t.name] = t.fields;
  }

  build() {
    this.tabFilters = h("button", { type: "button", role: "tab", class: "tab", "aria-selected": "true", dataset: { tab: "filters" } }, "Filters");
    this.tabJson = h("button", { type: "button", role: "tab", class: "tab", "aria-selected": "false", dataset: { tab: "json" } }, "JSON");
    this.tabFilters.addEventListener("click", () => this.showTab("filters"));
    this.tabJson.addEventListener("click", () => this.showTab("json"));
    this.rows = h("tbody");
    this.addButton = h("button", { type: "button", class: "add-filter" }, "+ Add filter");
    this.addButton.addEventListener("click", () => this.addFilter());
    this.filtersPane = h("div", { class: "pane pane-filters", role: "tabpanel" },
      h("table", { class: "filters-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "variable"), h("th", {}, "field"), h("th", {}, "op"), h("th", {}, "value"), h("th", {}))),
        this.rows),
      this.addButton);
    this.textarea = h("textarea", { class: "graph-json", spellcheck: "false", rows: 14, "aria-label": "Query graph JSON" });
    this.textarea.addEventListener("input", () => this.jsonEdited());
    this.jsonPane = h("div", { class: "pane pane-json", role: "tabpanel", hidden: true }, this.textarea);
    this.problems = h("ul", { class: "problems", "aria-live": "polite" });
    this.status = h("span", { class: "check-status" });
    this.runButton = h("button", { type: "button", class: "primary run-graph" }, "Run this graph");
    this.runButton.addEventListener("click", () => this.run());
    this.undoButton = h("button", { type: "button", class: "undo" }, "Undo changes");
    this.undoButton.addEventListener("click", () => this.load(this.original, this.question));
    clear(this.root, 
      h("div", { class: "tabs", role: "tablist" }, this.tabFilters, this.tabJson),
      this.filtersPane, this.jsonPane, this.problems,
      h("div", { class: "editor-actions" }, this.status, this.undoButton, this.runButton));
  }

  showTab(name) {
    const json = name === "json";
    this.tabFilters.setAttribute("aria-selected", String(!json));
    this.tabJson.setAttribute("aria-selected", String(json));
    this.filtersPane.hidden = json;
    this.jsonPane.hidden = !json;
    if (json) this.textarea.value = JSON.stringify(this.graph, null, 2);
  }

  load(graph, question) {
    this.original = clone(graph);
    this.graph = clone(graph);
    this.question = question;
    this.textarea.value = JSON.stringify(this.graph, null, 2);
    this.renderRows();
    this.setProblems([]);
    this.valid = true;
    this.changed(false);
  }

  changed(isChanged) {
    this.root.classList.toggle("edited", isChanged);
    this.status.textContent = isChanged ? "" : "The graph as run. Change a filter, or the JSON, then run it again.";
    this.status.className = "check-status";
    this.undoButton.disabled = !isChanged;
  }

  filterVars() {
    return Object.entries(this.graph.vars || {}).filter(([, type]) => (this.fields[type] || []).length);
  }

  renderRows() {
    clear(this.rows);
    const constraints = Array.isArray(this.graph.constraints) ? this.graph.constraints : [];
    constraints.forEach((c, index) => {
      if (!c || c.kind !== "filter") return;
      this.rows.append(this.row(c, index));
    });
    if (!this.rows.children.length) {
      this.rows.append(h("tr", { class: "empty-row" }, h("td", { colspan: 5 }, "No filters. Add one to narrow a variable down.")));
    }
    this.addButton.disabled = !this.filterVars().length;
  }

  row(c, index) {
    const type = this.graph.vars?.[c.var];
    const fields = this.fields[type] || [];
    const field = fields.find((f) => f.name === c.field);
    const varSelect = h("select", { "aria-label": "variable", class: "f-var" },
      this.filterVars().map(([v, t]) => h("option", { value: v, selected: v === c.var }, `${v} (${t})`)));
    const fieldSelect = h("select", { "aria-label": "field", class: "f-field" },
      fields.map((f) => h("option", { value: f.name, selected: f.name === c.field, title: f.description }, f.name)),
      field ? null : h("option", { value: c.field, selected: true }, c.field));
    const ops = field ? field.operators : [c.op];
    const opSelect = h("select", { "aria-label": "operator", class: "f-op" },
      ops.map((op) => h("option", { value: op, selected: op === c.op }, op)));
    const value = h("input", { type: "text", class: "f-value", "aria-label": "value", value: c.value ?? "",
      placeholder: field ? `e.g. ${field.example}` : "" });
    const remove = h("button", { type: "button", class: "f-remove", title: "Remove this filter", "aria-label": "Remove this filter" }, "✕");
    varSelect.addEventListener("change", () => {
      const t = this.graph.vars[varSelect.value];
      const keep = (this.fields[t] || []).find((f) => f.name === c.field);
      const f = keep || (this.fields[t] || [])[0];
      this.setConstraint(index, { ...c, var: varSelect.value, field: f.name, op: f.operators.includes(c.op) ? c.op : f.operators[0] }, true);
    });
    fieldSelect.addEventListener("change", () => {
      const f = fields.find((x) => x.name === fieldSelect.value);
      this.setConstraint(index, { ...c, field: f.name, op: f.operators.includes(c.op) ? c.op : f.operators[0] }, true);
    });
    opSelect.addEventListener("change", () => this.setConstraint(index, { ...c, op: opSelect.value }, false));
    value.addEventListener("input", () => this.setConstraint(index, { ...c, value: value.value }, false));
    value.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.run(); }
    });
    remove.addEventListener("click", () => {
      this.graph.constraints.splice(index, 1);
      this.edited(true);
    });
    return h("tr", { class: "filter-row", dataset: { index, var: c.var, field: c.field } },
      h("td", {}, varSelect), h("td", {}, fieldSelect), h("td", {}, opSelect), h("td", {}, value), h("td", {}, remove));
  }

  setConstraint(index, constraint, rerender) {
    // the row closures hold the constraint they were built with; keep them current
    Object.assign(this.graph.constraints[index], constraint);
    this.edited(rerender);
  }

  addFilter() {
    const [v, t] = this.filterVars()[0];
    const f = this.fields[t][0];
    if (!Array.isArray(this.graph.constraints)) this.graph.constraints = [];
    this.graph.constraints.push({ kind: "filter", var: v, field: f.name, op: f.operators[0], value: "" });
    this.edited(true);
    const inputs = this.rows.querySelectorAll("input.f-value");
    if (inputs.length) inputs[inputs.length - 1].focus();
  }

  edited(rerender) {
    if (rerender) this.renderRows();
    this.textarea.value = JSON.stringify(this.graph, null, 2);
    this.changed(true);
    this.scheduleCheck(this.graph);
  }

  jsonEdited() {
    this.changed(true);
    let parsed = null;
    try {
      parsed = JSON.parse(this.textarea.value);
    } catch (err) {
      parsed = null;
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      this.graph = parsed;
      this.renderRows();
    }
    this.scheduleCheck(this.textarea.value);
  }

  scheduleCheck(graph) {
    this.valid = false;
    this.runButton.disabled = true;
    this.status.textContent = "checking…";
    this.status.className = "check-status";
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(graph), CHECK_DELAY);
  }

  async check(graph) {
    const seq = ++this.checkSeq;
    let data;
    try {
      data = await api("/api/graph/check", { method: "POST", body: { graph } });
    } catch (err) {
      if (seq === this.checkSeq) this.setProblems([err.message]);
      return;
    }
    if (seq !== this.checkSeq) return; // a newer edit is being checked
    this.valid = data.ok;
    this.runButton.disabled = !data.ok;
    this.setProblems(data.problems);
    if (data.ok) {
      this.status.textContent = `✓ valid graph: ${data.steps.length} plan steps. Run it to see the new answer.`;
      this.status.className = "check-status ok";
    } else {
      this.status.textContent = `${data.problems.length} problem${data.problems.length === 1 ? "" : "s"} to fix`;
      this.status.className = "check-status bad";
    }
  }

  setProblems(problems) {
    clear(this.problems);
    for (const p of problems) this.problems.append(h("li", {}, p));
    this.problems.hidden = !problems.length;
    if (!problems.length) this.runButton.disabled = false;
  }

  async run() {
    clearTimeout(this.timer);
    const onJson = !this.jsonPane.hidden;
    const graph = onJson ? this.textarea.value : this.graph;
    try {
      await this.onRun(graph, this.question);
    } catch (err) {
      if (err instanceof ApiError && err.body && err.body.problems) this.setProblems(err.body.problems);
      else this.setProblems([err.message]);
      this.status.textContent = "not run: fix the problems above";
      this.status.className = "check-status bad";
    }
  }
}
