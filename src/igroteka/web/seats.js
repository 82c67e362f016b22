// The room before its start: the invite (its link on an address others can open, its QR code,
// a warning when only this computer can open it), the seats (take one, leave it; the creator
// seats bots, frees seats, changes the options and starts, or reads why it cannot yet).
// Methods of the room's page (room.js).

import { api, h, redraw, toast } from "./dom.js";
import { GAMES, gameTitle, said } from "./games.js";
import { botName, languageName, levelName, t } from "./i18n.js";
import { actingCreator, keepName, keepOptions, keepToken, sentOptions, tokens } from "./keep.js";
import { chosenOptions, optionFields } from "./options.js";
import { avatarPicker, chosenAvatar, nameChip, reactionOf } from "./people.js";

export const seating = {

  renderSeats() {
    const room = this.room;
    const held = this.held();
    const creator = Boolean(actingCreator(room));
    const rows = room.seats.map((seat) => this.seatRow(seat, held.includes(seat.seat), creator));
    const open = room.seats.filter((s) => s.kind === "open").length;
    const ready = open === 0;
    // a Start that cannot be pressed says why, on the page (not in a tooltip)
    const why = ready ? null : held.length ? t("startOpenSeats", { n: open }) : t("startTakeSeat", { n: open });
    redraw(
      this.main,
      h(
        "section",
        { class: "panel" },
        h("h1", {}, gameTitle(room.game)),
        chosenSeed(room),
        this.inviteBox(),
        room.seats.some((s) => s.kind === "open") ? avatarPicker(h, room.avatars, t("avatar")) : null,
        h("ol", { class: "seats" }, rows),
        roomSettings(room),
        creator ? this.optionsPanel() : null,
        creator
          ? [
            h("button", { class: "primary start", disabled: !ready, "aria-describedby": why ? "start-reason" : null, onclick: () => this.start() }, t("start")),
            why ? h("p", { class: "start-reason", id: "start-reason" }, why) : null,
          ]
          : h("p", { class: "muted creator-starts" }, ready ? t("creatorStarts") : t("waiting")),
        this.peopleBar(),
      ),
    );
  },

  // The invite: the link the server makes (on its public address, else on one others on the
  // network can open: GET /api/rooms/{id}/invite), its QR code to scan from a phone, and a
  // warning when only this computer can open it. The page's own address until the answer.
  inviteBox() {
    if (this.invite === undefined) {
      this.invite = null;
      this.askInvite();
    }
    const answer = this.invite;
    const link = answer?.link ?? `${location.origin}/r/${this.room.id}`;
    return h(
      "div",
      { class: "invite-box" },
      h(
        "div",
        { class: "invite-text" },
        h(
          "p",
          { class: "invite" },
          t("invite"),
          ": ",
          h("a", { href: link, class: "invite-link" }, link),
          " ",
          h("button", {
            type: "button",
            class: "copy-invite",
            onclick: () => navigator.clipboard?.writeText(link).then(() => toast(t("copied"))),
          }, t("copy")),
        ),
        answer?.here_only ? h("p", { class: "invite-warning", role: "note" }, t("inviteHereOnly")) : null,
      ),
      answer?.qr && !answer.here_only
        ? h(
          "figure",
          { class: "invite-qr" },
          h("img", { src: answer.qr, alt: t("inviteQr"), width: 176, height: 176 }),
          h("figcaption", { class: "muted" }, t("inviteScan")),
        )
        : null,
    );
  },

  async askInvite() {
    try {
      const answer = await api("GET", `/api/rooms/${this.id}/invite?origin=${encodeURIComponent(location.origin)}`);
      this.invite = { ...answer, qr: `data:image/svg+xml,${encodeURIComponent(answer.qr)}` };
    } catch {
      return; // the page's own address stays shown
    }
    if (!this.closed && this.room && !this.room.started) this.render();
  },

  // one seat of the lobby: who holds it, and what this page may do with it (take it; the
  // creator: seat a bot, change its level, free it; the seat's own person: leave it)
  seatRow(seat, mine, creator) {
    const levels = (chosen) => {
      const select = h("select", { "aria-label": t("level") }, this.room.bot_levels.map((l) => h("option", { value: l }, levelName(l))));
      if (chosen) select.value = chosen;
      return select;
    };
    let cell;
    if (seat.kind === "open") {
      const name = h("input", { id: `seat-name-${seat.seat}`, placeholder: t("yourName"), "aria-label": t("yourName"), maxlength: 32 });
      // the level chosen for this seat's bot stays chosen when the page is drawn again (another
      // person arriving redraws the lobby between choosing a level and pressing Add bot)
      this.botLevels ??= {};
      const level = levels(this.botLevels[seat.seat]);
      level.addEventListener("change", () => { this.botLevels[seat.seat] = level.value; });
      // a form: Enter in the name takes the seat
      cell = h(
        "form",
        { class: "seat-actions", onsubmit: (event) => { event.preventDefault(); this.takeSeat(seat.seat, name.value); } },
        name,
        h("button", { type: "submit" }, t("takeSeat")),
        creator ? [level, h("button", { type: "button", class: "add-bot", onclick: () => this.addBot(seat.seat, level.value) }, t("addBot"))] : null,
      );
    } else if (seat.kind === "bot" && creator) {
      const level = levels(seat.level);
      level.addEventListener("change", () => this.addBot(seat.seat, level.value));
      cell = h(
        "div",
        { class: "seat-actions" },
        h("span", { class: "avatar", "aria-hidden": "true" }, seat.avatar),
        nameChip(h, botName(seat.level), seat.seat),
        level,
        h("button", { class: "free-seat", onclick: () => this.freeSeat(seat.seat) }, t("freeSeat")),
      );
    } else {
      const away = seat.kind === "person" && !seat.present && !mine;
      cell = h(
        "div",
        { class: "seat-actions" },
        seat.avatar ? h("span", { class: "avatar", "aria-hidden": "true" }, seat.avatar) : null,
        nameChip(h, seat.kind === "bot" ? botName(seat.level) : seat.name, seat.seat),
        h("span", {}, mine ? ` (${t("you")})` : "", away ? " 💤" : ""),
        reactionOf(seat.seat) ? h("span", { class: "reaction", "aria-hidden": "true" }, reactionOf(seat.seat)) : null,
        mine ? h("button", { class: "leave-seat", onclick: () => this.leaveSeat(seat.seat) }, t("leaveSeat")) : null,
        away && creator ? h("button", { class: "free-seat", onclick: () => this.freeSeat(seat.seat) }, t("freeSeat")) : null,
      );
    }
    return h("li", { class: `seat seat-${seat.kind}` }, h("b", {}, `${t("seat")} ${seat.seat + 1}`), cell);
  },

  // the creator's way to change the options before the start: the lobby's form, filled with the
  // room's options; kept as one element while it is open, so that a redraw keeps what is chosen
  optionsPanel() {
    if (!this.optionsForm) {
      return h("button", { class: "change-options", onclick: () => { this.optionsForm = this.optionsEditor(); this.render(); } }, t("changeOptions"));
    }
    return this.optionsForm;
  },

  optionsEditor() {
    const room = this.room;
    // the room's game is one of the declared (the lobby made it from them)
    const declared = /** @type {import("./games.js").Declared} */ (GAMES?.find((g) => g.name === room.game));
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
      if (option.kind === "text") /** @type {HTMLTextAreaElement} */ (fields.querySelector(`#room-option-${option.key}`)).value = option.default;
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
  },

  async takeSeat(seat, name) {
    try {
      const taken = await api("POST", `/api/rooms/${this.id}/seats/${seat}`, { name, avatar: chosenAvatar() });
      keepToken(this.id, taken.seat, taken.token);
      keepName(name);
      if (this.sockets.watch) {
        const watching = this.sockets.watch;
        delete this.sockets.watch;
        watching.close();
      }
      this.connectAll();
    } catch (error) {
      toast(error.message);
    }
  },

  async addBot(seat, level) {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/seats/${seat}/bot`, { level, token: actingCreator(this.room) });
      this.render();
    } catch (error) {
      toast(error.message);
    }
  },

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
  },

  // the creator frees a bot's seat, or the seat of a person who has gone
  async freeSeat(seat) {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/seats/${seat}/leave`, { token: actingCreator(this.room) });
      this.render();
    } catch (error) {
      toast(error.message);
    }
  },

  async start() {
    try {
      this.room = await api("POST", `/api/rooms/${this.id}/start`, { token: actingCreator(this.room) });
    } catch (error) {
      toast(error.message);
    }
  },
};

