// The lobby: the open rooms to join, and a new room of any declared game, picked from its card
// (the one way to choose a game), with the language its words are in said on the card and the
// form; or, in one click, a game against bots started at once.
// A change of language draws the lobby again with what was typed in it (a teacher's deck too).
// A word game whose dictionary the server still prepares says so on its card and on the form,
// with its progress, and can be created by itself once it is ready (dictionaries.js); while
// the server cannot be reached the lobby says so and tries again by itself (reach.js).

import { ALL_READY, becameReady, blocker, cardLine, languageOf, pending } from "./dictionaries.js";
import { api, h, toast } from "./dom.js";
import { gameTitle, games, said } from "./games.js";
import { guideButton } from "./guide.js";
import { language, languageName, t } from "./i18n.js";
import { keepCreator, keepOptions, keepToken, keptName } from "./keep.js";
import { chosenOptions, optionFields } from "./options.js";
import { chosenAvatar } from "./people.js";
import { patiently, unreachable } from "./reach.js";

/** @typedef {import("./games.js").Declared} Declared */

const REFRESH = 5000; // ms between two looks at the open rooms
const PREPARING = 1000; // ms between two looks at the dictionaries while one is prepared
const UNANSWERED = 5000; // ms before looking again when the server did not say (or the tab is hidden)

export class LobbyPage {
  /** The lobby in `main`; `navigate(path)` opens a room. */
  constructor(main, navigate) {
    this.main = main;
    this.navigate = navigate;
    /** @type {Declared[] | null} the games, once the server has said them */
    this.declared = null;
    this.rooms = [];
    this.touched = new Set(); // the names of the fields the person changed
    this.closed = false;
    this.onFocus = () => this.refresh();
    /** @type {import("./dictionaries.js").Listing | null} the server's dictionaries (null: not said yet) */
    this.dictionaries = null;
    this.dictionaryTurn = 0; // the latest look at them: an older answer that comes late is dropped
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.dictionaryTimer = undefined;
    this.offline = false; // the last look at the open rooms found no server
  }

