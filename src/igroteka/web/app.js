// The Igroteka client: a lobby to create rooms, and a room page that plays over a websocket.
// It decides nothing: it shows the views the server sends and sends the player's actions.

import { language, setLanguage, t } from "./i18n.js";

// ---------------------------------------------------------------- helpers

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "class") element.className = value;
    // a style set through CSSOM, never as an attribute: the page's CSP allows no inline style
    else if (key === "style") element.style.cssText = value;
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

function forgetToken(room, seat) {
  const held = tokens(room);
  delete held[seat];
  localStorage.setItem(`igroteka.room.${room}`, JSON.stringify(held));
}

// The room's creator token (answered once, when the room is made): it alone seats bots, changes
// the options and starts the game. Kept by room, beside the seat tokens.
function creatorToken(room) {
  return localStorage.getItem(`igroteka.creator.${room}`) || "";
}

// The token this page acts as the room's creator with, or "": the creator's; in a room made
// before creator tokens (`seated_creators`), any seat's it holds.
function actingCreator(room) {
  const held = Object.values(tokens(room.id));
  return creatorToken(room.id) || (room.seated_creators && held.length ? held[0] : "");
}

function keepCreator(room, token) {
  if (token) localStorage.setItem(`igroteka.creator.${room}`, token);
}

// The options as the creator's form last sent them (the room keeps them as the game read them: a
// deck typed in is a deck by then), so that a change of them starts from what was chosen.
function sentOptions(room) {
  return JSON.parse(localStorage.getItem(`igroteka.options.${room}`) || "{}");
}

function keepOptions(room, options) {
  localStorage.setItem(`igroteka.options.${room}`, JSON.stringify(options));
}

// ---------------------------------------------------------------- the lobby

// Everything the lobby knows of a game comes from its declaration (GET /api/games): titles,
// summary, seats and the schema of its options. Nothing here names a game.

let GAMES = null;

async function games() {
  if (!GAMES) GAMES = await api("GET", "/api/games");
  return GAMES;
}

/** A declared text ({en, uk, ru}) in the page's language. */
function said(labels) {
  return labels?.[language()] ?? labels?.en ?? "";
}

// Renderers are web/games/<name>.js, loaded for every declared game; a game without one
// (a test's own) is still listed and played, its board left plain.
const RENDERERS = {};

async function loadRenderers() {
  await Promise.all(
    (await games()).map(async (game) => {
      try {
        RENDERERS[game.name] = await import(`./games/${game.name}.js`);
      } catch {
        RENDERERS[game.name] = { render: () => h("p", { class: "muted" }, said(game.title)) };
      }
    }),
  );
}

/** A game's title in the page's language, from its declaration. */
function gameTitle(name) {
  return said(GAMES?.find((game) => game.name === name)?.title) || name;
}

function optionInput(option, id) {
  if (option.kind === "flag") return h("input", { type: "checkbox", id, name: option.key, checked: option.default === true });
  if (option.kind === "choice") {
    const input = h(
      "select",
      { id, name: option.key },
      option.choices.map((c) => h("option", { value: c.value }, said(c.label))),
    );
    input.value = option.default;
    return input;
  }
  if (option.kind === "text") return h("textarea", { id, name: option.key, rows: 8, placeholder: said(option.hint) });
  return h("input", { type: "number", id, name: option.key, min: option.low, max: option.high, value: option.default });
}

// Pictures for a deck that may name them (a text option declared with `pictures`): each file
// chosen is uploaded (POST /api/images: the server checks it, draws it again and keeps it),
// and a line `picture <id> : ` is added to the text, for the person to write its words after.
const UPLOAD_BYTES = 2_000_000; // the server's limit: a larger photo is scaled down here first
const UPLOAD_SIDE = 1024;

async function smaller(file) {
  if (file.size <= UPLOAD_BYTES || !file.type.startsWith("image/") || file.type.includes("svg")) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = h("canvas", { width: Math.round(bitmap.width * scale), height: Math.round(bitmap.height * scale) });
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise((done) => canvas.toBlob((blob) => done(blob ?? file), "image/webp", 0.9));
  } catch {
    return file; // not a picture the browser reads: the server says why
  }
}

