// What the people of a room do beside the game: react, hear that their turn has come, move a
// seat to another device, and play again. Methods of the room's page (room.js), as seats.js's.

import { api, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { creatorToken, keepCreator, keepToken, tokens } from "./keep.js";
import { seatName } from "./narration.js";
import { beep, markTitle, reactionBar, reactionCame, setTurnNotice, turnNoticeOn } from "./people.js";

const MOVE = /^#move=(\d+)\.([\w-]+)$/;

export const gathering = {
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

  reacted(message) {
    reactionCame(message.seat, message.emoji, () => this.render());
    this.render();
  },

  react(emoji) {
    const seat = this.shownSeat();
    const socket = seat === null ? null : this.sockets[String(seat)];
    if (!socket || socket.readyState !== WebSocket.OPEN) return toast(t("reconnecting"));
    socket.send(JSON.stringify({ type: "react", emoji }));
  },

  // the reactions, the switch of the turn's sound, and the way to move a seat held here
  peopleBar() {
    const held = this.held();
    const shared = held.length > 1;
    const notice = h("input", { type: "checkbox", class: "turn-notice", checked: turnNoticeOn(shared) });
    notice.addEventListener("change", () => setTurnNotice(notice.checked));
    return h(
      "div",
      { class: "people-bar" },
      reactionBar(h, this.room, t("react"), held.length ? (emoji) => this.react(emoji) : null, seatName),
      held.length ? h("label", { class: "check turn-notice-label" }, notice, t("turnNotice")) : null,
      held.length ? this.moveControl(held) : null,
    );
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
      h("button", { type: "button", onclick: () => { this.moving = null; this.render(); } }, t("cancel")),
    );
  },

  async askMove(seat) {
    try {
      const answer = await api("POST", `/api/rooms/${this.id}/seats/${seat}/move`, { token: tokens(this.id)[seat] });
      const link = answer.link || `${location.origin}/r/${this.id}#move=${seat}.${answer.code}`;
      this.moving = { link, minutes: Math.round(answer.expires / 60), qr: answer.qr ? `data:image/svg+xml,${encodeURIComponent(answer.qr)}` : null };
      this.render();
    } catch (error) {
      toast(error.message);
    }
  },

  // a beep and the tab's title when this page's turn starts (its switch: peopleBar)
  turnStarts(mine) {
    const held = this.held();
    const on = turnNoticeOn(held.length > 1);
    markTitle(on && mine, t("yourTurnTitle"));
    if (on && mine && !this.wasMine) beep();
    this.wasMine = mine;
  },

  // the results' buttons: a rematch with the same seats, or a new game from the lobby
  rematchButtons() {
    const asker = Object.values(tokens(this.id))[0] || creatorToken(this.id);
    const next = this.room.next;
    return h(
      "p",
      { class: "after-game" },
      asker ? h("button", { type: "button", class: "primary play-again", onclick: () => this.playAgain() }, next ? t("joinRematch") : t("playAgain")) : null,
      " ",
      h("a", { href: "/", class: "button new-game" }, t("newGameButton")),
    );
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
