// Little Town: the 9x6 meadow (terrain, buildings, workers), the building market, each
// player's stock, objectives and houses. Click an empty grass cell to place a worker or
// put a building, a market tile to build, a building to activate, your cubes to give or
// to feed with, the supply to take or buy, your objectives to validate them.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";

const COLS = "abcdefghi";
const CELL = 60;
const TERRAIN = { grass: "#a5d06b", forest: "#2f7a3a", mountain: "#9a958c", lake: "#56b3e0" };
const CUBES = ["wood", "stone", "wheat", "fish"];
const CUBE_COLOR = { wood: "#8b5a2b", stone: "#8f8f8f", wheat: "#e3c04a", fish: "#3c8fd1", coins: "#d9a520" };
const PLAYER = ["#d1452f", "#2f6fd0", "#3c9a48", "#8a4fc0"];

function cellName(row, col) { return `${COLS[col]}${row + 1}`; }

function cubeWord(c) { return t(`lt.cube.${c}`); }

function abbreviation(ctx, key) {
  const entry = ctx.lookup ? ctx.lookup(key) : null;
  const abbr = entry ? entry.abbreviations.find((a) => /^[A-Z]{3}$/.test(a)) : null;
  return abbr || key.slice(0, 3).toUpperCase();
}

export function describe(move, view) {
  const parts = move.split(" ");
  const verb = parts[0];
  const arg = parts.slice(1).join(" ");
  const building = (cell) => {
    if (!view) return "";
    const col = COLS.indexOf(cell[0]);
    const row = Number(cell.slice(1)) - 1;
    const c = view.meadow?.[row]?.[col];
    return c && c.building ? c.building : "";
  };
  switch (verb) {
    case "place": return t("lt.move.place", { cell: arg });
    case "build": return arg === "wheat" ? t("lt.move.buildwheat") : t("lt.move.build", { building: arg });
    case "put": return t("lt.move.put", { building: view?.building_chosen || "", cell: arg });
    case "activate": return t("lt.move.activate", { building: building(arg), cell: arg });
    case "done": return t("lt.move.done");
    case "give": return t("lt.move.give", { cube: cubeWord(arg) });
    case "take": return t("lt.move.take", { cube: cubeWord(arg) });
    case "buy": return t("lt.move.buy", { cube: cubeWord(arg) });
    case "claim": return t("lt.move.claim", { card: arg });
    case "feed": return t("lt.move.feed", { cube: cubeWord(arg) });
    case "end": return t("lt.move.end");
    default: return null;
  }
}

function terrainShape(terrain, x, y) {
  if (terrain === "forest") {
    return s("g", { "aria-hidden": "true" }, [[16, 38], [32, 30], [46, 40]].map(([dx, dy]) =>
      s("path", { d: `M${x + dx} ${y + dy - 16}l9 16h-18z`, fill: "#1d5526" })));
  }
  if (terrain === "mountain") {
    return s("path", { d: `M${x + 8} ${y + 48}l16-28 10 14 6-8 12 22z`, fill: "#6c675f", "aria-hidden": "true" });
  }
  if (terrain === "lake") {
    return s("path", { d: `M${x + 10} ${y + 26}q6-6 12 0t12 0t12 0M${x + 10} ${y + 38}q6-6 12 0t12 0t12 0`,
      stroke: "#e8f6ff", "stroke-width": 2.5, fill: "none", "aria-hidden": "true" });
  }
  return null;
}

