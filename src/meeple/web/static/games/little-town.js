// Little Town: the 9x6 meadow (terrain, buildings with their owner's colour and shape,
// workers), the building market with cost, points and activation, the supply, each
// player's stock, next feeding, houses and objectives (by their text). Click an empty
// grass cell to place a worker or put a building, a market tile to build, a building to
// activate, your cubes to give or to feed with, the supply to take or buy, your
// objectives to validate them. Game words come from the game's own catalog
// (little_town:...), so the board says what the server's narration says.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";

const COLS = "abcdefghi";
const CELL = 60;
const TERRAIN = { grass: "#a5d06b", forest: "#2f7a3a", mountain: "#9a958c", lake: "#56b3e0" };
const CUBES = ["wood", "stone", "wheat", "fish"];
const CUBE_COLOR = { wood: "#8b5a2b", stone: "#8f8f8f", wheat: "#e3c04a", fish: "#3c8fd1", coins: "#d9a520" };
const WORKERS = { 2: 5, 3: 4, 4: 3 };  // workers per player (the rule text, lines 13-15)
const MEAL_COINS = 3;  // 3 coins buy a missing meal
const HUNGER = 3;  // points lost per hungry worker
const END_SCORERS = ["castle", "watchtower"];

function cellName(row, col) { return `${COLS[col]}${row + 1}`; }

const lt = (key, params) => t(`little_town:${key}`, params);
const building = (key) => lt(`building.${key}`);
const amount = (kind, n) => lt(`amount.${kind}`, { n });
const points = (n) => t("meeple:points", { n });

// "2 wood and 1 coin", as the game words amounts
function amounts(cubes, coins = 0, vp = 0) {
  const parts = CUBES.map((c, i) => (cubes[i] ? amount(c, cubes[i]) : null)).filter(Boolean);
  if (coins) parts.push(amount("coins", coins));
  if (vp) parts.push(points(vp));
  return parts.length ? new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(parts) : lt("nothing");
}

// cubes, coins and points as small coloured pictures with their numbers
function icons(cubes, coins = 0, vp = 0) {
  const out = [];
  CUBES.forEach((c, i) => { if (cubes[i]) out.push(h("span.lt-ic", { style: { "--cube": CUBE_COLOR[c] } }, h("i"), String(cubes[i]))); });
  if (coins) out.push(h("span.lt-ic.coin", { style: { "--cube": CUBE_COLOR.coins } }, h("i"), String(coins)));
  if (vp) out.push(h("span.lt-ic.vp", `${vp}★`));
  return out;
}

