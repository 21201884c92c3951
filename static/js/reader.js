// An email itself: its headers, attachments, links and text in a dialog (GET /api/items/email). Mail is
// written by whoever sent it, so every value is set as text (dom.js h()), never parsed as HTML; only http(s)
// links are offered, opened in a new tab with no referrer.

import { api } from "./api.js";
import { clear, h } from "./dom.js";

let dialog = null;

function ensureDialog() {
  if (dialog) return dialog;
  dialog = h("dialog", { class: "reader", "aria-label": "Email" });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });  // the backdrop
  document.body.append(dialog);
  return dialog;
}

function row(label, value) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return null;
  return h("div", { class: "reader-row" }, h("dt", {}, label), h("dd", {}, Array.isArray(value) ? value.join(", ") : String(value)));
}

export async function openEmail(key) {
  const box = ensureDialog();
  clear(box, h("p", { class: "hint" }, "Reading the email from its source…"));
  if (!box.open) box.showModal();
  let mail;
  try {
    mail = await api(`/api/items/email?key=${encodeURIComponent(key)}`);
  } catch (err) {
    clear(box, h("p", { class: "problem reader-error" }, err.message),
      h("div", { class: "reader-actions" }, h("button", { type: "button", class: "primary", onclick: () => box.close() }, "Close")));
    return;
  }
  const when = mail.date ? new Date(mail.date).toLocaleString() : "";
  clear(box,
    h("header", { class: "reader-head" },
      h("h2", { class: "reader-subject" }, mail.subject || "(no subject)"),
      h("button", { type: "button", class: "link-button reader-close", "aria-label": "Close", onclick: () => box.close() }, "✕")),
    h("dl", { class: "reader-headers" },
      row("From", mail.from), row("To", mail.to), row("Date", when), row("Attachments", mail.attachments),
      row("Message-ID", mail.message_id), row("From source", mail.sources)),
    mail.text === null
      ? h("p", { class: "hint" }, "This source keeps no text for the email.")
      : h("pre", { class: "reader-text" }, mail.text),
    mail.text_cut ? h("p", { class: "hint" }, "The text is long; only its beginning is shown.") : null,
    mail.links.length ? h("div", { class: "reader-links" }, h("h3", {}, "Links in this email"),
      h("ul", {}, mail.links.map((href) => h("li", {}, h("a", { href, target: "_blank", rel: "noopener noreferrer" }, href))))) : null,
    h("p", { class: "hint reader-note" }, "Shown as plain text: nothing in the mail runs or loads anything."));
}
