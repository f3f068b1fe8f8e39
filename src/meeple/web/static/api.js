// The server's HTTP API and where the seats' tokens are kept (URL fragment, local storage).
import { language } from "./i18n.js";

const TOKENS = "meeple.tokens";

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.detail ? body.detail : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body, token, raw } = {}) {
  const headers = { "Accept-Language": language() };  // the server's words in the reader's language
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (raw !== undefined) { payload = raw; headers["Content-Type"] = "application/json"; }
  else if (body !== undefined) { payload = JSON.stringify(body); headers["Content-Type"] = "application/json"; }
  const r = await fetch(path, { method, headers, body: payload });
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}

function loadTokens() {
  try { return JSON.parse(localStorage.getItem(TOKENS) || "{}"); } catch { return {}; }
}

export function savedSeat(tableId) {
  return loadTokens()[tableId] || null;
}

export function saveSeat(tableId, seat, token) {
  const all = loadTokens();
  all[tableId] = { seat, token };
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

export function forgetSeat(tableId) {
  const all = loadTokens();
  delete all[tableId];
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

// "#seat=1&token=..." -> {seat: 1, token}
export function seatFromHash(hash) {
  const p = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const token = p.get("token");
  if (!token) return null;
  const seat = p.has("seat") ? Number(p.get("seat")) : null;
  return { seat, token };
}

export function seatLink(tableId, seat, token) {
  return `${location.origin}/tables/${tableId}#seat=${seat}&token=${encodeURIComponent(token)}`;
}