function meadow(view, ctx) {
  const rows = view.meadow.length;
  const cols = view.meadow[0].length;
  const board = s("svg", { viewBox: `-16 -16 ${cols * CELL + 20} ${rows * CELL + 20}`, class: "lt-meadow",
    role: "group", "aria-label": t("lt.meadow") });
  for (let c = 0; c < cols; c++) board.append(s("text", { x: c * CELL + CELL / 2, y: -4, class: "coord" }, COLS[c]));
  for (let r = 0; r < rows; r++) board.append(s("text", { x: -9, y: r * CELL + CELL / 2 + 4, class: "coord" }, String(r + 1)));
  const chosen = view.building_chosen;
  view.meadow.forEach((row, r) => row.forEach((cell, c) => {
    const name = cellName(r, c);
    const x = c * CELL;
    const y = r * CELL;
    const g = s("g", { class: `lt-cell t-${cell.terrain}`, "data-cell": name });
    const label = [name, t(`lt.terrain.${cell.terrain}`)];
    g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: TERRAIN[cell.terrain] || "#ccc" }));
    const shape = terrainShape(cell.terrain, x, y);
    if (shape) g.append(shape);
    if (cell.building) {
      const owner = cell.owner;
      g.append(s("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 5, fill: "#fff8e8",
        stroke: owner === null || owner === undefined ? "#555" : PLAYER[owner], "stroke-width": 4 }));
      g.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, class: "bld" }, abbreviation(ctx, cell.building)));
      label.push(cell.building, owner === null || owner === undefined ? "" : ctx.name(owner));
      ctx.info(g, cell.building);
    } else if (cell.terrain !== "grass") {
      ctx.info(g, cell.terrain);
    }
    if (cell.worker !== undefined && cell.worker !== null) {
      g.append(s("circle", { cx: x + CELL - 14, cy: y + 14, r: 10, fill: PLAYER[cell.worker], stroke: "#fff", "stroke-width": 2 }));
      g.append(s("text", { x: x + CELL - 14, y: y + 18, class: "wk" }, String(cell.worker)));
      label.push(t("lt.workerof", { name: ctx.name(cell.worker) }));
    }
    if (view.worker_cell === name) g.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "lt-current" }));
    if ((view.activated || []).includes(name)) {
      g.append(s("text", { x: x + 12, y: y + CELL - 8, class: "done-mark" }, "✓"));
      label.push(t("lt.activated"));
    }
    g.setAttribute("aria-label", label.filter(Boolean).join(", "));
    g.dataset.label = g.getAttribute("aria-label");
    ctx.key(g, `cell:${name}`);
    g.dataset.sig = JSON.stringify(cell) + (view.activated || []).includes(name);
    const moves = [`place ${name}`, `activate ${name}`];
    if (chosen) moves.push(`put ${name}`);
    ctx.target(g, moves);
    board.append(g);
  }));
  return board;
}

function costLine(ctx, key) {
  const entry = ctx.lookup ? ctx.lookup(key) : null;
  const m = entry && entry.text.match(/Cost: ([^;.]+)[;.]\s*(\d+) points?/);
  return m ? { cost: m[1], vp: m[2] } : null;
}

function market(view, ctx) {
  const box = h("div.lt-market", { "aria-label": t("lt.market") });
  const tiles = [...view.market];
  for (const key of tiles) {
    const info = costLine(ctx, key);
    const tile = h("div.lt-tile", { "data-building": key, "aria-label": key },
      h("strong", abbreviation(ctx, key)), h("span.name", key),
      info ? h("span.cost", info.cost) : null, info ? h("span.vp", `${info.vp} ★`) : null);
    ctx.key(tile, `market:${key}`);
    ctx.target(tile, [`build ${key}`], key);
    box.append(tile);
  }
  const wheat = h("div.lt-tile.wheat", { "data-building": "wheat", "aria-label": t("lt.wheatfields", { n: view.wheat_fields }) },
    h("strong", t("lt.wheat")), h("span.name", t("lt.wheatfields", { n: view.wheat_fields })));
  ctx.key(wheat, "market:wheat");
  ctx.target(wheat, ["build wheat"], "wheat field");
  box.append(wheat);
  return h("section.lt-market-box", h("h3", t("lt.market")), box);
}

