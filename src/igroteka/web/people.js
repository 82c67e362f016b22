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

// ---------------------------------------------------------------- avatars

/** The avatar this browser's person last chose ("": each seat's own default). */
export function chosenAvatar() {
  return localStorage.getItem("igroteka.avatar") || "";
}

// a row of the room's avatars to choose from: one pressed at most; pressed again, none (the seat's)
export function avatarPicker(h, avatars, label) {
  const row = h("div", { class: "avatar-pick", role: "group", "aria-label": label });
  const draw = () => {
    row.replaceChildren(
      ...avatars.map((avatar) =>
        h("button", {
          type: "button",
          class: "avatar-choice",
          "aria-pressed": avatar === chosenAvatar() ? "true" : "false",
          onclick: () => {
            localStorage.setItem("igroteka.avatar", avatar === chosenAvatar() ? "" : avatar);
            draw();
          },
        }, avatar),
      ),
    );
  };
  draw();
  return h("div", { class: "avatars" }, h("span", { class: "muted" }, label, ": "), row);
}

// ---------------------------------------------------------------- reactions

const SHOWN_FOR = 4000; // ms a reaction stays beside its seat's name
const reactions = new Map(); // seat -> { emoji, until }

/** A reaction came: it is shown beside the seat's name for a few seconds. */
export function reactionCame(seat, emoji, redraw) {
  const until = Date.now() + SHOWN_FOR;
  reactions.set(seat, { emoji, until });
  setTimeout(() => {
    if (reactions.get(seat)?.until === until) reactions.delete(seat);
    redraw();
  }, SHOWN_FOR + 20);
}

/** The reaction a seat sent in the last few seconds, or "". */
export function reactionOf(seat) {
  const shown = reactions.get(seat);
  return shown && shown.until > Date.now() ? shown.emoji : "";
}

// the buttons of the reactions a seated player may send
export function reactionButtons(h, reactions, send) {
  return reactions.map((emoji) => h("button", { type: "button", class: "react", "aria-label": emoji, onclick: () => send(emoji) }, emoji));
}

// what each seat sent lately, beside its name: the children of the bar's live region
export function reactionsSeen(h, room, nameOf) {
  return room.seats
    .filter((seat) => reactionOf(seat.seat))
    .map((seat) => h("span", { class: "reaction", "data-seat": seat.seat }, seat.avatar || "", " ", nameChip(h, nameOf(seat), seat.seat), " ", reactionOf(seat.seat)));
}

// ---------------------------------------------------------------- your turn

/** Whether this page beeps and marks its tab when a turn starts: the person's switch, else on,
 * except on a shared device (a page holding several seats: hot-seat), where it would tell all. */
export function turnNoticeOn(shared) {
  const kept = localStorage.getItem("igroteka.turnNotice");
  if (kept === "on") return true;
  if (kept === "off") return false;
  return !shared;
}

export function setTurnNotice(on) {
  localStorage.setItem("igroteka.turnNotice", on ? "on" : "off");
}

let audio = null;
let quiet = null; // the timer that suspends the audio once a beep is over

/** Make the page's AudioContext, from a person's gesture only (a click, a key): a browser lets
 * a page make sound once the person has touched it, and a context made without a gesture would
 * stay refused ("suspended") or, where allowed, run its audio thread for nothing. Suspended
 * between beeps, so that it costs nothing while nobody's turn starts. */
export function allowSound() {
  if (audio) return;
  try {
    audio = new AudioContext();
    audio.suspend().catch(() => {});
  } catch {
    audio = null; // no audio here: the page stays silent
  }
}

// a short beep made by WebAudio (no sound file); silent until a gesture allowed sound
export function beep() {
  if (!audio) return;
  clearTimeout(quiet);
  audio.resume().then(() => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    quiet = setTimeout(() => audio.suspend().catch(() => {}), 400);
  }).catch(() => {});
}

const TITLE = "Igroteka";

/** The tab's title: marked while it is this page's turn and the page is not looked at (set only
 * when it changes). */
export function markTitle(mine, text) {
  const title = mine && document.hidden ? text : TITLE;
  if (document.title !== title) document.title = title;
}
