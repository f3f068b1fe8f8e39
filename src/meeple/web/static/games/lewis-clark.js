// Lewis & Clark: the route with every scout, camp (and Mackenzie), the village and its
// Pow-wow, the Journal, each expedition's boats, goods, Indians and play area, your hand.
// Play a card by clicking it, then give it strength by clicking a hand card or your
// Indians; village locations, Journal slots, goods and the route answer the other questions.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";

// the route's terrain, public component facts: St. Louis and 17 river spaces, a mixed
// space, 7 mountain, a mixed, 5 river, 3 mountain, 4 river, Fort Clatsop (39) and 10 more
const STRETCHES = [[0, 17, "R"], [18, 18, "X"], [19, 25, "M"], [26, 26, "X"], [27, 31, "R"], [32, 34, "M"], [35, 49, "R"]];
const ROUTE = [];
for (const [a, b, k] of STRETCHES) for (let i = a; i <= b; i++) ROUTE.push(k);
const TERRAIN = { R: "#5aa9e6", M: "#a47d55", X: "url(#lc-mixed)" };
const PLAYER = ["#d1452f", "#2f6fd0", "#3c9a48", "#8a4fc0", "#c48a1a"];
const GOODS = ["wood", "fur", "food", "equipment", "canoe", "horse"];
const WORD = { equipment: "equip" };  // the notation's word for a good
const GOOD_COLOR = { wood: "#8b5a2b", fur: "#e0b83a", food: "#e889a6", equipment: "#8d8d8d", canoe: "#3c7fd1", horse: "#f4f4f4" };
const LOCATIONS = ["hunting", "crafts", "gift", "farewell", "shaman", "upgrade", "canoes", "horses"];

const goodWord = (g) => t(`lw.good.${g}`);

export function describe(move, view) {
  const [verb, ...rest] = move.split(" ");
  const arg = rest.join(" ");
  const good = (w) => goodWord(w === "equip" ? "equipment" : w);
  switch (verb) {
    case "play": return t("lw.move.play", { card: arg });
    case "with": return t("lw.move.with", { card: arg, target: view?.turn?.pending || "" });
    case "indians": return t("lw.move.indians", { n: arg });
    case "copy": return t("lw.move.copy", { card: arg });
    case "discard": return t("lw.move.discard", { card: arg });
    case "village": return t("lw.move.village", { place: t(`lw.loc.${arg}`) });
    case "recruit": return t("lw.move.recruit", { n: arg, card: view?.journal?.[Number(arg) - 1] || "" });
    case "journal": return t("lw.move.journal", { n: arg, card: view?.journal?.[Number(arg) - 1] || "" });
    case "drop": return t("lw.move.drop", { good: good(arg) });
    case "pay": return t("lw.move.pay", { good: good(arg) });
    case "take": return arg === "all" ? t("lw.move.takeall") : t("lw.move.take", { good: good(arg) });
    case "river": return t("lw.move.river");
    case "mountain": return t("lw.move.mountain");
    case "boat": return t(`lw.move.boat.${arg}`);
    case "go": return t("lw.move.go");
    case "stop": return t("lw.move.stop");
    case "skip": return t("lw.move.skip");
    case "camp": return t("lw.move.camp");
    case "end": return t("lw.move.end");
    default: return null;
  }
}

function facts(ctx, key) {
  const e = ctx.lookup(key);
  const m = e && e.text.match(/strength (\d), (\w+) badge/);
  return { name: e ? e.name : key, strength: m ? Number(m[1]) : null, badge: m ? m[2] : null };
}

function card(key, ctx, moves, extra = {}) {
  const f = facts(ctx, key);
  const el = h("div.lw-card", { "data-card": key, class: extra.cls || "", "aria-label": f.name },
    h("span.lw-str", { title: t("lw.strength") }, f.strength ?? ""),
    h("span.lw-name", f.name),
    f.badge ? h("span.lw-badge", { style: { "--good": GOOD_COLOR[f.badge] || "#ccc" }, title: goodWord(f.badge) }) : null,
    extra.under || null);
  ctx.target(el, moves || [], key);
  return el;
}

function backCard(back) {
  return h("div.lw-card.back", { "aria-label": t("lw.facedown", { n: back.strength, good: goodWord(back.badge) }) },
    h("span.lw-str", String(back.strength)), h("span.lw-name", t("lw.facedownshort")),
    h("span.lw-badge", { style: { "--good": GOOD_COLOR[back.badge] || "#ccc" } }));
}

