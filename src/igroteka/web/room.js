// A room's page: the seats before the start, then the table, over a websocket per seat held
// (or one to watch). It decides nothing: it shows the views the server sends and sends the
// player's actions.

import { actionId, api, h, redraw, toast } from "./dom.js";
import { RENDERERS } from "./games.js";
import { gathering } from "./gathering.js";
import { guideButton, hasGuide } from "./guide.js";
import { language, t } from "./i18n.js";
import { forgetToken, tokens } from "./keep.js";
import { BannerBox, LogPanel, Moments, seatName } from "./narration.js";
import { patiently, waitsForDictionary } from "./reach.js";
import { chosenSeed, seating } from "./seats.js";


// The room, or null (and a message on the page) when there is no such room. While the server
// starts or cannot be reached, or prepares the dictionary of the room's words, the page says
// so and tries again by itself (reach.js).
export async function findRoom(main, id, closed = () => false) {
  try {
    return await patiently(() => api("GET", `/api/rooms/${id}`), main, closed, waitsForDictionary);
  } catch (error) {
    if (closed()) return null;
    main.replaceChildren(h("p", { class: "panel" }, error.status === 404 ? t("notFound") : error.message));
    return null;
  }
}

/**
 * A class whose prototype holds `methods`: the room's page takes those of seats.js and
 * gathering.js this way, typed.
 * @template T
 * @param {T} methods
 * @returns {new () => T}
 */
function withMethods(methods) {
  const Base = class {};
  Object.assign(Base.prototype, methods);
  return /** @type {any} */ (Base);
}

/** The refusals of a socket that wait for something the server is doing: tried again. */
const WAITS = new Set(["preparing", "no-dictionary", "starting", "moved"]);

export class RoomPage extends withMethods({ ...seating, ...gathering }) {
  /** @param {HTMLElement} main @param {string} id */
  constructor(main, id) {
    super();
    this.main = main;
    this.id = id;
    this.room = null;
    this.views = {}; // by seat held (or "watch"): the latest view
    this.contexts = {}; // by seat held (or "watch"): the kernel's context beside that view
    this.seqs = {};
    this.sockets = {};
    this.refusals = {}; // by seat held: the latest refusal, counted, for a game to show
    this.checks = new Map(); // by id: what to do with the answer to a check (see check())
    this.banners = {}; // by seat held (or "watch"): the banner the server narrates for it
    this.logs = {}; // by seat held (or "watch"): the move log it may read
    this.bannerBox = new BannerBox();
    this.moments = null; // the rules met for the first time, once the game is known
    this.closed = false;
    /** @type {string | null} why the table cannot open yet, as the server said it */
    this.waiting = null;
    /** @type {(() => void) | undefined} the listener of a gesture, while listen() holds (gathering.js) */
    this.gestured = undefined;
  }

  async open() {
    await this.claimMoved(); // a seat moved here from another device (gathering.js)
    this.room = await findRoom(this.main, this.id, () => this.closed);
    if (!this.room || this.closed) return;
    this.listen(); // a gesture allows the turn's sound; the tab's title (gathering.js)
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
      if (event.code === 4008) {
        setTimeout(() => this.connect(key), 100);
        return;
      }
      document.body.classList.add("offline");
      // 4429: a limit was met, and the refusal before the close said which: leave it shown;
      // a table that waits (its dictionary prepared) says so on the page, not in a toast
      const limited = event.code === 4429;
      if (!limited && !this.waiting) toast(t("reconnecting"));
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
    this.markTurn(); // the tab's title in the new language
  }