// the line every page of a room made with a chosen seed shows: its layout may be known
export function chosenSeed(room) {
  return room?.chosen_seed ? h("p", { class: "chosen-seed", role: "note" }, t("chosenSeed")) : null;
}

// the room's settings in words, for everyone: each option as chosen (the declaration's labels),
// the turn timer, and whether the room is private; drawn again when the creator changes them
export function roomSettings(room) {
  const declared = GAMES?.find((g) => g.name === room.game);
  if (!declared) return null;
  const chosen = room.chosen ?? {};
  const plain = (value) => ["string", "number", "boolean"].includes(typeof value);
  const valueOf = (option) => (option.key in chosen ? chosen[option.key] : plain(room.options[option.key]) ? room.options[option.key] : option.default);
  const shown = declared.options.filter((o) => o.kind !== "text" && (!o.shown_when || valueOf(declared.options.find((x) => x.key === o.shown_when.key)) === o.shown_when.value));
  const words = (option) => {
    const value = valueOf(option);
    if (option.kind === "flag") return value ? "✓" : "✗";
    if (option.kind === "choice") return said(option.choices.find((c) => c.value === value)?.label) || String(value);
    return String(value);
  };
  const timer = room.turn_timer ? t("timerSeconds", { n: room.turn_timer }) : t("noTimer");
  // a game of one language has no option that says it: said here
  const only = !declared.language_option && declared.languages?.length === 1 ? declared.languages[0] : null;
  return h(
    "details",
    { class: "room-settings", open: true },
    h("summary", {}, t("roomSettings")),
    h(
      "dl",
      {},
      only ? [h("dt", {}, t("language")), h("dd", { "data-option": "language" }, languageName(only))] : null,
      shown.flatMap((option) => [h("dt", {}, said(option.label)), h("dd", { "data-option": option.key }, words(option))]),
      h("dt", {}, t("turnTimer")),
      h("dd", { "data-option": "turn_timer" }, timer),
    ),
    room.private ? h("p", { class: "muted" }, t("privateShown")) : null,
  );
}