function route(view, ctx) {
  const perRow = 10;
  const W = 58;
  const H = 64;
  const rows = Math.ceil(ROUTE.length / perRow);
  const svg = s("svg", { viewBox: `0 0 ${perRow * W + 8} ${rows * H + 8}`, class: "lw-route", role: "group", "aria-label": t("lw.route") },
    s("defs", s("pattern", { id: "lc-mixed", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 10, height: 10, fill: TERRAIN.R }), s("rect", { width: 5, height: 10, fill: TERRAIN.M }))));
  const pos = (i) => {
    const r = Math.floor(i / perRow);
    const c = i % perRow;
    return [4 + (r % 2 ? perRow - 1 - c : c) * W, 4 + r * H];
  };
  const me = view.seat;
  const mine = me !== null && me !== undefined ? view.expeditions[me] : null;
  ROUTE.forEach((k, i) => {
    const [x, y] = pos(i);
    const g = s("g", { class: "lw-space", "data-space": i });
    g.append(s("rect", { x: x + 1, y: y + 1, width: W - 2, height: H - 2, rx: 5, fill: TERRAIN[k], stroke: i === view.fort ? "#c62828" : "#fff", "stroke-width": i === view.fort ? 4 : 1 }));
    const label = i === 0 ? "St. Louis" : i >= view.fort ? (i === view.fort ? "⚑ 0" : `+${i - view.fort}`) : String(i);
    g.append(s("text", { x: x + 5, y: y + 13, class: "num" }, label));
    const here = [];
    view.expeditions.forEach((e, seat) => {
      if (e.camp === i) here.push(["camp", seat]);
      if (e.scout === i) here.push(["scout", seat]);
    });
    if (view.mackenzie !== null && view.mackenzie !== undefined && view.mackenzie === i) here.push(["mackenzie", null]);
    here.forEach(([what, seat], j) => {
      const cx = x + 12 + (j % 4) * 12;
      const cy = y + 30 + Math.floor(j / 4) * 18;
      if (what === "scout") {
        g.append(s("circle", { cx, cy, r: 6, fill: PLAYER[seat], stroke: "#fff", "stroke-width": 1.5 }));
        g.append(s("rect", { x: cx - 3, y: cy + 5, width: 6, height: 8, fill: PLAYER[seat], stroke: "#fff", "stroke-width": 1 }));
      } else if (what === "camp") {
        g.append(s("path", { d: `M${cx - 6} ${cy + 12}l6-14 6 14z`, fill: "#fff", stroke: PLAYER[seat], "stroke-width": 2.5 }));
      } else {
        g.append(s("text", { x: cx, y: cy + 6, class: "mk" }, "M"));
      }
    });
    const who = here.map(([what, seat]) => (what === "mackenzie" ? t("lw.mackenzie") : t(`lw.${what}of`, { name: ctx.name(seat) })));
    g.setAttribute("aria-label", [t("lw.space", { n: i, terrain: t(`lw.terrain.${k}`) }), ...who].join(", "));
    g.dataset.label = g.getAttribute("aria-label");
    ctx.key(g, `space:${i}`);
    g.dataset.sig = who.join(",");
    const moves = [];
    if (mine && i > mine.scout && i <= mine.scout + 6) {
      if (k !== "M") moves.push("river");
      if (k !== "R") moves.push("mountain");
    }
    if (mine && i === mine.scout) moves.push("camp");
    ctx.target(g, moves, i === view.fort ? "fort" : { R: "River", M: "Mountain", X: "Mixed space" }[k]);
    svg.append(g);
  });
  return svg;
}

function village(view, ctx) {
  const box = h("div.lw-village", { "aria-label": t("lw.village") });
  for (const loc of LOCATIONS) {
    const n = view.village[loc] || 0;
    const el = h("div.lw-loc", { "data-location": loc, class: n ? "occupied" : "" },
      h("strong", t(`lw.loc.${loc}`)), h("span.ind", "●".repeat(n) || "–"));
    el.setAttribute("aria-label", `${t(`lw.loc.${loc}`)}: ${t("lw.indianscount", { n })}`);
    ctx.key(el, `loc:${loc}`);
    ctx.target(el, [`village ${loc}`], loc);
    box.append(el);
  }
  const pow = h("div.lw-loc.powwow", h("strong", t("lw.powwow")), h("span.ind", "●".repeat(view.powwow) || "–"));
  ctx.key(pow, "powwow");
  ctx.info(pow, "pow-wow");
  box.append(pow);
  return h("section.lw-section", h("h3", t("lw.village")), box,
    h("p.lw-small", t("lw.stock", { n: view.indian_stock, tiles: view.boat_tiles, deck: view.deck })));
}

function journal(view, ctx) {
  const box = h("div.lw-journal");
  view.journal.forEach((key, i) => {
    const slot = i + 1;
    const el = card(key, ctx, [`recruit ${slot}`, `journal ${slot}`, `copy ${key}`],
      { under: h("span.lw-slot", t("lw.slot", { n: slot })) });
    ctx.key(el, `journal:${slot}`);
    box.append(el);
  });
  return h("section.lw-section", h("h3", t("lw.journal")), box);
}

