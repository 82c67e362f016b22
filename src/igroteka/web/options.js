// The form of a game's options, made from its declaration: the lobby's, and the room's while
// its creator changes them; pictures for a deck that may name them.

import { h } from "./dom.js";
import { said } from "./games.js";
import { language, t } from "./i18n.js";

function optionInput(option, id) {
  if (option.kind === "flag") return h("input", { type: "checkbox", id, name: option.key, checked: option.default === true });
  if (option.kind === "choice") {
    const input = h(
      "select",
      { id, name: option.key },
      option.choices.map((c) => h("option", { value: c.value }, said(c.label))),
    );
    input.value = option.default;
    return input;
  }
  if (option.kind === "text") return h("textarea", { id, name: option.key, rows: 8, placeholder: said(option.hint) });
  return h("input", { type: "number", id, name: option.key, min: option.low, max: option.high, value: option.default });
}

// Pictures for a deck that may name them (a text option declared with `pictures`): each file
// chosen is uploaded (POST /api/images: the server checks it, draws it again and keeps it),
// and a line `picture <id> : ` is added to the text, for the person to write its words after.
const UPLOAD_BYTES = 2_000_000; // the server's limit: a larger photo is scaled down here first
const UPLOAD_SIDE = 1024;

async function smaller(file) {
  if (file.size <= UPLOAD_BYTES || !file.type.startsWith("image/") || file.type.includes("svg")) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = h("canvas", { width: Math.round(bitmap.width * scale), height: Math.round(bitmap.height * scale) });
    /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")).drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise((done) => canvas.toBlob((blob) => done(blob ?? file), "image/webp", 0.9));
  } catch {
    return file; // not a picture the browser reads: the server says why
  }
}

async function uploadPicture(file) {
  const body = await smaller(file);
  const response = await fetch("/api/images", {
    method: "POST",
    headers: { "Accept-Language": language(), "Content-Type": body.type || "application/octet-stream" },
    body,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.reason || response.statusText);
  return data.id;
}

function picturePicker(textarea) {
  const status = h("p", { class: "muted picture-status", role: "status", "aria-live": "polite" });
  const input = h("input", { type: "file", accept: "image/png,image/jpeg,image/webp", multiple: true, class: "picture-files" });
  input.addEventListener("change", async () => {
    const problems = [];
    let added = 0;
    for (const file of /** @type {FileList} */ (input.files)) {
      status.textContent = t("uploading", { name: file.name });
      try {
        const id = await uploadPicture(file);
        const before = textarea.value && !textarea.value.endsWith("\n") ? "\n" : "";
        textarea.value += `${before}picture ${id} : \n`;
        added += 1;
      } catch (error) {
        problems.push(`${file.name}: ${error.message}`);
      }
    }
    input.value = "";
    const lines = [added ? t("picturesAdded", { n: added }) : "", ...problems].filter(Boolean);
    status.replaceChildren(...lines.map((line) => h("span", { class: "picture-line" }, line, h("br"))));
    textarea.focus();
  });
  return h("div", { class: "pictures" }, h("label", {}, t("addPictures"), input), status);
}

/** The form's fields of a game's options; a field shown only while another has a value. Their ids
 * start with ``prefix`` (a second form on the page, the room's, has its own). */
export function optionFields(game, fields, prefix = "option") {
  const labelled = game.options.map((option) => {
    const id = `${prefix}-${option.key}`;
    const input = optionInput(option, id);
    const label = h("label", { for: id, class: option.kind === "text" ? "own-deck" : null }, said(option.label), input);
    // a deck that may name pictures: the picker goes under its field (a label holds no label)
    const element = option.kind === "text" && option.pictures ? h("div", { class: "own-deck" }, label, picturePicker(input)) : label;
    return { option, input, element };
  });
  for (const { option, element } of labelled) {
    if (!option.shown_when) continue;
    const other = labelled.find((l) => l.option.key === option.shown_when.key);
    const toggle = () => { element.hidden = other.input.value !== option.shown_when.value; };
    other.input.addEventListener("change", toggle);
    toggle();
  }
  const house = labelled.filter((l) => l.option.house).map((l) => l.element);
  fields.replaceChildren(
    ...labelled.filter((l) => !l.option.house).map((l) => l.element),
    ...(house.length ? [h("details", { class: "house-rules" }, h("summary", {}, t("houseRules")), ...house)] : []),
  );
}

/** The options a form asks for: a number left at its default is not sent (the game fits it). */
export function chosenOptions(game, form) {
  const options = {};
  for (const option of game.options) {
    const input = form.elements[option.key];
    const shown = !option.shown_when || form.elements[option.shown_when.key].value === option.shown_when.value;
    if (!shown) continue;
    if (option.kind === "flag") options[option.key] = input.checked;
    else if (option.kind === "choice" || option.kind === "text") options[option.key] = input.value;
    else if (input.value !== "" && input.value !== String(option.default)) options[option.key] = Number(input.value);
  }
  return options;
}
