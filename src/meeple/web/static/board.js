// What every game's board shares: clickable targets carrying legal moves, a menu when
// an element concerns several moves (or one move that must be confirmed: on a touch
// screen, or a move that would gain nothing), full text on hover, focus or tap (the
// glossary), highlights of what changed, the action bar for decisions no element
// concerns, the list of every legal move as a fallback, and each seat's name and mark.
import { append, clear, h, s } from "./dom.js";
import { say, t } from "./i18n.js";

// a seat is shown by its colour and a shape (for those who cannot tell the colours apart)
export const MARKS = ["circle", "triangle", "square", "diamond", "star"];

// the seat's shape as SVG, centred on (cx, cy), radius r: for boards drawn in SVG
export function markShape(seat, cx, cy, r, attrs = {}) {
  const shape = MARKS[seat % MARKS.length];
  const base = { class: `mark m-${shape}`, style: { fill: `var(--p${seat})` }, ...attrs };
  if (shape === "circle") return s("circle", { cx, cy, r: r * 0.9, ...base });
  if (shape === "square") return s("rect", { x: cx - r * 0.8, y: cy - r * 0.8, width: r * 1.6, height: r * 1.6, ...base });
  const points = shape === "triangle" ? [[0, -1], [0.95, 0.8], [-0.95, 0.8]]
    : shape === "diamond" ? [[0, -1], [1, 0], [0, 1], [-1, 0]]
      : [...Array(10).keys()].map((i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const k = i % 2 ? 0.45 : 1;
        return [k * Math.cos(a), k * Math.sin(a)];
      });
  return s("polygon", { points: points.map(([x, y]) => `${(cx + r * x).toFixed(1)},${(cy + r * y).toFixed(1)}`).join(" "), ...base });
}

// the seat's mark beside a name in HTML: the swatch of its colour, in its shape
export function seatMark(seat) {
  return h("span.swatch", { class: `p${seat} m-${MARKS[seat % MARKS.length]}`, "aria-hidden": "true" });
}

// what a seat is called: its player's name, else its bot, else "Seat N"; "(you)" for yours
export function seatName(table, seat, mine = true) {
  if (seat === null || seat === undefined) return t("table.nobody");
  const s = table.seats ? table.seats[seat] : null;
  const base = s && s.name ? s.name : s && s.bot ? botName(table.seats, seat) : t("seat.n", { n: seat });
  return mine && seat === table.seat ? t("seat.you", { name: base }) : base;
}

// a bot is called by its kind, numbered when the table holds several of one kind
function botName(seats, seat) {
  const same = seats.filter((x) => x.bot === seats[seat].bot && !x.name);
  return same.length > 1 ? `${seats[seat].bot} ${same.indexOf(seats[seat]) + 1}` : seats[seat].bot;
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

// the kind of pointer that last pressed: a single tap on a touch screen is asked to confirm
let pointer = "mouse";
document.addEventListener("pointerdown", (e) => { pointer = e.pointerType || "mouse"; }, true);
document.addEventListener("keydown", () => { pointer = "keyboard"; }, true);

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
    this.moveInfo = new Map();
    this.name = (n) => t("seat.n", { n });
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

  // the move in words: the game's own description (sent by the server with the legal
  // moves, in the reader's language), else the board module's, else its notation
  describe(move, view) {
    const info = this.moveInfo.get(move);
    if (info && info.text !== null && info.text !== undefined) return say(info.text, this.name);
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

  // why the move would gain nothing (Game.futile), or null
  futile(move) {
    const info = this.moveInfo.get(move);
    return info && info.futile !== null && info.futile !== undefined ? say(info.futile, this.name) : null;
  }

  // play one of moves from el: directly when it is one move a click means, else through
  // a menu that shows the moves in words (several moves; a tap on a touch screen, which
  // must show the move before playing it; a move that would gain nothing)
  choose(el, moves, info) {
    if (this.busy) return;
    if (moves.length === 1 && pointer !== "touch" && !this.futile(moves[0])) this.act(moves[0]);
    else this.openMenu(el, moves, info);
  }

  // draw(...): the board for table (a TableState or a replay frame)
  draw(boardBox, actBar, movesBox, game, table, extra = {}) {
    const focused = document.activeElement && boardBox.contains(document.activeElement)
      ? document.activeElement.dataset.key : null;
    closeMenu(false);
    hideTip();
    const legal = new Set(table.status === "playing" && table.to_move === table.seat ? table.legal : []);
    this.moveInfo = new Map((table.moves || []).map((m) => [m.action, m]));
    this.name = (n) => (extra.names && extra.names[n]) || seatName(table, n, false);
    const covered = new Set();
    const board = this;
    const ctx = {
      table, view: table.view, seat: table.seat, players: table.players, names: extra.names || [],
      legal, covered, t,
      name: (seat) => (extra.names && extra.names[seat]) || seatName(table, seat),
      // the seat's shape in SVG (ownership is shown by shape as well as colour)
      mark: (seat, cx, cy, r, attrs) => markShape(seat, cx, cy, r, attrs),
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
        const words = mine.map((m) => board.label(m, table.view));
        if (mine.every((m) => board.futile(m))) el.classList.add("futile");
        const label = el.getAttribute("aria-label") || el.dataset.label || "";
        el.setAttribute("aria-label", `${label}${label ? ": " : ""}${words.join(" / ")}`);
        const go = (e) => {
          e.preventDefault();
          e.stopPropagation();
          board.choose(el, mine, info);
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
      futile: (m) => board.futile(m),
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
      const why = board.futile(m);
      const button = h("button.act", { type: "button", "data-move": m, class: why ? "futile" : "",
        onclick: () => board.choose(button, [m]) }, board.describe(m, table.view), why ? h("span.futile-mark", " ∅") : null);
      actBar.append(button);
    }
    if (movesBox) this.drawMoves(movesBox, [...legal], table);
  }

  // the move in words for a label: its description, and why it would gain nothing
  label(move, view) {
    const why = this.futile(move);
    const words = this.describe(move, view);
    return why ? `${words} (${t("table.futile", { why })})` : words;
  }

  drawMoves(box, moves, table) {
    clear(box);
    box.append(h("summary", t("table.moves", { n: moves.length })));
    if (!moves.length) { box.append(h("p.muted", t("table.nomoves"))); return; }
    for (const [verb, list] of groupMoves(moves)) {
      const row = h("div.move-group", verb ? h("span.verb", verb) : null);
      for (const m of list) {
        const words = this.label(m, table.view);
        const button = h("button.fallback", { type: "button", "data-move": m, title: words, "aria-label": `${words} (${m})`,
          class: this.futile(m) ? "futile" : "", onclick: () => this.choose(button, [m]) }, verb ? m.slice(verb.length + 1) : m);
        row.append(button);
      }
      box.append(row);
    }
  }

  openMenu(el, moves, info) {
    closeMenu(false);
    const entry = this.lookup(info);
    const confirm = moves.length === 1;
    menu = h("div.menu", { role: "menu", "aria-label": el.getAttribute("aria-label") || "" },
      entry ? h("div.menu-info", h("strong", entry.name), h("p", entry.text)) : null,
      confirm ? h("p.menu-ask", t(pointer === "touch" ? "table.tapconfirm" : "table.confirm")) : null,
      moves.map((m) => {
        const why = this.futile(m);
        return h("button.menu-item", {
          type: "button", role: "menuitem", "data-move": m, class: why ? "futile" : "",
          onclick: () => { closeMenu(false); this.act(m); },
        }, h("span", this.describe(m, this.ctx.view), why ? h("small.menu-futile", t("table.futile", { why })) : null), h("code", m));
      }),
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
