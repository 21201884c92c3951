// How the question was read (the ``readings`` event): the reading that ran, a notice when the parser is
// unsure, "Did you mean ..." chips for the other readings (a click runs that reading's graph, with no LLM,
// and the graph stays editable below), and the names the question matched in the user's data as tags.

import { clear, h } from "./dom.js";

const KIND_WORDS = {
  person: "person", self: "you", place: "place", event_title: "event title", file: "file", extension: "file type",
  folder: "folder", domain: "web site", subject: "subject", date: "date",
};

function percent(confidence) {
  return `${Math.round(100 * confidence)}%`;
}

function candidateText([value, detail]) {
  if (!detail || detail === value) return value;
  return /@/.test(detail) && !/\s/.test(detail) ? `${value} <${detail}>` : `${value} (${detail})`;
}

export class ReadingsView {
  constructor(root, { onPick } = {}) {
    this.root = root;
    this.onPick = onPick || (() => {});
    this.data = null;
    this.shown = null; // the number of the reading on screen; null: the user's own edited graph
  }

  reset() {
    this.data = null;
    this.shown = null;
    clear(this.root);
    this.root.hidden = true;
  }

  // A new question's readings: its best reading (number 0) is the one about to run.
  show(data) {
    this.data = data;
    this.shown = 0;
    this.render();
  }

  // Another reading was picked (a number), or the user ran an edited graph (null).
  setShown(number) {
    if (!this.data) return;
    this.shown = number;
    this.render();
  }

  render() {
    const data = this.data;
    const readings = data.readings || [];
    const current = this.shown === null ? null : readings.find((r) => r.number === this.shown);
    const others = readings.filter((r) => r !== current);
    const mentions = data.mentions || [];
    // words the reading did not use, named even when it is sure (the "not sure" notice lists its reasons elsewhere)
    const leftOut = (data.notes || []).filter((n) => n.startsWith("left out "));
    const worth = data.low_confidence || readings.length > 1 || mentions.length || leftOut.length > 0 || (current && current.text);
    this.root.hidden = !worth;
    if (!worth) return;
    const offerOthers = readings.length > 1 || this.shown === null;
    clear(this.root,
      data.low_confidence && this.shown === 0
        ? h("p", { class: "low-confidence", role: "status" },
          h("strong", {}, "Not sure I read this right."),
          readings.length > 1 ? " Pick the reading you meant, or fix the graph below." : " Check the graph, or fix it below.")
        : null,
      h("p", { class: "reading-now" },
        h("span", { class: "readings-label" }, this.shown === null ? "Running" : "Read as"),
        current
          ? h("span", { class: "reading-text" }, current.text || "the graph below")
          : h("span", { class: "reading-text edited" }, "your edited graph"),
        current && (data.low_confidence || readings.length > 1)
          ? h("span", { class: "confidence", title: "how sure the parser is of this reading" }, percent(current.confidence))
          : null),
      leftOut.length > 0 && this.shown === 0
        ? h("p", { class: "left-out", title: "words of the question that the reading does not use" },
          leftOut.map((n) => n[0].toUpperCase() + n.slice(1)).join("; "))
        : null,
      offerOthers && others.length
        ? h("div", { class: "did-you-mean", role: "group", "aria-label": "Other readings" },
          h("span", { class: "readings-label" }, "Did you mean"),
          others.map((r) => this.chip(r)))
        : null,
      mentions.length
        ? h("div", { class: "mentions-row" }, h("span", { class: "readings-label" }, "In your data"),
          h("ul", { class: "mentions", "aria-label": "What the question names in your data" }, mentions.map((m) => this.tag(m))))
        : null);
  }

  chip(reading) {
    const best = reading.number === 0;
    return h("button", {
      type: "button", class: `reading-chip${best ? " best" : ""}`, dataset: { number: reading.number },
      title: best ? "The first reading" : `Reading ${reading.number}: run this graph instead`,
      onclick: () => this.onPick(reading),
    }, h("span", { class: "reading-text" }, reading.text || (best ? "the first reading" : `reading ${reading.number}`)),
    best ? h("span", { class: "reading-note" }, "(first guess)") : null,
    h("span", { class: "confidence" }, percent(reading.confidence)));
  }

  tag(m) {
    const ambiguous = (m.candidates || []).length > 1;
    const kind = KIND_WORDS[m.kind] || m.kind;
    const shown = m.value && m.value.toLowerCase() !== m.text.toLowerCase() && !ambiguous ? ` → ${m.value}` : "";
    const title = ambiguous
      ? `“${m.text}” could be: ${m.candidates.map(candidateText).join(", ")}`
      : `${m.value}${m.count ? ` (${m.count} in your data)` : ""}`;
    return h("li", { class: `mention-tag${ambiguous ? " ambiguous" : ""}`, dataset: { kind: m.kind }, title },
      h("span", { class: "mention-text" }, `${m.text}${shown}`), h("span", { class: "mention-kind" }, `: ${kind}`),
      ambiguous ? h("span", { class: "mention-choices" }, ` · ${m.candidates.map(([value]) => value).join(" or ")}`) : null);
  }
}
