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

// Pieces are named by the game's own catalog (lowlands.po), as in the server's status and
// narration: resources, actions, tiles and their three-letter labels, rewards, tokens.
const L = (key, params) => t(`lowlands:${key}`, params);
const res = (r) => L(`res.${r}`);
const action = (a) => L(`action.${a}`);
const theAction = (a) => L("the_action", { action: action(a) });
const tileName = (key) => L(`tile.${key}`);
const theTile = (key) => L("the_tile", { tile: tileName(key || "") });
const label = (key) => L(`label.${key}`);
const cardsOf = (r, n = 1) => L(`cards.${r}`, { n });
const list = (texts) => new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(texts);
const cost = (c) => {
  const parts = RES.filter((r) => c[r]).map((r) => L("amount", { n: c[r], res: res(r) }));
  return parts.length ? list(parts) : L("no_cards");
};
// reward keys (take KEY) and progress-token names -> the ids of their messages
const REWARD_ID = { worker: "worker", "2 coins": "coins2", "2 cards": "cards2", fence: "fence", sheep: "sheep",
  boost: "boost", "3 coins": "coins3", "sheep and coin": "sheep_coin" };
const TOKEN_ID = { worker: "worker", cards: "cards", sheep: "sheep", "farmer +2": "boost", coins: "coins" };
const WORKER_EFFECT = { build: "discount", dike: "point", fence: "point", market: "price", draw: "point" };

function edgeWords(name) {
  const col = COLS.indexOf(name[0]);
  const row = Number(name[1]);
  const side = name[2];
  const other = { n: [col, row - 1], s: [col, row + 1], w: [col - 1, row], e: [col + 1, row] }[side];
  const [c, r] = other;
  if (c < 0 || c >= COLS.length || r < 1 || r > ROWS) return L(`edge.outer_${side}`, { square: name.slice(0, 2) });
  const there = `${COLS[c]}${r}`;
  const [a, b] = side === "n" || side === "w" ? [there, name.slice(0, 2)] : [name.slice(0, 2), there];
  return L("edge.between", { a, b });
}

function prices(view, farm) {
  const value = view.value.sheep;
  const w = (farm.workers && farm.workers.market) || 0;
  const shearer = farm.built.includes("shearer") ? 1 : 0;
  return [Math.max(0, value - w), value + w + shearer];
}

// what each move does, in words (the same messages the terminal's "?" shows)
export function describe(move, view, ctx) {
  const w = move.split(" ");
  const farm = view && view.farms && view.to_move !== null && view.to_move !== undefined ? view.farms[view.to_move] : null;
  const turn = (view && view.turn) || {};
  const phase = view && view.phase;
  switch (w[0]) {
    case "place": return t("ll.move.place", { n: w[1], action: theAction(w[2]) });
    case "boost": return t("ll.move.boost", { n: w[1], action: theAction(w[2]) });
    case "build": {
      const f = view && view.tile_facts && view.tile_facts[w[1]];
      return f ? L("move.build", { tile: theTile(w[1]), n: f.ap, cost: cost(f.cost) }) : theTile(w[1]);
    }
    case "at": return L("move.at", { tile: theTile(turn.tile), square: w[1] });
    case "pay":
      if (w[1] === "2") return L("move.sub", { cards: cardsOf(w[2], 2), card: cardsOf(w[4]) });
      if (phase === "fence") return L("move.buy_fence", { card: cardsOf(w[1]) });
      if (phase === "dike" || phase === "help") return L("move.give", { card: cardsOf(w[1]) });
      return L("move.pay", { card: cardsOf(w[1]), tile: theTile(turn.tile) });
    case "waive": return L("move.waive", { card: cardsOf(w[1]) });
    case "free": return L("move.free", { card: cardsOf(w[1]) });
    case "stop":
      if (phase === "build") return L(turn.bonus_build ? "move.stop_bonus" : "move.stop_build");
      if (phase === "dike" || phase === "help" || phase === "draw") return L(`move.stop_${phase}`);
      return L("move.stop_points", { n: turn.ap || 0 });
    case "ask": {
      if (w[1] !== "market") return L("move.ask", { player: ctx ? ctx.name(Number(w[1])) : w[1] });
      const perCard = !(view.options && view.options.market_reveals === "contributions");
      return L("move.ask_market", { n: perCard ? turn.cards_paid : turn.units });
    }
    case "fence": return L(turn.fence_mode === "free" ? "move.fence_free" : "move.fence", { where: edgeWords(w[1]) });
    case "lift": return L("move.lift", { where: edgeWords(w[1]) });
    case "buy": return L("move.buy", { row: w[1], n: farm ? prices(view, farm)[0] : "?" });
    case "sell": return L("move.sell", { row: w[1], n: farm ? prices(view, farm)[1] : "?" });
    case "draw": return w[1] === "deck" ? L("move.draw_deck") : L("move.draw", { card: cardsOf(w[1]) });
    case "take":
      if (w[1] === "card") return L("move.income_card");
      if (w[1] === "coin") return L("move.income_coin");
      return L("move.take", { reward: L(`reward.${REWARD_ID[w.slice(1).join(" ")]}`) });
    case "worker": return L("move.worker", { action: theAction(w[1]), effect: L(`worker.${WORKER_EFFECT[w[1]]}`) });
    case "shift": return L("move.shift", { a: action(w[1]), b: action(w[2]), effect: L(`worker.${WORKER_EFFECT[w[2]]}`) });
    case "skip": return L(phase === "worker" ? "move.skip_worker" : "move.skip_upkeep");
    case "discard": return L("move.discard", { card: cardsOf(w[1]) });
    case "auction": return L("move.auction", { n: view.value.sheep + 1 + (farm && farm.built.includes("shearer") ? 1 : 0) });
    case "silo": return L("move.silo");
    default: return null;
  }
}