  receive(key, message) {
    if (message.type === "ack" || message.type === "pong") return; // the update says the rest
    if (message.type === "checked") {
      const answered = this.checks.get(message.id);
      this.checks.delete(message.id);
      answered?.(message);
      return this.render();
    }
    if (message.type === "reaction") return this.reacted(message);
    if (message.type === "welcome" || message.type === "room") this.room = message.room;
    this.narrated(key, message);
    if (message.type === "error" && WAITS.has(message.error) && !this.views[key]) {
      // the table cannot open yet (its dictionary is prepared, the server starts): said on
      // the page until it opens, the socket trying again meanwhile
      this.waiting = message.reason;
      return this.render();
    }
    if (message.view !== undefined && message.type !== "error") {
      this.waiting = null;
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

  // what the server narrates beside a view: the banner, the log's lines, the rules met
  narrated(key, message) {
    if (message.banner !== undefined) this.banners[key] = message.banner;
    const log = (this.logs[key] ??= new LogPanel());
    if (message.type === "welcome") log.add(message.log, true);
    else if (message.history) log.add(message.history, true); // said again in a new language
    else if (message.log) log.add(message.log);
    if (message.moments?.length && this.room) {
      this.moments ??= new Moments(this.room.game);
      this.moments.add(message.moments);
    }
  }

  send(seat, action) {
    const key = String(seat);
    const socket = this.sockets[key];
    if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("reconnecting"));
    socket.send(JSON.stringify({ type: "action", action, seq: this.seqs[key], id: actionId() }));
  }

  // Ask the server whether an action would be accepted now (nothing changes): `answered` gets
  // {ok, reason, detail} (a chain being built, link by link: docs/protocol.md, "check").
  check(seat, action, id, answered) {
    const socket = this.sockets[String(seat)];
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (this.checks.size > 32) this.checks.clear(); // answers that never came (a refusal said why)
    this.checks.set(id, answered);
    socket.send(JSON.stringify({ type: "check", action, id }));
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
    if (this.handedTo !== seat) this.handTo(seat);
    const renderer = RENDERERS[room.game];
    const names = room.seats.map((s) => (s.present ? seatName(s) : `${seatName(s)} 💤`));
    this.moments ??= new Moments(room.game);
    const context = {
      seat,
      names,
      held: this.held(),
      t,
      h,
      send: (action) => this.send(seat, action),
      check: (action, id, answered) => this.check(seat, action, id, answered),
      redraw: () => this.render(),
      record: `/api/rooms/${this.id}/record`,
      toast,
      refusal: this.refusals[key] ?? null, // what the server last refused this seat, and why
      notes: this.moments.element, // a renderer may place the rules met beside its table
      log: (this.logs[key] ??= new LogPanel()).element, // and the last moves, where a player looks
      rematch: () => this.rematchButtons(), // the results' "play again" and "new game"
    };
    const body = renderer.render(view, context);
    // the rules met go above the table unless the renderer placed them beside it
    const notesAbove = body.contains(this.moments.element) ? null : this.moments.element;
    // a renderer of before the narrators may still say whose turn it is in its own words
    const status = renderer.status ? h("p", { class: "status" }, renderer.status(view, context)) : null;
    const banner = this.banners[key];
    const fallback = banner ? null : h("p", { class: "status" }, statusLine(view, known, context));
    const log = this.logs[key];
    const outcome = known.outcome;
    this.turnStarts(seat !== null && !outcome && known.awaited.includes(seat));
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
      hasGuide(room.game) ? guideButton(room.game, "?", { class: "guide-open guide-help", "aria-label": t("howToPlay") }) : null,
      chosenSeed(room),
      this.bannerBox.element,
      fallback,
      status,
      notesAbove,
      outcome?.reason ? h("p", { class: "outcome-reason" }, outcome.reason) : null,
      body,
      // every game's results end with "play again" and "new game" (table.js draws them itself)
      outcome && !body.querySelector?.(".after-game") ? this.rematchButtons() : null,
      // the last moves just under the table, unless the renderer placed them beside it
      body.contains(log.element) ? null : log.element,
      this.peopleBar(),
    );
    redraw(this.main, section);
    // changed in place once on the page, so that a screen reader reads what is new
    const holder = this.held().length > 1 && seat !== null ? seatName(room.seats[seat]) : null;
    this.bannerBox.show(banner ?? null, room.seats, holder);
    log.draw();
  }

  // a game stopped (by an update) before its first state: there is no table, only the reason
  renderStopped(known) {
    if (!known?.outcome) {
      // no view yet: the table is joined (a moment), or waits for what the server said
      const said = this.waiting ? `${this.waiting.charAt(0).toUpperCase()}${this.waiting.slice(1)}` : t("tableConnecting");
      redraw(
        this.main,
        h(
          "section",
          { class: "panel server-waiting table-waiting" },
          h("p", { class: "server-waiting-head" }, h("b", { role: "status", "aria-live": "polite", "data-key": "table-waiting" }, said)),
          h("p", { class: "muted server-help" }, t("tableOpensItself")),
        ),
      );
      return;
    }
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
    const done = this.doneSince(seat);
    this.main.replaceChildren(
      h(
        "section",
        { class: "panel pass-device" },
        h("h2", {}, t("passDevice", { name })),
        done.length
          ? h("div", { class: "pass-done" }, h("p", { class: "muted" }, t("passDone")), h("ul", {}, done.map((line) => h("li", {}, line))))
          : null,
        h("button", { class: "primary", onclick: () => { this.handTo(seat); this.render(); } }, t("ready", { name })),
      ),
    );
  }

  // the device is in the hands of `seat` from now (its hand-over screen tells what was done since)
  handTo(seat) {
    this.handedTo = seat;
    this.handedAt = this.seqs[String(seat)] ?? 0;
  }

  // What was done since the device was last handed over, as the move log of the seat taking it
  // narrates it: the lines another seat held here was told as well (what the seat taking it
  // alone may know is not said in front of the one handing it over), the last three.
  doneSince(seat) {
    const lines = (key) => (this.logs[key]?.lines ?? []).filter((line) => line.seq > (this.handedAt ?? 0));
    const others = new Set(
      this.held().filter((other) => other !== seat).flatMap((other) => lines(String(other)).map((line) => `${line.seq} ${line.text}`)),
    );
    return lines(String(seat)).filter((line) => others.has(`${line.seq} ${line.text}`)).map((line) => line.text).slice(-3);
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

  close() {
    this.closed = true;
    this.bannerBox.close();
    if (this.gestured) this.unlisten();
    for (const socket of Object.values(this.sockets)) socket.close();
  }
}

function statusLine(view, known, context) {
  if (known.outcome) return t("over");
  if (context.seat === null) return t("spectator");
  if (known.awaited.includes(context.seat)) return t("yourTurn");
  return t("turnOf", { name: context.names[view.turn] ?? "" });
}