function expedition(view, seat, ctx) {
  const e = view.expeditions[seat];
  const mine = seat === view.seat;
  const box = h("section.lw-exp", { "data-expedition": seat, class: view.to_move === seat ? "to-move" : "", style: { "--pc": PLAYER[seat] } });
  box.append(h("h3", h("span.swatch", { class: `p${seat}` }), ctx.name(seat),
    h("span.lw-pos", t("lw.pos", { scout: e.scout, camp: e.camp, tokens: e.time_tokens })),
    e.can_still_win === false ? h("span.lw-out", t("lw.cannotwin")) : null));
  const goods = h("div.lw-goods");
  const used = GOODS.reduce((a, g) => a + e.resources[g], 0);
  for (const g of GOODS) {
    const word = WORD[g] || g;
    const el = h("span.lw-good", { "data-good": `${seat}:${g}`, style: { "--good": GOOD_COLOR[g] } },
      h("i", { "aria-hidden": "true" }), h("b", String(e.resources[g])), h("small", goodWord(g)));
    el.setAttribute("aria-label", `${e.resources[g]} ${goodWord(g)}`);
    if (mine) ctx.target(el, [`pay ${word}`, `take ${word}`, `drop ${word}`], g === "equipment" ? "equip" : g);
    else ctx.info(el, g === "equipment" ? "equip" : g);
    goods.append(el);
  }
  const ind = h("span.lw-good.indians", { "data-indians": seat }, h("i", { "aria-hidden": "true" }), h("b", String(e.indians)),
    h("small", t("lw.indians")));
  ind.setAttribute("aria-label", t("lw.indianscount", { n: e.indians }));
  if (mine) ctx.target(ind, ["indians 1", "indians 2", "indians 3"], "indians");
  goods.append(ind);
  ctx.key(goods, `goods:${seat}`);
  box.append(goods);
  const boats = h("div.lw-boats", { "data-boats": seat },
    t("lw.boats", { used, capacity: e.capacity, time: e.boat_time, goods: e.goods_tiles, ind: e.indian_tiles }),
    e.camp_time === undefined ? null : ` · ${t("lw.camptime", { camp: e.camp_time })}`);
  if (mine) ctx.target(boats, ["boat goods", "boat indian"], "tile");
  box.append(boats);
  const area = h("div.lw-area", { "aria-label": t("lw.playarea") });
  for (const p of e.play_area) {
    const sup = p.support === null ? null : typeof p.support === "string" ? card(p.support, ctx, [`copy ${p.support}`], { cls: "support" }) : backCard(p.support);
    const played = card(p.card, ctx, [`copy ${p.card}`], { under: p.indians ? h("span.lw-ind", "●".repeat(p.indians)) : null });
    area.append(h("div.lw-played", played, sup));
  }
  if (!e.play_area.length) area.append(h("span.muted", t("lw.noplay")));
  ctx.key(area, `area:${seat}`);
  box.append(h("div.lw-arealine", h("span.label", t("lw.playarea")), area));
  if (mine && view.hand) {
    const hand = h("div.lw-hand", { "aria-label": t("lw.yourhand") });
    for (const key of view.hand) {
      const el = card(key, ctx, [`play ${key}`, `with ${key}`, `discard ${key}`, `copy ${key}`]);
      ctx.key(el, `hand:${key}`);
      hand.append(el);
    }
    box.append(h("div.lw-arealine", h("span.label", t("lw.yourhand")), hand));
  } else {
    box.append(h("p.lw-small", t("lw.handsize", { n: e.hand_size })));
  }
  return box;
}

function turnBox(view, ctx) {
  const turn = view.turn;
  const lines = [];
  if (turn.pending !== null && turn.pending !== undefined) lines.push(t("lw.pending", { what: String(turn.pending) }));
  if (turn.support) lines.push(typeof turn.support === "string" ? t("lw.support", { card: turn.support }) : t("lw.facedown", { n: turn.support.strength, good: goodWord(turn.support.badge) }));
  for (const f of turn.stack || []) {
    const offer = Object.entries(f.offer || {}).map(([g, n]) => `${n} ${goodWord(g)}`).join(", ");
    lines.push(t("lw.effect", { name: f.effect, step: f.step, left: f.repetitions_left }) + (offer ? ` — ${t("lw.offer", { offer })}` : ""));
  }
  const flags = [turn.acted ? t("lw.acted") : null, turn.camped ? t("lw.camped") : null, turn.recruited ? t("lw.recruited") : null].filter(Boolean);
  const pc = view.progress_check;
  return h("section.lw-turn", { "aria-label": t("lw.turn") },
    h("span", t("lw.turns", { n: view.turns })), flags.length ? h("span", flags.join(" · ")) : null,
    pc ? h("span", t("lw.progress", { advanced: pc.advanced, needed: pc.needed, left: pc.turns_left })) : null,
    lines.map((l) => h("strong", l)));
}

export function render(view, ctx) {
  const root = h("div.lw-board", { "data-game": "lewis-clark" });
  root.append(turnBox(view, ctx));
  root.append(route(view, ctx));
  root.append(h("div.lw-row", village(view, ctx), journal(view, ctx)));
  if (view.discard && view.discard.length) {
    const top = view.discard.slice(-6);
    root.append(h("p.lw-small", t("lw.discard", { n: view.discard.length }), " ",
      top.map((k) => ctx.info(h("span.lw-chip", { "data-discard": k }, facts(ctx, k).name), k))));
  }
  const order = [...view.expeditions.keys()];
  if (view.seat !== null && view.seat !== undefined) order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  root.append(h("div.lw-exps", order.map((seat) => expedition(view, seat, ctx))));
  return root;
}
