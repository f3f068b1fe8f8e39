// Lowlands: the shared board (sea and flood, the dike and its construction site, the
// value track, the dike track with its progress tokens, the sheep market, the card
// display, the face-up tiles) and each farm (actions with farmers and workers, the 6x5
// grid with terrain, fences, pastures, tiles and sheep, coins, cards). Place farmers on
// action spaces, pay with your cards, put tiles and fences on your farm, answer help.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";

const ACTIONS = ["build", "dike", "fence", "market", "draw"];
const RES = ["wood", "clay", "stone"];
const RES_COLOR = { wood: "#8b5a2b", clay: "#c9623a", stone: "#8f8f8f" };
const PLAYER = ["#d1452f", "#2f6fd0", "#3c9a48", "#8a4fc0"];
const COLS = "abcdef";
const ROWS = 5;
const SQ = 54;
// the farm's terrain, component facts (designed where the board is not public):
// . plain, T tree, B bush, P pond
const TERRAIN = ["T.B..P", "......", "B....B", ".P..T.", "T..B.P"];
const SEGMENTS = [["brown", 4, 3], ["green", 3, 4], ["grey", 2, 6]];
const SEG_COLOR = { brown: "#8d6e4a", green: "#5d9b4c", grey: "#9aa0a6" };

const res = (r) => t(`ll.res.${r}`);
const action = (a) => t(`ll.action.${a}`);

export function describe(move, view) {
  const w = move.split(" ");
  switch (w[0]) {
    case "place": return t("ll.move.place", { n: w[1], action: action(w[2]) });
    case "boost": return t("ll.move.boost", { n: w[1], action: action(w[2]) });
    case "build": return t("ll.move.build", { tile: w[1] });
    case "at": return t("ll.move.at", { square: w[1], tile: view?.turn?.tile || "" });
    case "pay":
      if (w[1] === "2") return t("ll.move.pay2", { a: res(w[2]), b: res(w[4]) });
      return view?.phase === "fence" ? t("ll.move.payfence", { r: res(w[1]) }) : t("ll.move.pay", { r: res(w[1]) });
    case "waive": return t("ll.move.waive", { r: res(w[1]) });
    case "free": return t("ll.move.free", { r: res(w[1]) });
    case "stop": return t("ll.move.stop");
    case "ask": return w[1] === "market" ? t("ll.move.askmarket") : t("ll.move.ask", { seat: w[1] });
    case "fence": return t("ll.move.fence", { edge: w[1] });
    case "lift": return t("ll.move.lift", { edge: w[1] });
    case "buy": return t("ll.move.buy", { row: w[1] });
    case "sell": return t("ll.move.sell", { row: w[1] });
    case "draw": return w[1] === "deck" ? t("ll.move.drawdeck") : t("ll.move.draw", { r: res(w[1]) });
    case "take": return t("ll.move.take", { what: w.slice(1).join(" ") });
    case "worker": return t("ll.move.worker", { action: action(w[1]) });
    case "shift": return t("ll.move.shift", { a: action(w[1]), b: action(w[2]) });
    case "skip": return t("ll.move.skip");
    case "discard": return t("ll.move.discard", { r: res(w[1]) });
    case "auction": return t("ll.move.auction");
    case "silo": return t("ll.move.silo");
    default: return null;
  }
}

function tileFacts(ctx, key) {
  const e = ctx.lookup(key);
  const abbr = e ? e.abbreviations.find((a) => /^[A-Z]{3}$/.test(a)) : null;
  const ap = e ? (e.text.match(/(\d) action points?/) || [])[1] : null;
  return { name: e ? e.name : key, abbr: abbr || key.slice(0, 3).toUpperCase(), ap, design: e ? e.design : false };
}

// ---- the shared board ------------------------------------------------------------------------
function sea(view, ctx) {
  const cards = view.sea.map((c, i) => h("div.ll-flood", { class: c.face ? "open" : "closed", "data-sea": i,
    "aria-label": c.face ? t("ll.floodcard", { n: c.face }) : t("ll.floodback", { back: c.back }) },
  h("strong", c.face ? String(c.face) : "?"), h("small", c.back)));
  const box = h("div.ll-sea", h("span.label", t("ll.sea")), cards,
    h("span.ll-level", t("ll.levels", { flood: view.flood, dike: view.dike })),
    h("small", t("ll.flooddeck", { n: view.flood_deck })));
  ctx.key(box, "sea");
  ctx.info(box, "sea");
  return box;
}

