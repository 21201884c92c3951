// The answer list: every result item with the chain of items that linked it to the question, and, when
// nothing matched, the step that emptied the candidate set.

import { api, exportUrl } from "./api.js";
import { append, clear, countOf, h, seconds, typeWord } from "./dom.js";
import { itemView, pager } from "./items.js";

function chainView(chain) {
  const parts = [];
  chain.forEach((step, i) => {
    const label = step.type === "Email" ? `“${step.label}”` : step.label;
    const seen = step.sources && step.sources.length ? `\nfrom ${step.sources.join(", ")}` : "";
    parts.push(h("li", { class: "chain-step", dataset: { var: step.var, type: step.type }, title: `${step.var}: ${step.type}\n${step.key}${seen}` },
      h("span", { class: "chain-type" }, typeWord(step.type)), h("span", { class: "chain-label" }, label)));
    if (i < chain.length - 1) parts.push(h("li", { class: "chain-edge", "aria-label": `via ${step.edge}` }, step.edge || ""));
  });
  return h("ol", { class: "chain" }, parts);
}

function evidenceView(item) {
  if (!item.evidence || !item.evidence.length) return null;
  const shown = item.evidence.slice(0, 3);
  return h("div", { class: "evidence" },
    h("span", { class: "because" }, "found through"),
    shown.map(chainView),
    item.evidence.length > shown.length ? h("span", { class: "more" }, `and ${item.evidence.length - shown.length} more`) : null);
}

export class AnswerView {
  constructor(root, { onShowNode } = {}) {
    this.root = root;
    this.onShowNode = onShowNode || (() => {});
  }

  reset() {
    clear(this.root);
  }

  waiting(text) {
    clear(this.root, h("p", { class: "hint" }, text));
  }

  render(result, { onFix } = {}) {
    const root = clear(this.root);
    const type = result.type;
    root.dataset.count = result.count;
    if (result.emptied_by || result.count === 0) {
      const where = result.emptied_var;
      root.append(h("div", { class: "nothing", role: "status" },
        h("p", { class: "answer-headline" }, "Nothing matched."),
        result.emptied_by ? h("p", { class: "emptied" }, "The candidate set became empty at: ",
          h("strong", { class: "emptied-by" }, result.emptied_by), ".") : null,
        h("p", { class: "hint" }, "Check that step's filter (a name or date spelled differently?), fix it in the graph editor below and run again.",
          where ? " " : null,
          where ? h("button", { type: "button", class: "link-button", onclick: () => this.onShowNode(where) }, `Show ${where}`) : null)));
      return;
    }
    const headline = result.action === "count"
      ? `${countOf(result.count, type)}`
      : `${countOf(result.count, type)}${result.items.length < result.count && result.shown < result.count ? " (showing one)" : ""}`;
    root.append(h("div", { class: "answer-top" },
      h("p", { class: "answer-headline", dataset: { count: result.count } }, headline),
      h("span", { class: "answer-meta" }, `${result.var} · ${seconds(result.seconds)}`),
      result.count ? h("span", { class: "answer-download" }, "Download all: ",
        h("a", { href: exportUrl(result.run, "jsonl"), download: "" }, "JSON Lines"), " · ",
        h("a", { href: exportUrl(result.run, "csv"), download: "" }, "CSV")) : null));
    if (result.warnings && result.warnings.length) {
      root.append(h("ul", { class: "warnings" }, result.warnings.map((w) => h("li", {}, w))));
    }
    const first = (result.page - 1) * result.per_page + 1;
    root.append(h("ol", { class: "items answers", start: first },
      result.items.map((item) => itemView(item, { cls: "item answer-item", extra: evidenceView(item) }))));
    append(root, pager(result.page, result.pages, async (page) => {
      try {
        this.render(await api(`/api/runs/${encodeURIComponent(result.run)}/answers?page=${page}`));
      } catch (err) {
        root.append(h("p", { class: "problem" }, err.message));
      }
    }));
  }
}
