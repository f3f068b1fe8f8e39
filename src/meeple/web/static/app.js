// The client's entry: language first, then the page the address names.
import { LANGUAGES, onLanguage, pick, setLanguage, language, t } from "./i18n.js";
import { clear, h } from "./dom.js";

const routes = [
  [/^\/$/, async (main) => (await import("./lobby.js")).lobby(main)],
  [/^\/tables\/(\d+)\/?$/, async (main, m) => (await import("./table.js")).tablePage(main, Number(m[1]))],
  [/^\/replays\/?$/, async (main) => (await import("./replay.js")).replayPage(main)],
];

let page = null;

async function route() {
  const main = document.getElementById("app");
  if (page && page.close) page.close();
  page = null;
  clear(main);
  for (const [re, open] of routes) {
    const m = location.pathname.match(re);
    if (m) {
      try {
        page = await open(main, m);
      } catch (err) {
        main.append(h("p.error", { role: "alert" }, String(err.message || err)));
      }
      return;
    }
  }
  main.append(h("p.error", t("app.notfound")), h("a", { href: "/" }, t("nav.lobby")));
}

async function start() {
  await setLanguage(pick());
  const select = document.getElementById("lang");
  select.setAttribute("aria-label", t("nav.language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(h("option", { value: code, selected: code === language() }, name));
  }
  select.addEventListener("change", () => setLanguage(select.value, true));
  onLanguage(() => {
    select.setAttribute("aria-label", t("nav.language"));
    if (page && page.relabel) page.relabel();
  });
  window.addEventListener("popstate", route);
  await route();
}

start();
