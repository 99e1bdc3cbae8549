// Cards for scripts that draw them: the same <img> as the card() macro of templates/_cards.html.
//
//   import { cardNames, cardImage } from "./cards.js";
//   const names = cardNames();              // needs {{ card_names_json() }} in the page
//   hand.append(cardImage("12o", names, { highlight: true }));
//   hand.append(cardImage("back", names));  // a face-down card
//
// The accessible name (alt) is the localized card name from the page's JSON block; an unknown code throws
// instead of drawing a card without a name.

const BLOCK_ID = "card-names";
const DEFAULT_BASE = "/static/cards/";

function block(root = document) {
  const element = root.getElementById(BLOCK_ID);
  if (!element) {
    throw new Error(`#${BLOCK_ID} is missing: add {{ card_names_json() }} from _cards.html to the page`);
  }
  return element;
}

/** Every card's localized name keyed by code ("12o" -> "rey de oros"), plus "back". */
export function cardNames(root = document) {
  return JSON.parse(block(root).textContent);
}

function cardBase(root = document) {
  const element = root.getElementById(BLOCK_ID);
  return (element && element.dataset.base) || DEFAULT_BASE;
}

/** An <img> of one card (or "back"), with its localized name as alt text. */
export function cardImage(code, names = cardNames(), { highlight = false, size = "" } = {}) {
  const name = Object.prototype.hasOwnProperty.call(names, code) ? names[code] : null;
  if (!name) {
    throw new Error(`unknown card code: ${code}`);
  }
  const image = document.createElement("img");
  image.className = "card";
  if (size) image.classList.add(`card--${size}`);
  if (highlight) image.classList.add("card--highlight");
  image.src = `${cardBase()}${code}.svg`;
  image.alt = name;
  image.width = 70;
  image.height = 105;
  return image;
}