function dikeBar(view, ctx) {
  const bar = h("div.ll-segments", { "aria-label": t("ll.segments", { n: view.segments, dike: view.dike }) });
  let i = 0;
  for (const [color, size, count] of SEGMENTS) {
    for (let k = 0; k < count; k++, i++) {
      bar.append(h("span.seg", { class: i < view.segments ? "built" : "", style: { "--seg": SEG_COLOR[color], flex: String(size) },
        title: `${color} ${size}` }));
    }
  }
  ctx.key(bar, "segments");
  bar.dataset.sig = String(view.segments);
  ctx.info(bar, "dike");
  const site = h("div.ll-site", { "aria-label": t("ll.site") }, h("span.label", t("ll.site")),
    view.next_segment ? h("span.next", { style: { "--seg": SEG_COLOR[view.next_segment] } }, t("ll.next", { color: t(`ll.seg.${view.next_segment}`) })) : null);
  for (const r of RES) {
    const pos = view.cubes[r] || 0;
    const track = h("div.ll-track", { "data-cube": r }, h("span.rname", res(r)));
    for (let k = 1; k <= view.track; k++) track.append(h("span.slot", { class: k <= pos ? "filled" : "", style: { "--res": RES_COLOR[r] } }));
    site.append(track);
  }
  ctx.key(site, "site");
  site.dataset.sig = JSON.stringify(view.cubes);
  ctx.info(site, "construction site");
  return h("div.ll-dike", h("span.label", t("ll.dike")), bar, site);
}

function dikeTrack(view, ctx) {
  const track = h("div.ll-diketrack", { "aria-label": t("ll.diketrack") });
  const last = Math.max(24, ...view.farms.map((f) => f.dike_space + 2));
  for (let i = 0; i <= last; i++) {
    const here = view.farms.map((f, seat) => [f, seat]).filter(([f]) => f.dike_space === i)
      .sort((a, b) => a[0].stack_order - b[0].stack_order);
    const token = view.tokens[String(i)];
    const cell = h("div.ll-dspace", { "data-dike-space": i, class: token ? "token" : "" },
      h("small", String(i)),
      token ? h("span.tok", token) : null,
      here.map(([, seat]) => h("span.pawn", { class: `p${seat}`, title: ctx.name(seat) })));
    if (token) ctx.info(cell, "progress token");
    if (view.turn && view.turn.token_space === i) {
      cell.dataset.label = t("ll.tokenhere");
      ctx.target(cell, ["take worker", "take fence", "take sheep", "take boost", "take card", "take coin",
        "take 2 coins", "take 2 cards", "take 3 coins", "take sheep and coin"]);
    }
    ctx.key(cell, `dike:${i}`);
    cell.dataset.sig = here.map(([, seat]) => seat).join(",") + (token || "");
    track.append(cell);
  }
  return h("div.ll-diketrack-box", h("span.label", t("ll.diketrack")), track);
}

function market(view, ctx) {
  const box = h("div.ll-market", { "aria-label": t("ll.market") });
  const title = h("span.label.ll-market-title", t("ll.market"));
  ctx.target(title, ["ask market"]);
  box.append(title, h("small", t("ll.value", { dp: view.value.dike_point, sheep: view.value.sheep })));
  view.market.forEach(([n, spaces], i) => {
    const row = h("div.ll-mrow", { "data-market-row": i + 1 }, h("span.rn", t("ll.row", { n: i + 1 })),
      [...Array(spaces).keys()].map((k) => h("span.sheep", { class: k < n ? "on" : "", "aria-hidden": "true" })));
    row.setAttribute("aria-label", t("ll.rowsheep", { n: i + 1, sheep: n, spaces }));
    ctx.key(row, `mrow:${i}`);
    ctx.target(row, [`buy ${i + 1}`, `sell ${i + 1}`], "market");
    box.append(row);
  });
  return box;
}

function cardsRow(view, ctx) {
  const box = h("div.ll-display", h("span.label", t("ll.display")));
  for (const r of RES) {
    const el = h("div.ll-rescard", { "data-display": r, style: { "--res": RES_COLOR[r] }, "aria-label": `${view.display[r]} ${res(r)}` },
      h("b", String(view.display[r])), h("small", res(r)));
    ctx.key(el, `display:${r}`);
    ctx.target(el, [`draw ${r}`], r);
    box.append(el);
  }
  const deck = h("div.ll-rescard.deck", { "data-display": "deck", "aria-label": t("ll.deck", { n: view.deck }) },
    h("b", String(view.deck)), h("small", t("ll.deckword")));
  ctx.key(deck, "deck");
  ctx.target(deck, ["draw deck"], "deck");
  box.append(deck, h("small.ll-discard", t("ll.discards", { w: view.discard.wood, c: view.discard.clay, s: view.discard.stone })));
  return box;
}

