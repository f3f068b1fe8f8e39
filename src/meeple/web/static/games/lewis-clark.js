// Lewis & Clark: the route with every scout, camp (and Mackenzie), the village and its
// Pow-wow, the Journal, each expedition's goods, Indians and play area, your hand.
// Play a card by clicking it, then give it strength by clicking a hand card or your
// Indians; village locations, Journal slots, goods and the route answer the other questions.
// Cards, goods and places are named with the game's own words (lewis_clark:...), as the
// server's narration names them; each card's (i) shows its full text, on a tap as on a click.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";

// the route's terrain, public component facts: St. Louis and 17 river spaces, a mixed
// space, 7 mountain, a mixed, 5 river, 3 mountain, 4 river, Fort Clatsop (39) and 10 more
const STRETCHES = [[0, 17, "R"], [18, 18, "X"], [19, 25, "M"], [26, 26, "X"], [27, 31, "R"], [32, 34, "M"], [35, 49, "R"]];
const ROUTE = [];
for (const [a, b, k] of STRETCHES) for (let i = a; i <= b; i++) ROUTE.push(k);
const TERRAIN = { R: "#5aa9e6", M: "#a47d55", X: "url(#lc-mixed)" };
const TERRAIN_INFO = { R: "river", M: "mountain", X: "%" };  // glossary abbreviations
const PLAYER = ["#d1452f", "#2f6fd0", "#3c9a48", "#8a4fc0", "#c48a1a"];
const GOODS = ["wood", "fur", "food", "equipment", "canoe", "horse"];
const WORD = { equipment: "equip" };  // the notation's word for a good
const BY_WORD = { equip: "equipment" };
const GOOD_COLOR = { wood: "#8b5a2b", fur: "#e0b83a", food: "#e889a6", equipment: "#8d8d8d", canoe: "#3c7fd1", horse: "#f4f4f4" };
const LOCATIONS = ["hunting", "crafts", "gift", "farewell", "shaman", "upgrade", "canoes", "horses"];
// each character's strength and badge (w wood, f fur, d food, e equipment): public card
// facts, the same as components.py (tests/web/test_lewis_clark.py checks they agree)
const FACTS = Object.fromEntries(("hay:1w little-raven:1w buffalo-medicine:1e tuttle:1f jessaume:1f big-horse:1f reed:1f "
  + "robertson:1w barter:1f deschamps:1d newman:1w c-mackenzie:1e dame:1e cuscalar:1f charbonneau:1w larocque:1d "
  + "gravelines:1w boley:1d john-hay:2f big-white:2e dickson-hancock:2d black-moccasin:2f yellept:2w tabeau:2f "
  + "three-eagles:2w hawks-feather:2f man-crow:2w cutssahnem:2w black-buffalo:2w half-man:2e warfington:2f mackay:2d "
  + "weuche:2f dorion:2e partisan:2d jarrot:2d loisel:3e heney:3d black-cat:3w twisted-hair:3w cameahwait:3f "
  + "broken-arm:3d comcomly:3e little-thief:3e watkuweis:3f boone:3w old-toby:3f coboway:3f crow-at-rest:3e "
  + "drouillard:3w tetoharsky:3w one-eye:3d sacagawea:3w cut-nose:3f leader:1f interpreter:2w lumberjack:1w "
  + "hunter:1d blacksmith:1e trapper:1f").split(" ").map((pair) => {
  const [slug, code] = pair.split(":");
  return [slug, { strength: Number(code[0]), badge: { w: "wood", f: "fur", d: "food", e: "equipment" }[code[1]] }];
}));
// the cards whose name is a role: a sentence gives them an article ("the Hunter")
const ROLES = new Set(["leader", "interpreter", "lumberjack", "hunter", "blacksmith", "trapper", "partisan"]);

// the game's own words, as the server says them
const W = (key, params) => t(`lewis_clark:${key}`, params);
export const cardName = (slug) => W(`card.${slug}`);
const theCard = (slug) => (ROLES.has(slug) ? W(`the_card.${slug}`) : cardName(slug));
const goodName = (g) => W(`good.${BY_WORD[g] || g}`);
const goods = (g, n) => W(`goods.${BY_WORD[g] || g}`, { n });
const place = (loc) => W(`loc.${loc}`);
const effectName = (name) => (name.startsWith("village ") ? place(name.slice(8)) : cardName(name));
// the word a count goes with, agreeing with it ("2 pirogues", "0 pirogue" in French): the
// game's counted message without its number
const counted = (text) => text.replace(/^\S+\s/, "");

