// What this browser keeps of each room (localStorage): the seats' tokens, the creator's token and
// the options the creator's form last sent.

export function tokens(room) {
  return JSON.parse(localStorage.getItem(`igroteka.room.${room}`) || "{}");
}

export function keepToken(room, seat, token) {
  const held = tokens(room);
  held[seat] = token;
  localStorage.setItem(`igroteka.room.${room}`, JSON.stringify(held));
}

export function forgetToken(room, seat) {
  const held = tokens(room);
  delete held[seat];
  localStorage.setItem(`igroteka.room.${room}`, JSON.stringify(held));
}

// The room's creator token (answered once, when the room is made): it alone seats bots, changes
// the options and starts the game. Kept by room, beside the seat tokens.
export function creatorToken(room) {
  return localStorage.getItem(`igroteka.creator.${room}`) || "";
}

// The token this page acts as the room's creator with, or "": the creator's; in a room made
// before creator tokens (`seated_creators`), any seat's it holds.
export function actingCreator(room) {
  const held = Object.values(tokens(room.id));
  return creatorToken(room.id) || (room.seated_creators && held.length ? held[0] : "");
}

export function keepCreator(room, token) {
  if (token) localStorage.setItem(`igroteka.creator.${room}`, token);
}

// The options as the creator's form last sent them (the room keeps them as the game read them: a
// deck typed in is a deck by then), so that a change of them starts from what was chosen.
export function sentOptions(room) {
  return JSON.parse(localStorage.getItem(`igroteka.options.${room}`) || "{}");
}

export function keepOptions(room, options) {
  localStorage.setItem(`igroteka.options.${room}`, JSON.stringify(options));
}

// The name this browser's person last took a seat under: the name of their seat in a game
// against bots made in one click (lobby.js).
export function keptName() {
  return localStorage.getItem("igroteka.name") || "";
}

export function keepName(name) {
  const trimmed = name.trim();
  if (trimmed) localStorage.setItem("igroteka.name", trimmed.slice(0, 32));
}
