// What the table says, as the server narrates it for this seat in this person's language: the
// banner above the table (a live region a screen reader reads), the move log, and the rules met
// for the first time. The elements live as long as the room's page, so that an update changes
// their text in place: a live region drawn anew each time is not read out.

import { h } from "./dom.js";
import { botName, t } from "./i18n.js";
import { nameChip } from "./people.js";

const LOG_LINES = 200; // the most lines the panel keeps

/** A seat's name as the table says it: a person's own, a bot's by its level. */
export function seatName(seat) {
  if (!seat) return "";
  if (seat.kind === "bot") return botName(seat.level);
  return seat.name;
}

function colourDot(seat) {
  const dot = nameChip(h, "", seat);
  dot.classList.add("name-dot");
  dot.setAttribute("aria-hidden", "true");
  return dot;
}

/** The banner above the table: whose turn, what is going on, what to do, whom the game waits
 * for, a countdown while a turn timer runs, and in hot-seat who should hold the device. */
export class BannerBox {
  constructor() {
    this.element = h("div", { class: "banner", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    this.clock = h("span", { class: "countdown", "aria-hidden": "true" });
    this.shown = null;
    this.deadline = null;
    this.timer = setInterval(() => this.tick(), 1000);
  }

  // Say `banner` (null: nothing) with the seats' names; `holder`: the name of whoever should
  // hold a device shared by several seats, or null. Nothing changes when nothing is new.
  show(banner, seats, holder) {
    const said = JSON.stringify([banner, seats.map(seatName), holder]);
    if (said === this.shown) return;
    this.shown = said;
    this.deadline = banner?.deadline ?? null;
    if (!banner) return this.element.replaceChildren();
    // the seat whose turn it is, in its colour: by name, unless the headline names it already
    const turnName = banner.turn === null || banner.turn === undefined ? null : seatName(seats[banner.turn]);
    const named = turnName !== null && !banner.headline.includes(turnName);
    const chip = turnName === null ? null : named ? nameChip(h, turnName, banner.turn) : colourDot(banner.turn);
    const waiting = banner.waiting?.length
      ? h("p", { class: "banner-waiting" }, t("nrWaitingFor"), " ", ...banner.waiting.map((s) => nameChip(h, seatName(seats[s]), s)))
      : null;
    const parts = [
      holder ? h("p", { class: "banner-holder" }, t("nrHoldsDevice", { name: holder })) : null,
      h("p", { class: "banner-headline" }, chip, named ? " " : null, banner.headline),
      banner.prompt ? h("p", { class: "banner-prompt" }, banner.prompt) : null,
      waiting,
      this.deadline ? this.clock : null,
    ];
    this.element.replaceChildren(.../** @type {HTMLElement[]} */ (parts.filter(Boolean)));
    this.tick();
  }

  // the countdown: its text alone changes, every second (the banner is not drawn again)
  tick() {
    if (!this.deadline) return;
    const left = Math.max(0, Math.round(this.deadline - Date.now() / 1000));
    const text = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    if (this.clock.textContent !== text) this.clock.textContent = text;
    this.clock.dataset.left = String(left);
  }

  close() {
    clearInterval(this.timer);
  }
}

/** The move log: the narrated lines, the latest last, in a panel that scrolls within itself. */
export class LogPanel {
  constructor() {
    this.list = h("ol", { class: "move-log-lines" });
    this.element = h("section", { class: "move-log", "aria-label": t("nrMoveLog") }, this.list);
    this.lines = [];
  }

  // `lines`: [{seq, text}]; `replace`: they are the whole log (a welcome), not new lines
  add(lines, replace = false) {
    if (replace) {
      this.lines = [];
      this.start = (this.start ?? 0) + 1_000_000; // what was drawn is drawn again
    }
    this.lines.push(...(lines ?? []));
    if (this.lines.length > LOG_LINES) {
      this.start = (this.start ?? 0) + this.lines.length - LOG_LINES;
      this.lines = this.lines.slice(-LOG_LINES);
    }
  }

  // draw the lines the panel lacks (only those: an update adds a line or two), and keep it
  // scrolled to the latest
  draw() {
    const drawn = /** @type {HTMLCollectionOf<HTMLElement>} */ (this.list.children);
    const first = drawn.length ? Number(drawn[0].dataset.index) : 0;
    const wanted = this.start ?? 0;
    if (drawn.length && (first !== wanted || drawn.length > this.lines.length)) this.list.replaceChildren();
    const have = this.list.children.length;
    const fresh = this.lines.slice(have).map((line, n) => h("li", { "data-seq": line.seq, "data-index": wanted + have + n }, line.text));
    if (fresh.length) {
      this.list.append(...fresh);
      this.list.scrollTop = this.list.scrollHeight;
    }
  }
}

/** The rules met for the first time: each shown once per browser, game and rule, as a small
 * card that stays until dismissed. On a narrow screen the card is one line ("New rule: …")
 * that opens when tapped, so that it does not push the player's cards out of sight. */
export class Moments {
  constructor(game) {
    this.game = game;
    this.element = h("div", { class: "moments" });
    this.cards = new Map();
  }

  key(rule) {
    return `igroteka.moment.${this.game}.${rule}`;
  }

  add(moments) {
    const wide = !matchMedia("(max-width: 480px)").matches;
    for (const moment of moments ?? []) {
      if (this.cards.has(moment.rule) || localStorage.getItem(this.key(moment.rule))) continue;
      localStorage.setItem(this.key(moment.rule), "1");
      const told = h("details", { open: wide },
        h("summary", {}, h("b", {}, t("nrNewRule")), " ", moment.explanation));
      const card = h(
        "aside",
        { class: "moment", "data-rule": moment.rule },
        told,
        h("button", { class: "dismiss", "aria-label": t("nrDismiss"), onclick: () => this.dismiss(moment.rule) }, "×"),
      );
      this.cards.set(moment.rule, card);
      this.element.append(card);
    }
  }

  dismiss(rule) {
    this.cards.get(rule)?.remove();
    this.cards.delete(rule);
  }
}