function step(view) {
  const stack = view?.turn?.stack || [];
  return stack.length ? stack[stack.length - 1] : null;
}

export function describe(move, view) {
  const [verb, ...rest] = move.split(" ");
  const arg = rest.join(" ");
  const phase = view?.phase;
  const top = step(view);
  const now = top ? top.step_name : null;
  const pending = view?.turn?.pending;
  switch (verb) {
    case "play": return t("lw.move.play", { card: theCard(arg) });
    case "with": return t("lw.move.with", { card: theCard(arg), target: pending ? cardName(pending) : "" });
    case "indians":
      if (phase === "arc") return t("lw.move.arc", { n: Number(arg), place: place(pending) });
      return t("lw.move.indians", { n: Number(arg) });
    case "copy": return t("lw.move.copy", { card: cardName(arg) });
    case "discard":
      return phase === "recruit" ? t("lw.move.discardequip", { card: theCard(arg), n: FACTS[arg]?.strength ?? 1 })
        : t("lw.move.discard", { card: theCard(arg) });
    case "village":
      return phase === "effect" ? t("lw.move.perform", { place: place(arg) }) : t("lw.move.village", { place: place(arg) });
    case "recruit": {
      const slug = view?.journal?.[Number(arg) - 1];
      return t("lw.move.recruit", { n: Number(arg), card: slug ? cardName(slug) : "" });
    }
    case "journal": {
      const slug = view?.journal?.[Number(arg) - 1];
      return t("lw.move.journal", { n: Number(arg), card: slug ? cardName(slug) : "" });
    }
    case "drop": return t("lw.move.drop", { good: goods(arg, 1) });
    case "pay":
      return now === "pay" ? t("lw.move.pay", { good: goods(arg, 1) }) : t("lw.move.payway", { good: goods(arg, 1) });
    case "take":
      if (arg === "all") return t("lw.move.takeall");
      if (now === "keep") return t("lw.move.keep", { good: goods(arg, 1) });
      if (now === "pick") return t("lw.move.choose", { good: goods(arg, 1) });
      return t("lw.move.collect", { good: goodName(arg) });
    case "river": return t("lw.move.river");
    case "mountain": return t("lw.move.mountain");
    case "boat": return t(`lw.move.boat.${arg}`);
    case "go": return t("lw.move.go");
    case "stop": return phase === "extra" ? t("lw.move.noindians") : t("lw.move.stop");
    case "skip":
      if (phase === "recruit") return t("lw.move.payequip");
      if (now === "discard") return t("lw.move.nodiscard");
      return t("lw.move.decline");
    case "camp": return t("lw.move.camp");
    case "end": return t("lw.move.end");
    default: return null;
  }
}

// the (i) of a card: its full text in the section's "about" box, on a click or a tap (the
// card itself plays its moves); the box is inline, so a phone reads it at full width
function about(slug, ctx) {
  const name = cardName(slug);
  const button = h("button.lw-about-btn", { type: "button", "aria-label": t("lw.about", { card: name }), title: t("lw.about", { card: name }), "data-about": slug }, "i");
  button.addEventListener("click", (e) => {
    e.preventDefault();
    e.stopPropagation();
    const host = button.closest("[data-about-host]");
    const box = host && host.querySelector(":scope > .lw-about");
    const entry = ctx.lookup(slug);
    if (!box || !entry) return;
    const same = !box.hidden && box.dataset.card === slug;
    box.hidden = same;
    box.dataset.card = slug;
    box.replaceChildren(h("strong", entry.name), h("span.kind", ` · ${entry.kind}`), h("p", entry.text));
  });
  button.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") e.stopPropagation(); });
  return button;
}

function aboutBox() {
  return h("div.lw-about", { hidden: true, role: "note", "aria-live": "polite" });
}

function card(slug, ctx, moves, extra = {}) {
  const f = FACTS[slug] || { strength: "", badge: null };
  const name = cardName(slug);
  const el = h("div.lw-card", { "data-card": slug, class: extra.cls || "", "aria-label": name },
    h("span.lw-str", { title: t("lw.strength") }, String(f.strength)),
    h("span.lw-name", name),
    f.badge ? h("span.lw-badge", { style: { "--good": GOOD_COLOR[f.badge] }, title: goodName(f.badge) }) : null,
    extra.under || null,
    about(slug, ctx));
  ctx.target(el, moves || [], slug);
  return el;
}

