// The replay of a finished game: every step, from the server's record of it.

import { api, h, toast } from "./dom.js";
import { RENDERERS } from "./games.js";
import { t } from "./i18n.js";
import { seatName } from "./narration.js";
import { findRoom } from "./room.js";

const PACE = 1500; // milliseconds between two steps while the replay plays itself

// ---------------------------------------------------------------- the replay of a finished game

export class ReplayPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.step = 0;
    this.steps = 0;
    this.playing = null; // the timer while the replay plays itself
    this.closed = false;
    this.keys = (event) => {
      if (event.key === "ArrowRight") this.go(this.step + 1);
      if (event.key === "ArrowLeft") this.go(this.step - 1);
    };
  }

  async open() {
    this.room = await findRoom(this.main, this.id, () => this.closed);
    if (!this.room || this.closed) return;
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
    // the step's sentences, as the table said them (a step the game says nothing of: who moved)
    const sentences = (shown.log ?? []).map((line) => h("li", {}, line.text));
    const who = shown.seat === null ? null : h("li", { class: "muted" }, seatName(this.room.seats[shown.seat]));
    if (this.step >= this.steps) this.pause();
    const playing = this.playing !== null;
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
          h(
            "button",
            { class: "play", "aria-pressed": playing ? "true" : "false", onclick: () => (playing ? this.pause() : this.play()) },
            playing ? `⏸ ${t("nrPause")}` : `▶ ${t("nrPlay")}`,
          ),
          slider,
        ),
        h("p", { class: "banner replay-banner" }, shown.banner?.headline ?? ""),
        h("ol", { class: "replay-log", "aria-live": "polite" }, sentences.length ? sentences : who),
        board,
      ),
    );
  }

  // the step shown, drawn again (a new language: app.js asks every page to draw itself again)
  render() {
    if (this.room) this.go(this.step);
  }

  // the replay plays itself, a step every PACE milliseconds, until its end or a pause
  play() {
    if (this.playing !== null) return;
    if (this.step >= this.steps) this.step = -1; // at the end: from the start again
    this.playing = setInterval(() => this.go(this.step + 1), PACE);
    this.go(this.step + 1);
  }

  pause() {
    if (this.playing === null) return;
    clearInterval(this.playing);
    this.playing = null;
  }

  close() {
    this.closed = true;
    this.pause();
    document.removeEventListener("keydown", this.keys);
  }
}
