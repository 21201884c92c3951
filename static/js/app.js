// The page: ask a question (or run an edited graph), follow the run's event stream, and keep the graph
// view (A), activity panel (B), node details (C), the answer and the graph editor in step.

import { Activity } from "./activity.js";
import { AnswerView, missesView } from "./answer.js";
import { api, eventsUrl } from "./api.js";
import { $, clear, countOf, h, seconds } from "./dom.js";
import { DataPage } from "./data.js";
import { NodeDetails } from "./details.js";
import { GraphEditor } from "./editor.js";
import { GraphView } from "./graph.js";
import { toast } from "./items.js";
import { ReadingsView } from "./readings.js";

// The server's event names (queryweaver/web/sse.py: StreamKind + EventKind).
const EVENT_NAMES = (document.body.dataset.events || "").split(" ").filter(Boolean);
const TERMINAL = new Set(["result", "error", "cancelled"]);
// Pauses after some events so a fast run can still be watched node by node (milliseconds).
const PACE = { tool_called: 240, tool_result: 60, node_resolved: 160, filter: 60, intersection: 80, warning: 120 };

// Messages are written as one lower-case line for the terminal; on the page they start a sentence.
function sentence(text) {
  const t = String(text || "Something went wrong.");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

class App {
  constructor() {
    this.el = {
      form: $("#ask-form"), question: $("#question"), ask: $("#ask"), cancel: $("#cancel"),
      status: $("#run-status"), welcome: $("#welcome"), examples: $("#examples"), recent: $("#recent"),
      recentBlock: $("#recent-block"), clearRecent: $("#clear-recent"), datalist: $("#question-options"),
      badge: $("#data-badge"), graphPanel: $("#graph-panel"), answerPanel: $("#answer-panel"),
      editorPanel: $("#editor-panel"), graphQuestion: $("#graph-question"), home: $("#home-link"),
      followForm: $("#followup-form"), followInput: $("#followup"), crumbs: $("#conversation"),
    };
    // This conversation, oldest first: {run, question, edit} per step; a follow-up edits the last one's graph.
    this.conversation = [];
    this.graphView = new GraphView($("#graph"), { onSelect: (v) => this.selectNode(v) });
    this.activity = new Activity($("#activity"), $("#activity-summary"));
    this.details = new NodeDetails($("#details"), { stateOf: (v) => this.graphView.state(v) });
    this.answer = new AnswerView($("#answer"), { onShowNode: (v) => this.selectNode(v), onRetryName: (miss, s) => this.retryName(miss, s) });
    this.editor = new GraphEditor($("#editor"), { onRun: (graph, question) => this.start({ graph, question }) });
    // A "Did you mean" chip runs that reading's graph as an edited graph: no LLM, and it stays editable.
    this.readings = new ReadingsView($("#readings"), {
      onPick: (reading) => this.start({ graph: reading.graph, question: this.readings.data.question, reading: reading.number })
        .catch((err) => this.fail(err.message)),
    });
    this.dataPage = new DataPage($("#data-view"), { onChanged: () => this.refreshHome() });
    this.run = null;
    this.source = null;
    this.queue = [];
    this.pumping = false;
  }

  // #data shows the Data page; anything else the question page.
  route() {
    const data = location.hash === "#data";
    document.body.classList.toggle("is-data", data);
    $("#data-view").hidden = !data;
    $("#ask-view").hidden = data;
    if (data) this.dataPage.show();
  }

  async refreshHome() {
    try {
      this.home = await api("/api/home");
      this.showHome(this.home);
    } catch (err) {
      /* the page keeps what it showed */
    }
  }

  showHome(home) {
    this.el.badge.textContent = home.demo ? "demo data" : `${home.sources.length} source${home.sources.length === 1 ? "" : "s"}`;
    this.el.badge.title = home.demo ? "No config file found: showing the bundled demo data set" : [home.config, ...home.sources].filter(Boolean).join("\n");
    this.showExamples(home.examples, home.examples_from);
    if (home.examples_from === "data") this.loadExamples();
    const banner = $("#index-banner");
    banner.hidden = !home.indexing;
    banner.textContent = home.indexing ? "Your sources are being indexed (see Your data). Questions are answered now, from what is indexed so far; each answer says which sources are not finished." : "";
    const note = $(".demo-note");
    if (note) note.hidden = !home.demo;
  }

  showExamples(examples, from) {
    clear(this.el.examples, examples.map((q) => this.questionButton(q, "example")));
    $("#examples-title").textContent = from === "data"
      ? (examples.length ? "Try a question about your data" : "Questions about your data appear here once it is indexed")
      : "Try an example on the demo data";
  }

  // Examples made from the user's own data (GET /api/examples): what their mail, calendar and files name.
  async loadExamples(tries = 0) {
    clearTimeout(this.examplesTimer);
    try {
      const found = await api("/api/examples");
      this.showExamples(found.examples, found.from);
      if (this.home) this.home.examples = found.examples;
      if (found.busy && tries < 20) this.examplesTimer = setTimeout(() => this.loadExamples(tries + 1), 3000);
    } catch (err) {
      /* the page keeps what it showed */
    }
  }

  async init() {
    this.el.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const question = this.el.question.value.trim();
      if (question) this.start({ question }).catch((err) => this.fail(err.message));
    });
    this.el.cancel.addEventListener("click", () => this.cancel());
    this.el.followForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const question = this.el.followInput.value.trim();
      const last = this.conversation[this.conversation.length - 1];
      if (question && last) this.start({ question, follow: last.run }).catch((err) => this.fail(err.message));
    });
    this.el.clearRecent.addEventListener("click", async () => {
      await api("/api/recent/clear", { method: "POST", body: {} });
      this.showRecent([]);
    });
    this.el.home.addEventListener("click", (event) => {
      event.preventDefault();
      this.goHome();
    });
    window.addEventListener("hashchange", () => this.route());
    this.route();
    try {
      const [home, schema] = await Promise.all([api("/api/home"), api("/api/schema")]);
      this.editor.setSchema(schema);
      this.home = home;
      this.showHome(home);
      this.showRecent(home.recent);
    } catch (err) {
      this.fail(err.message);
    }
    document.body.classList.add("ready");
    this.el.question.focus();
  }

  questionButton(question, kind) {
    const button = h("button", { type: "button", class: `question-chip ${kind}` }, question);
    button.addEventListener("click", () => {
      this.el.question.value = question;
      this.start({ question }).catch((err) => this.fail(err.message));
    });
    return h("li", {}, button);
  }

  showRecent(recent) {
    clear(this.el.recent, recent.map((q) => this.questionButton(q, "recent")));
    this.el.recentBlock.hidden = !recent.length;
    clear(this.el.datalist, [...recent, ...(this.home?.examples || [])].map((q) => h("option", { value: q })));
  }

  goHome() {
    if (location.hash) history.pushState(null, "", location.pathname);
    this.route();
    this.stopStream();
    this.run = null;
    document.body.classList.add("is-empty");
    this.el.welcome.hidden = false;
    for (const panel of [this.el.graphPanel, this.el.answerPanel, this.el.editorPanel]) panel.hidden = true;
    this.setStatus("", "");
    this.setRunning(false);
    this.readings.reset();
    this.conversation = [];
    this.showConversation();
    this.el.followForm.hidden = true;
    this.el.question.value = "";
    this.el.question.focus();
    api("/api/recent").then((data) => this.showRecent(data.recent)).catch(() => {});
  }

  // -- a run -------------------------------------------------------------------------------------
  // reading: the number of the reading a "Did you mean" chip ran (graph is then that reading's graph).
  // follow: the run whose answer this question follows up (its graph is edited, not read afresh).
  async start({ question, graph, reading, follow }) {
    this.stopStream();
    const body = {};
    if (question) body.question = question;
    if (graph) body.graph = graph;
    if (follow) body.follow = follow;
    this.askedAt = performance.now(); // the header shows the time the person waited, not the engine's alone
    const run = await api("/api/runs", { method: "POST", body }); // a bad graph throws: the editor shows why
    if (location.hash === "#data") { history.pushState(null, "", location.pathname); this.route(); }
    if (follow) this.conversation.push({ run: run.id, question });
    else if (!graph || !this.conversation.length) this.conversation = [{ run: run.id, question }];
    else this.conversation[this.conversation.length - 1].run = run.id; // a reading or an edit of the same step
    if (follow) this.el.followInput.value = "";
    this.open(run.id, { question, graph, reading });
  }

  // Show run ``runId`` from its first event: a new run, or a step of the conversation shown again.
  open(runId, { question, graph, reading }) {
    this.stopStream();
    this.run = runId;
    this.showConversation();
    this.el.followForm.hidden = true;
    this.finished = false;
    if (!graph) this.readings.reset(); // a new question: its readings come with its stream
    else this.readings.setShown(reading === undefined ? null : reading);
    document.body.classList.remove("is-empty");
    this.el.welcome.hidden = true;
    this.el.answerPanel.hidden = false;
    this.activity.reset(null);
    this.answer.waiting(graph ? "Running your graph…" : "Turning the question into a query graph…");
    this.el.graphQuestion.textContent = question ? `“${question}”` : "";
    if (!graph) { // until the question becomes a graph there is nothing to draw, edit or inspect
      this.el.graphPanel.hidden = true;
      this.el.editorPanel.hidden = true;
      this.graphView.clear();
      this.details.reset();
      this.graph = null;
    }
    this.setRunning(true);
    this.setStatus(reading !== undefined ? "Running that reading…" : graph ? "Running the edited graph…" : "Understanding the question…", "running");
    this.follow(runId);
  }

  // A follow-up that could not be read or run leaves the conversation where it was: the step is dropped and its
  // words stay in the box, to rephrase.
  keepFollowing() {
    const last = this.conversation[this.conversation.length - 1];
    if (this.conversation.length < 2 || !last || last.run !== this.run) return;
    this.conversation.pop();
    this.showConversation();
    this.el.followInput.value = last.question || "";
    this.el.followForm.hidden = false;
  }

  // The conversation as a breadcrumb: each earlier step is one click away; a follow-up from there starts a new
  // branch (the later steps are dropped).
  showConversation() {
    const steps = this.conversation;
    this.el.crumbs.hidden = steps.length < 2;
    clear(this.el.crumbs, steps.map((step, i) => {
      if (i === steps.length - 1) return h("span", { class: "crumb current", "aria-current": "step" }, step.question);
      const button = h("button", { type: "button", class: "crumb link-button", title: "Show this step again" }, step.question);
      button.addEventListener("click", () => this.backTo(i));
      return button;
    }));
  }

  async backTo(index) {
    const step = this.conversation[index];
    try {
      await api(`/api/runs/${encodeURIComponent(step.run)}`);
    } catch (err) {
      toast("That step's answer is gone (answers are kept a while): ask it again.", "error");
      return;
    }
    this.conversation = this.conversation.slice(0, index + 1);
    this.el.question.value = this.conversation[0].question || "";
    this.askedAt = performance.now();
    this.open(step.run, { question: step.question });
  }

  follow(runId) {
    const source = new EventSource(eventsUrl(runId));
    this.source = source;
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (event) => {
        if (this.run !== runId) return;
        let data = {};
        try {
          data = JSON.parse(event.data);
        } catch (err) {
          return;
        }
        if (TERMINAL.has(name)) source.close(); // the server ends the stream; do not reconnect
        this.enqueue(name, data);
      });
    }
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && this.run === runId && !this.finished) {
        this.enqueue("error", { message: "Lost the connection to the QueryWeaver server. Is 'queryweaver serve' still running?" });
      }
    };
  }

  stopStream() {
    if (this.source) this.source.close();
    this.source = null;
    this.queue = [];
  }

  enqueue(name, data) {
    this.queue.push([name, data]);
    if (!this.pumping) this.pump();
  }

  async pump() {
    this.pumping = true;
    const runId = this.run;
    while (this.queue.length && this.run === runId) {
      const [name, data] = this.queue.shift();
      try {
        this.apply(name, data);
      } catch (err) {
        console.error(err);
      }
      const pause = PACE[name];
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    }
    this.pumping = false;
    if (this.queue.length) this.pump();
  }

  cancel() {
    if (!this.run || this.finished) return;
    this.setStatus("Cancelling…", "running");
    api(`/api/runs/${encodeURIComponent(this.run)}/cancel`, { method: "POST", body: {} }).catch((err) => toast(err.message, "error"));
  }

  apply(kind, ev) {
    this.activity.handle(kind, ev);
    const g = this.graphView;
    const d = ev.data || {};
    switch (kind) {
      case "readings":
        this.readings.show(ev);
        break;
      case "graph":
        this.graph = ev.graph;
        this.activity.setGraph(ev.graph);
        g.setChanged(ev.followup ? ev.followup.changed : []);
        $("#legend-changed").hidden = !ev.followup;
        g.setGraph(ev.graph, ev.tree_parent);
        if (ev.followup) {
          this.el.graphQuestion.textContent = `“${ev.question}”: ${ev.followup.edit}`;
          const step = this.conversation.find((s) => s.run === this.run);
          if (step) step.edit = ev.followup.edit;
        }
        g.reset();
        this.details.begin(this.run, ev.graph);
        this.editor.load(ev.graph, ev.question);
        this.el.graphPanel.hidden = false;
        this.el.editorPanel.hidden = false;
        this.answer.waiting("Running…");
        this.setStatus("Running the plan…", "running");
        if (!this.details.var) this.selectNode(ev.graph.return_var, false);
        break;
      case "node_resolving":
        g.update(ev.var, { state: "resolving" });
        break;
      case "tool_called":
        g.update(d.wanted, { state: "resolving", pulsing: true });
        g.activate(d.known, d.wanted);
        this.setStatus(`Running ${d.tool}…`, "running");
        break;
      case "tool_result":
        g.update(ev.var, { pulsing: false, count: d.result_size });
        g.activate(null);
        break;
      case "intersection":
      case "filter":
        g.update(ev.var, { count: d.count });
        break;
      case "node_resolved":
        g.update(ev.var, { state: d.count === 0 ? "empty" : "resolved", count: d.count, pulsing: false });
        this.details.noteResolved(ev.var, d);
        break;
      case "warning":
        if (d.emptied_by && ev.var) g.update(ev.var, { state: "empty", count: 0, pulsing: false });
        break;
      case "result":
        this.finish();
        if (ev.emptied_by) this.markUnreached("not reached");
        this.answer.render(ev);
        this.details.finish(ev.run);
        this.setStatus(ev.emptied_by ? "Nothing matched" : `Answer: ${countOf(ev.count, ev.type)} (${seconds((performance.now() - this.askedAt) / 1000)})`,
          ev.emptied_by ? "empty" : "done");
        this.refreshRecent();
        this.el.followForm.hidden = false;
        break;
      case "cancelled":
        this.finish();
        this.markUnreached("stopped");
        this.answer.waiting("Cancelled. Ask again, or edit the graph and run it.");
        this.setStatus("Cancelled", "cancelled");
        break;
      case "error":
        this.finish();
        if (ev.var && g.nodes.has(ev.var)) g.update(ev.var, { state: "error", pulsing: false });
        else for (const v of g.vars()) if (g.state(v) === "resolving") g.update(v, { state: "error", pulsing: false });
        this.markUnreached("not reached");
        clear($("#answer"), h("div", { class: "run-error", role: "alert" },
          h("p", { class: "answer-headline" },
            this.graph ? "The run stopped." : "The question could not be turned into a query graph."),
          h("p", { class: "error-message" }, sentence(ev.message)),
          missesView(ev.misses, (miss, s) => this.retryName(miss, s)),
          ev.problems && ev.problems.length > 1 ? h("ul", { class: "problems" }, ev.problems.map((p) => h("li", {}, p))) : null));
        this.el.answerPanel.hidden = false;
        this.setStatus("Error", "error");
        this.keepFollowing();
        break;
      default:
        break;
    }
  }

  // A "did you mean" name: the question asked again with it, or (when the question did not hold the name as
  // written) the graph run again with the name filter changed.
  retryName(miss, suggestion) {
    if (suggestion.question) {
      this.el.question.value = suggestion.question;
      this.start({ question: suggestion.question }).catch((err) => this.fail(err.message));
      return;
    }
    if (!this.graph) return;
    const graph = JSON.parse(JSON.stringify(this.graph));
    for (const c of graph.constraints) {
      if (c.kind === "filter" && c.var === miss.var && c.field === "name" && c.value === miss.name) c.value = suggestion.name;
    }
    this.start({ graph, question: this.el.question.value }).catch((err) => this.fail(err.message));
  }

  finish() {
    this.finished = true;
    this.graphView.activate(null);
    for (const v of this.graphView.vars()) this.graphView.update(v, { pulsing: false });
    this.setRunning(false);
    if (this.source) this.source.close();
  }

  // Nodes the run never finished (it stopped early, or a step left nothing to carry on) go back to grey.
  markUnreached(note) {
    const g = this.graphView;
    for (const v of g.vars()) {
      if (!["resolved", "empty", "error"].includes(g.state(v))) g.update(v, { state: "waiting", pulsing: false, note });
    }
  }

  refreshRecent() {
    api("/api/recent").then((data) => this.showRecent(data.recent)).catch(() => {});
  }

  selectNode(v, scroll = true) {
    if (!this.graph || !(v in this.graph.vars)) return;
    this.graphView.select(v);
    this.details.show(v, this.graphView.state(v));
    if (scroll) $("#details-panel").scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  setRunning(running) {
    this.el.cancel.hidden = !running;
    this.el.ask.disabled = running;
    document.body.classList.toggle("running", running);
  }

  setStatus(text, kind) {
    this.el.status.textContent = text;
    this.el.status.dataset.kind = kind || "";
  }

  fail(message) {
    this.setStatus("Error", "error");
    toast(message, "error");
  }
}

const app = new App();
app.init();