function backCard(back) {
  return h("div.lw-card.back", { "aria-label": t("lw.facedown", { n: back.strength, good: goodName(back.badge) }) },
    h("span.lw-str", String(back.strength)), h("span.lw-name", t("lw.facedownshort")),
    h("span.lw-badge", { style: { "--good": GOOD_COLOR[back.badge] || "#ccc" } }));
}

// your turns until Mackenzie reaches the fort, this one included, if the scouts stay:
// one space a turn, leaping over every occupied space (as the server's status says)
export function mackenzieTurns(view) {
  const scouts = new Set(view.expeditions.map((e) => e.scout));
  let pos = view.mackenzie;
  let turns = 0;
  while (pos < view.fort) {
    pos += 1;
    while (scouts.has(pos)) pos += 1;
    turns += 1;
  }
  return turns;
}

function spaceLabel(i, view) {
  if (i === 0) return "St. Louis";
  if (i === view.fort) return t("lw.fort");
  return i > view.fort ? `+${i - view.fort}` : String(i);
}

function route(view, ctx) {
  const perRow = 10;
  const W_ = 58;
  const H = 64;
  const rows = Math.ceil(ROUTE.length / perRow);
  const svg = s("svg", { viewBox: `0 0 ${perRow * W_ + 8} ${rows * H + 8}`, class: "lw-route", role: "group", "aria-label": t("lw.route") },
    s("defs", s("pattern", { id: "lc-mixed", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 10, height: 10, fill: TERRAIN.R }), s("rect", { width: 5, height: 10, fill: TERRAIN.M }))));
  const pos = (i) => {
    const r = Math.floor(i / perRow);
    const c = i % perRow;
    return [4 + (r % 2 ? perRow - 1 - c : c) * W_, 4 + r * H];
  };
  const me = view.seat;
  const mine = me !== null && me !== undefined ? view.expeditions[me] : null;
  ROUTE.forEach((k, i) => {
    const [x, y] = pos(i);
    const fort = i === view.fort;
    const g = s("g", { class: fort ? "lw-space fort" : "lw-space", "data-space": i });
    g.append(s("rect", { x: x + 1, y: y + 1, width: W_ - 2, height: H - 2, rx: 5, fill: TERRAIN[k], stroke: fort ? "#c62828" : "#fff", "stroke-width": fort ? 4 : 1 }));
    // the fort is named in words, on two lines if it must ("Fort" / "Clatsop")
    const words = spaceLabel(i, view).split(" ");
    const label = s("text", { x: x + 5, y: y + 13, class: fort ? "num fortname" : "num" },
      fort ? words.map((w, j) => s("tspan", { x: x + 5, dy: j ? 10 : 0 }, w)) : words.join(" "));
    g.append(label);
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
    const where = fort ? t("lw.fortspace", { n: i }) : i > view.fort ? t("lw.endspace", { n: i, tokens: W("tokens", { n: i - view.fort }) })
      : t("lw.space", { n: i, terrain: t(`lw.terrain.${k}`) });
    g.setAttribute("aria-label", [where, ...who].join(", "));
    g.dataset.label = g.getAttribute("aria-label");
    ctx.key(g, `space:${i}`);
    g.dataset.sig = who.join(",");
    const moves = [];
    if (mine && i > mine.scout && i <= mine.scout + 6) {
      if (k !== "M") moves.push("river");
      if (k !== "R") moves.push("mountain");
    }
    if (mine && i === mine.scout) moves.push("camp");
    ctx.target(g, moves, fort ? "F" : TERRAIN_INFO[k]);
    svg.append(g);
  });
  return svg;
}

function village(view, ctx) {
  const box = h("div.lw-village", { "aria-label": t("lw.village") });
  for (const loc of LOCATIONS) {
    const n = view.village[loc] || 0;
    const el = h("div.lw-loc", { "data-location": loc, class: n ? "occupied" : "" },
      h("strong", place(loc)), h("span.ind", "●".repeat(n) || "–"));
    el.setAttribute("aria-label", `${place(loc)}: ${W("indians", { n })}`);
    ctx.key(el, `loc:${loc}`);
    ctx.target(el, [`village ${loc}`], loc);
    box.append(el);
  }
  const pow = h("div.lw-loc.powwow", h("strong", W("term.powwow")), h("span.ind", "●".repeat(view.powwow) || "–"));
  ctx.key(pow, "powwow");
  ctx.info(pow, "powwow");
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
  return h("section.lw-section", { "data-about-host": "journal" }, h("h3", W("term.journal")), box, aboutBox());
}