function tiles(view, ctx) {
  const box = h("div.ll-tiles");
  for (const kind of Object.keys(view.tiles)) {
    const row = h("div.ll-tilerow", h("span.label", t("ll.kind", { kind: t(`ll.kind.${kind}`), n: view.stacks[kind] })));
    for (const key of view.tiles[kind]) {
      const f = tileFacts(ctx, key);
      const el = h("div.ll-tile", { class: `k-${kind}`, "data-tile": key, "aria-label": f.name },
        h("strong", f.abbr), h("span", f.name), f.ap ? h("small", t("ll.ap", { n: f.ap })) : null, f.design ? h("em", "✎") : null);
      ctx.key(el, `tile:${key}`);
      ctx.target(el, [`build ${key}`], key);
      row.append(el);
    }
    box.append(row);
  }
  return box;
}

// ---- a farm --------------------------------------------------------------------------------------
function edgeLine(name) {
  const col = COLS.indexOf(name[0]);
  const row = Number(name[1]) - 1;
  const side = name[2];
  const x = col * SQ;
  const y = row * SQ;
  if (side === "n") return [x, y, x + SQ, y];
  if (side === "s") return [x, y + SQ, x + SQ, y + SQ];
  if (side === "w") return [x, y, x, y + SQ];
  return [x + SQ, y, x + SQ, y + SQ];  // e
}

function allEdges() {
  const out = [];
  for (let r = 1; r <= ROWS; r++) for (const c of COLS) out.push(`${c}${r}n`);
  for (const c of COLS) out.push(`${c}${ROWS}s`);
  for (let r = 1; r <= ROWS; r++) { for (const c of COLS) out.push(`${c}${r}w`); out.push(`f${r}e`); }
  return out;
}
const EDGES = allEdges();

function terrainMark(k, x, y) {
  if (k === "T") return s("g", { "aria-hidden": "true" }, s("circle", { cx: x + 14, cy: y + 16, r: 9, fill: "#2e6b34" }), s("rect", { x: x + 12, y: y + 24, width: 4, height: 7, fill: "#5d4037" }));
  if (k === "B") return s("g", { "aria-hidden": "true" }, s("circle", { cx: x + 10, cy: y + 22, r: 6, fill: "#5b8f3b" }), s("circle", { cx: x + 18, cy: y + 21, r: 6, fill: "#5b8f3b" }));
  if (k === "P") return s("ellipse", { cx: x + 15, cy: y + 20, rx: 11, ry: 7, fill: "#4aa3df", "aria-hidden": "true" });
  return null;
}

function sheepIcon(x, y) {
  return s("g", { class: "sheep-icon", "aria-hidden": "true" },
    s("ellipse", { cx: x, cy: y, rx: 9, ry: 6.5, fill: "#fafafa", stroke: "#555", "stroke-width": 1 }),
    s("circle", { cx: x + 8, cy: y - 2, r: 3.5, fill: "#333" }),
    s("line", { x1: x - 4, y1: y + 6, x2: x - 4, y2: y + 10, stroke: "#333", "stroke-width": 1.5 }),
    s("line", { x1: x + 4, y1: y + 6, x2: x + 4, y2: y + 10, stroke: "#333", "stroke-width": 1.5 }));
}

