// Replays: a finished table (or an uploaded record) stepped move by move, from any
// seat's perspective or the spectators'. Positions come from the server one at a time.
import { api, savedSeat } from "./api.js";
import { clear, h, s, svg } from "./dom.js";
import { t } from "./i18n.js";
import { loadGame } from "./games/index.js";
import { Board, seatMark, seatName } from "./board.js";
import { scoreTable } from "./table.js";

export async function replayPage(main) {
  const params = new URLSearchParams(location.search);
  const tableId = params.get("table");
  if (tableId) return viewer(main, await fromTable(Number(tableId), params));
  return chooser(main);
}

async function chooser(main) {
  main.append(h("h2", t("replay.title")));
  const error = h("p.error", { role: "alert" });
  const input = h("input#record", { type: "file", accept: ".json,application/json" });
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      const text = await file.text();
      const info = await api("/api/replays", { method: "POST", raw: text });
      clear(main);
      viewer(main, {
        info, table: null, names: info.seats.length ? info.seats : null,
        frame: (ply, seat) => api(`/api/replays/${info.id}/${ply}${seat === null ? "" : `?seat=${seat}`}`),
        seats: [null, ...Array(info.players).keys()],
      });
    } catch (err) {
      error.textContent = err.message;
    }
  });
  main.append(h("section.panel", h("label", { for: "record" }, t("replay.upload")), " ", input,
    h("p.doc", t("replay.uploadhelp")), error));
  const list = h("section.panel", h("h2", t("replay.finished")));
  main.append(list);
  const rows = await api("/api/tables?status=over&limit=50");
  if (!rows.length) list.append(h("p", t("replay.none")));
  const ul = h("ul.table-list");
  for (const row of rows) {
    ul.append(h("li.table-row", h("span.t-id", `#${row.id}`), h("strong", row.game),
      h("a.button", { href: `/replays?table=${row.id}` }, t("lobby.replay"))));
  }
  list.append(ul);
  return null;
}

async function fromTable(id, params) {
  const mine = savedSeat(id);
  const table = await api(`/api/tables/${id}`, { token: mine?.token });
  const seats = table.over ? [null, ...Array(table.players).keys()] : [null, ...(mine ? [mine.seat] : [])];
  const first = await api(`/api/tables/${id}/replay/0`);
  return {
    info: { game: table.game, players: table.players, plies: first.plies, finished: table.over },
    table, names: null, seats,
    start: params.has("ply") ? Number(params.get("ply")) : 0,
    frame: (ply, seat) => api(`/api/tables/${id}/replay/${ply}${seat === null ? "" : `?seat=${seat}`}`,
      { token: !table.over && seat !== null ? mine?.token : undefined }),
  };
}