function abbreviation(ctx, key) {
  const entry = ctx.lookup ? ctx.lookup(key) : null;
  const abbr = entry ? entry.abbreviations.find((a) => /^[A-Z]{3}$/.test(a)) : null;
  return abbr || key.slice(0, 3).toUpperCase();
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

// a building's name in at most two lines inside its 50-pixel tile
function tileName(name, x, y) {
  const words = name.split(" ");
  let lines = [name];
  if (name.length > 10 && words.length > 1) {
    let best = 1;
    for (let i = 1; i < words.length; i++) {
      const a = words.slice(0, i).join(" ").length;
      const b = words.slice(i).join(" ").length;
      if (Math.max(a, b) < Math.max(words.slice(0, best).join(" ").length, words.slice(best).join(" ").length)) best = i;
    }
    lines = [words.slice(0, best).join(" "), words.slice(best).join(" ")];
  }
  const top = y + CELL / 2 + (lines.length === 1 ? 4 : -2);
  return lines.map((line, i) => s("text", { x: x + CELL / 2, y: top + i * 11, class: "bld",
    ...(line.length > 9 ? { textLength: 48, lengthAdjust: "spacingAndGlyphs" } : {}) }, line));
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
    const label = [name, lt(`terrain.${cell.terrain}`)];
    g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: TERRAIN[cell.terrain] || "#ccc" }));
    const shape = terrainShape(cell.terrain, x, y);
    if (shape) g.append(shape);
    if (cell.building) {
      const owner = cell.owner;
      g.append(s("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 5, fill: "#fff8e8",
        style: { stroke: `var(--p${owner})` }, "stroke-width": 4, class: "lt-bld" }));
      g.append(...tileName(building(cell.building), x, y));
      // the owner's shape in the corner, as well as the colour of the border
      g.append(ctx.mark(owner, x + 13, y + 13, 6, { stroke: "#fff", "stroke-width": 1.5, "data-owner": owner }));
      label.push(building(cell.building), t("lt.owner", { name: ctx.name(owner) }));
      ctx.info(g, cell.building);
    } else if (cell.terrain !== "grass") {
      ctx.info(g, cell.terrain);
    }
    if (cell.worker !== undefined && cell.worker !== null) {
      g.append(ctx.mark(cell.worker, x + CELL - 14, y + 14, 10, { stroke: "#fff", "stroke-width": 2, "data-worker": cell.worker }));
      label.push(t("lt.workerof", { name: ctx.name(cell.worker) }));
    }
    if (view.worker_cell === name) g.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "lt-current" }));
    if ((view.activated || []).includes(name)) {
      g.append(s("text", { x: x + 12, y: y + CELL - 6, class: "done-mark" }, "✓"));
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

// what a building scores and does, in words: "1 wheat > 4 coins", "end of game: ..."
function effectWords(tile) {
  if (tile.effect === "trade") {
    const gain = amounts(tile.gain, tile.gain_coins, tile.gain_vp);
    const pays = tile.pay.some(Boolean) || tile.pay_coins;
    return pays ? lt("short.trade", { pay: amounts(tile.pay, tile.pay_coins), gain }) : gain;
  }
  return lt(`short.${tile.effect}`, { points: points(tile.special_vp) });
}

function effectPicture(tile) {
  if (tile.effect !== "trade") return h("span.lt-act.special", effectWords(tile));
  const pays = tile.pay.some(Boolean) || tile.pay_coins;
  return h("span.lt-act", { "aria-hidden": "true" }, pays ? icons(tile.pay, tile.pay_coins) : null, pays ? h("b", "→") : null,
    icons(tile.gain, tile.gain_coins, tile.gain_vp));
}

function marketTile(view, ctx, key, extra) {
  const tile = (view.tiles || {})[key];
  const name = building(key);
  const scores = tile ? (END_SCORERS.includes(tile.effect) ? lt("detail.end_points") : points(tile.vp)) : "";
  const label = tile ? lt("board.market_line", { abbreviation: abbreviation(ctx, key), name, cost: amounts(tile.cost, tile.cost_coins),
    points: points(tile.vp), effect: effectWords(tile) }) : name;
  const el = h("div.lt-tile", { "data-building": key, "aria-label": label, class: key === "wheat" ? "wheat" : "" },
    h("strong", name), extra,
    tile ? h("span.lt-cost", icons(tile.cost, tile.cost_coins), h("span.lt-vp", END_SCORERS.includes(tile.effect) ? "★ ?" : `${tile.vp}★`)) : null,
    tile ? effectPicture(tile) : null);
  if (tile) el.title = `${amounts(tile.cost, tile.cost_coins)} · ${scores} · ${effectWords(tile)}`;
  ctx.key(el, `market:${key}`);
  ctx.target(el, [`build ${key}`], key);
  return el;
}

function market(view, ctx) {
  const box = h("div.lt-market", { "aria-label": t("lt.market") });
  for (const key of view.market) box.append(marketTile(view, ctx, key));
  if (view.wheat_fields) box.append(marketTile(view, ctx, "wheat", h("span.name", t("lt.wheatfields", { n: view.wheat_fields }))));
  return h("section.lt-market-box", h("h3", t("lt.market")), box);
}

function cube(kind, n, ctx, moves, who) {
  const word = kind === "coins" ? amount("coins", n) : amount(kind, n);
  const el = h("span.lt-cube", { class: `k-${kind}`, "data-cube": `${who}:${kind}`, "aria-label": word, title: word,
    style: { "--cube": CUBE_COLOR[kind] } }, h("i", { "aria-hidden": "true" }), h("b", String(n)),
    h("small", kind === "coins" ? t("lt.coinword") : lt(`resource.${kind}`)));
  if (moves) ctx.target(el, moves);
  return el;
}

// the next feeding, as the rule text counts it (line 35): food first, 3 coins a meal, else hungry
function feeding(view, p) {
  const needed = WORKERS[view.players.length] || 0;
  const short = Math.max(0, needed - p.fish - p.wheat);
  const bought = Math.min(short, Math.floor(p.coins / MEAL_COINS));
  const hungry = short - bought;
  const outcome = hungry ? lt("board.food_hungry", { n: hungry, points: points(-HUNGER * hungry) })
    : bought ? lt("board.food_bought", { n: bought }) : lt("board.food_enough");
  const text = lt("board.food", { workers: lt("board.workers_to_feed", { n: needed }), outcome });
  const soon = p.workers_left <= 2;
  return h("p.lt-food", { class: hungry ? (soon ? "hungry soon" : "hungry") : "", "data-hungry": hungry, role: hungry && soon ? "alert" : null },
    hungry ? h("b", { "aria-hidden": "true" }, "⚠ ") : null, text);
}

function objective(view, key, cls) {
  const line = lt("objective.line", { key, points: points((view.objective_points || {})[key]), text: lt(`objective.${key}`) });
  return h("span.lt-obj", { class: cls, "data-objective": key }, line);
}

function playerPanel(view, seat, ctx) {
  const p = view.players[seat];
  const mine = seat === view.seat;
  const box = h("section.lt-player", { class: `p${seat}` + (view.to_move === seat ? " to-move" : ""), "data-player": seat,
    style: { "--pc": `var(--p${seat})` } });
  box.append(h("h3", h("span.swatch", { class: `p${seat}` }), ctx.name(seat),
    h("span.vp", t("lt.vp", { n: p.vp })), seat === view.first ? h("span.first", t("lt.first")) : null));
  const stock = h("div.lt-stock");
  stock.append(cube("coins", p.coins, ctx, null, seat));
  for (const c of CUBES) stock.append(cube(c, p[c], ctx, mine ? [`give ${c}`, `feed ${c}`] : null, seat));
  box.append(stock);
  box.append(h("div.lt-counts",
    h("span", t("lt.workersleft", { n: p.workers_left })), h("span", t("lt.houses", { n: p.houses })),
    p.construction_site ? h("span", t("lt.site", { n: p.construction_site })) : null));
  if (view.to_move !== null && view.to_move !== undefined) box.append(feeding(view, p));
  const obj = h("div.lt-objectives");
  for (const o of p.objectives || []) {
    const card = objective(view, o, "own");
    ctx.key(card, `obj:${seat}:${o}`);
    ctx.target(card, [`claim ${o}`], o);
    obj.append(card);
  }
  if (!mine && p.objectives_hidden) obj.append(h("span.lt-obj.hidden", t("lt.hiddenobj", { n: p.objectives_hidden })));
  for (const o of p.objectives_claimed || []) obj.append(ctx.info(objective(view, o, "claimed"), o));
  box.append(h("div.lt-objline", h("span.label", t("lt.objectives")), obj));
  ctx.key(box, `player:${seat}`);
  box.dataset.sig = JSON.stringify(p);
  return box;
}

export function render(view, ctx) {
  ctx.lookup = ctx.lookup || (() => null);
  const root = h("div.lt-board", { "data-game": "little-town" });
  root.append(h("div.lt-info",
    h("span", t("lt.round", { round: view.round, rounds: view.rounds })),
    h("span", t("lt.phase", { phase: t(`lt.phase.${view.phase}`) })),
    h("span", t("lt.board", { n: view.board })),
    h("span", t("lt.objdeck", { n: view.objective_deck })),
    view.meals_left !== undefined ? h("span", t("lt.mealsleft", { n: view.meals_left })) : null,
    view.building_chosen ? h("strong", t("lt.chosen", { building: building(view.building_chosen) })) : null,
    view.pawnshop_step !== null && view.pawnshop_step !== undefined
      ? h("strong", t("lt.pawnshop", { n: view.pawnshop_step + 1 + (view.phase === "pawn-take" ? 2 : 0) })) : null));
  root.append(h("div.lt-main", meadow(view, ctx), market(view, ctx)));
  const supply = h("div.lt-supply", h("span.label", t("lt.supply")));
  for (const c of CUBES) {
    const n = view.supply ? view.supply.cubes[CUBES.indexOf(c)] : "∞";
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
