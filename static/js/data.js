// The Data page (#data): your sources and their state, adding and removing them, building their indexes in
// the background with a progress bar per source, you, and the model. Talks to /api/data (queryweaver/web/data.py).

import { api, ApiError } from "./api.js";
import { $, clear, h } from "./dom.js";
import { toast } from "./items.js";

const TYPE_WORDS = { mbox: "mail (mbox)", maildir: "mail (Maildir)", emlx: "Apple Mail", ics: "calendar (.ics)",
  files: "files", imap: "IMAP account", caldav: "CalDAV account", gmail: "Gmail", gcal: "Google Calendar",
  spotlight: "Spotlight" };
const STATE_WORDS = { ok: "indexed", "not built": "not indexed yet", "partly built": "partly indexed", error: "error",
  busy: "busy", live: "asked live", unavailable: "not on this system", indexing: "indexing…", done: "indexed" };

function size(bytes) {
  if (bytes === null || bytes === undefined) return "";
  const units = ["B", "kB", "MB", "GB"];
  let n = bytes, i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i += 1; }
  return `${n < 10 && i ? n.toFixed(1) : Math.round(n)} ${units[i]}`;
}

function when(seconds) {
  if (!seconds) return "";
  const d = new Date(seconds * 1000);
  const today = new Date();
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return d.toDateString() === today.toDateString() ? time : `${d.toLocaleDateString()} ${time}`;
}