function farmGrid(view, seat, ctx) {
  const f = view.farms[seat];
  const mine = seat === view.seat;
  const pastured = new Map();
  f.pastures.forEach((p, i) => p.forEach((sq) => pastured.set(sq, i)));
  const svg = s("svg", { viewBox: `-14 -14 ${6 * SQ + 24} ${ROWS * SQ + 24}`, class: "ll-farm", role: "group",
    "aria-label": t("ll.farmof", { name: ctx.name(seat) }) });
  for (let c = 0; c < 6; c++) svg.append(s("text", { x: c * SQ + SQ / 2, y: -4, class: "coord" }, COLS[c]));
  for (let r = 0; r < ROWS; r++) svg.append(s("text", { x: -8, y: r * SQ + SQ / 2 + 4, class: "coord" }, String(r + 1)));
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < 6; c++) {
      const name = `${COLS[c]}${r + 1}`;
      const x = c * SQ;
      const y = r * SQ;
      const g = s("g", { class: "ll-sq", "data-square": `${seat}:${name}` });
      const inPasture = pastured.has(name);
      g.append(s("rect", { x: x + 1, y: y + 1, width: SQ - 2, height: SQ - 2, fill: inPasture ? "#b9e27d" : "#e7e0c4", rx: 3 }));
      const k = TERRAIN[r][c];
      const mark = terrainMark(k, x, y);
      if (mark) g.append(mark);
      const label = [name];
      if (k !== ".") label.push(t(`ll.terrain.${k}`));
      const tile = f.tiles[name];
      if (tile) {
        const facts = tileFacts(ctx, tile);
        g.append(s("rect", { x: x + 6, y: y + 6, width: SQ - 12, height: SQ - 12, rx: 4, fill: "#fff6e0", stroke: "#6d4c2f", "stroke-width": 2 }));
        g.append(s("text", { x: x + SQ / 2, y: y + SQ / 2 + 5, class: "abbr" }, facts.abbr));
        label.push(facts.name);
        ctx.info(g, tile);
      }
      const sheep = f.housing[name];
      if (sheep) {
        g.append(sheepIcon(x + SQ - 16, y + SQ - 14));
        if (sheep > 1) g.append(s("text", { x: x + SQ - 26, y: y + SQ - 8, class: "sheep" }, String(sheep)));
        label.push(t("ll.sheepn", { n: sheep }));
      }
      if (inPasture) label.push(t("ll.pasture"));
      g.setAttribute("aria-label", label.join(", "));
      g.dataset.label = label.join(", ");
      ctx.key(g, `sq:${seat}:${name}`);
      g.dataset.sig = `${tile || ""}:${sheep || 0}:${inPasture}`;
      if (mine) {
        const moves = [`at ${name}`];
        if (tile === "auction") moves.push("auction");
        if (tile === "silo") moves.push("silo");
        ctx.target(g, moves);
      }
      svg.append(g);
    }
  }
  const fences = new Set(f.fences);
  const lifted = view.turn && view.turn.active === seat ? view.turn.lifted : null;
  for (const e of EDGES) {
    const [x1, y1, x2, y2] = edgeLine(e);
    const on = fences.has(e);
    const g = s("g", { class: "ll-edge" + (on ? " fence" : ""), "data-edge": `${seat}:${e}` });
    g.append(s("line", { x1, y1, x2, y2, class: "hit" }));
    g.append(s("line", { x1, y1, x2, y2, class: on ? "fence-line" : e === lifted ? "lifted-line" : "edge-line" }));
    g.setAttribute("aria-label", `${t("ll.edge", { edge: e })}${on ? `, ${t("ll.fenced")}` : ""}`);
    g.dataset.label = g.getAttribute("aria-label");
    ctx.key(g, `edge:${seat}:${e}`);
    g.dataset.sig = String(on);
    if (mine) ctx.target(g, [`fence ${e}`, `lift ${e}`]);
    svg.append(g);
  }
  return svg;
}

function farmActions(view, seat, ctx) {
  const f = view.farms[seat];
  const mine = seat === view.seat;
  const row = h("div.ll-actions");
  for (const a of ACTIONS) {
    const farmers = Object.entries(f.farmers).filter(([, where]) => where === a).map(([n]) => n);
    const workers = f.workers[a] || 0;
    const el = h("div.ll-action", { "data-action": `${seat}:${a}`, "aria-label": action(a) },
      h("strong", action(a)),
      h("span.farmers", farmers.map((n) => h("span.farmer", { class: `p${seat}` }, n))),
      workers ? h("span.workers", t("ll.workersn", { n: workers })) : null);
    ctx.key(el, `act:${seat}:${a}`);
    if (mine) {
      const moves = [];
      for (const n of ["2", "3", "4"]) moves.push(`place ${n} ${a}`, `boost ${n} ${a}`);
      moves.push(`worker ${a}`);
      for (const b of ACTIONS) if (b !== a) moves.push(`shift ${a} ${b}`);
      ctx.target(el, moves, a);
    } else ctx.info(el, a);
    row.append(el);
  }
  const free = Object.entries(f.farmers).filter(([, where]) => !where).map(([n]) => n);
  row.append(h("div.ll-free", t("ll.freefarmers", { list: free.join(", ") || "–" })));
  return row;
}

