// What every game's board shares: clickable targets carrying legal moves, a menu when
// an element concerns several moves, full text on hover, focus or tap (the glossary),
// highlights of what changed, the action bar for decisions no element concerns, and the
// list of every legal move as a fallback.
import { append, clear, h } from "./dom.js";
import { t } from "./i18n.js";

export function seatName(table, seat) {
  if (seat === null || seat === undefined) return t("table.nobody");
  const s = table.seats ? table.seats[seat] : null;
  const base = s && s.name ? s.name : t("seat.n", { n: seat });
  return seat === table.seat ? t("seat.you", { name: base }) : base;
}

// "play: R7, Y2" groups, in order of first appearance
export function groupMoves(moves) {
  const groups = new Map();
  for (const m of moves) {
    const parts = m.split(" ");
    const verb = parts.length > 1 ? parts.slice(0, -1).join(" ") : "";
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(m);
  }
  return groups;
}

let menu = null;
let menuOwner = null;
let menuAt = null;

function closeMenu(refocus = true) {
  if (!menu) return;
  menu.remove();
  menu = null;
  if (refocus && menuOwner && document.contains(menuOwner)) menuOwner.focus();
  menuOwner = null;
}

document.addEventListener("keydown", (e) => { if (e.key === "Escape") { closeMenu(); hideTip(); } });
// tips and menus float where their element was: they go when the page scrolls
window.addEventListener("scroll", () => {
  hideTip();
  if (menu && menuOwner) {  // a menu stays while its element has not moved (a late scroll event)
    const r = menuOwner.getBoundingClientRect();
    if (Math.abs(r.top - menuAt.top) > 4 || Math.abs(r.left - menuAt.left) > 4) closeMenu(false);
  }
}, { passive: true });
document.addEventListener("pointerdown", (e) => {
  if (menu && !menu.contains(e.target) && !(menuOwner && menuOwner.contains(e.target))) closeMenu(false);
});

// ---- the glossary tooltip -------------------------------------------------------------
let tipOwner = null;

// put a floating box (tip, menu) next to a rectangle, inside the window: below it, or
// above when there is no room below. It is position: fixed, so it never changes the
// page's height (a page that shrinks when a tip hides would move what is under the pointer)
function place(box, r, widest) {
  const w = Math.min(widest, window.innerWidth - 16);
  box.style.width = box.classList.contains("menu") ? `${w}px` : "";
  box.style.maxWidth = `${w}px`;
  box.style.left = `${Math.min(Math.max(8, r.left), window.innerWidth - w - 8)}px`;
  box.style.top = "0px";
  const height = box.offsetHeight;
  const below = window.innerHeight - r.bottom - 8;
  const top = height <= below || r.top < height + 8 ? r.bottom + 4 : r.top - height - 4;
  box.style.top = `${Math.max(4, Math.min(top, window.innerHeight - Math.min(height, window.innerHeight - 8) - 4))}px`;
}

function showTip(el, entry) {
  const tip = document.getElementById("tip");
  if (!tip || !entry) return;
  append(clear(tip), [h("strong", entry.name), h("span.kind", ` · ${entry.kind}`),
    entry.design ? h("span.design", ` · ${t("glossary.design")}`) : null, h("p", entry.text)]);
  tip.hidden = false;
  place(tip, el.getBoundingClientRect(), 340);
  tipOwner = el;
}

function hideTip() {
  const tip = document.getElementById("tip");
  if (tip) tip.hidden = true;
  tipOwner = null;
}

export class Board {
  constructor({ act }) {
    this.act = act;
    this.busy = false;
    this.highlightNext = false;
    this.signatures = new Map();
    this.glossary = new Map();
  }

  async prepare(game) {
    this.game = game;
    this.glossary = game.glossary;
  }

  setBusy(busy) {
    this.busy = busy;
    document.body.classList.toggle("busy", busy);
  }

  lookup(key) {
    if (key === null || key === undefined) return null;
    return this.glossary.get(String(key).toLowerCase()) || null;
  }

  describe(move, view) {
    let words = null;
    try {
      words = this.game.module.describe ? this.game.module.describe(move, view, this.ctx) : null;
    } catch (err) {
      // a bug in the game's module: show the notation, but report it (the console, and
      // the page's error event that the browser tests fail on), never swallow it
      reportError(new Error(`describe(${JSON.stringify(move)}) of ${this.game.name} failed: ${err}`, { cause: err }));
      words = null;
    }
    return words || move;
  }

