// The lessons: progress and scores in localStorage, one step at a time, answers judged by the server (the rules
// engine).
//
// The list page (/es/lecciones) shows which lessons are done or in progress, each one's best score, where to
// continue, and a button that clears it all. What is kept, per lesson key: { step, done, mistakes, best }: the step
// to continue from, whether it was finished, the question steps answered wrong at least once in the current run,
// and the best score of a finished run, { first, total } (questions right at the first try, of all questions).
// A lesson page holds every step as a <section>; this module shows one at a time, sends each answer to
// POST /api/lessons/<key>/<step> and shows the verdict: the message (also announced through an ARIA live
// region), when wrong a hint, and behind a closed "why?" the reasons (the explanation component's words); the
// learner then retries.
// Text is always inserted with textContent, never as HTML.

import { callApi } from "./api.js";
import { cardImage, cardNames } from "./cards.js";
import { announce } from "./dom.js";
import { renderCheckerResult } from "./checker-result.js";
import { fmt } from "./text.js";

const STORE = "escuela-mus-lessons";

function loadProgress() {
  try {
    const value = JSON.parse(window.localStorage.getItem(STORE));
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

// Progress saved before issue 36 (no "v") counts the first version's steps; some of them were removed since
// (removedByKey: lesson key -> those step indexes, from the lesson files' removed_v1). A step index moves back by
// the removed steps before it, a removed step's to the step that now follows it; a mistake made at a removed
// step is dropped. Migrated once, then saved with v: 2.
const PROGRESS_VERSION = 2;

function movedIndex(index, removed) {
  return index - removed.filter((gone) => gone < index).length;
}

function migrated(progress, removedByKey) {
  let changed = false;
  for (const [key, state] of Object.entries(progress)) {
    if (!(key in removedByKey) || !state || typeof state !== "object" || state.v === PROGRESS_VERSION) continue;
    const removed = removedByKey[key] || [];
    const moved = { ...state, v: PROGRESS_VERSION };
    if (typeof state.step === "number") moved.step = movedIndex(state.step, removed);
    if (Array.isArray(state.mistakes)) {
      moved.mistakes = state.mistakes.filter((index) => !removed.includes(index))
        .map((index) => movedIndex(index, removed));
    }
    progress[key] = moved;
    changed = true;
  }
  if (changed) saveProgress(progress);
  return progress;
}

function saveProgress(progress) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(progress));
  } catch {
    // private mode or storage full: the lesson still works, only the progress is not kept
  }
}

// ----- the list of lessons ------------------------------------------------------------------------------------

function indexPage() {
  const reset = document.getElementById("lessons-reset");
  renderIndex();
  if (!reset) return;
  reset.addEventListener("click", () => {
    try {
      window.localStorage.removeItem(STORE);
    } catch {
      // nothing was kept
    }
    renderIndex();
    const status = document.getElementById("lessons-reset-status");
    status.textContent = "";
    window.setTimeout(() => { status.textContent = status.dataset.doneLabel; }, 50);
  });
}