async function viewer(main, source) {
  const game = await loadGame(source.info.game);
  const board = new Board({ act: () => {} });
  await board.prepare(game);
  let ply = Math.min(source.start || 0, source.info.plies);
  let seat = source.table && source.table.seat !== null && source.seats.includes(source.table.seat) ? source.table.seat : null;
  let timer = null;
  let frame = null;
  let loading = Promise.resolve();
  // seats by name: the table's players and bots, or what an uploaded record calls them
  const names = [...Array(source.info.players).keys()].map((n) =>
    source.table ? seatName({ ...source.table, seat: null }, n) : (source.names && source.names[n]) || t("seat.n", { n }));

  const title = h("h2", `${game.title} ${source.table ? `#${source.table.id}` : ""}`);
  const persp = h("select#perspective", { onchange: (e) => { seat = e.target.value === "" ? null : Number(e.target.value); show(); } });
  for (const s of source.seats) persp.append(h("option", { value: s === null ? "" : s, selected: s === seat }, s === null ? t("replay.spectators") : names[s]));
  const slider = h("input#ply", { type: "range", min: 0, max: source.info.plies, value: ply, "aria-label": t("replay.ply", { ply, plies: source.info.plies }),
    oninput: (e) => { ply = Number(e.target.value); show(); } });
  const counter = h("span.counter", { "aria-live": "polite" });
  const playBtn = h("button#play", { type: "button", onclick: toggle }, t("replay.play"));
  const step = (d) => { ply = Math.max(0, Math.min(source.info.plies, ply + d)); show(); };
  const controls = h("div.replay-controls",
    h("label", { for: "perspective" }, t("replay.perspective")), persp,
    h("button#first.icon", { type: "button", onclick: () => { ply = 0; show(); }, "aria-label": t("replay.first"), title: t("replay.first") }, icon("first")),
    h("button#prev.icon", { type: "button", onclick: () => step(-1), "aria-label": t("replay.prev"), title: t("replay.prev") }, icon("prev")),
    slider,
    h("button#next.icon", { type: "button", onclick: () => step(1), "aria-label": t("replay.next"), title: t("replay.next") }, icon("next")),
    h("button#last.icon", { type: "button", onclick: () => { ply = source.info.plies; show(); }, "aria-label": t("replay.last"), title: t("replay.last") }, icon("last")),
    playBtn, counter);
  const moveBox = h("div.replay-move", { "aria-live": "polite" });
  const statusBox = h("p.game-status");
  const boardBox = h("section.board-box");
  const endBox = h("section.end-screen", { hidden: true });
  main.append(h("div.replay-page", title,
    source.info.finished ? null : h("p.muted", t("replay.unfinished")),
    controls, moveBox, statusBox, endBox, boardBox));

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; playBtn.textContent = t("replay.play"); return; }
    playBtn.textContent = t("replay.pause");
    timer = setInterval(() => { if (ply >= source.info.plies) toggle(); else step(1); }, 900);
  }

  document.addEventListener("keydown", keys);
  function keys(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") step(1);
    if (e.key === "ArrowLeft") step(-1);
  }

  function show() {
    const want = [ply, seat];
    loading = loading.then(async () => {
      if (want[0] !== ply || want[1] !== seat) return;  // a newer request is queued
      frame = await source.frame(ply, seat);
      draw();
    });
  }

  function draw() {
    slider.value = frame.ply;
    slider.setAttribute("aria-label", t("replay.ply", { ply: frame.ply, plies: frame.plies }));
    counter.textContent = frame.ply ? t("replay.ply", { ply: frame.ply, plies: frame.plies }) : t("replay.deal");
    clear(moveBox);
    if (frame.move) {
      moveBox.append(h("span", seatMark(frame.actor), h("strong", t("replay.moveby", { name: names[frame.actor] })), " ", h("code", frame.move),
        frame.words.length ? h("ul", frame.words.map((w) => h("li", w))) : null));
    } else moveBox.append(t("replay.deal"));
    statusBox.textContent = frame.status;
    const pseudo = {
      id: source.table?.id, game: source.info.game, players: source.info.players, seat: frame.seat,
      seats: source.table ? source.table.seats : [], view: frame.view, legal: [], status: "replay",
      to_move: frame.to_move, over: frame.over, scores: frame.scores, winners: null,
    };
    board.highlightNext = true;
    board.draw(boardBox, h("div"), null, game, pseudo, { names });
    if (frame.over && frame.breakdown) {
      clear(endBox).hidden = false;
      endBox.append(h("h2", t("end.title")), scoreTable({ ...pseudo, seat: null }, frame.breakdown));
    } else endBox.hidden = true;
  }

  show();
  return {
    close() { if (timer) clearInterval(timer); document.removeEventListener("keydown", keys); },
    // a new language: the glossary and the frame's words are asked again
    async relabel() {
      try { await board.prepare(await loadGame(source.info.game)); } catch (err) { console.error(err); }
      show();
    },
  };
}

// the step buttons' pictures, drawn (the media glyphs ⏮ ⏭ are missing from many fonts)
const ICONS = {
  first: "M3 2h2v12H3zM14 2v12L6 8z",
  prev: "M12 2v12L4 8z",
  next: "M4 2v12l8-6z",
  last: "M11 2h2v12h-2zM2 2v12l8-6z",
};

function icon(name) {
  return svg(16, 16, { width: 16, height: 16, "aria-hidden": "true", focusable: "false" }, s("path", { d: ICONS[name], fill: "currentColor" }));
}
