// What the people of a room do beside the game: react, hear that their turn has come, move a
// seat to another device, and play again. Methods of the room's page (room.js), as seats.js's.

import { api, h, toast } from "./dom.js";
import { language, t } from "./i18n.js";
import { creatorToken, keepCreator, keepToken, tokens } from "./keep.js";
import { seatName } from "./narration.js";
import { allowSound, beep, markTitle, reactionButtons, reactionCame, reactionOf, reactionsSeen, setTurnNotice, turnNoticeOn } from "./people.js";

const MOVE = /^#move=(\d+)\.([\w-]+)$/;

export const gathering = {
  // what the page listens to beside its sockets: a gesture that allows sound, the tab hidden or
  // shown (its title); undone by unlisten()
  listen() {
    this.gestured = () => { if (this.held().length && this.noticeOn()) allowSound(); };
    this.looked = () => this.markTurn();
    this.main.addEventListener("pointerdown", this.gestured, true);
    this.main.addEventListener("keydown", this.gestured, true);
    document.addEventListener("visibilitychange", this.looked);
  },

  unlisten() {
    this.main.removeEventListener("pointerdown", this.gestured, true);
    this.main.removeEventListener("keydown", this.gestured, true);
    document.removeEventListener("visibilitychange", this.looked);
    markTitle(false);
  },

  // a page opened with a move link (/r/{id}#move=<seat>.<code>: a fragment, never sent to a
  // server) claims the seat, then forgets the code
  async claimMoved() {
    const found = location.hash.match(MOVE);
    if (!found) return;
    history.replaceState(history.state, "", location.pathname);
    const [, seat, code] = found;
    try {
      toast(t("moving"));
      const taken = await api("POST", `/api/rooms/${this.id}/seats/${seat}/claim`, { code });
      keepToken(this.id, taken.seat, taken.token);
    } catch (error) {
      toast(error.message);
    }
  },

  // a reaction changes the people bar alone at the table (the seats' list before the start)
  reacted(message) {
    const shown = () => (this.room?.started ? this.peopleBar() : this.render());
    reactionCame(message.seat, message.emoji, shown);
    shown();
  },

  react(emoji) {
    const seat = this.shownSeat();
    const socket = seat === null ? null : this.sockets[String(seat)];
    if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("reconnecting"));
    socket.send(JSON.stringify({ type: "react", emoji }));
  },

  // The reactions, the switch of the turn's sound, and the way to move a seat held here: one
  // element for the page's life, its parts drawn again only when what they show has changed
  // (an update of the game changes none of them), its live region of reactions kept.
  peopleBar() {
    if (!this.people) {
      this.people = {
        bar: h("div", { class: "people-bar" }),
        controls: h("div", { class: "reactions", role: "group" }),
        seen: h("span", { class: "reactions-seen", "aria-live": "polite" }),
        rest: h("div", { class: "people-rest" }),
        said: {},
      };
      this.people.controls.append(this.people.seen);
      this.people.bar.append(this.people.controls, this.people.rest);
    }
    const { controls, seen, rest, said } = this.people;
    const held = this.held();
    const room = this.room;
    const lang = language();
    const buttons = JSON.stringify([lang, held.length > 0, room.reactions]);
    if (said.buttons !== buttons) {
      said.buttons = buttons;
      controls.setAttribute("aria-label", t("react"));
      controls.replaceChildren(...(held.length ? reactionButtons(h, room.reactions, (emoji) => this.react(emoji)) : []), seen);
    }
    const lately = JSON.stringify([lang, room.seats.map((s) => [s.name, s.kind, s.level, s.avatar, reactionOf(s.seat)])]);
    if (said.lately !== lately) {
      said.lately = lately;
      seen.replaceChildren(...reactionsSeen(h, room, seatName));
    }
    const others = JSON.stringify([lang, held, held.length > 1 ? held.map((n) => room.seats[n]?.name) : [], this.noticeOn()]);
    if (said.rest !== others || said.moving !== this.moving) {
      said.rest = others;
      said.moving = this.moving; // a new link is a new object (askMove), its QR code a long text
      rest.replaceChildren(...(held.length ? [this.noticeSwitch(), this.moveControl(held)] : []));
    }
    return this.people.bar;
  },

  // whether this page beeps and marks its tab on its turn (see people.js, turnNoticeOn)
  noticeOn() {
    return turnNoticeOn(this.held().length > 1);
  },

  noticeSwitch() {
    const notice = h("input", { type: "checkbox", class: "turn-notice", checked: this.noticeOn() });
    notice.addEventListener("change", () => {
      setTurnNotice(notice.checked);
      if (notice.checked) allowSound(); // the tick is a gesture: sound is allowed from now on
      this.markTurn();
      this.peopleBar();
    });
    return h("label", { class: "check turn-notice-label" }, notice, t("turnNotice"));
  },

  // a one-time link (and, from the server, its QR code) that moves a held seat to another device
  moveControl(held) {
    if (!this.moving) {
      return h(
        "div",
        { class: "move-seat" },
        held.map((seat) =>
          h("button", { type: "button", class: "move-button", onclick: () => this.askMove(seat) },
            t("moveSeat"), held.length > 1 ? ` (${this.room.seats[seat].name})` : ""),
        ),
      );
    }
    const { link, minutes, qr } = this.moving;
    return h(
      "div",
      { class: "move-seat moving" },
      h("p", {}, t("moveLink", { n: minutes })),
      h("p", {}, h("a", { href: link, class: "move-link" }, link), " ",
        h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link).then(() => toast(t("copied"))) }, t("copy"))),
      qr ? h("img", { class: "move-qr", src: qr, alt: link, width: 160, height: 160 }) : null,
      h("button", { type: "button", onclick: () => { this.moving = null; this.peopleBar(); } }, t("cancel")),
    );
  },

  async askMove(seat) {
    try {
      const answer = await api("POST", `/api/rooms/${this.id}/seats/${seat}/move`, { token: tokens(this.id)[seat] });
      const link = answer.link || `${location.origin}/r/${this.id}#move=${seat}.${answer.code}`;
      this.moving = { link, minutes: Math.round(answer.expires / 60), qr: answer.qr ? `data:image/svg+xml,${encodeURIComponent(answer.qr)}` : null };
      this.peopleBar();
    } catch (error) {
      toast(error.message);
    }
  },

  // a beep and the tab's title when this page's turn starts (its switch: peopleBar); nothing
  // when the update changed nothing of whose turn it is
  turnStarts(mine) {
    if (mine === this.wasMine) return;
    this.wasMine = mine;
    this.markTurn();
    if (mine && this.noticeOn()) beep();
  },

  markTurn() {
    markTitle(Boolean(this.wasMine) && this.noticeOn(), t("yourTurnTitle"));
  },

  // the results' buttons: a rematch with the same seats, or a new game from the lobby; the same
  // element for as long as what they say is the same (the results are drawn on every update)
  rematchButtons() {
    const asker = Object.values(tokens(this.id))[0] || creatorToken(this.id);
    const next = this.room.next;
    const said = JSON.stringify([language(), Boolean(asker), next ?? null]);
    if (this.afterGame?.said === said) return this.afterGame.element;
    const element = h(
      "p",
      { class: "after-game" },
      asker ? h("button", { type: "button", class: "primary play-again", onclick: () => this.playAgain() }, next ? t("joinRematch") : t("playAgain")) : null,
      " ",
      h("a", { href: "/", class: "button new-game" }, t("newGameButton")),
    );
    this.afterGame = { said, element };
    return element;
  },

  // make (or join) the rematch: every seat this page held is claimed with its token of this game
  async playAgain() {
    try {
      let next = this.room.next;
      if (!next) {
        const asker = Object.values(tokens(this.id))[0] || creatorToken(this.id);
        const made = await api("POST", `/api/rooms/${this.id}/rematch`, { token: asker });
        next = made.id;
        keepCreator(next, made.creator);
      }
      for (const [seat, token] of Object.entries(tokens(this.id))) {
        if (tokens(next)[seat]) continue; // claimed already (a click before)
        const taken = await api("POST", `/api/rooms/${next}/seats/${seat}/rematch`, { token });
        keepToken(next, taken.seat, taken.token);
      }
      location.assign(`/r/${next}`);
    } catch (error) {
      toast(error.message);
    }
  },
};
