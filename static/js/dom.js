// Building DOM nodes without innerHTML: every text from the server (subjects, names, paths) is set as text.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// Empty ``el``, then append ``children`` (nested arrays flattened; null and false skipped).
export function clear(el, ...children) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return append(el, children);
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

// "1 person", "3 people", "all emails"
const PLURALS = {
  Email: ["email", "emails"], Person: ["person", "people"], Self: ["you", "you"], File: ["file", "files"],
  Folder: ["folder", "folders"], Event: ["event", "events"], Date: ["date range", "date ranges"],
  Place: ["place", "places"], Webpage: ["web page", "web pages"],
};

export function countOf(n, type) {
  const [one, many] = PLURALS[type] || [String(type).toLowerCase(), String(type).toLowerCase() + "s"];
  if (n === null || n === undefined || n === "all") return `every ${one}`;
  if (type === "Self") return n === 1 ? "you" : `${n} × you`;
  return `${n} ${n === 1 ? one : many}`;
}

export function typeWord(type, plural = false) {
  const [one, many] = PLURALS[type] || [String(type).toLowerCase(), String(type).toLowerCase() + "s"];
  return plural ? many : one;
}

export function seconds(s) {
  if (s === null || s === undefined) return "";
  if (s < 0.001) return "<1 ms";
  if (s < 1) return `${Math.round(s * 1000)} ms`;
  return `${s.toFixed(2)} s`;
}

export function filterText(f) {
  const value = typeof f.value === "string" ? `"${f.value}"` : String(f.value);
  return `${f.field} ${f.op} ${value}`;
}