  // draw(...): the board for table (a TableState or a replay frame)
  draw(boardBox, actBar, movesBox, game, table, extra = {}) {
    const focused = document.activeElement && boardBox.contains(document.activeElement)
      ? document.activeElement.dataset.key : null;
    closeMenu(false);
    hideTip();
    const legal = new Set(table.status === "playing" && table.to_move === table.seat ? table.legal : []);
    const covered = new Set();
    const board = this;
    const ctx = {
      table, view: table.view, seat: table.seat, players: table.players, names: extra.names || [],
      legal, covered, t,
      name: (seat) => (extra.names && extra.names[seat]) || seatName(table, seat),
      // target(el, moves): el plays the legal ones among moves (a menu when several)
      target(el, moves, info) {
        const mine = [...new Set(Array.isArray(moves) ? moves : [moves])].filter((m) => legal.has(m));
        if (info) ctx.info(el, info);
        if (!mine.length) return el;
        for (const m of mine) covered.add(m);
        el.classList.add("target");
        el.dataset.moves = mine.join("|");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        const words = mine.map((m) => board.describe(m, table.view));
        const label = el.getAttribute("aria-label") || el.dataset.label || "";
        el.setAttribute("aria-label", `${label}${label ? ": " : ""}${words.join(" / ")}`);
        const go = (e) => {
          e.preventDefault();
          e.stopPropagation();
          if (board.busy) return;
          if (mine.length === 1) board.act(mine[0]);
          else board.openMenu(el, mine, info);
        };
        el.addEventListener("click", go);
        el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(e); });
        return el;
      },
      // info(el, key): the glossary's full text on hover, focus, or tap
      info(el, key) {
        const entry = board.lookup(key);
        if (!entry) return el;
        el.dataset.info = entry.name;
        if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
        el.addEventListener("mouseenter", () => showTip(el, entry));
        el.addEventListener("mouseleave", hideTip);
        el.addEventListener("focus", () => showTip(el, entry));
        el.addEventListener("blur", hideTip);
        el.addEventListener("click", () => { if (!el.dataset.moves) (tipOwner === el ? hideTip() : showTip(el, entry)); });
        if (!el.getAttribute("aria-label")) el.setAttribute("aria-label", entry.name);
        el.setAttribute("aria-description", entry.text);
        return el;
      },
      key(el, k) { el.dataset.key = k; return el; },
      lookup: (k) => board.lookup(k),
      describe: (m) => board.describe(m, table.view),
    };
    this.ctx = ctx;
    let drawn;
    try {
      drawn = game.module.render(table.view, ctx);
    } catch (err) {
      console.error(err);
      drawn = h("pre.view-json", JSON.stringify(table.view, null, 1));
    }
    clear(boardBox).append(drawn);
    this.highlight(boardBox);
    if (focused) {
      const again = boardBox.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
    // decisions that no board element concerns: buttons beside the board
    clear(actBar);
    const rest = [...legal].filter((m) => !covered.has(m));
    for (const m of rest) {
      actBar.append(h("button.act", { type: "button", "data-move": m, onclick: () => !board.busy && board.act(m) },
        board.describe(m, table.view)));
    }
    if (movesBox) this.drawMoves(movesBox, [...legal], table);
  }

  drawMoves(box, moves, table) {
    clear(box);
    box.append(h("summary", t("table.moves", { n: moves.length })));
    if (!moves.length) { box.append(h("p.muted", t("table.nomoves"))); return; }
    for (const [verb, list] of groupMoves(moves)) {
      const row = h("div.move-group", verb ? h("span.verb", verb) : null);
      for (const m of list) {
        const words = this.describe(m, table.view);
        row.append(h("button.fallback", { type: "button", "data-move": m, title: words, "aria-label": `${words} (${m})`,
          onclick: () => !this.busy && this.act(m) }, verb ? m.slice(verb.length + 1) : m));
      }
      box.append(row);
    }
  }

  openMenu(el, moves, info) {
    closeMenu(false);
    const entry = this.lookup(info);
    menu = h("div.menu", { role: "menu", "aria-label": el.getAttribute("aria-label") || "" },
      entry ? h("div.menu-info", h("strong", entry.name), h("p", entry.text)) : null,
      moves.map((m) => h("button.menu-item", {
        type: "button", role: "menuitem", "data-move": m,
        onclick: () => { closeMenu(false); this.act(m); },
      }, h("span", this.describe(m, this.ctx.view)), h("code", m))),
      h("button.menu-cancel", { type: "button", onclick: () => closeMenu() }, t("table.cancel")));
    menuOwner = el;
    menuAt = el.getBoundingClientRect();
    document.body.append(menu);
    place(menu, menuAt, 320);
    const items = [...menu.querySelectorAll("button")];
    items[0].focus();
    menu.addEventListener("keydown", (e) => {
      const i = items.indexOf(document.activeElement);
      if (e.key === "ArrowDown") { e.preventDefault(); items[(i + 1) % items.length].focus(); }
      if (e.key === "ArrowUp") { e.preventDefault(); items[(i - 1 + items.length) % items.length].focus(); }
      if (e.key === "Tab") closeMenu(false);
    });
  }

  // mark the elements whose content changed since the last drawing (another seat's move)
  highlight(root) {
    const now = new Map();
    for (const el of root.querySelectorAll("[data-key]")) {
      now.set(el.dataset.key, el.dataset.sig ?? el.textContent);
    }
    if (this.highlightNext) {
      for (const el of root.querySelectorAll("[data-key]")) {
        const before = this.signatures.get(el.dataset.key);
        if (before !== undefined && before !== now.get(el.dataset.key)) el.classList.add("changed");
        if (before === undefined && this.signatures.size) el.classList.add("changed");
      }
    }
    this.highlightNext = false;
    this.signatures = now;
  }
}
