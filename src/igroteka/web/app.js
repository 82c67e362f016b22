// The Igroteka client: a lobby to create rooms, and a room page that plays over a websocket.
// It decides nothing: it shows the views the server sends and sends the player's actions.

import { has, language, setLanguage, t } from "./i18n.js";
import * as klepka from "./games/klepka.js";
import * as letters from "./games/letters.js";

const RENDERERS = { klepka, letters };

// ---------------------------------------------------------------- helpers

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "class") element.className = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), 4000);
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    // the server gives its refusals in the language the person reads
    headers: {
      "Accept-Language": language(),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.reason || data.detail?.[0]?.msg || response.statusText);
  return data;
}

function tokens(room) {
  return JSON.parse(localStorage.getItem(`igroteka.room.${room}`) || "{}");
}

function keepToken(room, seat, token) {
  const held = tokens(room);
  held[seat] = token;
  localStorage.setItem(`igroteka.room.${room}`, JSON.stringify(held));
}

// ---------------------------------------------------------------- the lobby

// The options the lobby offers; `house` ones are folded under "House rules". A choice's label is
// the string `${key}_${choice}` when there is one. The deck "own" is a teacher's words, typed in.
const OPTION_FIELDS = {
  klepka: [
    { key: "lang", label: "deckLang", choices: ["en", "uk", "own"], labels: "deck" },
    { key: "pairs", label: "pairs", min: 1, max: 40 },
    { key: "syncopes", label: "syncopes", min: 0, max: 10 },
    { key: "chain", label: "chainMode", choices: ["manual", "auto"] },
    { key: "starter", label: "starter", choices: ["london", "random"], house: true },
    { key: "after_syncope", label: "after_syncope", choices: ["pass", "again"], house: true },
    { key: "syncope_in_search", label: "syncope_in_search", choices: ["ends", "continues"], house: true },
    { key: "ties", label: "ties", choices: ["shared", "cards"], house: true },
    { key: "soft_sign", label: "soft_sign", choices: ["skip", "strict"], house: true },
  ],
  letters: [
    { key: "pairs", label: "pairs", min: 10, max: 120 },
    { key: "polysemy", label: "polysemy", min: 0, max: 8 },
    { key: "chaos", label: "chaos", min: 0, max: 8 },
    { key: "exchange", label: "exchange", min: 0, max: 8 },
    { key: "nouns_singular", label: "nounsSingular", flag: true, house: true },
    { key: "unique_words", label: "uniqueWords", flag: true, house: true },
    { key: "double_slang", label: "doubleSlang", flag: true, house: true },
  ],
};

function choiceLabel(field, choice) {
  const key = `${field.labels || field.key}_${choice}`;
  return has(key) ? t(key) : choice;
}