function duration(s) {
  if (!isFinite(s) || s < 0) return "";
  if (s < 60) return `${Math.max(1, Math.round(s))} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

export class DataPage {
  constructor(root, { onChanged } = {}) {
    this.root = root;
    this.onChanged = onChanged || (() => {});
    this.data = null;
    this.bars = new Map();   // source number -> {row, bar, text, first}
    this.stream = null;
  }

  async show() {
    try {
      this.data = await api("/api/data");
    } catch (err) {
      clear(this.root, h("p", { class: "problem" }, err.message));
      return;
    }
    this.render();
    if (this.data.job && (this.data.job.status === "running" || !this.stream)) this.follow();
  }

  render() {
    const d = this.data;
    this.bars = new Map();
    clear(this.root,
      h("header", { class: "data-head" },
        h("h1", {}, "Your data"),
        h("p", { class: "lede" }, d.demo
          ? "You are looking at the bundled demo data. Add your own mail, calendars and files below; QueryWeaver keeps them on this computer and writes what you choose to "
          : "Everything QueryWeaver reads, kept on this computer. Changes are written to ",
        h("code", {}, d.config), d.exists ? "" : " (created when you add the first source)", "."),
        h("a", { href: "#", class: "link-button back-link" }, "← Back to asking")),
      this.sourcesSection(), this.addSection(), this.selfSection(), this.modelSection());
  }

  // -- sources ---------------------------------------------------------------------------------------
  sourcesSection() {
    const d = this.data;
    const running = d.job && d.job.status === "running";
    const rows = d.sources.map((s) => this.sourceRow(s));
    this.indexAll = h("button", { type: "button", class: "primary index-all", disabled: !d.sources.length || running,
      onclick: () => this.index(null) }, "Index all");
    this.cancelButton = h("button", { type: "button", class: "danger cancel-index", hidden: !running,
      onclick: () => this.cancelIndex() }, "Cancel indexing");
    this.jobLine = h("p", { class: "job-line hint", role: "status" }, running ? "Indexing in the background; you can leave this page, it goes on." : "");
    return h("section", { class: "panel data-section", id: "data-sources", "aria-labelledby": "sources-title" },
      h("header", { class: "panel-head" }, h("h2", { id: "sources-title" }, "Sources"),
        h("span", { class: "panel-sub" }, d.demo ? "the demo's mail, calendar and files until you add your own" : `${d.sources.length} configured`),
        this.cancelButton, this.indexAll,
        h("button", { type: "button", class: "check-indexes", disabled: !d.sources.length, onclick: (e) => this.check(e.target) }, "Check indexes")),
      this.jobLine,
      d.sources.length ? h("ol", { class: "source-list" }, rows)
        : h("p", { class: "hint empty-sources" }, d.demo ? "No source of your own yet: the demo data answers your questions until you add one." : "No sources configured. Add one below."),
      h("div", { class: "check-result" }));
  }

  sourceRow(s) {
    const stateText = STATE_WORDS[s.state] || s.state;
    const facts = [s.items !== null ? `${s.items.toLocaleString()} item${s.items === 1 ? "" : "s"}` : null, size(s.size),
      s.written ? `indexed ${when(s.written)}` : null, s.as_of ? `fresh as of ${when(s.as_of)}` : null].filter(Boolean);
    const bar = h("progress", { class: "index-bar", max: 1, value: 0, hidden: true });
    const text = h("span", { class: "index-text" });
    const row = h("li", { class: "source-row", dataset: { source: s.source, state: s.state } },
      h("div", { class: "source-main" },
        h("span", { class: "type-pill" }, TYPE_WORDS[s.type] || s.type),
        h("span", { class: "source-where", title: s.where }, h("bdi", { dir: "ltr" }, s.where)),
        h("span", { class: `source-state state-${s.state.replace(/ /g, "-")}` }, stateText),
        h("span", { class: "actions" },
          h("button", { type: "button", class: "action reindex", onclick: () => this.index([s.source]) }, "Re-index"),
          h("button", { type: "button", class: "action remove", onclick: () => this.remove(s) }, "Remove"))),
      h("div", { class: "source-facts" }, facts.join(" · ")),
      s.error ? h("p", { class: "source-error problem" }, s.error) : null,
      h("div", { class: "source-progress" }, bar, text));
    this.bars.set(s.source, { row, bar, text, first: null });
    return row;
  }

  async index(sources) {
    try {
      await api("/api/data/index", { method: "POST", body: { sources } });
    } catch (err) {
      toast(err.message, "error");
      return;
    }
    this.data.job = { status: "running" };
    this.cancelButton.hidden = false;
    this.indexAll.disabled = true;
    this.jobLine.textContent = "Indexing in the background; you can leave this page, it goes on.";
    this.follow();
  }

  async cancelIndex() {
    this.cancelButton.disabled = true;
    try {
      await api("/api/data/index/cancel", { method: "POST", body: {} });
    } catch (err) {
      toast(err.message, "error");
    }
  }

  follow() {
    if (this.stream) this.stream.close();
    const stream = new EventSource("/api/data/index/events");
    this.stream = stream;
    for (const name of ["index_started", "index_source", "index_progress", "index_done", "index_cancelled", "index_error"]) {
      stream.addEventListener(name, (event) => {
        let data = {};
        try { data = JSON.parse(event.data); } catch (err) { return; }
        this.handle(name, data);
        if (name === "index_done" || name === "index_cancelled" || name === "index_error") stream.close();
      });
    }
  }

  setRow(n, state, text) {
    const bar = this.bars.get(n);
    if (!bar) return;
    bar.row.dataset.state = state;
    const badge = $(".source-state", bar.row);
    badge.className = `source-state state-${state}`;
    badge.textContent = STATE_WORDS[state] || state;
    if (text !== undefined) bar.text.textContent = text;
  }

  handle(kind, ev) {
    switch (kind) {
      case "index_started":
        for (const n of ev.sources) this.setRow(n, "waiting", "waiting…");
        break;
      case "index_source": {
        const bar = this.bars.get(ev.source);
        if (ev.state === "indexing") {
          if (bar) { bar.bar.hidden = false; bar.bar.removeAttribute("value"); bar.first = null; }
          this.setRow(ev.source, "indexing", "starting…");
        } else if (ev.state === "done") {
          if (bar) { bar.bar.hidden = false; bar.bar.max = 1; bar.bar.value = 1; }
          this.setRow(ev.source, "done", `done in ${duration(ev.seconds)}${ev.report ? ": " + ev.report : ""}`);
        } else {
          if (bar) bar.bar.hidden = true;
          this.setRow(ev.source, "error", ev.error);
        }
        break;
      }
      case "index_progress": {
        const bar = this.bars.get(ev.source);
        if (!bar) break;
        bar.bar.hidden = false;
        if (!bar.first) bar.first = { t: ev.t, done: ev.done };
        const what = ev.stage.includes("bytes") ? "bytes" : "items";
        const done = what === "bytes" ? size(ev.done) : ev.done.toLocaleString();
        const rate = ev.t > bar.first.t ? (ev.done - bar.first.done) / (ev.t - bar.first.t) : null;
        let text = ev.total ? `${done} of ${what === "bytes" ? size(ev.total) : ev.total.toLocaleString()}` : `${done} ${what}`;
        if (ev.total) {
          bar.bar.max = ev.total;
          bar.bar.value = ev.done;
        } else {
          bar.bar.removeAttribute("value");
        }
        if (rate && rate > 0) {
          text += ` · ${what === "bytes" ? size(rate) + "/s" : Math.round(rate).toLocaleString() + "/s"}`;
          if (ev.total && ev.done < ev.total) text += ` · about ${duration((ev.total - ev.done) / rate)} left`;
        }
        bar.text.textContent = text;
        bar.text.title = ev.stage;
        break;
      }
      case "index_done":
      case "index_cancelled":
      case "index_error":
        this.data.job = { status: kind.replace("index_", "") };
        this.cancelButton.hidden = true;
        this.cancelButton.disabled = false;
        this.indexAll.disabled = false;
        this.jobLine.textContent = kind === "index_done"
          ? (ev.failed ? `Indexing finished; ${ev.failed} source${ev.failed === 1 ? "" : "s"} failed (see below).` : "Indexing finished. Ask away.")
          : ev.message;
        this.jobLine.dataset.kind = kind;
        for (const [n, bar] of this.bars) {
          if (["waiting", "indexing"].includes(bar.row.dataset.state)) this.setRow(n, kind === "index_cancelled" ? "cancelled" : "error", kind === "index_cancelled" ? "cancelled" : "");
        }
        this.onChanged();
        if (kind === "index_done") this.refreshRows();
        break;
      default:
        break;
    }
  }

  // After a build: each row's items, size and time, keeping the line that said how the build went.
  async refreshRows() {
    const said = new Map([...this.bars].map(([n, bar]) => [n, bar.text.textContent]));
    try {
      this.data = { ...this.data, ...(await api("/api/data")) };
    } catch (err) {
      return;
    }
    for (const s of this.data.sources) {
      const old = this.bars.get(s.source);
      if (!old) continue;
      const row = this.sourceRow(s);
      old.row.replaceWith(row);
      const bar = this.bars.get(s.source);
      if (said.get(s.source)) { bar.text.textContent = said.get(s.source); bar.bar.hidden = false; bar.bar.max = 1; bar.bar.value = 1; }
    }
  }

  async check(button) {
    button.disabled = true;
    const out = $(".check-result", this.root);
    try {
      const result = await api("/api/data/check", { method: "POST", body: {} });
      clear(out, h("table", { class: "check-table" },
        h("thead", {}, h("tr", {}, ["Source", "Size", "Items", "Last written", "State"].map((t) => h("th", {}, t)))),
        h("tbody", {}, result.indexes.map((r) => h("tr", { dataset: { state: r.state } },
          h("td", { title: r.index }, r.source), h("td", {}, size(r.size)), h("td", {}, r.items === null ? "" : r.items.toLocaleString()),
          h("td", {}, r.written ? new Date(r.written).toLocaleString() : ""),
          h("td", { class: `source-state state-${r.state.replace(/ /g, "-")}`, title: r.problem || "" }, r.state))))));
    } catch (err) {
      clear(out, h("p", { class: "problem" }, err.message));
    } finally {
      button.disabled = false;
    }
  }

  async remove(s) {
    if (!window.confirm(`Remove ${s.where} from QueryWeaver? Its files are not touched; only the config line goes.`)) return;
    await this.save("/api/data/sources/remove", { source: s.source }, `Removed ${s.where}`);
  }

  // Every change names the config version it was made from; a 409 means the file changed meanwhile.
  async save(path, body, said) {
    try {
      const result = await api(path, { method: "POST", body: { ...body, version: this.data.version } });
      if (said) toast(typeof said === "function" ? said(result) : said);
      await this.show();
      this.onChanged();
      return result;
    } catch (err) {
      toast(err.message, "error");
      if (err instanceof ApiError && err.status === 409) await this.show();
      throw err;
    }
  }

  // -- adding ----------------------------------------------------------------------------------------
  addSection() {
    this.pathInput = h("input", { type: "text", class: "path-input", placeholder: "~/Mail/inbox.mbox, ~/Maildir, ~/calendar.ics or a folder",
      "aria-label": "Path to add", oninput: () => { this.addError.textContent = ""; } });
    this.typeSelect = h("select", { class: "type-select", "aria-label": "What it is" },
      [["auto", "find out"], ["mbox", "mail (mbox)"], ["maildir", "mail (Maildir)"], ["ics", "calendar (.ics)"],
        ["files", "folder of files"]].map(([v, t]) => h("option", { value: v }, t)));
    this.outside = h("label", { class: "outside-home", hidden: true },
      h("input", { type: "checkbox", class: "outside-check" }), " it is outside my home folder: add it anyway");
    this.addError = h("p", { class: "problem add-error", role: "alert" });
    this.browser = h("div", { class: "folder-browser", hidden: true });
    this.found = h("div", { class: "detected" });
    return h("section", { class: "panel data-section", id: "data-add", "aria-labelledby": "add-title" },
      h("header", { class: "panel-head" }, h("h2", { id: "add-title" }, "Add your data")),
      h("div", { class: "add-block" },
        h("h3", {}, "Mail and calendars on this computer"),
        h("p", { class: "hint" }, "Looks where Thunderbird, Apple Mail and Apple Calendar keep their data. It only reads."),
        h("form", { class: "detect-row", onsubmit: (e) => { e.preventDefault(); this.detect(e.submitter || $("button.detect", this.root)); } },
          h("button", { type: "submit", class: "detect" }, "Find mail and calendars"),
          h("label", { class: "detect-home-label" }, "in ",
            this.detectHome = h("input", { type: "text", class: "detect-home", placeholder: `${this.data.home} (your home folder)`,
              "aria-label": "Home folder to look in", title: "Another home folder to look in, e.g. a backup of a Mac" }))),
        this.found),
      h("div", { class: "add-block" },
        h("h3", {}, "A file or folder"),
        h("p", { class: "hint" }, "An mbox file or a folder of them (Google Takeout), a Maildir, an .ics calendar, or a folder of files to search by name."),
        h("form", { class: "add-path", onsubmit: (e) => { e.preventDefault(); this.addPath(); } },
          this.pathInput, this.typeSelect,
          h("button", { type: "button", class: "browse", onclick: () => this.browse(this.pathInput.value.trim() || null) }, "Browse…"),
          h("button", { type: "submit", class: "primary add" }, "Add")),
        this.outside, this.addError, this.browser),
      this.imapBlock(), this.caldavBlock(), this.googleBlock());
  }

  // -- accounts: the login is checked by the server, the password goes to the system keyring ---------------
  accountForm(kind, fields, extra) {
    const error = h("p", { class: "problem account-error", role: "alert" });
    const password = h("input", { type: "password", name: "password", autocomplete: "new-password", "aria-label": "Password" });
    const button = h("button", { type: "submit", class: `primary add-${kind}` }, "Check and add");
    const form = h("form", { class: `form-grid account-form ${kind}-form`, autocomplete: "off",
      onsubmit: (e) => { e.preventDefault(); this.addAccount(kind, form, error, button); } },
      fields, h("label", {}, "Password", password), extra,
      h("div", { class: "form-actions" }, h("span", { class: "hint keyring-note" }, "The password goes to your system keyring, never to the config file."), button));
    return [form, error];
  }

  imapBlock() {
    const field = (name, label, attrs = {}) => h("label", {}, label, h("input", { type: "text", name, ...attrs }));
    const security = h("select", { name: "security", "aria-label": "Security" },
      [["tls", "TLS (port 993)"], ["starttls", "STARTTLS (port 143)"], ["none", "none (this computer only)"]].map(([v, t]) => h("option", { value: v }, t)));
    const port = h("input", { type: "text", name: "port", placeholder: "993", inputmode: "numeric" });
    security.addEventListener("change", () => { port.placeholder = security.value === "tls" ? "993" : "143"; });
    const [form, error] = this.accountForm("imap", [
      field("host", "Server", { placeholder: "imap.fastmail.com" }), h("label", {}, "Port", port), h("label", {}, "Security", security),
      field("user", "User", { placeholder: "alex@example.org", autocomplete: "username" })],
    h("label", { class: "check-label" }, h("input", { type: "checkbox", name: "sync" }), " keep a copy on this computer (faster answers; else asked live)"));
    return h("div", { class: "add-block", id: "add-imap" }, h("h3", {}, "An email account (IMAP)"),
      h("p", { class: "hint" }, "Your provider's IMAP server and an app password where it has them (iCloud, Fastmail, Gmail). QueryWeaver only reads."),
      form, error);
  }

  caldavBlock() {
    const [form, error] = this.accountForm("caldav", [
      h("label", { class: "wide" }, "CalDAV address", h("input", { type: "text", name: "url", placeholder: "https://caldav.fastmail.com/dav/" })),
      h("label", {}, "User", h("input", { type: "text", name: "user", placeholder: "alex@example.org", autocomplete: "username" }))], null);
    return h("div", { class: "add-block", id: "add-caldav" }, h("h3", {}, "A calendar account (CalDAV)"),
      h("p", { class: "hint" }, "iCloud, Fastmail, Nextcloud, Radicale… Its calendars are copied to this computer and kept in sync."),
      form, error);
  }

  async addAccount(kind, form, error, button) {
    error.textContent = "";
    const body = { type: kind };
    for (const el of form.querySelectorAll("input[name], select[name]")) body[el.name] = el.type === "checkbox" ? el.checked : el.value.trim();
    body.password = form.querySelector('input[name="password"]').value;  // as typed: spaces may be part of it
    button.disabled = true;
    button.textContent = "Checking the login…";
    try {
      const result = await api("/api/data/accounts/add", { method: "POST", body: { ...body, version: this.data.version } });
      form.reset();
      toast(`${result.checked[0].toUpperCase()}${result.checked.slice(1)}; the password is in your keyring (${result.keyring})`);
      await this.show();
      this.onChanged();
      await this.index([result.source]);
    } catch (err) {
      error.textContent = err.message;
      if (err.status === 409) await this.show();
    } finally {
      button.disabled = false;
      button.textContent = "Check and add";
      form.querySelector('input[name="password"]').value = "";
    }
  }

  // -- Google: upload the OAuth client file, sign in in a new tab, come back to this server -------------------
  googleBlock() {
    this.googleOut = h("p", { class: "hint google-status", role: "status" });
    this.googleError = h("p", { class: "problem google-error", role: "alert" });
    const file = h("input", { type: "file", accept: "application/json,.json", class: "client-file", "aria-label": "OAuth client JSON" });
    file.addEventListener("change", () => this.uploadClient(file));
    this.googleKinds = { gmail: h("input", { type: "checkbox", name: "gmail", checked: true }), gcal: h("input", { type: "checkbox", name: "gcal", checked: true }) };
    this.googleSync = h("input", { type: "checkbox", name: "sync" });
    this.signInButton = h("button", { type: "button", class: "primary google-sign-in", disabled: true, onclick: () => this.signIn() }, "Sign in with Google");
    const block = h("div", { class: "add-block", id: "add-google" }, h("h3", {}, "Google (Gmail and Calendar)"),
      h("p", { class: "hint" }, "1. In the Google Cloud console, create an OAuth client of type “Desktop app” and download its JSON. 2. Pick that file here. 3. Sign in: Google opens in a new tab and sends you back here. Read-only access; the sign-in is kept on this computer."),
      h("div", { class: "google-row" },
        h("label", { class: "file-label" }, "OAuth client file ", file),
        h("label", { class: "check-label" }, this.googleKinds.gmail, " Gmail"),
        h("label", { class: "check-label" }, this.googleKinds.gcal, " Google Calendar"),
        h("label", { class: "check-label" }, this.googleSync, " keep a copy on this computer"),
        this.signInButton),
      this.googleOut, this.googleError);
    this.loadGoogle();
    return block;
  }

  async loadGoogle() {
    try {
      const g = await api("/api/data/google");
      this.signInButton.disabled = !g.client_id;
      const parts = [];
      if (g.client_id) parts.push(`OAuth client ${g.client_id}.`);
      if (g.configured.length) parts.push(`Added: ${g.configured.map((t) => TYPE_WORDS[t]).join(", ")}.`);
      else if (g.signed_in) parts.push("Signed in before; sign in again to add Gmail or Calendar.");
      this.googleOut.textContent = parts.join(" ");
      if (g.sign_in && g.sign_in.state === "waiting") this.waitForGoogle();
    } catch (err) {
      this.googleError.textContent = err.message;
    }
  }

  async uploadClient(input) {
    this.googleError.textContent = "";
    const picked = input.files && input.files[0];
    if (!picked) return;
    if (picked.size > 100000) { this.googleError.textContent = "That file is too large for an OAuth client file."; return; }
    try {
      const result = await api("/api/data/google/client", { method: "POST", body: { client_json: await picked.text() } });
      this.googleOut.textContent = `OAuth client ${result.client_id} saved. Now sign in.`;
      this.signInButton.disabled = false;
    } catch (err) {
      this.googleError.textContent = err.message;
    } finally {
      input.value = "";
    }
  }

  async signIn() {
    this.googleError.textContent = "";
    const tab = window.open("about:blank", "_blank");  // opened on the click itself, so no popup blocker objects
    try {
      const started = await api("/api/data/google/start", { method: "POST", body: {
        gmail: this.googleKinds.gmail.checked, gcal: this.googleKinds.gcal.checked, sync: this.googleSync.checked } });
      if (tab) tab.location.href = started.url;
      else window.location.assign(started.url);
      this.waitForGoogle();
    } catch (err) {
      if (tab) tab.close();
      this.googleError.textContent = err.message;
    }
  }

  // The sign-in ends in the other tab (Google sends it to this server); this page asks how it went.
  async waitForGoogle() {
    if (this.googleWaiting) return;
    this.googleWaiting = true;
    this.signInButton.disabled = true;
    try {
      for (;;) {
        const status = await api("/api/data/google/status");
        if (status.state === "waiting") {
          this.googleOut.textContent = status.message;
          await new Promise((r) => setTimeout(r, 800));
          continue;
        }
        if (status.state === "done") {
          toast(status.message);
          await this.show();
          this.onChanged();
          if (status.sources.length) await this.index(status.sources);
        } else if (status.state === "failed") {
          this.googleError.textContent = status.message;
        }
        break;
      }
    } catch (err) {
      this.googleError.textContent = err.message;
    } finally {
      this.googleWaiting = false;
      this.signInButton.disabled = false;
    }
  }

  async addPath() {
    const path = this.pathInput.value.trim();
    this.addError.textContent = "";
    if (!path) { this.addError.textContent = "Type a path, or pick one with Browse…"; return; }
    const body = { path, type: this.typeSelect.value, outside_home: $(".outside-check", this.outside).checked };
    try {
      const result = await api("/api/data/sources/add", { method: "POST", body: { ...body, version: this.data.version } });
      toast(`Added ${result.added.path || result.added.root} as ${TYPE_WORDS[result.added.type]}`);
      await this.show();
      this.onChanged();
      await this.index([result.source]);
    } catch (err) {
      this.addError.textContent = err.message;
      if (err.body && err.body.outside_home) this.outside.hidden = false;
      if (err.status === 409) await this.show();
    }
  }

  async browse(path, outside = false) {
    const q = new URLSearchParams();
    if (path) q.set("path", path);
    if (outside) q.set("outside", "1");
    q.set("hidden", "1");
    let listing;
    try {
      listing = await api(`/api/data/browse?${q}`);
    } catch (err) {
      this.addError.textContent = err.message;
      return;
    }
    this.browser.hidden = false;
    const use = (p) => { this.pathInput.value = p; this.browser.hidden = true; this.addError.textContent = ""; };
    clear(this.browser,
      h("div", { class: "browser-head" },
        listing.parent ? h("button", { type: "button", class: "action up", onclick: () => this.browse(listing.parent, outside) }, "↑ Up") : null,
        h("code", { class: "browser-path" }, listing.path),
        listing.reads_as ? h("span", { class: "reads-as" }, `reads as ${TYPE_WORDS[listing.reads_as]}`) : null,
        h("button", { type: "button", class: "action use-folder", onclick: () => use(listing.path) }, "Use this folder"),
        h("button", { type: "button", class: "link-button", onclick: () => { this.browser.hidden = true; } }, "close")),
      h("ul", { class: "browser-list" }, listing.entries.map((e) => h("li", { class: e.folder ? "entry folder" : "entry file" },
        e.folder
          ? h("button", { type: "button", class: "link-button entry-name", onclick: () => this.browse(e.path, outside) }, `${e.name}/`)
          : h("span", { class: "entry-name" }, e.name),
        e.reads_as ? h("span", { class: "reads-as" }, TYPE_WORDS[e.reads_as]) : null,
        e.reads_as || !e.folder ? h("button", { type: "button", class: "action use", onclick: () => use(e.path) }, "Use") : null))),
      listing.more ? h("p", { class: "hint" }, "Only the first entries are listed; type the rest of the path.") : null);
  }

  async detect(button) {
    button.disabled = true;
    try {
      const home = this.detectHome.value.trim();
      const found = await api(`/api/data/detect${home ? "?" + new URLSearchParams({ home }) : ""}`);
      const offered = found.found.filter((f) => f.offered);
      if (!found.found.length) {
        clear(this.found, h("p", { class: "hint" }, `No Thunderbird, Apple Mail or Apple Calendar data under ${found.home}.`));
        return;
      }
      const boxes = [];
      clear(this.found,
        h("ul", { class: "found-list" }, found.found.map((f) => {
          const box = h("input", { type: "checkbox", checked: f.offered && !f.configured && f.readable, disabled: !f.offered || f.configured });
          if (f.offered && !f.configured) boxes.push([box, f]);
          return h("li", { class: "found" }, h("label", {}, box,
            h("strong", {}, `${f.app}, ${f.name}`), " ", h("span", { class: "type-pill" }, TYPE_WORDS[f.type] || f.type),
            h("span", { class: "found-summary" }, [f.summary, f.note, f.configured ? "already added" : ""].filter(Boolean).join(" · ")),
            h("code", { class: "found-path" }, f.path)));
        })),
        found.self_emails.length ? h("p", { class: "hint" }, `Your addresses in these apps: ${found.self_emails.join(", ")} (offered under You).`) : null,
        offered.length ? h("button", { type: "button", class: "primary add-found", onclick: () => this.addFound(boxes) }, "Add the ticked ones") : null);
      this.detectedEmails = found.self_emails;
      this.fillSelfSuggestions();
    } catch (err) {
      clear(this.found, h("p", { class: "problem" }, err.message));
    } finally {
      button.disabled = false;
    }
  }

  async addFound(boxes) {
    const added = [];
    for (const [box, f] of boxes) {
      if (!box.checked) continue;
      try {
        const result = await api("/api/data/sources/add", { method: "POST",
          body: { path: f.path, type: f.type, exclude: f.options.exclude, version: this.data.version } });
        added.push(result.source);
        this.data = await api("/api/data");  // the next add names the new version
      } catch (err) {
        toast(`${f.name}: ${err.message}`, "error");
      }
    }
    await this.show();
    this.onChanged();
    if (added.length) await this.index(added);
  }

  // -- you -------------------------------------------------------------------------------------------
  selfSection() {
    const me = this.data.self;
    this.nameInput = h("input", { type: "text", class: "self-name", value: me.name, placeholder: "Alex Morgan", "aria-label": "Your name" });
    this.emailsInput = h("input", { type: "text", class: "self-emails", value: me.emails.join(", "), placeholder: "alex@example.org, a.morgan@work.example", "aria-label": "Your addresses" });
    this.zoneInput = h("input", { type: "text", class: "self-zone", value: me.timezone, placeholder: me.machine_timezone, "aria-label": "Time zone" });
    this.suggest = h("p", { class: "hint self-suggest" });
    return h("section", { class: "panel data-section", id: "data-self", "aria-labelledby": "self-title" },
      h("header", { class: "panel-head" }, h("h2", { id: "self-title" }, "You"),
        h("span", { class: "panel-sub" }, "mail from and to these addresses is yours; they are never “a person”")),
      h("form", { class: "form-grid", onsubmit: (e) => { e.preventDefault(); this.saveSelf(); } },
        h("label", {}, "Name", this.nameInput),
        h("label", {}, "Addresses", this.emailsInput),
        h("label", {}, "Time zone", this.zoneInput),
        h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary save-self" }, "Save"))),
      this.suggest);
  }

  fillSelfSuggestions() {
    const have = new Set(this.emailsInput.value.split(/[\s,]+/).filter(Boolean));
    const more = (this.detectedEmails || []).filter((e) => !have.has(e));
    clear(this.suggest, more.length ? ["Found in your mail apps: ", more.map((e) => h("button", { type: "button", class: "link-button suggest-email",
      onclick: () => { this.emailsInput.value = [...have, e].join(", "); this.fillSelfSuggestions(); } }, `+ ${e}`))] : null);
  }

  async saveSelf() {
    await this.save("/api/data/self", { name: this.nameInput.value, emails: this.emailsInput.value.split(/[\s,]+/).filter(Boolean),
      timezone: this.zoneInput.value.trim() }, "Saved").catch(() => {});
  }

  // -- model -----------------------------------------------------------------------------------------
  modelSection() {
    const m = this.data.model;
    const backend = m.backend || "auto";
    const field = (name, label, placeholder) => h("label", { class: `model-field field-${name}` }, label,
      h("input", { type: "text", name, value: m[name] || "", placeholder }));
    this.backendSelect = h("select", { class: "backend", "aria-label": "Model" },
      [["rules", "Rules only (offline, no model)"], ["auto", "Automatic (Ollama if it runs, else rules)"], ["ollama", "Ollama on this computer"],
        ["openai", "An OpenAI-compatible server"], ["llamacpp", "A GGUF file (llama.cpp)"]].map(([v, t]) => h("option", { value: v, selected: v === backend }, t)));
    this.modelForm = h("form", { class: "form-grid model-form", onsubmit: (e) => { e.preventDefault(); this.saveModel(); } },
      h("label", {}, "Model", this.backendSelect),
      field("model", "Model name", "qwen3:8b"), field("host", "Ollama address", "http://127.0.0.1:11434"),
      field("base_url", "Server address", "http://127.0.0.1:1234/v1"), field("api_key_env", "Key from the variable", "OPENAI_API_KEY"),
      field("model_path", "GGUF file", "~/models/qwen3-8b.gguf"),
      h("div", { class: "form-actions" },
        h("button", { type: "button", class: "find-ollama", onclick: (e) => this.findOllama(e.target) }, "Find Ollama models"),
        h("button", { type: "button", class: "try-model", onclick: (e) => this.tryModel(e.target) }, "Try it"),
        h("button", { type: "submit", class: "primary save-model" }, "Save")));
    this.modelOut = h("div", { class: "model-out" });
    const shown = () => {
      const b = this.backendSelect.value;
      const on = { model: ["ollama", "openai", "auto"], host: ["ollama", "auto"], base_url: ["openai"], api_key_env: ["openai"], model_path: ["llamacpp", "auto"] };
      for (const [name, backends] of Object.entries(on)) $(`.field-${name}`, this.modelForm).hidden = !backends.includes(b);
      $(".find-ollama", this.modelForm).hidden = !["ollama", "auto"].includes(b);
    };
    this.backendSelect.addEventListener("change", shown);
    shown();
    return h("section", { class: "panel data-section", id: "data-model", "aria-labelledby": "model-title" },
      h("header", { class: "panel-head" }, h("h2", { id: "model-title" }, "Model"),
        h("span", { class: "panel-sub" }, "reads questions the offline reader cannot; it sees the question, never your data")),
      this.modelForm, this.modelOut);
  }

  modelBody() {
    const body = { backend: this.backendSelect.value };
    for (const input of this.modelForm.querySelectorAll("input[name]")) {
      if (!input.closest("label").hidden) body[input.name] = input.value.trim();
    }
    return body;
  }

  async findOllama(button) {
    button.disabled = true;
    try {
      const host = $('input[name="host"]', this.modelForm).value.trim();
      const found = await api(`/api/data/ollama${host ? "?host=" + encodeURIComponent(host) : ""}`);
      const input = $('input[name="model"]', this.modelForm);
      clear(this.modelOut, found.running
        ? h("p", { class: "hint" }, `Ollama runs at ${found.host} with `, found.models.length ? found.models.map((m) =>
          h("button", { type: "button", class: "link-button pick-model", onclick: () => { input.value = m; } }, m)).concat(" (pick one, then Try it)") : "no model yet (ollama pull qwen3:8b)")
        : h("p", { class: "problem" }, found.message));
    } catch (err) {
      clear(this.modelOut, h("p", { class: "problem" }, err.message));
    } finally {
      button.disabled = false;
    }
  }

  async tryModel(button) {
    button.disabled = true;
    clear(this.modelOut, h("p", { class: "hint" }, "Reading a sample question with the model chosen above…"));
    try {
      const r = await api("/api/data/model/try", { method: "POST", body: this.modelBody() });
      const by = r.model ? `${r.backend} (${r.model})` : r.backend;
      clear(this.modelOut, h("p", { class: "model-tried" }, `“${r.question}” was read by ${by} in ${r.seconds} s as: `, h("strong", {}, r.reading || "a graph")),
        h("pre", { class: "model-graph" }, JSON.stringify(r.graph, null, 1)));
    } catch (err) {
      clear(this.modelOut, h("p", { class: "problem" }, err.message));
    } finally {
      button.disabled = false;
    }
  }

  async saveModel() {
    await this.save("/api/data/model", this.modelBody(), "Saved; the next question uses it").catch(() => {});
  }
}
