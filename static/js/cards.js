// Cards for scripts that draw them: the same <img> as the card() macro of templates/_cards.html.
//
//   import { cardNames, cardImage } from "./cards.js";
//   const names = cardNames();              // needs {{ card_names_json() }} in the page
//   hand.append(cardImage("12o", names, { highlight: true }));
//   hand.append(cardImage("back", names));  // a face-down card
//
// The accessible name (alt) is the localized card name from the page's JSON block, the picture's URL (with its
// content hash, so it is cached for a year) from the same block; an unknown code throws instead of drawing a card
// without a name.

const BLOCK_ID = "card-names";

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

let urls = null; // [block element, its code -> picture URL map], read once per block

/** The picture URL of a card (or "back"), with the content hash the server gives every static file. */
function cardUrl(code, root = document) {
  const element = block(root);
  if (!urls || urls[0] !== element) urls = [element, JSON.parse(element.dataset.urls)];
  return urls[1][code];
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
  image.src = cardUrl(code);
  image.alt = name;
  image.width = 70;
  image.height = 105;
  return image;
}
