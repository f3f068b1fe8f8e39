// The game modules by name, each with its title and glossary (for the full texts).
import { api } from "../api.js";
import { onLanguage } from "../i18n.js";

const MODULES = {
  "lost-cities": () => import("./lost-cities.js"),
  "little-town": () => import("./little-town.js"),
  "lewis-clark": () => import("./lewis-clark.js"),
  "lowlands": () => import("./lowlands.js"),
};

let gamesList = null;
onLanguage(() => { gamesList = null; });  // titles, summaries and option texts come in the reader's language

export async function gameInfo(name) {
  if (!gamesList) gamesList = await api("/api/games");
  return gamesList.find((g) => g.name === name) || { name, title: name, options: [] };
}

function stylesheet(name) {
  const href = `/static/games/${name}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}

export async function loadGame(name) {
  const load = MODULES[name];
  const module = load ? await load() : await import("./generic.js");
  if (load) stylesheet(name);
  const info = await gameInfo(name);
  const glossary = new Map();
  try {
    for (const e of await api(`/api/games/${name}/glossary`)) {
      for (const k of [e.name, ...e.abbreviations]) {
        const key = k.toLowerCase();
        if (!glossary.has(key)) glossary.set(key, e);
      }
    }
  } catch { /* no glossary: no full texts */ }
  return { name, title: info.title, info, module, glossary };
}