function renderIndex() {
  const cards = [...document.querySelectorAll(".lesson-card")];
  const removed = Object.fromEntries(cards.map((item) => [item.dataset.key, JSON.parse(item.dataset.removedV1 || "[]")]));
  const progress = migrated(loadProgress(), removed);
  let resume = null;
  let firstOpen = null;
  for (const item of cards) {
    const key = item.dataset.key;
    const total = Number(item.dataset.steps);
    const state = progress[key] || {};
    const status = item.querySelector(".lesson-card__status");
    const score = item.querySelector(".lesson-card__score");
    item.classList.remove("lesson-card--done", "lesson-card--started");
    status.textContent = status.dataset.stepsLabel;
    score.hidden = !state.best?.total;
    if (state.best) score.textContent = fmt(score.dataset.template, state.best);
    if (state.done) {
      item.classList.add("lesson-card--done");
      status.textContent = status.dataset.doneLabel;
    } else {
      // the "continue" button follows the rules course; the strategy course's cards only show their state
      const first = item.closest('[data-course="strategy"]') === null;
      if (firstOpen === null && first) firstOpen = item;
      if (state.step > 0) {
        item.classList.add("lesson-card--started");
        status.textContent = fmt(status.dataset.progressLabel, { step: Math.min(state.step + 1, total), total });
        if (resume === null && first) resume = item;
      }
    }
  }
  const box = document.getElementById("lessons-continue");
  const link = document.getElementById("lessons-continue-link");
  const reset = document.getElementById("lessons-reset");
  const anyProgress = Object.keys(progress).length > 0;
  if (reset) reset.hidden = !anyProgress;
  if (!box || !link) return;
  const target = resume || firstOpen;
  if (target === null) {
    link.textContent = link.dataset.finishedLabel;
    link.href = cards.length ? cards[0].querySelector("a").href : "#";
  } else if (anyProgress) {
    const number = cards.indexOf(target) + 1;
    link.textContent = fmt(link.dataset.continueLabel, { number });
    link.href = target.querySelector("a").href;
  } else {
    link.textContent = link.dataset.startLabel;
    link.href = target.querySelector("a").href;
  }
  box.hidden = false;
}

// ----- one lesson ---------------------------------------------------------------------------------------------

