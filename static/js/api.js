// Talking to the server. The page never sees the launch token: the browser sends the HttpOnly cookie the
// server set when the printed link was opened (queryweaver/web/auth.py).

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
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
  if (response.status === 403 && !data.error) data.error = "Open the link printed by 'queryweaver serve' again.";
  if (!response.ok) throw new ApiError(data.error || `${response.status} ${response.statusText}`, response.status, data);
  return data;
}

// The event stream: same origin, so EventSource sends the cookie too.
export function eventsUrl(runId) {
  return `/api/runs/${encodeURIComponent(runId)}/events`;
}

// A download is a plain link: same origin, so the browser sends the cookie with it.
export function exportUrl(runId, format) {
  return `/api/runs/${encodeURIComponent(runId)}/export?format=${format}`;
}
