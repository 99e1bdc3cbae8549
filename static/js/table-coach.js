// The coach (issue 15): the Hint button and its key at the seat's decisions (GET hintUrl(view), the answer shown
// under the controls and said in the polite live region), the review of the hand just over (the view's ``review``,
// templates/_coach_review.html, at the bots' table and in a room whose host turned the coach on: the view's
// ``coach``), and at the bots' table the setting that turns the coach off (settingsUrl).
//
//   const coach = createCoach({ ctx, call, getView, hintUrl: (view) => url, settingsUrl: (view) => url });
//   coach.update(view)   // every event shown and the controls drawn: the hint is offered for the decision on screen
//   coach.hide()         // a new view is being shown (the bots' moves at a pace): no hint until update()

import { $ } from "./dom.js";
import { speakNow } from "./table-live.js";
import { decisionOf } from "./table-view.js";
import { fmt } from "./text.js";

// Not decisions the coach answers: out-of-turn actions (a signal, a catch, letting the bots go on) and "next hand".
const NOT_DECISIONS = new Set(["sena", "catch", "continue", "next_hand"]);

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

export function createCoach({ ctx, call, getView, hintUrl, settingsUrl = null }) {
  const words = ctx.texts.coach;
  const box = $("coach");
  const button = $("hint-button");
  const output = $("hint-output");
  let asked = null; // the decision the shown hint was asked for (decisionOf)

  function canAsk(view) {
    return Boolean(view?.coach) && !view.match_over && !view.me?.stand_in // a room's seat its bot plays for now
      && view.legal_actions.some((entry) => !NOT_DECISIONS.has(entry.type));
  }

  function update(view) {
    box.hidden = !canAsk(view);
    if (asked !== decisionOf(view)) output.replaceChildren();
    if (settingsUrl) $("setting-coach").checked = Boolean(view?.coach);
    if ($("coach-review")) drawReview(view);
  }

  function hide() {
    box.hidden = true;
  }

  async function hint() {
    const view = getView();
    if (box.hidden || !canAsk(view) || ctx.busy) return;
    output.textContent = words.asking;
    const { status, data } = await call("GET", hintUrl(view));
    // The table moved on meanwhile (a room's news such as "X is connected" does not change the decision): the hint
    // answered an older decision, and update() clears what was asked.
    if (decisionOf(getView()) !== decisionOf(view) || box.hidden) return;
    if (status !== 200) {
      output.textContent = data?.error ?? ctx.texts.ui.error;
      speakNow(output.textContent);
      return;
    }
    asked = decisionOf(view);
    const head = document.createElement("p");
    head.className = "coach__move";
    head.textContent = fmt(words.suggests, { move: data.label });
    const why = document.createElement("p");
    why.textContent = data.why;
    const rule = document.createElement("a");
    rule.href = data.rule_url;
    rule.textContent = words.rule;
    why.append(" ", rule);
    const list = document.createElement("ul");
    list.className = "coach__estimates";
    list.setAttribute("aria-label", words.estimates);
    for (const estimate of data.estimates) { // its figures written by the server in the page's language
      const item = document.createElement("li");
      item.textContent = estimate.text;
      list.append(item);
    }
    output.replaceChildren(head, why, list);
    speakNow(`${head.textContent} ${data.why}`);
  }

  function drawReview(view) {
    const section = $("coach-review");
    const marks = view?.review;
    section.hidden = !marks;
    if (!marks) return;
    const list = $("coach-review-marks");
    list.replaceChildren();
    if (!marks.length) {
      const item = document.createElement("li");
      item.textContent = words.none;
      list.append(item);
    }
    for (const mark of marks) {
      const item = document.createElement("li");
      item.className = `coach-mark coach-mark--${mark.mark}`;
      const title = document.createElement("strong");
      title.textContent = `${mark.kind_label}: ${mark.mark_label}.`;
      const rule = document.createElement("a");
      rule.href = mark.rule_url;
      rule.textContent = words.rule;
      item.append(title, ` ${mark.text} ${mark.why} `, rule);
      list.append(item);
    }
  }

  async function saveSetting(event) {
    const view = getView();
    if (!view) return;
    const status = $("setting-coach-status");
    const { status: code, data } = await call("POST", settingsUrl(view), { coach: event.target.checked });
    if (code === 200) {
      view.version = data.version;
      view.coach = data.coach;
      view.review = data.review;
      $("table").dataset.version = String(data.version);
      status.textContent = data.coach ? words.on : words.off;
      update(view);
    } else {
      status.textContent = data?.error ?? ctx.texts.ui.error;
    }
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.key.toLowerCase() === words.key && !box.hidden) {
      event.preventDefault();
      hint();
    }
  }

  button.addEventListener("click", hint);
  if (settingsUrl) $("setting-coach").addEventListener("change", saveSetting);
  document.addEventListener("keydown", onKey);
  return { update, hide };
}
