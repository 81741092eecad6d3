// The JSON API of `flatbed serve` (Docs/api.md), wrapped in small async functions.
// Every request carries the access token, when there is one, as `Authorization: Bearer`.

const TOKEN_KEY = "flatbed.token";

/** An API failure: the server's one-line message plus the HTTP status (0 when offline). */
export class APIError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Takes `?token=` from the page URL into sessionStorage and drops it from the address bar. */
export function adoptTokenFromURL() {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (token) {
    sessionStorage.setItem(TOKEN_KEY, token);
    url.searchParams.delete("token");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
}

function authHeaders(extra = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** The raw `fetch` with the token and errors turned into APIError; returns the Response. */
export async function request(path, { method = "GET", body, type, signal } = {}) {
  const headers = authHeaders(type ? { "Content-Type": type } : {});
  let response;
  try {
    response = await fetch(path, { method, body, headers, signal, credentials: "same-origin" });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new APIError("the scanner server is not reachable; is `flatbed serve` still running?", 0);
  }
  if (!response.ok) {
    let message = `${method} ${path} failed with HTTP ${response.status}`;
    try {
      const json = await response.json();
      if (json && json.error && json.error.message) message = json.error.message;
    } catch (_) { /* not JSON: keep the generic message */ }
    throw new APIError(message, response.status);
  }
  return response;
}

async function json(path, options) {
  const response = await request(path, options);
  return response.status === 204 ? null : response.json();
}

function send(method, path, value) {
  return json(path, { method, body: JSON.stringify(value), type: "application/json" });
}

const enc = encodeURIComponent;
const pagePath = (sessionID, pageID) => `/api/sessions/${enc(sessionID)}/pages/${enc(pageID)}`;

export const api = {
  createSession: () => json("/api/sessions", { method: "POST" }),
  session: (id) => json(`/api/sessions/${enc(id)}`),
  putSettings: (id, settings) => send("PUT", `/api/sessions/${enc(id)}/settings`, settings),
  addPage: (id, blob) => json(`/api/sessions/${enc(id)}/pages`, { method: "POST", body: blob, type: blob.type || "image/jpeg" }),
  retake: (id, pageID, blob) => json(`${pagePath(id, pageID)}/photo`, { method: "PUT", body: blob, type: blob.type || "image/jpeg" }),
  patchPage: (id, pageID, changes) => send("PATCH", pagePath(id, pageID), changes),
  deletePage: (id, pageID) => json(pagePath(id, pageID), { method: "DELETE" }),
  reorder: (id, pageIDs) => send("PUT", `/api/sessions/${enc(id)}/order`, { pages: pageIDs }),
  detect: (id, blob, signal) =>
    json(`/api/detect${id ? `?session=${enc(id)}` : ""}`, { method: "POST", body: blob, type: "image/jpeg", signal }),
  /** URL of the original photo, downscaled to `maxSide`. */
  photoURL: (id, page, maxSide) => `${pagePath(id, page.id)}/photo?maxSide=${maxSide}&v=${pageVersion(page)}`,
  /** URL of the finished page; the `v` key changes whenever the page's parameters do. */
  renderURL: (id, page, maxSide) => `${pagePath(id, page.id)}/render?maxSide=${maxSide}&v=${pageVersion(page)}`,
  exportPath: (id, format, ocr) => `/api/sessions/${enc(id)}/export?format=${format}${ocr ? "&ocr=1" : ""}`,
  health: () => json("/api/health"),
};

/** A short key that changes whenever anything that affects a page's pictures changes. */
export function pageVersion(page) {
  const text = JSON.stringify([page.corners, page.rotation, page.mode, page.width, page.height, page.createdAt, page.confidence, page.revision || 0]);
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash.toString(36);
}
