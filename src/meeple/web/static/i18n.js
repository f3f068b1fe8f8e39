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
  let text = catalog[key] ?? fallback[key] ?? key;
  if (typeof text === "object") {
    const n = Number(params?.n);
    const form = new Intl.PluralRules(current).select(Number.isFinite(n) ? n : 2);
    text = text[form] ?? text.other;
  }
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  }
  return text;
}

// t only when the key exists (game words: cards, colours); else the given default
export function tmaybe(key, otherwise, params) {
  return key in catalog || key in fallback ? t(key, params) : otherwise;
}

export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