function expedition(view, seat, ctx) {
  const e = view.expeditions[seat];
  const mine = seat === view.seat;
  const box = h("section.lw-exp", { "data-expedition": seat, "data-about-host": `exp:${seat}`, class: view.to_move === seat ? "to-move" : "", style: { "--pc": PLAYER[seat] } });
  box.append(h("h3", h("span.swatch", { class: `p${seat}` }), ctx.name(seat),
    h("span.lw-pos", t("lw.pos", { scout: e.scout, camp: e.camp, tokens: W("tokens", { n: e.time_tokens }) })),
    e.can_still_win === false ? h("span.lw-out", t("lw.cannotwin")) : null));
  const goodsRow = h("div.lw-goods");
  const used = GOODS.reduce((a, g) => a + e.resources[g], 0);
  for (const g of GOODS) {
    const word = WORD[g] || g;
    const el = h("span.lw-good", { "data-good": `${seat}:${g}`, style: { "--good": GOOD_COLOR[g] } },
      h("i", { "aria-hidden": "true" }), h("b", String(e.resources[g])), h("small", counted(goods(g, e.resources[g]))));
    el.setAttribute("aria-label", goods(g, e.resources[g]));
    if (mine) ctx.target(el, [`pay ${word}`, `take ${word}`, `drop ${word}`], word);
    else ctx.info(el, word);
    goodsRow.append(el);
  }
  const ind = h("span.lw-good.indians", { "data-indians": seat }, h("i", { "aria-hidden": "true" }), h("b", String(e.indians)),
    h("small", counted(W("indians", { n: e.indians }))));
  ind.setAttribute("aria-label", W("indians", { n: e.indians }));
  if (mine) ctx.target(ind, ["indians 1", "indians 2", "indians 3"], "indians");
  goodsRow.append(ind);
  ctx.key(goodsRow, `goods:${seat}`);
  box.append(goodsRow);
  const boats = h("div.lw-boats", { "data-boats": seat },
    t("lw.boats", { used, capacity: e.capacity, time: e.boat_time, goods: e.goods_tiles, ind: e.indian_tiles }),
    e.camp_time === undefined ? null : ` · ${t("lw.camptime", { camp: W("tokens", { n: e.camp_time }) })}`);
  if (mine) ctx.target(boats, ["boat goods", "boat indian"], "T");
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
  box.append(aboutBox());
  return box;
}

function turnBox(view, ctx) {
  const turn = view.turn;
  const lines = [];
  const pending = turn.pending;
  if (pending !== null && pending !== undefined) {
    const what = view.phase === "arc" ? place(pending) : view.phase === "recruit" ? cardName(view.journal[pending - 1]) : cardName(pending);
    lines.push(t("lw.pending", { what }));
  }
  if (turn.support) lines.push(typeof turn.support === "string" ? t("lw.support", { card: theCard(turn.support) }) : t("lw.facedown", { n: turn.support.strength, good: goodName(turn.support.badge) }));
  for (const f of turn.stack || []) {
    const offer = Object.entries(f.offer || {}).map(([g, n]) => goods(g, n)).join(", ");
    lines.push(t("lw.effect", { name: effectName(f.effect), n: f.repetitions_left }) + (offer ? ` — ${t("lw.offer", { offer })}` : ""));
  }
  const flags = [turn.acted ? t("lw.acted") : null, turn.camped ? t("lw.camped") : null, turn.recruited ? t("lw.recruited") : null].filter(Boolean);
  const pc = view.progress_check;
  const solo = view.mackenzie !== null && view.mackenzie !== undefined && view.to_move !== null;
  return h("section.lw-turn", { "aria-label": t("lw.turn") },
    h("span", t("lw.turns", { n: view.turns + 1 })), flags.length ? h("span", flags.join(" · ")) : null,
    pc ? h("span", t("lw.progress", { advanced: W("spaces", { n: pc.advanced }), needed: pc.needed, n: pc.turns_left })) : null,
    solo ? h("span.lw-clock", W("status.mackenzie", { space: view.mackenzie, n: mackenzieTurns(view) })) : null,
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
      top.map((k) => ctx.info(h("span.lw-chip", { "data-discard": k }, cardName(k)), k))));
  }
  const order = [...view.expeditions.keys()];
  if (view.seat !== null && view.seat !== undefined) order.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  root.append(h("div.lw-exps", order.map((seat) => expedition(view, seat, ctx))));
  return root;
}
