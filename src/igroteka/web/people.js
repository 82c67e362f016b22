// The people at a table: each seat's colour (and, later, its avatar), the same on every page.

// Eight colours told apart by most colour-blind eyes (Okabe and Ito's palette, darkened where
// white text must stand on them); a seat keeps its colour for the whole game.
const COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#56b4e9", "#6a3d9a", "#555555"];

/** The colour of a seat (from 0). */
export function seatColour(seat) {
  return COLOURS[seat % COLOURS.length];
}

/** A seat's name in its colour, as the banner, the log and the seats show it. */
export function nameChip(h, name, seat) {
  const chip = h("span", { class: "name-chip", "data-seat": seat }, name);
  chip.style.setProperty("--seat-colour", seatColour(seat));
  return chip;
}