function lessonPage() {
  const data = JSON.parse(document.getElementById("lesson-data").textContent);
  const sections = [...document.querySelectorAll(".lesson-step")];
  const progressBar = document.getElementById("lesson-progress");
  const progressLabel = document.getElementById("lesson-progress-label");
  const live = document.getElementById("lesson-live");
  const doneBox = document.getElementById("lesson-done");
  const names = cardNames();
  const played = new Map(); // play steps: how many of the learner's moves were made
  const tries = new Map(); // wrong answers given to each step in this visit (a first wrong pick is not told the winner)
  let redo = []; // the missed steps still to redo, when the learner chose to redo them from the recap
  const questions = new Set(data.questions); // the steps that ask something (they are scored)

  function state() {
    const progress = migrated(loadProgress(), { [data.key]: data.removed_v1 || [] });
    const mine = progress[data.key] || {};
    return { progress, mine: { step: 0, done: false, mistakes: [], ...mine, v: PROGRESS_VERSION } };
  }

  function remember(step, done = false) {
    const { progress, mine } = state();
    progress[data.key] = { ...mine, step: Math.max(mine.done ? 0 : mine.step || 0, step), done: mine.done || done };
    if (done) progress[data.key].step = data.steps;
    saveProgress(progress);
  }

  // A wrong answer (or a hint shown) costs the step its first-try point for this run of the lesson.
  function mistake(index) {
    const { progress, mine } = state();
    if (!questions.has(index) || mine.mistakes.includes(index)) return;
    progress[data.key] = { ...mine, mistakes: [...mine.mistakes, index] };
    saveProgress(progress);
  }

  function startRun() {
    const { progress, mine } = state();
    progress[data.key] = { ...mine, step: 0, mistakes: [] }; // a finished lesson stays done, its best kept
    saveProgress(progress);
  }

  // A new step is focused and announced (its number and its text), so a screen reader hears where it is.
  function show(index, focus = true) {
    doneBox.hidden = true;
    sections.forEach((section, i) => { section.hidden = i !== index; });
    progressBar.value = index + 1;
    progressLabel.textContent = fmt(progressLabel.dataset.template, { step: index + 1, total: data.steps });
    window.history.replaceState(null, "", `#step-${index + 1}`);
    if (!focus) return;
    sections[index].focus();
    const text = sections[index].querySelector(".lesson-step__text").textContent.trim();
    announce(live, `${progressLabel.textContent}. ${text}`);
  }

  // The end of a run: its score (kept when it is the best), the mistakes to review with their rule, what next.
  function finish() {
    remember(data.steps, true);
    const { progress, mine } = state();
    const score = { first: questions.size - mine.mistakes.filter((i) => questions.has(i)).length,
      total: questions.size };
    const best = mine.best && mine.best.first >= score.first ? mine.best : score;
    progress[data.key] = { ...mine, best };
    saveProgress(progress);
    sections.forEach((section) => { section.hidden = true; });
    progressBar.value = data.steps;
    const scoreLine = document.getElementById("lesson-score");
    scoreLine.textContent = fmt(scoreLine.dataset.template, score);
    scoreLine.hidden = score.total === 0; // a lesson with no question has no score ("0 of 0")
    const missed = new Set(mine.mistakes);
    doneBox.querySelectorAll("[data-recap-step]").forEach((item) => {
      item.hidden = !missed.has(Number(item.dataset.recapStep));
    });
    document.getElementById("lesson-mistakes").hidden = missed.size === 0;
    document.getElementById("lesson-no-mistakes").hidden = missed.size > 0;
    const suggestion = document.querySelector("[data-suggest-level]");
    if (suggestion) suggestLevel(progress);
    doneBox.hidden = false;
    window.history.replaceState(null, "", "#done");
    doneBox.focus();
  }

  // After the last lesson: the table, with the bots' level the learner's first-try answers suggest.
  function suggestLevel(progress) {
    let first = 0;
    let total = 0;
    for (const state of Object.values(progress)) {
      if (state && state.best) {
        first += state.best.first;
        total += state.best.total;
      }
    }
    const level = total && first / total >= data.medium_from ? "medium" : "easy";
    document.querySelectorAll("[data-suggest-level]").forEach((link) => {
      link.hidden = link.dataset.suggestLevel !== level;
    });
  }

  function feedback(section, body, correct) {
    const box = section.querySelector("[data-feedback]");
    box.hidden = false;
    box.classList.toggle("feedback--right", correct);
    box.classList.toggle("feedback--wrong", !correct);
    section.querySelector("[data-feedback-message]").textContent = body.message || body.error || "";
    const details = section.querySelector("[data-feedback-details]");
    details.replaceChildren(...(body.details || []).map((text) => {
      const item = document.createElement("li");
      item.textContent = text;
      return item;
    }));
    const hint = section.querySelector("[data-feedback-hint]");
    hint.hidden = !body.hint;
    hint.querySelector("[data-feedback-hint-text]").textContent = body.hint || "";
    const explanation = section.querySelector("[data-feedback-explanation]");
    explanation.replaceChildren();
    if (body.explanation) renderCheckerResult(explanation, body.explanation, { hands: false, headingLevel: 3 });
    // why the answer is (not) right: behind a "why?" the learner may open, closed again at each new verdict
    const why = section.querySelector("[data-feedback-why]");
    why.open = false;
    why.hidden = !(body.details || []).length && !body.explanation;
    const hintWords = body.hint ? `${hint.querySelector("strong").textContent} ${body.hint}` : "";
    announce(live, [body.message || body.error, hintWords].filter(Boolean).join(" "));
  }

  function stepDone(section, index) {
    remember(index + 1);
    section.classList.add("lesson-step--answered");
    const next = section.querySelector("[data-next]");
    next.hidden = false;
    next.focus();
  }

  // The focus never drops to the top of the page (a pressed button hidden because it is no longer legal, cards
  // redrawn): after a move of a step played move by move (moved) it goes to the first control of the next move,
  // the moves legal now; after a refused answer it stays where it is unless that control is gone, then the same.
  function keepFocus(section, moved = false) {
    const focused = document.activeElement;
    if (!moved && focused && focused !== document.body && section.contains(focused) && focused.checkVisibility()
      && !focused.disabled) return;
    const next = [...section.querySelectorAll(".lesson-question button, .lesson-question input, .discard button")]
      .find((control) => !control.disabled && control.checkVisibility());
    (next || section).focus();
  }

  function redrawHand(section, codes) {
    const hand = section.querySelector("[data-learner-hand]");
    if (!hand) return;
    if (hand.tagName === "UL") {
      hand.replaceChildren(...codes.map((code) => {
        const item = document.createElement("li");
        item.append(cardImage(code, names, { size: "small" }));
        return item;
      }));
    } else {
      hand.replaceChildren(...codes.map((code) => cardImage(code, names)));
      hand.classList.add("discard__cards--drawn");
    }
  }

  function showCards(section, hands) {
    hands.forEach((codes, seat) => {
      const hand = section.querySelector(`[data-seat-hand="${seat}"]`);
      if (!hand) return;
      hand.classList.remove("hand--hidden");
      hand.replaceChildren(...codes.map((code) => {
        const item = document.createElement("li");
        item.append(cardImage(code, names, { size: "small" }));
        return item;
      }));
    });
  }

  async function send(section, index, answer) {
    const body = { answer, tries: tries.get(index) || 0 };
    // a step played move by move (its partial marks it data-moves) says how many of its moves were made
    if (section.querySelector("[data-moves]")) body.done = played.get(index) || 0;
    section.setAttribute("aria-busy", "true");
    const reply = await callApi("POST", `${data.api}${index}`, { lang: data.lang, body });
    section.removeAttribute("aria-busy");
    const result = reply.data ?? { error: data.network_error };
    if (reply.status !== 200 || !reply.data) {
      feedback(section, result, false);
      keepFocus(section);
      return;
    }
    feedback(section, result, result.correct);
    if (!result.correct) {
      tries.set(index, (tries.get(index) || 0) + 1);
      mistake(index);
      keepFocus(section);
      return;
    }
    // what changed at the table, whatever the kind: the server sends only what the step's table shows
    if (result.done !== undefined) played.set(index, result.done);
    const log = section.querySelector("[data-play-log]");
    for (const text of result.events || []) {
      const item = document.createElement("li");
      item.textContent = text;
      log.append(item);
    }
    if (result.view) {
      redrawHand(section, result.view.hand);
      // the seat that is mano now (the first corto of a game makes a new mano) and the moves legal now
      section.querySelectorAll("[data-mano-mark]").forEach((mark) => {
        mark.hidden = Number(mark.dataset.manoMark) !== result.view.mano;
      });
      if (result.view.legal) {
        section.querySelectorAll("[data-action-kind]").forEach((control) => {
          control.hidden = !result.view.legal.includes(control.dataset.actionKind);
        });
      }
      section.querySelector("[data-play-status]").textContent = result.view.status;
      const score = section.querySelector("[data-score]");
      if (score) score.textContent = result.view.score;
    }
    if (result.showdown) showCards(section, result.showdown);
    if (result.hand) redrawHand(section, result.hand);
    if (!result.finished) {
      keepFocus(section, true);
      return;
    }
    section.querySelectorAll("[data-lock-when-done]").forEach((button) => { button.disabled = true; });
    stepDone(section, index);
  }

  function number(input) {
    const text = input.value.trim();
    return /^\d+$/.test(text) ? Number(text) : text; // anything else goes to the server, which says why
  }

  sections.forEach((section, index) => {
    section.addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target || !section.contains(target) || target.disabled) return;
      // one answer at a time: a play step's next move is judged from where the last one left the table
      if (section.getAttribute("aria-busy") === "true" && !target.matches(".card-toggle, .choice-toggle")) return;
      // the second click of a double click is never a second answer: the first one's reply may already have put
      // the next move's button under the pointer
      if (event.detail > 1 && !target.matches(".card-toggle, .choice-toggle")) return;
      if (target.matches("[data-prev]")) {
        if (index > 0) show(index - 1);
      } else if (target.matches("[data-next]")) {
        remember(index + 1); // a step with nothing to answer is done once read (an answered one already is)
        if (redo.length) show(redo.shift()); // redoing the missed steps: the next of them, then the recap again
        else if (redo.active) { redo = []; finish(); }
        else if (index + 1 < sections.length) show(index + 1);
        else finish();
      } else if (target.matches("[data-answer-seat]")) {
        send(section, index, { seat: Number(target.dataset.answerSeat) });
      } else if (target.matches("[data-answer-value]")) {
        send(section, index, { value: target.dataset.answerValue });
      } else if (target.matches(".card-toggle, .choice-toggle")) {
        target.setAttribute("aria-pressed", String(target.getAttribute("aria-pressed") !== "true"));
      } else if (target.matches("[data-answer-choices]")) {
        // every marked choice (none is an answer too): { senas: [...] } or { hands: [...] }
        const chosen = [...section.querySelectorAll('.choice-toggle[aria-pressed="true"]')].map((b) => b.dataset.choice);
        send(section, index, { [target.dataset.answerChoices]: chosen });
      } else if (target.matches("[data-answer-discard]")) {
        const cards = [...section.querySelectorAll('.card-toggle[aria-pressed="true"]')].map((b) => b.dataset.card);
        send(section, index, { cards });
      } else if (target.matches("[data-answer-action]")) {
        const action = { type: target.dataset.answerAction };
        if (action.type === "envido") action.amount = number(section.querySelector("[data-envido-amount]"));
        send(section, index, { action });
      }
    });
    section.addEventListener("submit", (event) => {
      event.preventDefault();
      if (section.getAttribute("aria-busy") === "true") return;
      const form = event.target;
      if (form.matches("[data-answer-number]")) {
        send(section, index, { value: number(form.querySelector("input")) });
      } else if (form.matches("[data-answer-count]")) {
        const totals = [...form.querySelectorAll("input[data-team]")].map(number);
        send(section, index, { totals });
      }
    });
  });

  // A missed step opened again from the recap asks its question afresh (a step played move by move stays played).
  function reopen(index) {
    const section = sections[index];
    if (!questions.has(index) || section.querySelector("[data-moves]")) return;
    section.classList.remove("lesson-step--answered");
    section.querySelector("[data-feedback]").hidden = true;
    section.querySelector("[data-next]").hidden = true;
  }

  // The recap: each missed step links back to it; "redo" goes through the missed steps again, then back here.
  doneBox.addEventListener("click", (event) => {
    const link = event.target.closest("[data-goto-step]");
    if (link) {
      event.preventDefault();
      reopen(Number(link.dataset.gotoStep));
      show(Number(link.dataset.gotoStep));
    } else if (event.target.closest("[data-redo-missed]")) {
      const missed = [...doneBox.querySelectorAll("[data-recap-step]")].filter((item) => !item.hidden)
        .map((item) => Number(item.dataset.recapStep));
      if (!missed.length) return;
      redo = missed.slice(1);
      redo.active = true;
      missed.forEach(reopen);
      show(missed[0]);
    }
  });

  // Where to start: the step in the address, else where the learner left off (a finished lesson starts over, and
  // so does its score). A question the run already answered (a reload after its verdict) is not asked again: the
  // page goes on where the learner left off, the step after it (the recap when it was the last). The page opens at
  // its title and progress bar, whatever step it shows.
  const { mine } = state();
  const match = /^#step-(\d+)$/.exec(window.location.hash);
  let start = match ? Number(match[1]) - 1 : mine.done ? 0 : mine.step || 0;
  if (match && !mine.done && questions.has(start) && start < mine.step) start = mine.step;
  if (start >= sections.length && !mine.done && mine.step >= sections.length) {
    finish();
    return;
  }
  if (!(start >= 0 && start < sections.length)) start = 0;
  if (mine.done || (start === 0 && !match)) startRun();
  show(start, false);
  const top = () => window.scrollTo(0, 0);
  top();
  window.addEventListener("load", top, { once: true });
}

if (document.getElementById("lesson-data")) lessonPage();
else if (document.querySelector(".lessons-list")) indexPage();
