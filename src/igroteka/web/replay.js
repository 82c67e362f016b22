// The replay of a finished game: every step, from the server's record of it.

import { api, h, toast } from "./dom.js";
import { RENDERERS } from "./games.js";
import { t } from "./i18n.js";
import { findRoom } from "./room.js";

// ---------------------------------------------------------------- the replay of a finished game

export class ReplayPage {
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
