// Lost Cities: each side's expeditions by colour, the discard piles and the deck between
// them, your hand. Click a hand card to play or discard it; click the deck or a pile to draw.
import { h, s } from "../dom.js";
import { t } from "../i18n.js";

const COLOR_CSS = { Y: "#e8c21a", W: "#e9e6dc", B: "#2f6fd0", G: "#3c9a48", R: "#cf3b2e", P: "#8a4fc0" };

// Colours and cards are named by the game's own catalog (lost_cities.po), as in the
// server's narration: the words agree with their noun in every language.
export function colorName(c) { return t(`lost_cities:color.${c}`); }

function named(card, article) {
  const c = card[0];
  const v = card.slice(1);
  return v === "H" ? t(`lost_cities:${article}wager.${c}`) : t(`lost_cities:${article}card.${c}`, { value: v });
}

export function cardName(card) { return named(card, ""); }

// The moves this view allows, each with its words: the board and ``describe`` name the
// same moves, and no move text is taken apart here (the notation is the server's).
function moveWords(view) {
  const words = new Map([["draw deck", t("lost_cities:move.draw_deck", { n: view?.deck ?? 0 })]]);
  for (const code of view?.hand || []) {
    words.set(`play ${code}`, t("lost_cities:move.play", { card: named(code, "the_") }));
    words.set(`discard ${code}`, t("lost_cities:move.discard", { card: named(code, "the_") }));
  }
  for (const c of view?.colors || []) {
    const pile = view.discards?.[c] || [];
    const top = pile[pile.length - 1];
    const where = t(`lost_cities:pile.${c}`);
    words.set(`draw ${c}`, top ? t("lost_cities:move.draw_pile", { card: named(top, "the_"), pile: where })
      : t("lost_cities:move.draw_empty", { pile: where }));
  }
  return words;
}

export function describe(move, view) {
  return moveWords(view).get(move) ?? null;
}

function handshake() {
  return s("svg", { viewBox: "0 0 24 24", class: "wager-icon", "aria-hidden": "true" },
    s("path", { d: "M2 12l5-5 5 3 5-3 5 5-5 5-3-2-2 2-2-2-3 2z", fill: "none", stroke: "currentColor", "stroke-width": "1.8",
      "stroke-linejoin": "round" }));
}

function card(code, ctx, extra = {}) {
  const c = code[0];
  const v = code.slice(1);
  const el = h("div.lc-card", {
    class: `c-${c}` + (extra.small ? " small" : ""), "data-card": code, "aria-label": cardName(code),
    style: { "--card": COLOR_CSS[c] || "#999" },
  }, h("span.v", v === "H" ? handshake() : v), h("span.corner", { "aria-hidden": "true" }, v === "H" ? "" : v));
  ctx.info(el, code);
  return el;
}

function back(n, label) {
  return h("div.lc-card.back", { "aria-label": label }, h("span.v", n === undefined ? "" : String(n)));
}

function side(view, seat, ctx, top) {
  const row = h("div.lc-side", { class: top ? "lc-top" : "lc-bottom", "aria-label": t("lc.expeditions", { name: ctx.name(seat) }) });
  for (const c of view.colors) {
    const cards = view.expeditions[seat][c];
    const col = h("div.lc-exp", { class: `c-${c}`, "data-expedition": `${seat}:${c}`, style: { "--card": COLOR_CSS[c] } },
      h("div.lc-stack", cards.map((code) => card(code, ctx, { small: true }))),
      // the column's score as the server counts it (the rules' numbers live there only)
      h("div.lc-expscore", { title: t("lc.colscore") }, cards.length ? String(view.expedition_scores[seat][c]) : "·"));
    ctx.key(col, `exp:${seat}:${c}`);
    ctx.info(col, c);
    // a card of this colour in hand can be played onto this column
    if (seat === view.seat && view.hand) {
      const plays = view.hand.filter((x) => x[0] === c).map((x) => `play ${x}`);
      if (plays.length) ctx.target(col, plays);
    }
    row.append(col);
  }
  row.append(h("div.lc-exp-total", h("span", t("lc.total")), h("strong", String(view.scores[seat]))));
  return row;
}

function handRow(view, seat, ctx) {
  const size = view.hand_sizes[seat];
  const known = (view.known && view.known[seat]) || [];
  const box = h("div.lc-hand.other", { "aria-label": t("lc.hand", { name: ctx.name(seat), n: size }) });
  ctx.key(box, `hand:${seat}`);
  box.dataset.sig = `${size}:${known.join(",")}`;
  for (const code of known) box.append(card(code, ctx, { small: true }));
  for (let i = known.length; i < size; i++) box.append(back(undefined, t("lc.hidden")));
  return h("div.lc-handline", h("span.label", t("lc.handof", { name: ctx.name(seat), n: size })), box);
}

export function render(view, ctx) {
  const me = view.seat ?? 0;
  const other = 1 - me;
  const root = h("div.lc-board", { "data-game": "lost-cities", style: { "--cols": view.colors.length + 1 } });
  root.append(h("div.lc-info",
    h("span", t("lc.round", { round: view.round, rounds: view.rounds })),
    h("span", t("lc.scores", { a: ctx.name(me), sa: view.scores[me], b: ctx.name(other), sb: view.scores[other] })),
    view.round_scores && view.round_scores.length
      ? h("span", t("lc.rounds", { list: view.round_scores.map((r) => r.join(":")).join(", ") })) : null));
  root.append(handRow(view, other, ctx));
  root.append(side(view, other, ctx, true));

  const middle = h("div.lc-middle");
  for (const c of view.colors) {
    const pile = view.discards[c];
    const top = pile[pile.length - 1];
    const el = h("div.lc-pile", { class: `c-${c}`, "data-pile": c, style: { "--card": COLOR_CSS[c] },
      "aria-label": t("lc.pile", { pile: t(`lost_cities:pile.${c}`), n: pile.length }) },
    top ? card(top, ctx, {}) : h("div.lc-slot", { "aria-hidden": "true" }, colorName(c)),
    h("span.count", pile.length ? `×${pile.length}` : ""));
    ctx.key(el, `pile:${c}`);
    el.dataset.sig = pile.join(",");
    const discards = view.hand ? view.hand.filter((x) => x[0] === c).map((x) => `discard ${x}`) : [];
    ctx.target(el, [`draw ${c}`, ...discards]);
    middle.append(el);
  }
  const deck = h("div.lc-deck", { "data-deck": "1", "aria-label": t("lc.deck", { n: view.deck }) },
    back(view.deck, t("lc.deck", { n: view.deck })), h("span.count", t("lc.decklabel")));
  ctx.key(deck, "deck");
  ctx.info(deck, "deck");
  ctx.target(deck, ["draw deck"]);
  middle.append(deck);
  root.append(middle);

  root.append(side(view, me, ctx, false));
  if (view.hand) {
    const hand = h("div.lc-hand.mine", { "aria-label": t("lc.yourhand") });
    for (const code of view.hand) {
      const el = card(code, ctx);
      ctx.key(el, `myhand:${code}`);
      ctx.target(el, [`play ${code}`, `discard ${code}`], code);
      hand.append(el);
    }
    root.append(h("div.lc-handline.mine", h("span.label", t("lc.yourhand")), hand));
  } else {
    root.append(handRow(view, me, ctx));
  }
  if (view.phase === "draw" && view.to_move !== null) {
    root.append(h("p.lc-hint", t("lc.drawhint")));
  }
  return root;
}
