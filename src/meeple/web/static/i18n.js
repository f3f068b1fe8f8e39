// Every string the client shows goes through t(key, params), read from JSON catalogs
// (static/i18n/LANG.json, written from the .po catalogs by `python -m meeple.i18n.web`:
// edit those, not the JSON). English is the fallback for a key a catalog lacks. Game words
// are keyed by their domain ("lost_cities:card.R"), exactly as the server says them; a
// plural message is {one, other}, its form chosen by params.n.

export const LANGUAGES = { en: "English", fr: "Français", es: "Español", nl: "Nederlands" };
const STORE = "meeple.lang";
let catalog = {};
let fallback = {};
let current = "en";
const listeners = [];

export function language() { return current; }

export function pick() {
  const saved = localStorage.getItem(STORE);
  if (saved && LANGUAGES[saved]) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES[base]) return base;
  }
  return "en";
}

async function load(lang) {
  const r = await fetch(`/static/i18n/${lang}.json`);
  if (!r.ok) throw new Error(`no catalog for ${lang}`);
  return r.json();
}

export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES[lang]) lang = "en";
  if (!Object.keys(fallback).length) fallback = await load("en");
  catalog = lang === "en" ? fallback : await load(lang);
  current = lang;
  if (remember) localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang;
  translateStatic(document);
  for (const fn of listeners) fn(lang);
}

export function onLanguage(fn) { listeners.push(fn); }

// t("lobby.players", {n: 3}); a key missing everywhere shows itself, so it is noticed
export function t(key, params) {
  return fill(template(key, params?.n), params);
}

// the text of key in the current language, its plural form chosen by n
function template(key, n) {
  let text = catalog[key] ?? fallback[key] ?? key;
  if (typeof text === "object") {
    const count = Math.abs(Number(n));  // "-6 points": the form follows the size, as on the server
    const form = new Intl.PluralRules(current).select(Number.isFinite(count) ? count : 2);
    text = text[form] ?? text.other;
  }
  return text;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// a text the server sent as data (meeple.i18n.wire): a message {msg: "domain:id", params},
// a seat {seat: n} (named by name(n)), a list {items, style}, or a string or number
export function say(data, name = (n) => t("seat.n", { n })) {
  if (data === null || data === undefined) return "";
  if (typeof data === "number") return Math.abs(data) < 1000 ? String(data) : new Intl.NumberFormat(current).format(data);
  if (typeof data !== "object") return String(data);
  if ("seat" in data) return name(data.seat);
  if ("items" in data) {
    const texts = data.items.map((item) => say(item, name));
    if (data.style === "sentences") return texts.join(" ");
    if (data.style === "parts" || data.style === "comma") return texts.join(t(`meeple:list.${data.style}`));
    const type = data.style === "or" ? "disjunction" : "conjunction";
    return new Intl.ListFormat(current, { type }).format(texts);
  }
  const params = {};
  for (const [k, v] of Object.entries(data.params || {})) params[k] = say(v, name);
  return fill(template(data.msg, data.params?.n), params);
}

// t only when the key exists (game words: cards, colours); else the given default
export function tmaybe(key, otherwise, params) {
  return key in catalog || key in fallback ? t(key, params) : otherwise;
}

export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
