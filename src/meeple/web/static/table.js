// A table page: the seat's view drawn by the game's module, the decision being asked
// and of whom, the moves (on the board, as buttons, and as a list), the story in words,
// live updates over a WebSocket that reconnects by itself, and the end screen.
import { api, ApiError, forgetSeat, saveSeat, savedSeat, seatFromHash } from "./api.js";
import { clear, h } from "./dom.js";
import { language, t } from "./i18n.js";
import { loadGame } from "./games/index.js";
import { Board, seatMark, seatName } from "./board.js";

const HINTS = "meeple.hints";

export async function tablePage(main, id) {
  let mine = seatFromHash(location.hash) || savedSeat(id);
  if (mine) saveSeat(id, mine.seat, mine.token);
  let table = null;
  let game = null;
  let story = [];
  let statusText = "";
  let breakdown = null;
  let socket = null;
  let closed = false;
  let retry = 0;
  let busy = false;
  let acceptChain = Promise.resolve();
  let thinkingSince = null;
  let lastError = "";
  let boardShown = "";
  let hintsOn = localStorage.getItem(HINTS) === "1";
  let hintAsked = null;  // the version a hint was asked for
  // a lesson's table: where the script is (null: not asked yet, false: not a lesson)
  let lesson = null;
  let lessonFree = localStorage.getItem(`meeple.lessonfree.${id}`) === "1";
  let lessonError = "";

  const statusBar = h("section.status-bar", { "aria-live": "polite", "aria-atomic": "true" });
  const boardBox = h("section.board-box", { "aria-label": t("table.board") });
  const actBar = h("div.act-bar", { role: "group", "aria-label": t("table.actions") });
  const movesBox = h("details.moves", { open: true });
  const seatsBox = h("section.seats-panel", { "aria-label": t("table.seats") });
  const logBox = h("ol.log", { "aria-label": t("table.log") });
  const endBox = h("section.end-screen", { hidden: true, "aria-live": "polite" });
  const errorBox = h("p.error", { role: "alert" });
  const lessonBox = h("section.lesson-box", { hidden: true, "aria-live": "polite", "aria-label": t("lesson.title") });
  const hintToggle = h("input#hint-toggle", { type: "checkbox", onchange: (e) => toggleHints(e.target.checked) });
  hintToggle.checked = hintsOn;
  const hintList = h("div.hint-list", { "aria-live": "polite" });
  const hintBox = h("section.hint-box", { hidden: true },
    h("label", { for: "hint-toggle" }, hintToggle, " ", t("table.hints")), hintList);
  const page = h("div.table-page",
    statusBar,
    h("div.table-layout",
      h("div.table-main", lessonBox, endBox, boardBox, actBar, hintBox, errorBox),
      h("aside.side", seatsBox, movesBox, h("section.log-box", h("h2", t("table.log")), logBox))));
  main.append(page);

  const board = new Board({ act: (move) => play(move) });

  async function fetchTable() {
    try {
      return await api(`/api/tables/${id}`, { token: mine?.token });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && mine) {
        forgetSeat(id);  // a token of another server's table: watch instead
        mine = null;
        return api(`/api/tables/${id}`);
      }
      throw err;
    }
  }

  // states are taken in the order they arrive; a new version is shown together with its
  // story (status line and narration), so the page changes once, not twice, per move.
  // While one is being shown, later ones wait and only the newest is taken next: a burst
  // of bot moves draws the table once, not once per move (the story fetch brings every
  // move's narration whatever versions were skipped), so the page never falls behind.
  let newest = null;
  function accept(next) {
    if (!newest || next.version >= newest.version) newest = next;
    acceptChain = acceptChain.then(() => {
      const latest = newest;
      newest = null;
      return latest ? take(latest) : undefined;
    }).catch((err) => console.error(err));
    return acceptChain;
  }

  async function take(next) {
    if (table && next.version < table.version) return;  // an older push arriving late
    const moved = !table || next.version !== table.version;
    if (moved && game && game.name === next.game) await Promise.all([fetchStory(next), fetchLesson()]);
    const previous = table;
    if (table && next.version < table.version) return;
    table = next;
    if (!game || game.name !== next.game) return;
    if (moved) {
      // the change came from another seat when it was not this seat's decision before
      board.highlightNext = Boolean(previous) && previous.to_move !== table.seat;
    }
    thinkingSince = botToMove() ? (moved || thinkingSince === null ? Date.now() : thinkingSince) : null;
    draw();
    if (moved) drawLog();
  }

  function botToMove() {
    if (!table || table.to_move === null || table.status !== "playing") return null;
    const s = table.seats[table.to_move];
    return s && s.kind === "bot" ? s : null;
  }

  async function fetchStory(next) {
    const known = story.length;
    try {
      let got = await api(`/api/tables/${id}/story?since=${known + 1}`, { token: mine?.token });
      if (got.plies < known || (got.entries.length && got.entries[0].ply !== known + 1)) {
        got = await api(`/api/tables/${id}/story?since=1`, { token: mine?.token });
        story = [];
      }
      story.push(...got.entries);
      statusText = got.status;
      breakdown = got.breakdown;
    } catch {
      statusText = "";  // the board still shows; the words come with the next change
    }
  }

  async function fetchLesson() {
    if (lesson === false) return;
    try {
      lesson = await api(`/api/lessons/tables/${id}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) lesson = false;
    }
  }

  // the step is followed while the learner has not chosen to play freely
  function guided() {
    return Boolean(lesson) && !lessonFree && lesson.move !== null && table && table.to_move === table.seat && !table.over;
  }

  function leaveLesson() {
    lessonFree = true;
    localStorage.setItem(`meeple.lessonfree.${id}`, "1");
    lessonError = "";
    draw();
  }

  function drawLesson() {
    if (!lesson) { lessonBox.hidden = true; return; }
    clear(lessonBox).hidden = false;
    const title = lesson.heading && !lessonFree ? `${t("lesson.title")} · ${lesson.heading}` : t("lesson.title");
    lessonBox.append(h("h2", title));
    lessonBox.dataset.step = guided() ? String(lesson.step) : "";
    if (table.over && lesson.finale) {
      lessonBox.append(h("p.lesson-finale", lesson.finale));
    } else if (lessonFree && lesson.on_script && !lesson.finished) {
      lessonBox.append(h("p.lesson-note", t("lesson.freed")));
    } else if (guided()) {
      lesson.texts.forEach((text, i) => lessonBox.append(h(i === lesson.texts.length - 1 ? "p.lesson-ask" : "p", text)));
      if (lesson.rule) lessonBox.append(h("p.lesson-rule", `(${lesson.rule})`));
      if (lessonError) lessonBox.append(h("p.lesson-refused", { role: "alert" }, lessonError));
      lessonBox.append(h("button.lesson-free", { type: "button", onclick: leaveLesson }, t("lesson.free")));
    } else if (lesson.note) {
      lessonBox.append(h("p.lesson-note", lesson.note));
    } else {
      lessonBox.append(h("p.lesson-note", t("lesson.wait")));
    }
  }

  // the board elements, buttons and list entries that play the step's move
  function highlightLesson() {
    for (const el of page.querySelectorAll(".lesson-target")) el.classList.remove("lesson-target");
    if (!guided()) return;
    const marked = new Set(lesson.highlight);
    for (const el of page.querySelectorAll("[data-moves]")) {
      if (el.dataset.moves.split("|").some((m) => marked.has(m))) el.classList.add("lesson-target");
    }
    for (const el of page.querySelectorAll("[data-move]")) {
      if (marked.has(el.dataset.move)) el.classList.add("lesson-target");
    }
  }

  // a menu an element opens (several moves on one card or space): its item for the step too
  const menuWatch = new MutationObserver(() => {
    for (const el of document.querySelectorAll(".menu .menu-item[data-move]")) {
      el.classList.toggle("lesson-target", guided() && lesson.highlight.includes(el.dataset.move));
    }
  });
  menuWatch.observe(document.body, { childList: true });

  function connect() {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
    socket = ws;
    // the token goes in the first message, never in the URL (URLs end up in logs)
    ws.onopen = () => { ws.send(JSON.stringify({ type: "auth", token: mine ? mine.token : null })); retry = 0; drawStatus(); };
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type === "state") accept(msg.table);
      else if (msg.type === "presence") presence(msg.seat, msg.connected);
      else if (msg.type === "error") lastError = msg.detail;
    };
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      if (e.code === 4403 && mine) { forgetSeat(id); mine = null; }
      if (e.code === 4404) { errorBox.textContent = lastError || t("table.gone"); return; }
      drawStatus();
      retry = Math.min(retry + 1, 6);
      setTimeout(resync, 400 * retry);
    };
  }

  // a seat's first socket opened or its last one closed: only the seats panel changes
  function presence(seat, connected) {
    const s = table && table.seats[seat];
    if (!s || s.connected === connected) return;
    s.connected = connected;
    drawSeats();
  }

  async function resync() {
    if (closed) return;
    try {
      accept(await fetchTable());
    } catch {
      drawStatus();
    }
    connect();
  }

  async function play(move) {
    if (busy || !table) return;
    busy = true;
    errorBox.textContent = "";
    board.setBusy(true);
    const route = guided() ? `/api/lessons/tables/${id}/moves` : `/api/tables/${id}/moves`;
    try {
      const next = await api(route, {
        method: "POST", token: mine?.token, body: { action: move, version: table.version },
      });
      lessonError = "";
      await accept(next);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) await accept(await fetchTable());
      else if (guided() && err instanceof ApiError && err.status === 422) { lessonError = err.message; drawLesson(); }
      else errorBox.textContent = err.message;
    } finally {
      busy = false;
      board.setBusy(false);
    }
  }

  async function undo() {
    try {
      accept(await api(`/api/tables/${id}/undo`, { method: "POST", token: mine?.token, body: { version: table.version } }));
    } catch (err) {
      errorBox.textContent = err.message;
    }
  }

  // ---- drawing -------------------------------------------------------------------
  function draw() {
    // what the page shows, for scripts and tests: version, whose turn, over
    Object.assign(page.dataset, { version: table.version, toMove: table.to_move ?? "", over: table.over, seat: table.seat ?? "" });
    drawStatus();
    drawSeats();
    // the board is redrawn only when what it shows changed: a push that only says who is
    // connected must not replace the element under a pointer in the middle of a click
    const names = table.seats.map((s) => seatName(table, s.seat));
    const shown = JSON.stringify([table.version, table.legal, table.view, table.can_undo, names, language()]);
    if (shown !== boardShown) {
      boardShown = shown;
      board.draw(boardBox, actBar, movesBox, game, table, { names });
      if (table.can_undo) {
        actBar.append(h("button.undo", { type: "button", onclick: undo, "data-undo": "1" }, t("table.undo")));
      }
    }
    drawEnd();
    drawHint();
    drawLesson();
    highlightLesson();
  }

  // ---- hints: the search's top moves for this seat, from what this seat can see -----
  function toggleHints(on) {
    hintsOn = on;
    localStorage.setItem(HINTS, on ? "1" : "0");
    hintAsked = null;
    drawHint();
  }

  function drawHint() {
    hintBox.hidden = !table || table.seat === null || table.over;
    const mine = table && table.status === "playing" && !table.over && table.to_move === table.seat;
    if (!hintsOn || !mine) { clear(hintList); hintAsked = null; return; }
    if (hintAsked === table.version) return;
    hintAsked = table.version;
    clear(hintList).append(h("p.hint-wait", t("table.hintwait")));
    askHint(table.version);
  }

  async function askHint(asked) {
    try {
      const got = await api(`/api/tables/${id}/hint`, { token: mine?.token });
      if (!table || table.version !== asked || got.version !== asked || !hintsOn) return;
      clear(hintList).append(h("p.hint-title", t("table.hinttitle", { n: got.simulations })),
        h("ol.hints", got.moves.map((m) => h("li", { "data-hint": m.action },
          m.win === null ? t("table.hintonly", { move: m.action })
            : t("table.hintmove", { move: m.action, visits: m.visits, win: Math.round(100 * m.win) }),
          m.kept ? h("span.hint-kept", " ", t("table.hintkept")) : null))));
    } catch (err) {
      if (table && table.version === asked) clear(hintList).append(h("p.hint-wait", err.message));
    }
  }

  function drawStatus() {
    if (!table) return;
    clear(statusBar);
    const live = socket && socket.readyState === WebSocket.OPEN;
    statusBar.append(h("span.conn", { class: live ? "on" : "off", title: live ? t("table.live") : t("table.reconnecting") },
      live ? t("table.live") : t("table.reconnecting")));
    statusBar.append(h("strong.game-title", `${game?.title || table.game} #${table.id}`));
    const you = table.seat === null ? t("table.spectator") : t("table.youare", { name: seatName(table, table.seat, false) });
    statusBar.append(h("span.you", you));
    let ask;
    if (table.status === "waiting") ask = t("table.waiting");
    else if (table.over) ask = t("table.over");
    else if (table.to_move === table.seat) ask = t("table.yourturn");
    else if (botToMove()) {
      const secs = thinkingSince === null ? 0 : Math.floor((Date.now() - thinkingSince) / 1000);
      ask = t("table.thinking", { name: seatName(table, table.to_move) }) + (secs ? ` (${t("table.seconds", { n: secs })})` : "");
    }
    else ask = t("table.waitfor", { name: seatName(table, table.to_move) });
    statusBar.append(h("span.ask", { class: table.to_move === table.seat && !table.over ? "mine" : "" }, ask,
      botToMove() ? h("span.dots", { "aria-hidden": "true" }, " …") : null));
    if (statusText) statusBar.append(h("span.game-status", { "data-status": "1" }, statusText));
    if (table.clock) {
      const c = table.clock.remaining.map((r, i) => (r === null ? null : `${seatName(table, i)} ${clock(r)}`)).filter(Boolean);
      statusBar.append(h("span.clock", c.join(" · ")));
    }
  }

  function drawSeats() {
    clear(seatsBox);
    seatsBox.append(h("h2", t("table.seats")));
    const ul = h("ul");
    for (const s of table.seats) {
      const kind = s.kind === "bot" ? t("table.bot", { bot: s.bot }) : t(`lobby.seatkind.${s.kind}`);
      ul.append(h("li", {
        class: `seat-line seat-${s.seat}` + (s.seat === table.to_move ? " to-move" : "") + (s.seat === table.seat ? " me" : ""),
        "data-seat-line": s.seat,
      }, seatMark(s.seat), h("strong", seatName(table, s.seat)), " ",
      h("span.kind", kind), s.kind === "human" ? h("span.dot", { class: s.connected ? "on" : "off",
        title: s.connected ? t("table.connected") : t("table.away") }, s.connected ? " ●" : " ○") : null,
      table.view.scores ? h("span.score", ` ${table.view.scores[s.seat]}`) : null,
      s.kind === "open" && !mine ? h("button.join", { type: "button", "data-join": s.seat, onclick: () => join(s.seat) },
        t("lobby.join", { n: s.seat })) : null));
    }
    seatsBox.append(ul);
  }

  async function join(seat) {
    try {
      const name = (localStorage.getItem("meeple.name") || "").trim() || null;
      const got = await api(`/api/tables/${id}/join`, { method: "POST", body: { seat, name } });
      saveSeat(id, got.seat, got.token);
      location.hash = `seat=${got.seat}&token=${encodeURIComponent(got.token)}`;
      location.reload();
    } catch (err) {
      errorBox.textContent = err.message;
    }
  }

  function drawLog() {
    clear(logBox);
    const last = story.length - 1;
    story.forEach((e, i) => {
      logBox.append(h("li", { class: `p${e.seat}` + (i === last ? " last" : ""), value: e.ply },
        seatMark(e.seat), h("strong", seatName(table, e.seat)), " ", h("code", e.move),
        e.words.length ? h("ul.words", e.words.map((w) => h("li", w))) : null));
    });
    logBox.scrollTop = logBox.scrollHeight;
  }

  function drawEnd() {
    if (!table || !table.over) { endBox.hidden = true; return; }
    clear(endBox).hidden = false;
    const winners = (table.winners || []).map((s) => seatName(table, s)).join(", ");
    endBox.append(h("h2", t("end.title")), h("p.winners", winners ? t("end.winners", { names: winners }) : t("end.nobody")));
    if (table.forfeit !== null && table.forfeit !== undefined) endBox.append(h("p", t("end.forfeit", { name: seatName(table, table.forfeit) })));
    endBox.append(scoreTable(table, breakdown));
    endBox.append(h("p.end-links",
      h("a.button", { href: `/replays?table=${table.id}` }, t("end.replay")),
      h("a.button", { href: `/api/tables/${table.id}/record`, download: `meeple-${table.game}-${table.id}.json` }, t("end.record")),
      h("a.button.primary", { href: "/" }, t("end.lobby"))));
    if (table.seed !== null) endBox.append(h("p.seed", t("end.seed", { seed: table.seed, commitment: table.commitment.slice(0, 16) })));
  }

  const ticker = setInterval(() => { if (table && (table.clock || botToMove())) drawStatus(); }, 1000);

  // ---- start --------------------------------------------------------------------------
  const first = await fetchTable();
  game = await loadGame(first.game);
  await board.prepare(game);
  await accept(first);
  connect();

  // a new language: the texts the server said (story, status, glossary) are asked again,
  // in turn with the states arriving (so a push cannot interleave with the new story)
  function relabel() {
    acceptChain = acceptChain.then(async () => {
      try {
        game = await loadGame(game.name);
        await board.prepare(game);
        story = [];
        await Promise.all([fetchStory(table), fetchLesson()]);
      } catch (err) {
        console.error(err);
      }
      boardShown = "";
      draw();
      drawLog();
    });
    return acceptChain;
  }

  return {
    close() { closed = true; clearInterval(ticker); menuWatch.disconnect(); if (socket) socket.close(); },
    relabel,
  };
}

function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function scoreTable(table, breakdown) {
  const n = table.players;
  const labels = [];
  // a part called "total" is the total row already shown (a game without its own breakdown)
  for (const parts of breakdown || []) for (const k of Object.keys(parts)) if (!labels.includes(k) && k.toLowerCase() !== "total") labels.push(k);
  const names = [...Array(n).keys()].map((s) => seatName(table, s));
  return h("table.breakdown",
    h("caption", t("end.breakdown")),
    h("thead", h("tr", h("th", { scope: "col" }, ""), names.map((nm, s) => h("th", { scope: "col" }, seatMark(s), nm)))),
    h("tbody",
      labels.map((label) => h("tr", h("th", { scope: "row" }, label),
        [...Array(n).keys()].map((s) => h("td", String((breakdown[s] || {})[label] ?? ""))))),
      h("tr.total", h("th", { scope: "row" }, t("end.total")),
        [...Array(n).keys()].map((s) => h("td", String(table.scores ? table.scores[s] : ""))))));
}