async function uploadPicture(file) {
  const body = await smaller(file);
  const response = await fetch("/api/images", {
    method: "POST",
    headers: { "Accept-Language": language(), "Content-Type": body.type || "application/octet-stream" },
    body,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.reason || response.statusText);
  return data.id;
}

function picturePicker(textarea) {
  const status = h("p", { class: "muted picture-status", role: "status", "aria-live": "polite" });
  const input = h("input", { type: "file", accept: "image/png,image/jpeg,image/webp", multiple: true, class: "picture-files" });
  input.addEventListener("change", async () => {
    const problems = [];
    let added = 0;
    for (const file of input.files) {
      status.textContent = t("uploading", { name: file.name });
      try {
        const id = await uploadPicture(file);
        const before = textarea.value && !textarea.value.endsWith("\n") ? "\n" : "";
        textarea.value += `${before}picture ${id} : \n`;
        added += 1;
      } catch (error) {
        problems.push(`${file.name}: ${error.message}`);
      }
    }
    input.value = "";
    const lines = [added ? t("picturesAdded", { n: added }) : "", ...problems].filter(Boolean);
    status.replaceChildren(...lines.map((line) => h("span", { class: "picture-line" }, line, h("br"))));
    textarea.focus();
  });
  return h("div", { class: "pictures" }, h("label", {}, t("addPictures"), input), status);
}

/** The form's fields of a game's options; a field shown only while another has a value. Their ids
 * start with ``prefix`` (a second form on the page, the room's, has its own). */
function optionFields(game, fields, prefix = "option") {
  const labelled = game.options.map((option) => {
    const id = `${prefix}-${option.key}`;
    const input = optionInput(option, id);
    const label = h("label", { for: id, class: option.kind === "text" ? "own-deck" : null }, said(option.label), input);
    // a deck that may name pictures: the picker goes under its field (a label holds no label)
    const element = option.kind === "text" && option.pictures ? h("div", { class: "own-deck" }, label, picturePicker(input)) : label;
    return { option, input, element };
  });
  for (const { option, element } of labelled) {
    if (!option.shown_when) continue;
    const other = labelled.find((l) => l.option.key === option.shown_when.key);
    const toggle = () => { element.hidden = other.input.value !== option.shown_when.value; };
    other.input.addEventListener("change", toggle);
    toggle();
  }
  const house = labelled.filter((l) => l.option.house).map((l) => l.element);
  fields.replaceChildren(
    ...labelled.filter((l) => !l.option.house).map((l) => l.element),
    ...(house.length ? [h("details", { class: "house-rules" }, h("summary", {}, t("houseRules")), ...house)] : []),
  );
}

/** The options a form asks for: a number left at its default is not sent (the game fits it). */
function chosenOptions(game, form) {
  const options = {};
  for (const option of game.options) {
    const input = form.elements[option.key];
    const shown = !option.shown_when || form.elements[option.shown_when.key].value === option.shown_when.value;
    if (!shown) continue;
    if (option.kind === "flag") options[option.key] = input.checked;
    else if (option.kind === "choice" || option.kind === "text") options[option.key] = input.value;
    else if (input.value !== "" && input.value !== String(option.default)) options[option.key] = Number(input.value);
  }
  return options;
}

async function lobby(main) {
  const declared = await games();
  const form = h("form", { class: "panel", id: "new-game" });
  const gameSelect = h(
    "select",
    { name: "game", id: "game" },
    declared.map((g) => h("option", { value: g.name }, said(g.title))),
  );
  const summary = h("p", { class: "muted", id: "game-summary" });
  const players = h("input", { type: "number", name: "players", id: "players", value: 2, min: 1, max: 6 });
  const fields = h("div", { class: "fields" });
  const problem = h("p", { class: "form-error", role: "alert" });
  const chosen = () => declared.find((g) => g.name === gameSelect.value);
  const showFields = () => {
    const game = chosen();
    summary.textContent = said(game.summary);
    players.min = game.min_players;
    players.max = game.max_players;
    players.value = Math.min(Math.max(Number(players.value), game.min_players), game.max_players);
    optionFields(game, fields);
  };
  gameSelect.addEventListener("change", showFields);
  showFields();
  form.append(
    h("h1", {}, t("newGame")),
    h("label", { for: "game" }, t("game"), gameSelect),
    summary,
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
    const game = chosen();
    problem.textContent = "";
    try {
      const timer = form.elements.turn_timer.value;
      const options = chosenOptions(game, form);
      const room = await api("POST", "/api/rooms", {
        game: game.name,
        players: Number(players.value),
        options,
        turn_timer: timer ? Number(timer) : null,
      });
      keepCreator(room.id, room.creator);
      keepOptions(room.id, options);
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

// What a person is typing in the inputs of a part of the page: value, selection and focus by
// the input's key (its id, else its name, class or label, and its place among inputs so named).
function typed(root) {
  const kept = new Map();
  const counts = {};
  for (const input of root.querySelectorAll("input, textarea")) {
    if (["button", "submit", "checkbox", "radio", "range", "hidden"].includes(input.type)) continue;
    const name = input.id ? `#${input.id}` : input.name || input.className || input.getAttribute("aria-label") || "";
    counts[name] = (counts[name] ?? -1) + 1;
    kept.set(`${name}/${counts[name]}`, input);
  }
  return kept;
}

// Draw `node` in place of what `main` shows, keeping what the person has typed (and where the
// caret is) in each input that is drawn again: an update from another seat wipes nothing.
function redraw(main, node) {
  const before = typed(main);
  const focused = document.activeElement;
  main.replaceChildren(node);
  for (const [key, input] of typed(main)) {
    const old = before.get(key);
    if (!old || old.value === old.defaultValue) continue; // untouched: the new default stands
    input.value = old.value;
    if (old === focused) {
      input.focus();
      try {
        input.setSelectionRange(old.selectionStart, old.selectionEnd, old.selectionDirection);
      } catch {
        // an input of a kind without a text selection (a number)
      }
    }
  }
}

let actionCount = 0;

// An id for an action: a doubled message is applied once (the server acks it again).
function actionId() {
  actionCount += 1;
  return `${Date.now().toString(36)}-${actionCount}-${Math.random().toString(36).slice(2, 8)}`;
}

class RoomPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.room = null;
    this.views = {}; // by seat held (or "watch"): the latest view
    this.contexts = {}; // by seat held (or "watch"): the kernel's context beside that view
    this.seqs = {};
    this.sockets = {};
    this.refusals = {}; // by seat held: the latest refusal, counted, for a game to show
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

  // A socket per seat held (or one to watch); it says who it is in its first message, never in
  // the address (an address is written in logs), and again on every socket it reconnects with.
  connect(key, delay = 250) {
    const token = key === "watch" ? null : tokens(this.id)[key] ?? null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.id}`);
    this.sockets[key] = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: "join", token, lang: language() }));
      document.body.classList.remove("offline");
    };
    socket.onmessage = (event) => this.receive(key, JSON.parse(event.data));
    socket.onclose = (event) => {
      if (this.closed || this.sockets[key] !== socket) return;
      // 4008: this tab fell too far behind the game; its welcome brings the view of now
      if (event.code === 4008) return setTimeout(() => this.connect(key), 100);
      document.body.classList.add("offline");
      // 4429: a limit was met, and the refusal before the close said which: leave it shown
      const limited = event.code === 4429;
      if (!limited) toast(t("reconnecting"));
      setTimeout(() => this.connect(key, Math.min(delay * 2, 5000)), limited ? 5000 : delay);
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
    if (message.type === "ack" || message.type === "pong") return; // the update says the rest
    if (message.type === "welcome" || message.type === "room") this.room = message.room;
    if (message.view !== undefined && message.type !== "error") {
      this.views[key] = message.view;
      this.contexts[key] = message.context ?? null;
      this.seqs[key] = message.seq;
    }
    if (message.type === "error" && message.error === "bad-token" && key !== "watch") {
      toast(message.reason); // the seat was freed: this page holds it no longer
      this.dropSeat(key);
      return this.render();
    }
    if (message.type === "error") {
      // every refusal is said, a stale one too ("the table changed: look again"); the page is
      // drawn again from the latest view, so that the person can choose again
      toast(message.reason);
      this.refusals[key] = { reason: message.reason, count: (this.refusals[key]?.count ?? 0) + 1 };
    }
    this.render();
  }

  send(seat, action) {
    const key = String(seat);
    const socket = this.sockets[key];
    if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("reconnecting"));
    socket.send(JSON.stringify({ type: "action", action, seq: this.seqs[key], id: actionId() }));
  }

  // the seat whose view is shown: the held seat the game waits for, else the one the device was
  // last handed to (no hand-over while only others are choosing), else the first held
  shownSeat() {
    const held = this.held();
    if (!held.length) return null;
    const known = this.contexts[String(held[0])];
    const waiting = known ? known.awaited : [];
    return held.find((seat) => waiting.includes(seat)) ?? (held.includes(this.handedTo) ? this.handedTo : held[0]);
  }

  render() {
    const room = this.room;
    if (!room) return;
    if (!room.started) return this.renderSeats();
    const seat = this.shownSeat();
    const key = seat === null ? "watch" : String(seat);
    const view = this.views[key];
    if (!view) return this.renderStopped(this.contexts[key]);
    const known = this.contexts[key]; // sent beside every view
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
      refusal: this.refusals[key] ?? null, // what the server last refused this seat, and why
    };
    const body = renderer.render(view, context);
    // a renderer may say whose turn it is in its own words (several may act at once)
    const status = h("p", { class: "status" }, renderer.status?.(view, context) ?? statusLine(view, known, context));
    const outcome = known.outcome;
    const section = h(
      "section",
      {
        class: `game game-${room.game}`,
        "data-phase": view.phase,
        "data-seq": this.seqs[key],
        "data-my-turn": seat !== null && !outcome && known.awaited.includes(seat) ? "yes" : "no",
        "data-over": outcome ? "yes" : "no",
        "data-stopped": outcome?.stopped ? "yes" : "no",
      },
      chosenSeed(room),
      status,
      outcome?.reason ? h("p", { class: "outcome-reason" }, outcome.reason) : null,
      body,
    );
    redraw(this.main, section);
  }

  // a game stopped (by an update) before its first state: there is no table, only the reason
  renderStopped(known) {
    if (!known?.outcome) return;
    redraw(
      this.main,
      h(
        "section",
        { class: "game panel", "data-over": "yes", "data-stopped": "yes" },
        chosenSeed(this.room),
        h("p", { class: "status" }, t("over")),
        h("p", { class: "outcome-reason" }, known.outcome.reason),
      ),
    );
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
    const creator = Boolean(actingCreator(room));
    const invite = `${location.origin}/r/${room.id}`;
    const rows = room.seats.map((seat) => this.seatRow(seat, held.includes(seat.seat), creator));
    const ready = room.seats.every((s) => s.kind !== "open");
    redraw(
      this.main,
      h(
        "section",
        { class: "panel" },
        h("h1", {}, gameTitle(room.game)),
        chosenSeed(room),
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
        creator ? this.optionsPanel() : null,
        creator
          ? h("button", { class: "primary start", disabled: !ready, onclick: () => this.start() }, t("start"))
          : h("p", { class: "muted creator-starts" }, ready ? t("creatorStarts") : t("waiting")),
      ),
    );
  }

  // one seat of the lobby: who holds it, and what this page may do with it (take it; the
  // creator: seat a bot, change its level, free it; the seat's own person: leave it)
  seatRow(seat, mine, creator) {
    const levels = (chosen) => {
      const select = h("select", { "aria-label": t("level") }, this.room.bot_levels.map((l) => h("option", { value: l }, l)));
      if (chosen) select.value = chosen;
      return select;
    };
    let cell;
    if (seat.kind === "open") {
      const name = h("input", { id: `seat-name-${seat.seat}`, placeholder: t("yourName"), "aria-label": t("yourName"), maxlength: 32 });
      const level = levels();
      cell = h(
        "div",
        { class: "seat-actions" },
        name,
        h("button", { onclick: () => this.takeSeat(seat.seat, name.value) }, t("takeSeat")),
        creator ? [level, h("button", { class: "add-bot", onclick: () => this.addBot(seat.seat, level.value) }, t("addBot"))] : null,
      );
    } else if (seat.kind === "bot" && creator) {
      const level = levels(seat.level);
      level.addEventListener("change", () => this.addBot(seat.seat, level.value));
      cell = h(
        "div",
        { class: "seat-actions" },
        h("span", {}, seat.name),
        level,
        h("button", { class: "free-seat", onclick: () => this.freeSeat(seat.seat) }, t("freeSeat")),
      );
    } else {
      const away = seat.kind === "person" && !seat.present && !mine;
      cell = h(
        "div",
        { class: "seat-actions" },
        h("span", {}, seat.name, mine ? ` (${t("you")})` : "", away ? " 💤" : ""),
        mine ? h("button", { class: "leave-seat", onclick: () => this.leaveSeat(seat.seat) }, t("leaveSeat")) : null,
        away && creator ? h("button", { class: "free-seat", onclick: () => this.freeSeat(seat.seat) }, t("freeSeat")) : null,
      );
    }
    return h("li", { class: `seat seat-${seat.kind}` }, h("b", {}, `${t("seat")} ${seat.seat + 1}`), cell);
  }

  // the creator's way to change the options before the start: the lobby's form, filled with the
  // room's options; kept as one element while it is open, so that a redraw keeps what is chosen
  optionsPanel() {
    if (!this.optionsForm) {
      return h("button", { class: "change-options", onclick: () => { this.optionsForm = this.optionsEditor(); this.render(); } }, t("changeOptions"));
    }
    return this.optionsForm;
  }

  optionsEditor() {
    const room = this.room;
    const declared = GAMES.find((g) => g.name === room.game);
    const sent = sentOptions(this.id);
    const plain = (value) => ["string", "number", "boolean"].includes(typeof value);
    const kept = (option) => {
      if (option.key in sent) return sent[option.key];
      const value = room.options[option.key];
      if (option.kind === "text") return typeof value === "string" ? value : "";
      return plain(value) ? value : option.default;
    };
    const game = { ...declared, options: declared.options.map((o) => ({ ...o, default: kept(o) })) };
    const fields = h("div", { class: "fields" });
    optionFields(game, fields, "room-option");
    for (const option of game.options) {
      if (option.kind === "text") fields.querySelector(`#room-option-${option.key}`).value = option.default;
    }
    const problem = h("p", { class: "form-error", role: "alert" });
    const form = h(
      "form",
      { class: "room-options" },
      h("h2", {}, t("changeOptions")),
      fields,
      problem,
      h("button", { type: "submit", class: "save-options" }, t("saveOptions")),
      h("button", { type: "button", onclick: () => { this.optionsForm = null; this.render(); } }, t("cancel")),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      problem.textContent = "";
      const options = chosenOptions(declared, form); // a number at the game's default: fitted
      try {
        this.room = await api("POST", `/api/rooms/${this.id}/options`, { token: actingCreator(this.room), options });
        keepOptions(this.id, options);
        this.optionsForm = null;
        this.render();
      } catch (error) {
        problem.textContent = error.message;
      }
    });
    return form;
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
      this.room = await api("POST", `/api/rooms/${this.id}/seats/${seat}/bot`, { level, token: actingCreator(this.room) });
      this.render();
    } catch (error) {
      toast(error.message);
    }
  }

  // this page's person leaves a seat it holds: its token is forgotten, and once it holds no seat
  // the page watches
  async leaveSeat(seat) {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/seats/${seat}/leave`, { token: tokens(this.id)[seat] });
      this.dropSeat(seat);
      this.render();
    } catch (error) {
      toast(error.message);
    }
  }

  // the creator frees a bot's seat, or the seat of a person who has gone
  async freeSeat(seat) {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/seats/${seat}/leave`, { token: actingCreator(this.room) });
      this.render();
    } catch (error) {
      toast(error.message);
    }
  }

  // a seat this page held holds nothing any more (left, or freed by the creator)
  dropSeat(seat) {
    const key = String(seat);
    forgetToken(this.id, key);
    const socket = this.sockets[key];
    delete this.sockets[key];
    delete this.views[key];
    delete this.contexts[key];
    socket?.close();
    this.connectAll();
  }

  async start() {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/start`, { token: actingCreator(this.room) });
    } catch (error) {
      toast(error.message);
    }
  }

  close() {
    this.closed = true;
    for (const socket of Object.values(this.sockets)) socket.close();
  }
}

// the line every page of a room made with a chosen seed shows: its layout may be known
function chosenSeed(room) {
  return room?.chosen_seed ? h("p", { class: "chosen-seed", role: "note" }, t("chosenSeed")) : null;
}

function statusLine(view, known, context) {
  if (known.outcome) return t("over");
  if (context.seat === null) return t("spectator");
  if (known.awaited.includes(context.seat)) return t("yourTurn");
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

async function start() {
  await loadRenderers().catch((error) => toast(error.message));
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
