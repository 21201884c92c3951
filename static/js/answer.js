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

// "No one called Jane Doe in your mail; did you mean Jane Dow?": each suggestion asks again with that name.
export function missesView(misses, onRetry) {
  if (!misses || !misses.length) return null;
  return h("div", { class: "name-misses", role: "status" }, misses.map((miss) => h("p", { class: "name-miss" },
    h("span", { class: "miss-text" }, `${miss.message.split("; did you mean")[0]}.`),
    miss.suggestions.length ? [" Did you mean ", miss.suggestions.map((s, i) => [
      i ? (i === miss.suggestions.length - 1 ? " or " : ", ") : "",
      h("button", { type: "button", class: "link-button did-you-mean-name", title: `${s.name} <${s.address}>: ask again with this name`,
        onclick: () => onRetry(miss, s) }, s.name)]), "?"] : null)));
}

export class AnswerView {
  constructor(root, { onShowNode, onRetryName } = {}) {
    this.root = root;
    this.onShowNode = onShowNode || (() => {});
    this.onRetryName = onRetryName || (() => {});
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
      if (result.partial) {
        root.append(h("p", { class: "partial-note", role: "status" }, h("strong", {}, "Answered from what is indexed so far. "),
          `Indexing is not finished (${[...result.partial.indexing, ...result.partial.left_out].map((l) => l.replace(/^[a-z]+:/, "").split(/[\\/]/).filter(Boolean).pop() || l).join(", ")}); ask again when it ends.`));
      }
      root.append(h("div", { class: "nothing", role: "status" },
        h("p", { class: "answer-headline" }, "Nothing matched."),
        missesView(result.misses, this.onRetryName),
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
    const short = (label) => label.replace(/^[a-z]+:/, "").split(/[\\/]/).filter(Boolean).pop() || label;
    if (result.partial) {  // asked while the Data page's build runs: answered from what it had indexed
      const out = result.partial.left_out;
      const older = result.partial.indexing.filter((l) => !out.includes(l)).map(short);
      root.append(h("p", { class: "partial-note", role: "status" },
        h("strong", {}, "Answered from what is indexed so far. "),
        out.length ? `Not asked yet (still being indexed): ${out.map(short).join(", ")}. ` : "",
        older.length ? `Being indexed, answered from what it held before: ${older.join(", ")}. ` : "",
        "Ask again when indexing ends for the full answer."));
    }
    const fresh = (result.freshness || []).filter((f) => f.as_of);
    if (fresh.length) {
      const name = (label) => label.replace(/^[a-z]+:/, "").split(/[\\/]/).filter(Boolean).pop() || label;
      const at = (t) => new Date(t * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
      root.append(h("p", { class: "freshness", title: fresh.map((f) => `${f.source}: ${new Date(f.as_of * 1000).toLocaleString()}`).join("\n") },
        "Data as of ", fresh.map((f, i) => [i ? " · " : "", h("span", { class: "fresh-source" }, `${name(f.source)} ${at(f.as_of)}`)])));
    }
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
