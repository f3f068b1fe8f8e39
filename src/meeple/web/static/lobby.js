// The lobby: set up a table (game, players, options, who sits where) and list the
// running tables to join, watch or replay.
import { api, saveSeat, savedSeat, seatLink } from "./api.js";
import { clear, h } from "./dom.js";
import { t, tmaybe } from "./i18n.js";

const PEOPLE = ["me", "friend", "open"];

// who may sit at a seat of this game: people, then every bot the server says plays it
function seatKinds(game) {
  return [...PEOPLE, ...game.bots.map((b) => `bot:${b.name}`)];
}

export async function lobby(main) {
  let games = await api("/api/games");
  const state = { game: games[0], players: 2, options: {}, seats: [] };
  const form = h("section.panel.new-table", { "aria-labelledby": "new-title" });
  const tables = h("section.panel.tables", { "aria-labelledby": "tables-title" });
  const result = h("section.panel.created", { hidden: true, "aria-live": "polite" });
  const learn = h("section.panel.learn", { "aria-labelledby": "learn-title" });
  main.append(h("div.lobby", learn, form, result, tables));

  function defaultsFor(game) {
    state.game = game;
    state.players = Math.max(game.min_players, Math.min(2, game.max_players));
    state.options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
    state.seats = [];
    fixSeats();
  }

  function fixSeats() {
    while (state.seats.length < state.players) {
      state.seats.push(state.seats.length === 0 ? "me" : "bot:greedy");
    }
    state.seats.length = state.players;
  }

  function drawForm() {
    clear(form);
    const game = state.game;
    form.append(h("h2#new-title", t("lobby.new")));
    const gameList = h("div.game-choice", { role: "radiogroup", "aria-label": t("lobby.game") });
    for (const g of games) {
      const chosen = g.name === game.name;
      gameList.append(h("button.game-card", {
        type: "button", role: "radio", "aria-checked": String(chosen), class: chosen ? "chosen" : "",
        "data-game": g.name,
        onclick: () => { defaultsFor(g); drawForm(); },
      }, h("strong", g.title), h("span.players", g.min_players === g.max_players ? t("lobby.playersexact", { n: g.min_players })
        : t("lobby.playercount", { min: g.min_players, max: g.max_players })),
      h("span.summary", tmaybe(`game.${g.name}.summary`, g.summary))));
    }
    form.append(h("fieldset", h("legend", t("lobby.game")), gameList));

    const players = h("select#players", {
      onchange: (e) => { state.players = Number(e.target.value); fixSeats(); drawForm(); },
    });
    for (let n = game.min_players; n <= game.max_players; n++) {
      players.append(h("option", { value: n, selected: n === state.players }, String(n)));
    }
    form.append(h("div.field", h("label", { for: "players" }, t("lobby.players")), players));

    const opts = h("fieldset.options", h("legend", t("lobby.options")));
    for (const o of game.options) {
      const id = `opt-${o.name}`;
      const sel = h("select", { id, "data-option": o.name,
        onchange: (e) => { state.options[o.name] = JSON.parse(e.target.value); } });
      for (const c of o.choices) {
        const label = c === null ? t(`lobby.none.${o.none}`) : tmaybe(`opt.value.${c}`, String(c));
        sel.append(h("option", { value: JSON.stringify(c), selected: c === state.options[o.name] }, label));
      }
      opts.append(h("div.field.option",
        h("label", { for: id }, tmaybe(`opt.${game.name}.${o.name}`, o.name)), sel,
        h("p.doc", { id: `${id}-doc` }, tmaybe(`opt.${game.name}.${o.name}.doc`, o.doc))));
      sel.setAttribute("aria-describedby", `${id}-doc`);
    }
    if (game.options.length) form.append(opts);

    const seats = h("fieldset.seats", h("legend", t("lobby.seats")));
    state.seats.forEach((kind, i) => {
      const sel = h("select", { id: `seat-${i}`, "data-seat": i,
        onchange: (e) => { state.seats[i] = e.target.value; } });
      for (const k of seatKinds(game)) {
        sel.append(h("option", { value: k, selected: k === kind }, tmaybe(`lobby.kind.${k}`, k)));
      }
      seats.append(h("div.field.seat", h("label", { for: `seat-${i}` }, t("seat.n", { n: i })), sel));
    });
    seats.append(h("p.doc", t("lobby.seathelp")));
    form.append(seats);
    form.append(h("div.field", h("label", { for: "myname" }, t("lobby.myname")),
      h("input#myname", { type: "text", maxlength: 60, value: localStorage.getItem("meeple.name") || "",
        autocomplete: "nickname" })));
    const error = h("p.error", { role: "alert" });
    form.append(h("button.primary#create", { type: "button", onclick: () => create(error) }, t("lobby.create")), error);
  }

  async function create(error) {
    error.textContent = "";
    const me = state.seats.indexOf("me");
    const name = document.getElementById("myname").value.trim();
    localStorage.setItem("meeple.name", name);
    const body = {
      game: state.game.name,
      players: state.players,
      options: state.options,
      seats: state.seats.map((k) => (k === "me" || k === "friend" ? "human" : k)),
      names: state.seats.map((k, i) => (i === me && name ? name : null)),
    };
    try {
      const made = await api("/api/tables", { method: "POST", body });
      for (const [seat, token] of Object.entries(made.tokens)) saveSeat(made.id, Number(seat), token);
      const friends = state.seats.map((k, i) => [k, i]).filter(([k]) => k === "friend");
      const myUrl = me >= 0 ? seatLink(made.id, me, made.tokens[me]) : `/tables/${made.id}`;
      if (!friends.length) { location.assign(myUrl); return; }
      clear(result).hidden = false;
      result.append(h("h2", t("lobby.links")), h("p", t("lobby.linkshelp")));
      for (const [, i] of friends) {
        const link = seatLink(made.id, i, made.tokens[i]);
        const input = h("input.link", { type: "text", readonly: true, value: link, "aria-label": t("seat.n", { n: i }) });
        result.append(h("div.field.link", h("label", t("seat.n", { n: i })), input,
          h("button", { type: "button", onclick: () => { input.select(); navigator.clipboard?.writeText(link); } },
            t("lobby.copy"))));
      }
      result.append(h("a.button.primary#goto", { href: myUrl }, t("lobby.goto")));
    } catch (err) {
      error.textContent = err.message;
    }
  }

  // Learn to play: one button per game's lesson, which starts a table with the lesson's
  // deal and bot and opens it (the table page shows the steps)
  async function drawLessons() {
    let rows = [];
    try { rows = await api("/api/lessons"); } catch { return; }
    clear(learn);
    learn.append(h("h2#learn-title", t("lobby.learn")), h("p.doc", t("lobby.learnhelp")));
    const error = h("p.error", { role: "alert" });
    learn.append(h("div.learn-list", rows.map((row) => h("button.learn-game", {
      type: "button", "data-learn": row.game, title: row.text, onclick: () => startLesson(row.game, error),
    }, t("lobby.learngame", { game: row.title })))), error);
  }

  async function startLesson(game, error) {
    error.textContent = "";
    const name = (document.getElementById("myname")?.value || localStorage.getItem("meeple.name") || "").trim() || null;
    try {
      const made = await api(`/api/lessons/${game}`, { method: "POST", body: { name } });
      const [seat, token] = Object.entries(made.tokens)[0];
      saveSeat(made.id, Number(seat), token);
      location.assign(seatLink(made.id, Number(seat), token));
    } catch (err) {
      error.textContent = err.message;
    }
  }

  async function drawTables() {
    let rows = [];
    try { rows = await api("/api/tables?limit=40"); } catch { return; }
    clear(tables);
    tables.append(h("h2#tables-title", t("lobby.tables")));
    if (!rows.length) { tables.append(h("p", t("lobby.notables"))); return; }
    const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
    const list = h("ul.table-list");
    for (const row of rows) {
      const mine = savedSeat(row.id);
      const seats = row.seats.map((s) => (s.kind === "bot" ? s.bot : t(`lobby.seatkind.${s.kind}`)) + (s.name ? ` (${s.name})` : ""));
      const actions = [];
      if (mine) actions.push(h("a.button.primary", { href: seatLink(row.id, mine.seat, mine.token) }, t("lobby.resume", { n: mine.seat })));
      for (const seat of row.open_seats) {
        actions.push(h("button", { type: "button", "data-join": `${row.id}:${seat}`, onclick: () => join(row.id, seat) },
          t("lobby.join", { n: seat })));
      }
      actions.push(h("a.button", { href: `/tables/${row.id}` }, row.status === "over" ? t("lobby.see") : t("lobby.watch")));
      if (row.status === "over") actions.push(h("a.button", { href: `/replays?table=${row.id}` }, t("lobby.replay")));
      list.append(h("li.table-row", { "data-table": row.id },
        h("span.t-id", `#${row.id}`), h("strong", titles[row.game] || row.game),
        h("span.t-status", t(`lobby.status.${row.status}`)),
        h("span.t-seats", seats.join(" · ")), h("span.t-actions", actions)));
    }
    tables.append(list);
  }

  async function join(id, seat) {
    const name = (document.getElementById("myname")?.value || "").trim() || null;
    const got = await api(`/api/tables/${id}/join`, { method: "POST", body: { seat, name } });
    saveSeat(id, got.seat, got.token);
    location.assign(seatLink(id, got.seat, got.token));
  }

  defaultsFor(games[0]);
  drawForm();
  await drawLessons();
  await drawTables();
  const timer = setInterval(drawTables, 5000);
  return {
    close: () => clearInterval(timer),
    // a new language: the games' summaries and option texts are asked again
    relabel: async () => {
      try {
        games = await api("/api/games");
        const again = games.find((g) => g.name === state.game.name);
        if (again) state.game = again;
      } catch { /* the texts stay as they were */ }
      drawForm();
      drawLessons();
      drawTables();
    },
  };
}
