// The lobby: a new room of any declared game.

import { api, h } from "./dom.js";
import { games, said } from "./games.js";
import { guideButton } from "./guide.js";
import { t } from "./i18n.js";
import { keepCreator, keepOptions } from "./keep.js";
import { chosenOptions, optionFields } from "./options.js";

/** The lobby's form in `main`; `navigate(path)` opens the room once it is made. */
export async function lobby(main, navigate) {
  const declared = await games();
  const form = h("form", { class: "panel", id: "new-game" });
  const gameSelect = h(
    "select",
    { name: "game", id: "game" },
    declared.map((g) => h("option", { value: g.name }, said(g.title))),
  );
  const summary = h("p", { class: "muted", id: "game-summary" });
  const howTo = guideButton(() => gameSelect.value, t("howToPlay"), { id: "how-to-play" });
  const players = h("input", { type: "number", name: "players", id: "players", value: 2, min: 1, max: 6 });
  const fields = h("div", { class: "fields" });
  const problem = h("p", { class: "form-error", role: "alert" });
  const chosen = () => declared.find((g) => g.name === gameSelect.value);
  const showFields = () => {
    const game = chosen();
    summary.textContent = said(game.summary);
    howTo.hidden = !game.guide;
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
    h("div", { class: "game-line" }, summary, howTo),
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
      navigate(room.invite);
    } catch (error) {
      problem.textContent = error.message; // stays until the next try: a deck's problems are a list
    }
  });
  main.replaceChildren(form);
}