function tileFacts(ctx, key) {
  const e = ctx.lookup(key);
  const f = (ctx.view && ctx.view.tile_facts && ctx.view.tile_facts[key]) || null;
  return { name: tileName(key), abbr: label(key), facts: f, design: e ? e.design : false };
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
        title: `${L(`segment.${color}`)} ${size}` }));
    }
  }
  ctx.key(bar, "segments");
  bar.dataset.sig = String(view.segments);
  ctx.info(bar, "dike");
  const site = h("div.ll-site", { "aria-label": t("ll.site") }, h("span.label", t("ll.site")),
    view.next_segment ? h("span.next", { style: { "--seg": SEG_COLOR[view.next_segment] } }, t("ll.next", { color: L(`segment.${view.next_segment}`) })) : null);
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
      token ? h("span.tok", L(`token_short.${TOKEN_ID[token]}`)) : null,
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
    const el = h("div.ll-rescard", { "data-display": r, style: { "--res": RES_COLOR[r] }, "aria-label": L("amount", { n: view.display[r], res: res(r) }) },
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
      const facts = f.facts;
      const el = h("div.ll-tile", { class: `k-${kind}`, "data-tile": key, "aria-label": f.name },
        h("strong", f.abbr), h("span", f.name),
        facts ? h("small", t("ll.ap", { n: facts.ap })) : null,
        facts ? h("small", cost(facts.cost)) : null,
        facts ? h("small.vp", facts.vp === "!" ? t("ll.bang") : t("ll.vp", { n: facts.vp })) : null,
        f.design ? h("em", { title: t("ll.design") }, "✎") : null);
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
      const sheep = f.housing[name] || (f.tile_sheep && f.tile_sheep[name]);
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
    const el = h("div.ll-rescard", { "data-hand": r, style: { "--res": RES_COLOR[r] }, "aria-label": L("amount", { n, res: res(r) }) },
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
  const known = RES.some((r) => f.known[r]) ? cost(f.known) : "";
  box.append(h("div.ll-stats", coins,
    h("span.ll-stat", t("ll.sheep", { n: f.sheep, cap: f.capacity })),
    h("span.ll-stat", t("ll.cards", { n: f.hand_size }) + (known && !mine ? ` (${t("ll.known", { list: known })})` : "")),
    h("span.ll-stat", t("ll.dikepts", { n: f.dike_points, space: f.dike_space })),
    f.breach ? h("span.ll-stat.bad", t("ll.breach", { n: f.breach })) : null,
    h("span.ll-stat", t("ll.incomefences", { n: f.fences_on_income })),
    f.boost ? h("span.ll-stat", t("ll.boost", { n: f.boost })) : null,
    f.workers_free ? h("span.ll-stat", t("ll.freeworkers", { n: f.workers_free })) : null,
    f.tile_sheep && f.tile_sheep[""] ? h("span.ll-stat.bad", L("board.waiting", { n: f.tile_sheep[""] })) : null,
    h("span.ll-stat.score", t("ll.score", { n: view.scores[seat] }))));
  box.append(farmActions(view, seat, ctx));
  box.append(farmGrid(view, seat, ctx));
  if (mine && view.hand) box.append(hand(view, ctx));
  return box;
}

function turnLine(view, ctx) {
  const tn = view.turn;
  const bits = [t("ll.stage", { n: view.stage })];
  const now = [];
  if (tn && tn.action) {
    now.push(t("ll.doing", { name: ctx.name(tn.active), action: action(tn.action), ap: tn.ap, n: tn.ap }));
    const owed = RES.some((r) => tn.owed[r]) ? cost(tn.owed) : "";
    if (tn.tile) now.push(t("ll.tilechosen", { tile: tileFacts(ctx, tn.tile).name }));
    if (owed) now.push(t("ll.owed", { list: owed }));
    if (tn.helper !== null && tn.helper !== undefined) now.push(t("ll.helping", { name: ctx.name(tn.helper), n: tn.helped, limit: tn.help_limit }));
    if (tn.lifted) now.push(t("ll.liftedfence", { edge: edgeWords(tn.lifted) }));
  }
  return h("section.ll-turn", bits.map((b) => h("span", b)), now.map((b) => h("strong", b)));
}

// Your own farm comes first: at desktop widths beside the shared board (and staying in
// sight as the shared board scrolls), on a phone above it, so the action spaces you
// place farmers on are on screen without scrolling; the other farms follow.
export function render(view, ctx) {
  const root = h("div.ll-board", { "data-game": "lowlands" });
  root.append(turnLine(view, ctx));
  const mine = view.seat !== null && view.seat !== undefined ? view.seat : null;
  const shared = h("section.ll-shared", { "aria-label": t("ll.shared") },
    h("div.ll-shared-row", sea(view, ctx), dikeBar(view, ctx)),
    dikeTrack(view, ctx),
    h("div.ll-shared-row", market(view, ctx), cardsRow(view, ctx)),
    tiles(view, ctx));
  if (mine !== null) {
    root.append(h("div.ll-main", h("div.ll-own", farmPanel(view, mine, ctx)), shared));
  } else root.append(shared);
  const others = [...view.farms.keys()].filter((seat) => seat !== mine);
  root.append(h("div.ll-farms", others.map((seat) => farmPanel(view, seat, ctx))));
  return root;
}