async function lobby(main) {
  const games = await api("GET", "/api/games");
  const form = h("form", { class: "panel", id: "new-game" });
  const gameSelect = h(
    "select",
    { name: "game", id: "game" },
    games.map((g) => h("option", { value: g.name }, t(g.name))),
  );
  const players = h("input", { type: "number", name: "players", id: "players", value: 2, min: 1, max: 6 });
  const fields = h("div", { class: "fields" });
  const problem = h("p", { class: "form-error", role: "alert" });
  const deckText = h("textarea", {
    id: "option-deck-text", name: "deck_text", rows: 8, placeholder: t("deckTextHint"), "aria-label": t("deckText"),
  });
  const ownDeck = h("label", { class: "own-deck", for: "option-deck-text" }, t("deckText"), deckText);
  const showFields = () => {
    const game = games.find((g) => g.name === gameSelect.value);
    players.min = game.min_players;
    players.max = game.max_players;
    const labelled = (OPTION_FIELDS[game.name] || []).map((field) => {
      const id = `option-${field.key}`;
      const fallback = game.options[field.key];
      let input;
      if (field.flag) input = h("input", { type: "checkbox", id, name: field.key });
      else if (field.choices)
        input = h("select", { id, name: field.key }, field.choices.map((c) => h("option", { value: c }, choiceLabel(field, c))));
      else input = h("input", { type: "number", id, name: field.key, min: field.min, max: field.max, value: fallback });
      if (field.choices && fallback !== undefined && field.choices.includes(fallback)) input.value = fallback;
      if (field.key === "lang" && game.name === "klepka") {
        const toggle = () => { ownDeck.hidden = input.value !== "own"; };
        input.addEventListener("change", toggle);
        toggle();
      }
      return { field, element: h("label", { for: id }, t(field.label), input) };
    });
    const house = labelled.filter((l) => l.field.house).map((l) => l.element);
    fields.replaceChildren(
      ...labelled.filter((l) => !l.field.house).map((l) => l.element),
      ...(game.name === "klepka" ? [ownDeck] : []),
      ...(house.length ? [h("details", { class: "house-rules" }, h("summary", {}, t("houseRules")), ...house)] : []),
    );
  };
  gameSelect.addEventListener("change", showFields);
  showFields();
  form.append(
    h("h1", {}, t("newGame")),
    h("label", { for: "game" }, t("game"), gameSelect),
    h("label", { for: "players" }, t("players"), players),
    fields,
    h(
      "label",
      { for: "turn-timer" },
      t("turnTimer"),
      h("input", { type: "number", id: "turn-timer", name: "turn_timer", min: 1, max: 3600, placeholder: "—" }),
    ),
    problem,
    h("button", { type: "submit", class: "primary" }, t("create")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = gameSelect.value;
    const defaults = games.find((g) => g.name === game).options;
    const options = {};
    for (const field of OPTION_FIELDS[game] || []) {
      const input = form.elements[field.key];
      if (field.flag) options[field.key] = input.checked;
      else if (field.choices) options[field.key] = input.value;
      // a number left as it was is the game's default: the game fits it to the deck
      else if (input.value !== "" && input.value !== String(defaults[field.key])) options[field.key] = Number(input.value);
    }
    if (options.lang === "own") {
      delete options.lang;
      options.deck = { text: deckText.value };
    }
    problem.textContent = "";
    try {
      const timer = form.elements.turn_timer.value;
      const room = await api("POST", "/api/rooms", {
        game,
        players: Number(players.value),
        options,
        turn_timer: timer ? Number(timer) : null,
      });
      history.pushState({}, "", room.invite);
      route();
    } catch (error) {
      problem.textContent = error.message; // stays until the next try: a deck's problems are a list
    }
  });
  main.replaceChildren(form);
}

// ---------------------------------------------------------------- a room

// The room, or null (and a message on the page) when there is no such room.
async function findRoom(main, id) {
  try {
    return await api("GET", `/api/rooms/${id}`);
  } catch (error) {
    main.replaceChildren(h("p", { class: "panel" }, t("notFound")));
    return null;
  }
}

class RoomPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.room = null;
    this.views = {}; // by seat held (or "watch"): the latest view
    this.seqs = {};
    this.sockets = {};
    this.closed = false;
  }

  async open() {
    this.room = await findRoom(this.main, this.id);
    if (!this.room) return;
    this.connectAll();
    this.render();
  }

  held() {
    return Object.keys(tokens(this.id)).map(Number).sort((a, b) => a - b);
  }

  connectAll() {
    const held = this.held();
    const wanted = held.length ? held.map(String) : ["watch"];
    for (const key of wanted) if (!this.sockets[key]) this.connect(key);
  }

  connect(key, delay = 250) {
    const token = key === "watch" ? "" : tokens(this.id)[key];
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: language() });
    if (token) query.set("token", token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.id}?${query}`);
    this.sockets[key] = socket;
    socket.onopen = () => document.body.classList.remove("offline");
    socket.onmessage = (event) => this.receive(key, JSON.parse(event.data));
    socket.onclose = () => {
      if (this.closed || this.sockets[key] !== socket) return;
      document.body.classList.add("offline");
      toast(t("reconnecting"));
      setTimeout(() => this.connect(key, Math.min(delay * 2, 5000)), delay);
    };
  }

  /** Tell the server the language the person now reads its refusals in. */
  languageChanged() {
    for (const socket of Object.values(this.sockets)) {
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "lang", lang: language() }));
      }
    }
  }

  receive(key, message) {
    if (message.type === "welcome" || message.type === "room") this.room = message.room;
    if (message.view !== undefined && message.type !== "error") {
      this.views[key] = message.view;
      this.seqs[key] = message.seq;
    }
    if (message.type === "error") {
      if (message.error !== "stale") toast(message.reason);
      return;
    }
    this.render();
  }

  send(seat, action) {
    const key = String(seat);
    const socket = this.sockets[key];
    if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("reconnecting"));
    socket.send(JSON.stringify({ type: "action", action, seq: this.seqs[key] }));
  }

  // the seat whose view is shown: the held seat the game waits for, else the first held
  shownSeat() {
    const held = this.held();
    if (!held.length) return null;
    const view = this.views[String(held[0])];
    const waiting = view ? view.awaited ?? view.actors : [];
    return held.find((seat) => waiting.includes(seat)) ?? held[0];
  }

  render() {
    const room = this.room;
    if (!room) return;
    if (!room.started) return this.renderSeats();
    const seat = this.shownSeat();
    const view = this.views[seat === null ? "watch" : String(seat)];
    if (!view) return;
    if (this.handedTo !== undefined && this.handedTo !== seat && this.private(seat)) {
      return this.passDevice(seat);
    }
    this.handedTo = seat;
    const renderer = RENDERERS[room.game];
    const names = room.seats.map((s) => (s.present ? s.name : `${s.name} 💤`));
    const context = {
      seat,
      names,
      held: this.held(),
      t,
      h,
      send: (action) => this.send(seat, action),
      record: `/api/rooms/${this.id}/record`,
      toast,
    };
    const body = renderer.render(view, context);
    const status = h("p", { class: "status" }, statusLine(view, context));
    const waiting = view.awaited ?? view.actors;
    const section = h(
      "section",
      {
        class: `game game-${room.game}`,
        "data-phase": view.phase,
        "data-my-turn": seat !== null && waiting.includes(seat) ? "yes" : "no",
        "data-over": view.outcome ? "yes" : "no",
      },
      status,
      body,
    );
    this.main.replaceChildren(section);
  }

  // whether this seat's view shows something another seat held in this tab may not see
  private(seat) {
    const plain = (view) => JSON.stringify({ ...view, seat: null });
    const mine = this.views[String(seat)];
    return this.held().some((other) => other !== seat && this.views[String(other)] && plain(this.views[String(other)]) !== plain(mine));
  }

  passDevice(seat) {
    const name = this.room.seats[seat].name;
    this.main.replaceChildren(
      h(
        "section",
        { class: "panel pass-device" },
        h("h2", {}, t("passDevice", { name })),
        h("button", { class: "primary", onclick: () => { this.handedTo = seat; this.render(); } }, t("ready", { name })),
      ),
    );
  }

  renderSeats() {
    const room = this.room;
    const held = this.held();
    const invite = `${location.origin}/r/${room.id}`;
    const rows = room.seats.map((seat) => {
      const mine = held.includes(seat.seat);
      let cell;
      if (seat.kind === "open") {
        const name = h("input", { placeholder: t("yourName"), "aria-label": t("yourName"), maxlength: 32 });
        const level = h("select", { "aria-label": t("level") }, room.bot_levels.map((l) => h("option", { value: l }, l)));
        cell = h(
          "div",
          { class: "seat-actions" },
          name,
          h("button", { onclick: () => this.takeSeat(seat.seat, name.value) }, t("takeSeat")),
          level,
          h("button", { onclick: () => this.addBot(seat.seat, level.value) }, t("addBot")),
        );
      } else {
        cell = h("span", {}, seat.name, mine ? ` (${t("you")})` : "");
      }
      return h("li", { class: `seat seat-${seat.kind}` }, h("b", {}, `${t("seat")} ${seat.seat + 1}`), cell);
    });
    const ready = room.seats.every((s) => s.kind !== "open");
    this.main.replaceChildren(
      h(
        "section",
        { class: "panel" },
        h("h1", {}, t(room.game)),
        h(
          "p",
          { class: "invite" },
          t("invite"),
          ": ",
          h("a", { href: invite }, invite),
          " ",
          h("button", {
            onclick: () => navigator.clipboard?.writeText(invite).then(() => toast(t("copied"))),
          }, t("copy")),
        ),
        h("ol", { class: "seats" }, rows),
        held.length
          ? h("button", { class: "primary", disabled: !ready, onclick: () => this.start() }, t("start"))
          : h("p", { class: "muted" }, t("waiting")),
      ),
    );
  }

  async takeSeat(seat, name) {
    try {
      const taken = await api("POST", `/api/rooms/${this.id}/seats/${seat}`, { name });
      keepToken(this.id, taken.seat, taken.token);
      if (this.sockets.watch) {
        const watching = this.sockets.watch;
        delete this.sockets.watch;
        watching.close();
      }
      this.connectAll();
    } catch (error) {
      toast(error.message);
    }
  }

  async addBot(seat, level) {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/seats/${seat}/bot`, { level });
      this.render();
    } catch (error) {
      toast(error.message);
    }
  }

  async start() {
    const token = tokens(this.id)[this.held()[0]];
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/start`, { token });
    } catch (error) {
      toast(error.message);
    }
  }

  close() {
    this.closed = true;
    for (const socket of Object.values(this.sockets)) socket.close();
  }
}

function statusLine(view, context) {
  if (view.outcome) return t("over");
  if (context.seat === null) return t("spectator");
  const waiting = view.awaited ?? view.actors;
  if (waiting.includes(context.seat)) return t("yourTurn");
  return t("turnOf", { name: context.names[view.turn] ?? "" });
}

// ---------------------------------------------------------------- the replay of a finished game

class ReplayPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.step = 0;
    this.steps = 0;
    this.keys = (event) => {
      if (event.key === "ArrowRight") this.go(this.step + 1);
      if (event.key === "ArrowLeft") this.go(this.step - 1);
    };
  }

  async open() {
    this.room = await findRoom(this.main, this.id);
    if (!this.room) return;
    document.addEventListener("keydown", this.keys);
    await this.go(0);
  }

  async go(step) {
    if (step < 0 || (this.steps && step > this.steps)) return;
    let shown;
    try {
      shown = await api("GET", `/api/rooms/${this.id}/replay/${step}`);
    } catch (error) {
      toast(error.message);
      return;
    }
    this.step = shown.step;
    this.steps = shown.steps;
    const names = this.room.seats.map((s) => s.name);
    const context = { seat: null, names, held: [], t, h, send: () => {}, record: `/api/rooms/${this.id}/record`, toast };
    const board = RENDERERS[this.room.game].render(shown.view, context);
    const who = shown.seat === null ? "" : `${names[shown.seat]}: `;
    const what = shown.events.map((e) => e.kind).join(", ");
    const slider = h("input", {
      type: "range", min: 0, max: this.steps, value: this.step, "aria-label": t("replay"),
      onchange: (event) => this.go(Number(event.target.value)),
    });
    this.main.replaceChildren(
      h(
        "section",
        { class: "replay", "data-step": this.step },
        h(
          "div",
          { class: "controls" },
          h("button", { onclick: () => this.go(0), "aria-label": "⏮" }, "⏮"),
          h("button", { class: "back", onclick: () => this.go(this.step - 1) }, `◀ ${t("back")}`),
          h("b", {}, `${this.step} / ${this.steps}`),
          h("button", { class: "next", onclick: () => this.go(this.step + 1) }, `${t("next")} ▶`),
          h("button", { onclick: () => this.go(this.steps), "aria-label": "⏭" }, "⏭"),
          slider,
        ),
        h("p", { class: "muted" }, who + what),
        board,
      ),
    );
  }

  close() {
    document.removeEventListener("keydown", this.keys);
  }
}

// ---------------------------------------------------------------- routing

let page = null;

function route() {
  const main = document.getElementById("main");
  if (page) page.close();
  page = null;
  const replay = location.pathname.match(/^\/r\/([\w-]+)\/replay$/);
  const match = location.pathname.match(/^\/r\/([\w-]+)$/);
  if (replay) {
    page = new ReplayPage(main, replay[1]);
    page.open();
  } else if (match) {
    page = new RoomPage(main, match[1]);
    page.open();
  } else {
    lobby(main).catch((error) => toast(error.message));
  }
}

function start() {
  const select = document.getElementById("lang");
  select.value = language();
  setLanguage(language());
  select.addEventListener("change", () => {
    setLanguage(select.value);
    if (page) {
      page.languageChanged?.();
      page.render();
    }
    else route();
  });
  window.addEventListener("popstate", route);
  route();
}

start();