function cube(kind, n, ctx, moves, who) {
  const el = h("span.lt-cube", { class: `k-${kind}`, "data-cube": `${who}:${kind}`, "aria-label": `${n} ${cubeWord(kind)}`,
    style: { "--cube": CUBE_COLOR[kind] } }, h("i", { "aria-hidden": "true" }), h("b", String(n)), h("small", cubeWord(kind)));
  if (moves) ctx.target(el, moves);
  return el;
}

function playerPanel(view, seat, ctx) {
  const p = view.players[seat];
  const mine = seat === view.seat;
  const box = h("section.lt-player", { class: `p${seat}` + (view.to_move === seat ? " to-move" : ""), "data-player": seat,
    style: { "--pc": PLAYER[seat] } });
  box.append(h("h3", h("span.swatch", { class: `p${seat}` }), ctx.name(seat),
    h("span.vp", t("lt.vp", { n: p.vp })), seat === view.first ? h("span.first", t("lt.first")) : null));
  const stock = h("div.lt-stock");
  stock.append(h("span.lt-cube.k-coins", { style: { "--cube": CUBE_COLOR.coins }, "aria-label": t("lt.coins", { n: p.coins }) },
    h("i"), h("b", String(p.coins)), h("small", t("lt.coinword"))));
  for (const c of CUBES) stock.append(cube(c, p[c], ctx, mine ? [`give ${c}`, `feed ${c}`] : null, seat));
  box.append(stock);
  box.append(h("div.lt-counts",
    h("span", t("lt.workersleft", { n: p.workers_left })), h("span", t("lt.houses", { n: p.houses }))));
  const obj = h("div.lt-objectives");
  for (const o of p.objectives || []) {
    const card = h("span.lt-obj.own", { "data-objective": o }, o);
    ctx.key(card, `obj:${seat}:${o}`);
    ctx.target(card, [`claim ${o}`], o);
    obj.append(card);
  }
  if (!mine && p.objectives_hidden) obj.append(h("span.lt-obj.hidden", t("lt.hiddenobj", { n: p.objectives_hidden })));
  for (const o of p.objectives_claimed || []) obj.append(ctx.info(h("span.lt-obj.claimed", `${o} ✓`), o));
  box.append(h("div.lt-objline", h("span.label", t("lt.objectives")), obj));
  ctx.key(box, `player:${seat}`);
  box.dataset.sig = JSON.stringify(p);
  return box;
}

export function render(view, ctx) {
  ctx.lookup = ctx.lookup || (() => null);
  const root = h("div.lt-board", { "data-game": "little-town" });
  const phase = t(`lt.phase.${view.phase}`) !== `lt.phase.${view.phase}` ? t(`lt.phase.${view.phase}`) : view.phase;
  root.append(h("div.lt-info",
    h("span", t("lt.round", { round: view.round, rounds: view.rounds })),
    h("span", t("lt.phase", { phase })),
    h("span", t("lt.board", { n: view.board })),
    h("span", t("lt.objdeck", { n: view.objective_deck })),
    view.meals_left !== undefined ? h("span", t("lt.mealsleft", { n: view.meals_left })) : null,
    view.building_chosen ? h("strong", t("lt.chosen", { building: view.building_chosen })) : null,
    view.pawnshop_step !== null && view.pawnshop_step !== undefined ? h("strong", t("lt.pawnshop", { n: view.pawnshop_step })) : null));
  root.append(h("div.lt-main", meadow(view, ctx), market(view, ctx)));
  const supply = h("div.lt-supply", h("span.label", t("lt.supply")));
  for (const c of CUBES) {
    const n = view.supply ? view.supply.cubes[c] ?? view.supply.cubes[CUBES.indexOf(c)] : "∞";
    supply.append(cube(c, n, ctx, [`take ${c}`, `buy ${c}`], "supply"));
  }
  root.append(supply);
  const players = h("div.lt-players");
  const order = [...view.players.keys()];
  if (view.seat !== null && view.seat !== undefined) order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  for (const seat of order) players.append(playerPanel(view, seat, ctx));
  root.append(players);
  return root;
}
