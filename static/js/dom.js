// The pages' small DOM helpers, one of each: an element by its id, and a sentence said in a live region.

/** The element whose id is ``id`` (null when the page has none). */
export const $ = (id) => document.getElementById(id);

/** Say ``text`` in the live region ``region`` (an element with aria-live or role=status/alert): emptied first and
 * filled a moment later, so that a screen reader says it again even when it is the same sentence as before. */
export function announce(region, text) {
  region.textContent = "";
  window.setTimeout(() => { region.textContent = text; }, 50);
}
