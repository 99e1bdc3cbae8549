// What the table says: the live regions, the event log and the word each seat just said. A page using it has
// #announcer (polite: every batch of events), #alert (assertive: what must be heard at once, such as a rival's
// signal to catch), #last-event, #event-log and seat-N-said (N = 0-3).

import { $, announce } from "./dom.js";
import { capitalize, fmt } from "./text.js";


// A beginner following a hand with a screen reader must hear every sentence: while the bots play at a pace, the
// polite region says one short sentence at a time, and a sentence said while another is still being read waits its
// turn (``readingTime``) instead of overwriting it. ``speakNow`` (pace 0, a resumed table) says at once, dropping
// what waits.
const MS_PER_CHARACTER = 55; // a screen reader at its usual rate, about 180 words a minute
const MIN_MS = 1200;

export function readingTime(text) {
  return Math.max(MIN_MS, text.length * MS_PER_CHARACTER);
}

/** A queue of sentences for one live region; ``schedule(callback, ms)`` / ``cancel(handle)`` can be replaced (the
 * tests step a fake clock). */
export function createSpeaker(region, { schedule = (callback, ms) => setTimeout(callback, ms),
  cancel = (handle) => clearTimeout(handle) } = {}) {
  const waiting = [];
  let timer = null;

  function next() {
    timer = null;
    const text = waiting.shift();
    if (text === undefined) return;
    region.textContent = text;
    timer = schedule(next, readingTime(text));
  }

  return {
    /** Queue ``sentences`` after what is being said. */
    say(sentences) {
      waiting.push(...sentences.filter((text) => text && text.trim()));
      if (timer === null) next();
    },
    /** Say ``text`` at once, dropping what waits. */
    now(text) {
      waiting.length = 0;
      if (timer !== null) cancel(timer);
      timer = null;
      region.textContent = text;
    },
    waiting: () => [...waiting],
  };
}

let speaker = null;
function polite() {
  speaker ??= createSpeaker($("announcer"));
  return speaker;
}

/** Say ``text`` politely, at once: it replaces what was said or waiting. */
export function speakNow(text) {
  polite().now(text);
}

/** Say each of ``sentences`` in turn, after what is being said (the bots' moves at a pace). */
export function announceInTurn(sentences) {
  polite().say(sentences);
}

export function announced() {
  return $("announcer").textContent;
}

/** Say ``text`` at once, interrupting the polite region (never queued behind it). */
export function alertNow(text) {
  const region = $("alert");
  if (!region) return;
  announce(region, text);
}

/** Empty the assertive region once what it said no longer holds (a signal's window closed), so that nobody reading
 * the page finds "catch it before it is gone" long after. Emptying it says nothing. */
export function clearAlert() {
  const region = $("alert");
  if (region) region.textContent = "";
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
