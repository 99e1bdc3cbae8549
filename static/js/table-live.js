// What the table says: the live regions, the event log and the word each seat just said. A page using it has
// #announcer (polite: every batch of events), #alert (assertive: what must be heard at once, such as a rival's
// signal to catch), #last-event, #event-log and seat-N-said (N = 0-3).

import { capitalize, fmt } from "./table-text.js";

const $ = (id) => document.getElementById(id);

/** Say ``text`` politely (after what is being read); it replaces the batch said before. */
export function announce(text) {
  $("announcer").textContent = text;
}

export function announced() {
  return $("announcer").textContent;
}

/** Say ``text`` at once, interrupting the polite region (never queued behind it). */
export function alertNow(text) {
  const region = $("alert");
  if (!region) return;
  region.textContent = "";
  // A new text node in an emptied region is announced even when the same words come twice.
  requestAnimationFrame(() => { region.textContent = text; });
}

// What the live region says of an event: its sentence, except the showdown's sixteen card names (they stay in the
// log and on the seats; the explanation panel lists every hand lance by lance).
export function spoken(ctx, event) {
  return event.code === "showdown" ? ctx.texts.ui.showdown : event.text;
}

export function logEvent(event) {
  const item = document.createElement("li");
  item.textContent = event.text;
  $("event-log").append(item);
  $("last-event").textContent = event.text;
}

export function clearLog() {
  $("event-log").replaceChildren();
}

/** The word a seat just said, shown under its name (cleared when a hand or a lance starts). */
export function saidBy(ctx, event) {
  const { actions, ui } = ctx.texts;
  const cap = (text) => capitalize(text, ctx.lang);
  if (event.code === "hand_start" || event.code === "lance_start") {
    for (let seat = 0; seat < 4; seat += 1) $(`seat-${seat}-said`).textContent = "";
  }
  if (event.seat === undefined || !(event.code in actions || event.code === "discard_chosen")) return;
  let said = cap(actions[event.code] ?? "");
  if (event.code === "envido") {
    said = event.params.amount === event.params.total
      ? `${cap(actions.envido)} ${event.params.amount}` : cap(fmt(ui.raise, { amount: event.params.amount }));
  } else if (event.code === "discard_chosen") {
    said = cap(ui.discardChosen);
  }
  $(`seat-${event.seat}-said`).textContent = said;
}
