// The lobby: the open rooms to join, and a new room of any declared game, picked from its card.
// A change of language draws the lobby again with what was typed in it (a teacher's deck too).

import { api, h } from "./dom.js";
import { gameTitle, games, said } from "./games.js";
import { guideButton } from "./guide.js";
import { language, t } from "./i18n.js";
import { keepCreator, keepOptions } from "./keep.js";
import { chosenOptions, optionFields } from "./options.js";

const REFRESH = 5000; // ms between two looks at the open rooms

export class LobbyPage {
  /** The lobby in `main`; `navigate(path)` opens a room. */
  constructor(main, navigate) {
    this.main = main;
    this.navigate = navigate;
    this.declared = null;
    this.rooms = [];
    this.touched = new Set(); // the names of the fields the person changed
    this.closed = false;
    this.onFocus = () => this.refresh();
  }

  async open() {
    this.declared = await games();
    if (this.closed) return;
    this.render();
    window.addEventListener("focus", this.onFocus);
    this.timer = setInterval(() => this.refresh(), REFRESH);
    await this.refresh();
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    window.removeEventListener("focus", this.onFocus);
  }

  async refresh() {
    if (this.closed || document.hidden) return;
    try {
      this.rooms = await api("GET", "/api/rooms");
    } catch {
      return; // the list stays as it was; the next look may fare better
    }
    if (!this.closed && this.list) this.list.replaceChildren(...this.roomItems());
  }

  // the whole lobby, drawn again (a new language): what was typed and chosen is put back
  render() {
    if (!this.declared) return;
    const kept = this.form ? this.values() : null;
    this.list = h("ul", { class: "open-rooms-list" }, this.roomItems());
    const rooms = h("section", { class: "panel open-rooms", "aria-labelledby": "open-rooms-title" }, h("h2", { id: "open-rooms-title" }, t("openRooms")), this.list);
    this.form = this.newGameForm();
    this.main.replaceChildren(h("div", { class: "lobby" }, rooms, this.form));
    if (kept) this.restore(kept);
  }

  roomItems() {
    if (!this.rooms.length) return [h("li", { class: "muted no-open-rooms" }, t("noOpenRooms"))];
    return this.rooms.map((room) =>
      h(
        "li",
        { class: "open-room", "data-room": room.id },
        h("span", { class: "game-icon", "aria-hidden": "true" }, this.icon(room.game)),
        h("b", {}, gameTitle(room.game)),
        h("span", { class: "muted" }, t("seatsTaken", { taken: room.taken, players: room.players }), " · ", ago(room.age)),
        h("a", { href: room.invite, class: "button join-room", onclick: (event) => { event.preventDefault(); this.navigate(room.invite); } }, t("joinRoom")),
      ),
    );
  }

  icon(name) {
    return this.declared.find((g) => g.name === name)?.icon || "🎲";
  }

  newGameForm() {
    const declared = this.declared;
    const form = h("form", { class: "panel", id: "new-game" });
    const gameSelect = h("select", { name: "game", id: "game" }, declared.map((g) => h("option", { value: g.name }, said(g.title))));
    const cards = h("div", { class: "game-cards", role: "group", "aria-label": t("chooseGame") });
    const summary = h("p", { class: "muted", id: "game-summary" });
    const howTo = guideButton(() => gameSelect.value, t("howToPlay"), { id: "how-to-play" });
    const players = h("input", { type: "number", name: "players", id: "players", value: 2, min: 1, max: 6 });
    const fields = h("div", { class: "fields" });
    const problem = h("p", { class: "form-error", role: "alert" });
    const chosen = () => declared.find((g) => g.name === gameSelect.value);
    const showCards = () =>
      cards.replaceChildren(
        ...declared.map((g) =>
          h(
            "button",
            { type: "button", class: "game-card", "data-game": g.name, "aria-pressed": g.name === gameSelect.value ? "true" : "false", onclick: () => { gameSelect.value = g.name; showFields(); } },
            h("span", { class: "game-icon", "aria-hidden": "true" }, g.icon || "🎲"),
            h("b", {}, said(g.title)),
            h("span", { class: "game-card-line" }, said(g.summary)),
          ),
        ),
      );
    const showFields = () => {
      const game = chosen();
      summary.textContent = said(game.summary);
      howTo.hidden = !game.guide;
      players.min = game.min_players;
      players.max = game.max_players;
      players.value = Math.min(Math.max(Number(players.value), game.min_players), game.max_players);
      optionFields(inLanguage(game), fields);
      showCards();
    };
    gameSelect.addEventListener("change", showFields);
    form.addEventListener("change", (event) => { if (event.target.name) this.touched.add(event.target.name); });
    form.addEventListener("input", (event) => { if (event.target.name) this.touched.add(event.target.name); });
    showFields();
    form.append(
      h("h1", {}, t("newGame")),
      cards,
      h("label", { for: "game" }, t("game"), gameSelect),
      h("div", { class: "game-line" }, summary, howTo),
      h("label", { for: "players" }, t("players"), players),
      fields,
      h("label", { for: "turn-timer" }, t("turnTimer"), h("input", { type: "number", id: "turn-timer", name: "turn_timer", min: 1, max: 3600, placeholder: "—" })),
      h("label", { for: "private", class: "check" }, h("input", { type: "checkbox", id: "private", name: "private" }), t("privateRoom")),
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
          private: form.elements.private.checked,
        });
        keepCreator(room.id, room.creator);
        keepOptions(room.id, options);
        this.navigate(room.invite);
      } catch (error) {
        problem.textContent = error.message; // stays until the next try: a deck's problems are a list
      }
    });
    return form;
  }

  // what the form holds now, by field name; a field the person never changed is not kept, so
  // that a default of the page's language (the deck) follows the language
  values() {
    const values = {};
    for (const element of this.form.elements) {
      if (!element.name) continue;
      if (element.name !== "game" && !this.touched.has(element.name)) continue;
      values[element.name] = element.type === "checkbox" ? element.checked : element.value;
    }
    return values;
  }

  restore(values) {
    const form = this.form;
    if (values.game && form.elements.game.value !== values.game) {
      form.elements.game.value = values.game;
      form.elements.game.dispatchEvent(new Event("change"));
    }
    for (const [name, value] of Object.entries(values)) {
      const element = form.elements[name];
      if (!element || name === "game") continue;
      if (element.type === "checkbox") element.checked = value;
      else element.value = value;
      element.dispatchEvent(new Event("change")); // a field shown only for a value follows it
    }
  }
}

// the game with the defaults of the page's language: a choice in that language (a deck) first
function inLanguage(game) {
  const lang = language();
  const options = game.options.map((option) => {
    const own = option.choices?.find((choice) => choice.lang === lang);
    return own ? { ...option, default: own.value } : option;
  });
  return { ...game, options };
}

function ago(seconds) {
  if (seconds < 60) return t("agoNow");
  if (seconds < 3600) return t("agoMinutes", { n: Math.floor(seconds / 60) });
  return t("agoHours", { n: Math.floor(seconds / 3600) });
}