  async open() {
    // the page says why it waits, and tries again, until the server answers
    this.declared = await patiently(games, this.main, () => this.closed);
    if (this.closed) return;
    await this.watchDictionaries();
    if (this.closed) return;
    this.render();
    window.addEventListener("focus", this.onFocus);
    this.timer = setInterval(() => this.refresh(), REFRESH);
    await this.refresh();
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.dictionaryTimer);
    this.dictionaryTurn += 1;
    window.removeEventListener("focus", this.onFocus);
  }

  async refresh() {
    if (this.closed || document.hidden) return;
    try {
      this.rooms = await api("GET", "/api/rooms");
      this.offline = false;
    } catch (error) {
      this.offline = unreachable(error); // the list stays as it was, said to be maybe old
    }
    if (this.notice) this.notice.hidden = !this.offline;
    if (!this.closed && this.list && !this.offline) this.list.replaceChildren(...this.roomItems());
  }

  /** Look at the server's dictionaries: again in a second while one is prepared, in a few
   * seconds while the server does not say, never again once each is ready or failed (an
   * older server, which has no such address, has them all ready). The cards and the form
   * follow each answer; a language that becomes ready meanwhile is said once. */
  async watchDictionaries() {
    const turn = (this.dictionaryTurn += 1);
    clearTimeout(this.dictionaryTimer);
    let again = UNANSWERED;
    /** @type {string[]} */
    let ready = [];
    try {
      const listing = await api("GET", "/api/dictionaries");
      if (turn !== this.dictionaryTurn || this.closed) return;
      ready = becameReady(this.dictionaries, listing);
      this.dictionaries = listing;
      again = pending(listing) ? (document.hidden ? UNANSWERED : PREPARING) : 0;
    } catch (error) {
      if (turn !== this.dictionaryTurn || this.closed) return;
      if (error.status === 404) {
        this.dictionaries = ALL_READY;
        again = 0;
      }
    }
    for (const lang of ready) toast(t("dictReadyNow", { lang: languageName(lang) }));
    this.showDictionaries?.(ready);
    if (again) this.dictionaryTimer = setTimeout(() => this.watchDictionaries(), again);
  }

  /** The server's reasons are in the language asked: ask again in the new one. */
  languageChanged() {
    if (this.dictionaries && this.dictionaries !== ALL_READY) this.watchDictionaries();
  }

  // the whole lobby, drawn again (a new language): what was typed and chosen is put back
  render() {
    if (!this.declared) return;
    const kept = this.form ? this.values() : null;
    this.list = h("ul", { class: "open-rooms-list" }, this.roomItems());
    this.notice = h("p", { class: "lobby-offline", role: "status", hidden: !this.offline }, t("roomsOutOfDate"));
    const rooms = h("section", { class: "panel open-rooms", "aria-labelledby": "open-rooms-title" }, h("h2", { id: "open-rooms-title" }, t("openRooms")), this.notice, this.list);
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
    return this.declared?.find((g) => g.name === name)?.icon || "🎲";
  }

  newGameForm() {
    const declared = /** @type {Declared[]} */ (this.declared);
    const form = h("form", { class: "panel", id: "new-game" });
    // the game chosen on its card: the form's field "game" (hidden: the cards are the chooser)
    const gameField = h("input", { type: "hidden", name: "game", value: declared[0]?.name ?? "" });
    const cards = h("div", { class: "game-cards", role: "group", "aria-label": t("chooseGame") });
    const summary = h("p", { class: "muted", id: "game-summary" });
    const howTo = guideButton(() => gameField.value, t("howToPlay"), { id: "how-to-play" });
    const bots = h("button", { type: "button", class: "play-bots", id: "play-bots" }, t("playBots"));
    const spoken = h("p", { class: "game-language", id: "game-language" });
    const players = h("input", { type: "number", name: "players", id: "players", value: 2, min: 1, max: 6 });
    const fields = h("div", { class: "fields" });
    const problem = h("p", { class: "form-error", role: "alert" });
    // why the chosen game cannot be made yet (its dictionary is prepared): beside each button
    const waitNote = h("p", { class: "dictionary-note", id: "dictionary-note", hidden: true });
    const submitNote = h("p", { class: "dictionary-note", id: "dictionary-note-submit", hidden: true });
    const submit = h("button", { type: "submit", class: "primary", "aria-describedby": "dictionary-note-submit" }, t("create"));
    bots.setAttribute("aria-describedby", "dictionary-note");
    let busy = false; // a game against bots is being made
    const chosen = () => declared.find((g) => g.name === gameField.value) ?? declared[0];
    cards.append(
      ...declared.map((g) =>
        h(
          "button",
          { type: "button", class: "game-card", "data-game": g.name, "aria-pressed": "false", onclick: () => choose(g.name) },
          h("span", { class: "game-icon", "aria-hidden": "true" }, g.icon || "🎲"),
          h("b", {}, said(g.title)),
          h("span", { class: "game-card-line" }, said(g.summary)),
          g.languages?.length ? h("span", { class: "game-card-language" }, t("languageLine", { langs: languageList(g.languages) })) : null,
          h("span", { class: "game-card-dictionary", hidden: true }),
        ),
      ),
    );
    const showLanguage = () => {
      spoken.textContent = languageNote(chosen(), form);
      spoken.hidden = !spoken.textContent;
    };
    // the language a game would be played in: the form's choice for the chosen game, else the
    // default of the page's language
    const langFor = (/** @type {Declared} */ game) => {
      const key = this.dictionaries?.games?.[game.name]?.by_option;
      if (!key) return languageOf(game, this.dictionaries);
      const elements = /** @type {any} */ (form.elements); // by field name
      const value = game === chosen() && elements[key] ? elements[key].value : inLanguage(game).options.find((option) => option.key === key)?.default;
      return languageOf(game, this.dictionaries, value);
    };
    // the dictionaries on the cards and the form: the buttons are off while the chosen
    // language is not ready, and on again by themselves once it is (`ready`: the languages
    // that have just become ready, which end a refusal of the form that waited for them)
    const showDictionaries = (/** @type {string[]} */ ready = []) => {
      for (const card of /** @type {HTMLCollectionOf<HTMLElement>} */ (cards.children)) {
        const game = declared.find((g) => g.name === card.dataset.game);
        const line = /** @type {HTMLElement | null} */ (card.querySelector(".game-card-dictionary"));
        if (!game || !line) continue;
        line.textContent = cardLine(game, this.dictionaries, langFor(game));
        line.hidden = !line.textContent;
      }
      const game = chosen();
      const key = this.dictionaries?.games?.[game.name]?.by_option;
      const field = said(game.options.find((option) => option.key === key)?.label);
      const why = blocker(game, this.dictionaries, langFor(game), field);
      for (const note of [waitNote, submitNote]) {
        if (note.textContent !== (why ?? "")) note.textContent = why ?? "";
        note.hidden = !why;
      }
      submit.disabled = Boolean(why);
      bots.disabled = Boolean(why) || busy;
      if (problem.dataset.preparing && ready.includes(problem.dataset.preparing)) {
        problem.textContent = ""; // what it waited for is ready: try again
        delete problem.dataset.preparing;
      }
    };
    this.showDictionaries = showDictionaries;
    // what follows the form's values, once restore() has put them back
    this.restored = () => {
      showLanguage();
      showDictionaries();
    };
    // a refusal stays on the form until the next try (a deck's problems are a list), and what
    // was typed stays too; one that waits for a dictionary looks at the dictionaries again
    const refused = (error) => {
      problem.textContent = error.message;
      if (error.code === "preparing" || error.code === "no-dictionary") {
        problem.dataset.preparing = error.data?.lang ?? "";
        this.watchDictionaries();
      } else {
        delete problem.dataset.preparing;
      }
    };
    const showFields = () => {
      const game = chosen();
      summary.textContent = said(game.summary);
      howTo.hidden = !game.guide;
      players.min = game.min_players;
      players.max = game.max_players;
      players.value = String(Math.min(Math.max(Number(players.value), game.min_players), game.max_players));
      optionFields(inLanguage(game), fields);
      for (const card of /** @type {HTMLCollectionOf<HTMLElement>} */ (cards.children)) {
        card.setAttribute("aria-pressed", card.dataset.game === game.name ? "true" : "false");
      }
      showLanguage();
      showDictionaries();
    };
    const choose = (name) => {
      gameField.value = name;
      showFields();
    };
    this.choose = choose;
    const nameOf = (/** @type {Event} */ event) => /** @type {HTMLInputElement} */ (event.target).name;
    form.addEventListener("change", (event) => {
      if (nameOf(event)) this.touched.add(nameOf(event));
      if (nameOf(event) === chosen().language_option) showLanguage();
      showDictionaries(); // the language chosen may be one not ready yet
    });
    form.addEventListener("input", (event) => { if (nameOf(event)) this.touched.add(nameOf(event)); });
    showFields();
    // the room the form asks for: the game, its seats and options
    const asked = (extra = {}) => {
      const game = chosen();
      const elements = /** @type {any} */ (form.elements); // by field name
      const timer = elements.turn_timer.value;
      return {
        game: game.name,
        players: Number(players.value),
        options: chosenOptions(game, form),
        turn_timer: timer ? Number(timer) : null,
        private: elements.private.checked,
        ...extra,
      };
    };
    bots.addEventListener("click", async () => {
      problem.textContent = "";
      busy = true;
      bots.disabled = true;
      try {
        await this.playBots(chosen(), asked());
      } catch (error) {
        refused(error);
      } finally {
        busy = false;
        showDictionaries();
      }
    });
    form.append(
      h("h1", {}, t("newGame")),
      cards,
      gameField,
      h("div", { class: "game-line" }, summary, howTo, bots),
      waitNote,
      spoken,
      h("label", { for: "players" }, t("players"), players),
      fields,
      h("label", { for: "turn-timer" }, t("turnTimer"), h("input", { type: "number", id: "turn-timer", name: "turn_timer", min: 1, max: 3600, placeholder: "—" })),
      h("label", { for: "private", class: "check" }, h("input", { type: "checkbox", id: "private", name: "private" }), t("privateRoom")),
      problem,
      submitNote,
      submit,
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      problem.textContent = "";
      try {
        const body = asked();
        const room = await api("POST", "/api/rooms", body);
        keepCreator(room.id, room.creator);
        keepOptions(room.id, body.options);
        this.navigate(room.invite);
      } catch (error) {
        refused(error);
      }
    });
    return form;
  }

  // "Play against bots now": a private room of the chosen game and options, this page's person
  // in the first seat (by the name they last sat under), a bot of the game's stand-in level
  // (its middle one) in each other seat, started; at least one bot, however many seats the
  // form asks for
  async playBots(game, body) {
    const seats = Math.max(game.min_players, Math.min(game.max_players, Math.max(2, body.players || 2)));
    const level = game.standin || game.bot_levels[0];
    const room = await api("POST", "/api/rooms", { ...body, players: seats, private: true });
    keepCreator(room.id, room.creator);
    keepOptions(room.id, body.options);
    const taken = await api("POST", `/api/rooms/${room.id}/seats/0`, { name: keptName() || t("botsPlayerName"), avatar: chosenAvatar() });
    keepToken(room.id, taken.seat, taken.token);
    for (let seat = 1; seat < seats; seat += 1) {
      await api("POST", `/api/rooms/${room.id}/seats/${seat}/bot`, { level, token: room.creator });
    }
    await api("POST", `/api/rooms/${room.id}/start`, { token: room.creator });
    this.navigate(room.invite);
  }

  // what the form holds now, by field name; a field the person never changed is not kept, so
  // that a default of the page's language (the deck) follows the language
  values() {
    /** @type {Record<string, string | boolean>} */
    const values = {};
    for (const element of /** @type {HTMLFormElement} */ (this.form).elements) {
      const field = /** @type {HTMLInputElement} */ (element);
      if (!field.name) continue;
      if (field.name !== "game" && !this.touched.has(field.name)) continue;
      values[field.name] = field.type === "checkbox" ? field.checked : field.value;
    }
    return values;
  }

  /** @param {Record<string, any>} values */
  restore(values) {
    const elements = /** @type {any} */ (/** @type {HTMLFormElement} */ (this.form).elements); // by field name
    if (values.game && elements.game.value !== values.game && this.declared?.some((g) => g.name === values.game)) {
      this.choose?.(values.game);
    }
    for (const [name, value] of Object.entries(values)) {
      const element = elements[name];
      if (!element || name === "game") continue;
      if (element.type === "checkbox") element.checked = value;
      else element.value = value;
      element.dispatchEvent(new Event("change")); // a field shown only for a value follows it
    }
    this.restored?.(); // (the events above do not bubble up to the form's listeners)
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

/** "Russian or Ukrainian": the languages a game's words may be in, named in the page's language.
 * @param {string[]} codes @returns {string} */
export function languageList(codes) {
  const names = codes.map(languageName);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${t("or")} ${names.at(-1)}` : names[0] ?? "";
}

// what the form says of the language the game will be played in: the one it has, or the one
// chosen (and where to choose another), and plainly when the page's language is not among them
function languageNote(game, form) {
  const codes = game.languages ?? [];
  if (!codes.length) return "";
  const missing = codes.includes(language()) ? "" : `${t("noPageLanguage")} `;
  const chooser = game.options.find((option) => option.key === game.language_option);
  if (!chooser) return missing + t("languageOnly", { lang: languageName(codes[0]) });
  const value = form.elements[chooser.key]?.value;
  const lang = chooser.choices.find((choice) => choice.value === value)?.lang;
  if (!lang) return t("languageOwn");
  return missing + t("languageChosen", { lang: languageName(lang), field: said(chooser.label) });
}

/** How long ago a room was made, in the page's language: just now, minutes, hours.
 * @param {number} seconds @returns {string} */
export function ago(seconds) {
  if (seconds < 60) return t("agoNow");
  if (seconds < 3600) return t("agoMinutes", { n: Math.floor(seconds / 60) });
  return t("agoHours", { n: Math.floor(seconds / 3600) });
}