function hand(view, ctx) {
  const box = h("div.ll-hand", { "aria-label": t("ll.yourhand") }, h("span.label", t("ll.yourhand")));
  for (const r of RES) {
    const n = view.hand[r];
    const el = h("div.ll-rescard", { "data-hand": r, style: { "--res": RES_COLOR[r] }, "aria-label": `${n} ${res(r)}` },
      h("b", String(n)), h("small", res(r)));
    ctx.key(el, `hand:${r}`);
    const others = RES.filter((x) => x !== r);
    ctx.target(el, [`pay ${r}`, ...others.map((o) => `pay 2 ${r} for ${o}`), `waive ${r}`, `free ${r}`, `discard ${r}`,
      "take card"], r);
    box.append(el);
  }
  return box;
}

function farmPanel(view, seat, ctx) {
  const f = view.farms[seat];
  const mine = seat === view.seat;
  const box = h("section.ll-farmpanel", { "data-farm": seat, class: view.to_move === seat ? "to-move" : "", style: { "--pc": PLAYER[seat] } });
  const head = h("h3.ll-farmhead", { "data-ask": seat }, h("span.swatch", { class: `p${seat}` }), ctx.name(seat),
    seat === view.first ? h("span.first", t("ll.first")) : null);
  head.dataset.label = ctx.name(seat);
  ctx.target(head, [`ask ${seat}`]);
  box.append(head);
  const coins = h("span.ll-stat.coins", { "data-coins": seat }, t("ll.coins", { n: f.coins }));
  if (mine) ctx.target(coins, ["take coin"]);
  const known = RES.filter((r) => f.known[r]).map((r) => `${f.known[r]} ${res(r)}`).join(", ");
  box.append(h("div.ll-stats", coins,
    h("span.ll-stat", t("ll.sheep", { n: f.sheep, cap: f.capacity })),
    h("span.ll-stat", t("ll.cards", { n: f.hand_size }) + (known && !mine ? ` (${t("ll.known", { list: known })})` : "")),
    h("span.ll-stat", t("ll.dikepts", { n: f.dike_points, space: f.dike_space })),
    f.breach ? h("span.ll-stat.bad", t("ll.breach", { n: f.breach })) : null,
    h("span.ll-stat", t("ll.incomefences", { n: f.fences_on_income })),
    f.boost ? h("span.ll-stat", t("ll.boost", { n: f.boost })) : null,
    f.workers_free ? h("span.ll-stat", t("ll.freeworkers", { n: f.workers_free })) : null,
    h("span.ll-stat.score", t("ll.score", { n: view.scores[seat] }))));
  box.append(farmActions(view, seat, ctx));
  box.append(farmGrid(view, seat, ctx));
  if (mine && view.hand) box.append(hand(view, ctx));
  return box;
}

function turnLine(view, ctx) {
  const tn = view.turn;
  const bits = [t("ll.stage", { n: view.stage })];
  if (view.agenda && view.agenda.length) bits.push(t("ll.agenda", { list: view.agenda.slice(0, 4).join(" → ") }));
  const now = [];
  if (tn && tn.action) {
    now.push(t("ll.doing", { name: ctx.name(tn.active), action: action(tn.action), ap: tn.ap }));
    const owed = RES.filter((r) => tn.owed[r]).map((r) => `${tn.owed[r]} ${res(r)}`).join(", ");
    if (tn.tile) now.push(t("ll.tilechosen", { tile: tileFacts(ctx, tn.tile).name }));
    if (owed) now.push(t("ll.owed", { list: owed }));
    if (tn.helper !== null && tn.helper !== undefined) now.push(t("ll.helping", { name: ctx.name(tn.helper), n: tn.helped, limit: tn.help_limit }));
    if (tn.lifted) now.push(t("ll.liftedfence", { edge: tn.lifted }));
  }
  return h("section.ll-turn", bits.map((b) => h("span", b)), now.map((b) => h("strong", b)));
}

export function render(view, ctx) {
  const root = h("div.ll-board", { "data-game": "lowlands" });
  root.append(turnLine(view, ctx));
  root.append(h("section.ll-shared", { "aria-label": t("ll.shared") },
    h("div.ll-shared-row", sea(view, ctx), dikeBar(view, ctx)),
    dikeTrack(view, ctx),
    h("div.ll-shared-row", market(view, ctx), cardsRow(view, ctx)),
    tiles(view, ctx)));
  const order = [...view.farms.keys()];
  if (view.seat !== null && view.seat !== undefined) order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  root.append(h("div.ll-farms", order.map((seat) => farmPanel(view, seat, ctx))));
  return root;
}
