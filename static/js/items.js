// How one item (an email, a person, a file, a folder...) is shown, with the ways to open it.

import { api } from "./api.js";
import { h } from "./dom.js";
import { openEmail } from "./reader.js";

const ISO_DATETIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)?$/;

function pretty(value) {
  if (value === null || value === undefined || value === "") return null;
  if (Array.isArray(value)) return value.map(pretty).filter((v) => v !== null).join(", ") || null;
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string") {
    const m = value.match(ISO_DATETIME);
    if (m) return `${m[1]} ${m[2]}`;
  }
  return String(value);
}

function fieldsList(item) {
  const rows = [];
  for (const [name, value] of Object.entries(item.fields || {})) {
    const text = pretty(value);
    if (text === null || text === item.label || ((name === "name" || name === "email") && item.label.includes(text))) continue;
    if (name === "paths" && Array.isArray(value) && value.length < 2) continue;
    rows.push(h("div", { class: "field" }, h("dt", {}, name.replace(/_/g, " ")), h("dd", { title: text }, text)));
  }
  return rows.length ? h("dl", { class: "fields" }, rows) : null;
}

export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  const el = h("div", { class: `toast toast-${kind}`, role: "status" }, message);
  box.append(el);
  setTimeout(() => el.remove(), 4000);
}

async function openFolder(path, button) {
  button.disabled = true;
  try {
    await api("/api/open", { method: "POST", body: { path } });
    toast(`Opened ${path}`);
  } catch (err) {
    toast(err.message, "error");
  } finally {
    button.disabled = false;
  }
}

export function actionsOf(item) {
  return (item.actions || []).map((action) => {
    if (action.kind === "link") {
      return h("a", { class: "action", href: action.href, target: "_blank", rel: "noopener noreferrer" }, action.label);
    }
    if (action.kind === "read_email") {
      return h("button", { type: "button", class: "action read-email", onclick: () => openEmail(action.key) }, action.label);
    }
    if (action.kind === "file" && action.href.startsWith("/api/files/content?")) {
      return h("a", { class: "action open-file", href: action.href, target: "_blank", rel: "noopener" }, action.label);
    }
    if (action.kind === "open_folder") {
      const button = h("button", { type: "button", class: "action", title: action.path }, action.label);
      button.addEventListener("click", () => openFolder(action.path, button));
      return button;
    }
    return null;
  });
}

export function itemView(item, { extra = null, tag = "li", cls = "item" } = {}) {
  const actions = actionsOf(item);
  return h(tag, { class: cls, dataset: { key: item.key, type: item.type } },
    h("div", { class: "item-head" },
      h("span", { class: "type-pill", dataset: { type: item.type } }, item.type),
      h("span", { class: "item-label", title: item.key }, item.label),
      actions.length ? h("span", { class: "actions" }, actions) : null),
    fieldsList(item),
    extra);
}

export function pager(page, pages, go) {
  if (!pages || pages <= 1) return null;
  const prev = h("button", { type: "button", class: "pager-prev", disabled: page <= 1 }, "‹ Previous");
  const next = h("button", { type: "button", class: "pager-next", disabled: page >= pages }, "Next ›");
  prev.addEventListener("click", () => go(page - 1));
  next.addEventListener("click", () => go(page + 1));
  return h("nav", { class: "pager", "aria-label": "pages" }, prev, h("span", { class: "pager-at" }, `page ${page} of ${pages}`), next);
}
