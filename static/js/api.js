// Talking to the server: every request carries the per-launch token from <meta name="qw-token">.

const TOKEN = document.querySelector('meta[name="qw-token"]')?.content || "";
const HEADER = "X-QueryWeaver-Token";

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const options = { method, headers: { [HEADER]: TOKEN, Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    throw new ApiError("The QueryWeaver server is not answering. Is 'queryweaver serve' still running?", 0);
  }
  let data = {};
  try {
    data = await response.json();
  } catch (err) {
    data = {};
  }
  if (!response.ok) throw new ApiError(data.error || `${response.status} ${response.statusText}`, response.status, data);
  return data;
}

// EventSource cannot send headers, so the stream URL carries the token.
export function eventsUrl(runId) {
  return `/api/runs/${encodeURIComponent(runId)}/events?token=${encodeURIComponent(TOKEN)}`;
}

// A download is a plain link, which cannot send headers either.
export function exportUrl(runId, format) {
  return `/api/runs/${encodeURIComponent(runId)}/export?format=${format}&token=${encodeURIComponent(TOKEN)}`;
}
