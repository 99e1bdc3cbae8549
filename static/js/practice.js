// The practice page: exercises from GET /api/practice, answers judged by POST /api/practice (the rules engine),
// spaced repetition and the daily challenge kept in this browser (localStorage).
//
// Spaced repetition is Leitner boxes (docs/api-practice.md, "The page"):
// - each skill sits in a box from 0 (never practised) to 5; a right answer moves it up one box, a wrong one back to
//   box 1. The box is the skill's mastery bar, and says when the schedule offers the skill again (SKILL_WAIT).
// - a missed exercise (its skill and seed: the same deal again) goes into box 1 of the review list: it comes back
//   after two more answers; right there, it moves up and waits longer (REVIEW_WAIT: a day, three, a week); right
//   in the last box, it leaves the list; wrong anywhere, back to box 1.
// "Next on my schedule" takes a review that is due first, else the skill whose turn is oldest (lowest box first).
// Text is always inserted with textContent, never as HTML.

import { callApi } from "./api.js";
import { cardImage, cardNames } from "./cards.js";
import { $, announce } from "./dom.js";
import { fmt } from "./text.js";

const STORE = "escuela-mus-practice";
const BOXES = 5;
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const SKILL_WAIT = [0, 0, 10 * MINUTE, 60 * MINUTE, DAY, 3 * DAY];
const REVIEW_WAIT = [0, 0, DAY, 3 * DAY, 7 * DAY];  // by review box; right in the last one: learned
const REVIEW_AFTER = 2;  // a missed exercise comes back after this many other answers

const data = JSON.parse(document.getElementById("practice-data").textContent);
const texts = data.texts;
const names = cardNames();

// ----- what is kept -------------------------------------------------------------------------------------------

function emptyState() {
  return { version: 1, answered: 0, skills: {}, reviews: [], daily: null };
}

function load() {
  try {
    const value = JSON.parse(window.localStorage.getItem(STORE));
    return value && value.version === 1 ? value : emptyState();
  } catch {
    return emptyState();
  }
}

function save() {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(state));
  } catch {
    // private mode or storage full: practice still works, only nothing is remembered
  }
}

let state = load();

function skillState(skill) {
  return state.skills[skill] || { box: 0, due: 0, right: 0, wrong: 0 };
}

function record(exercise, correct, wasReview) {
  const now = Date.now();
  const skill = skillState(exercise.skill);
  skill.box = correct ? Math.min(skill.box + 1, BOXES) : 1;
  skill.due = now + SKILL_WAIT[skill.box];
  skill[correct ? "right" : "wrong"] += 1;
  state.skills[exercise.skill] = skill;
  state.answered += 1;
  const index = state.reviews.findIndex((item) => item.skill === exercise.skill && item.seed === exercise.seed);
  if (!correct) {
    const item = { skill: exercise.skill, seed: exercise.seed, box: 1, after: state.answered + REVIEW_AFTER, due: now };
    if (index >= 0) state.reviews[index] = item; else state.reviews.push(item);
  } else if (index >= 0 && wasReview) {
    const item = state.reviews[index];
    if (item.box + 1 >= REVIEW_WAIT.length) {
      state.reviews.splice(index, 1);  // learned
    } else {
      item.box += 1;
      item.after = 0;
      item.due = now + REVIEW_WAIT[item.box];
    }
  }
  save();
}

function dueReview() {
  const now = Date.now();
  return state.reviews.find((item) => state.answered >= item.after && now >= item.due) || null;
}

function scheduledSkill() {
  const ranked = data.skills.map((skill, order) => ({ skill, order, ...skillState(skill) }));
  ranked.sort((a, b) => (a.due - b.due) || (a.box - b.box) || (a.order - b.order));
  return ranked[0].skill;
}

function randomSeed() {
  const values = new Uint32Array(1);
  window.crypto.getRandomValues(values);
  return values[0] & 0x7fffffff;
}

// ----- the skills list ----------------------------------------------------------------------------------------

function renderSkills() {
  for (const item of document.querySelectorAll(".practice-skill")) {
    const skill = item.dataset.skill;
    const bar = item.querySelector("progress");
    const { box } = skillState(skill);
    bar.value = box;
    bar.setAttribute("aria-valuetext", fmt(texts.mastery, { skill: data.names[skill], box, boxes: BOXES }));
    bar.title = bar.getAttribute("aria-valuetext");
  }
}

/** Say ``message`` in the page's live region. */
function say(message) {
  announce($("practice-live"), message);
}

// ----- one exercise -------------------------------------------------------------------------------------------

let current = null;  // { exercise, review, daily: index or null }
let daily = null;    // { date, exercises, results }

async function open(skill, seed, { review = false, dailyIndex = null } = {}) {
  const section = $("practice-exercise");
  section.hidden = false;
  $("practice-verdict").hidden = true;
  $("practice-daily-result").hidden = true;
  $("practice-question").textContent = texts.loading;
  const url = `${data.api}?skill=${encodeURIComponent(skill)}&seed=${seed}`;
  const { status, data: exercise } = await callApi("GET", url, { lang: data.lang });
  if (status !== 200 || !exercise) {
    $("practice-question").textContent = (exercise && exercise.error) || texts.network;
    say($("practice-question").textContent);
    return;
  }
  current = { exercise, review, daily: dailyIndex };
  for (const button of document.querySelectorAll(".practice-skill__button")) {
    button.setAttribute("aria-pressed", String(button.dataset.skill === skill && dailyIndex === null));
  }
  render(exercise);
  const meta = [];
  if (dailyIndex !== null) meta.push(fmt(texts.exercise, { number: dailyIndex + 1, total: daily.exercises.length }));
  meta.push(data.names[skill]);
  if (review) meta.push(texts.review);
  $("practice-meta").textContent = meta.join(" · ");
  $("practice-question").focus();
  say(`${fmt(texts.new_skill, { skill: data.names[skill] })} ${exercise.question}`);
}

function render(exercise) {
  $("practice-question").textContent = exercise.question;
  $("practice-facts").textContent = exercise.setting;
  const table = $("practice-table");
  table.replaceChildren();
  const shown = exercise.hands.filter((hand) => hand !== null).length;
  table.hidden = shown === 0;
  table.classList.toggle("table--single", shown === 1);
  exercise.hands.forEach((hand, seat) => {
    if (hand === null) return;
    const box = document.createElement("div");
    box.className = `seat seat--${seat}`;
    const name = document.createElement("span");
    name.className = "seat__name";
    name.textContent = exercise.labels.seats[seat];
    const cards = document.createElement("ul");
    cards.className = "hand";
    cards.setAttribute("aria-label", exercise.labels.hands[seat]);
    for (const code of hand) {
      const item = document.createElement("li");
      item.append(cardImage(code, names));
      cards.append(item);
    }
    box.append(name, cards);
    table.append(box);
  });
  const bets = $("practice-bets");
  bets.replaceChildren();
  bets.hidden = !exercise.bets || exercise.bets.length === 0;
  for (const line of exercise.bets || []) {
    const item = document.createElement("li");
    item.textContent = line;
    bets.append(item);
  }
  const choices = $("practice-choices");
  choices.replaceChildren();
  const form = $("practice-points");
  const points = exercise.form === "points";
  form.hidden = !points;
  choices.hidden = points;
  if (points) {
    exercise.choices.forEach((choice, team) => {
      $(`practice-points-label-${team}`).textContent = fmt(texts.team_points, { team: choice.label });
      const input = $(`practice-points-${team}`);
      input.value = "";
      input.disabled = false;
    });
    form.querySelector("button").disabled = false;
    return;
  }
  for (const choice of exercise.choices) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button button--secondary practice-choice";
    button.textContent = choice.label;
    button.dataset.answer = JSON.stringify("seat" in choice ? { seat: choice.seat } : { value: choice.value });
    button.addEventListener("click", () => {
      button.classList.add("practice-choice--chosen");
      answer("seat" in choice ? { seat: choice.seat } : { value: choice.value });
    });
    choices.append(button);
  }
}

async function answer(given) {
  if (!current) return;
  const { exercise } = current;
  const used = document.activeElement; // disabled while judged: the focus comes back to it if the answer fails
  for (const control of document.querySelectorAll(".practice-choice, #practice-points input, #practice-points button")) {
    control.disabled = true;
  }
  const { status, data: verdict } = await callApi("POST", data.api, {
    lang: data.lang, body: { skill: exercise.skill, seed: exercise.seed, answer: given },
  });
  if (status !== 200 || !verdict) {
    const message = (verdict && verdict.error) || texts.network;
    $("practice-verdict").hidden = false;
    $("practice-verdict-message").textContent = message;
    $("practice-why").textContent = "";
    say(message);
    for (const control of document.querySelectorAll(".practice-choice, #practice-points input, #practice-points button")) {
      control.disabled = false;
    }
    if (used && used !== document.body) used.focus();
    return;
  }
  record(exercise, verdict.correct, current.review);
  renderSkills();
  if (current.daily !== null) {
    daily.results[current.daily] = verdict.correct ? 1 : 0;
    state.daily = { date: daily.date, results: daily.results };
    save();
  }
  // A choice within the estimate's uncertainty of the coach's best counts as right without being the best.
  const praise = verdict.as_good ? texts.as_good : texts.right;
  const message = verdict.correct ? praise : fmt(texts.wrong, { answer: verdict.answer_label });
  const box = $("practice-verdict");
  box.hidden = false;
  box.classList.toggle("practice-verdict--right", verdict.correct);
  box.classList.toggle("practice-verdict--wrong", !verdict.correct);
  $("practice-verdict-message").textContent = message;
  $("practice-why").textContent = verdict.why;
  const right = JSON.stringify(verdict.answer);
  for (const button of document.querySelectorAll(".practice-choice")) {
    button.classList.toggle("practice-choice--right", button.dataset.answer === right);
  }
  $("practice-rule").href = verdict.rule_url;
  const last = current.daily !== null && current.daily + 1 >= daily.exercises.length;
  $("practice-next").hidden = last;
  say(`${message} ${verdict.why}`);
  if (last) {
    showDailyResult();
  } else {
    $("practice-next").focus();
  }
}

function next() {
  if (current && current.daily !== null && current.daily + 1 < daily.exercises.length) {
    const index = current.daily + 1;
    const item = daily.exercises[index];
    open(item.skill, item.seed, { dailyIndex: index });
  } else {
    nextInSkill();
  }
}

let chosenSkill = null;  // a skill the learner picked: exercises stay on it (reviews still come first)

function nextInSkill() {
  const review = dueReview();
  if (review) {
    open(review.skill, review.seed, { review: true });
    return;
  }
  open(chosenSkill || scheduledSkill(), randomSeed());
}

// ----- the daily challenge ------------------------------------------------------------------------------------

async function startDaily(date) {
  const url = date ? `${data.daily_api}?date=${encodeURIComponent(date)}` : data.daily_api;
  const { status, data: challenge } = await callApi("GET", url, { lang: data.lang });
  if (status !== 200 || !challenge) {
    say((challenge && challenge.error) || texts.network);
    return;
  }
  chosenSkill = null;
  daily = { date: challenge.date, exercises: challenge.exercises, results: [] };
  const first = challenge.exercises[0];
  open(first.skill, first.seed, { dailyIndex: 0 });
}

function showDailyResult() {
  const right = daily.results.filter(Boolean).length;
  const total = daily.exercises.length;
  const score = fmt(texts.daily_done, { date: dayText(daily.date), right, total });
  const link = new URL(data.page, window.location.href);
  link.searchParams.set("reto", daily.date);
  link.searchParams.set("resultado", daily.results.join(""));
  $("practice-daily-result").hidden = false;
  $("practice-daily-score").textContent = score;
  $("practice-share").value = link.href;
  say(score);
  $("practice-copy").focus();
}

// A challenge's day as the page's language writes a date ("7 de diciembre de 2026"), written by the server for the
// days the page may name (today's and a shared link's); any other keeps its ISO form, as links and what is kept do.
function dayText(iso) {
  return data.days[iso] ?? iso;
}

function sharedResult() {
  const params = new URLSearchParams(window.location.search);
  const date = params.get("reto");
  const result = params.get("resultado") || "";
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[01]{1,20}$/.test(result)) return null;
  return { date, right: [...result].filter((c) => c === "1").length, total: result.length };
}

// ----- start --------------------------------------------------------------------------------------------------

function start() {
  $("practice").hidden = false;
  renderSkills();
  const shared = sharedResult();
  if (shared) {
    $("practice-shared").hidden = false;
    $("practice-shared").textContent = fmt(texts.shared, { ...shared, date: dayText(shared.date) });
    if (shared.date !== data.today) $("practice-daily").textContent = texts.shared_play; // not today's: the link's
  }
  for (const button of document.querySelectorAll(".practice-skill__button")) {
    button.addEventListener("click", () => {
      chosenSkill = button.dataset.skill;
      daily = null;
      open(chosenSkill, randomSeed());
    });
  }
  $("practice-scheduled").addEventListener("click", () => {
    chosenSkill = null;
    daily = null;
    nextInSkill();
  });
  $("practice-daily").addEventListener("click", () => startDaily(shared ? shared.date : null));
  $("practice-next").addEventListener("click", next);
  $("practice-points").addEventListener("submit", (event) => {
    event.preventDefault();
    const points = [0, 1].map((team) => Number.parseInt($(`practice-points-${team}`).value, 10));
    if (points.some((value) => !Number.isInteger(value))) return;
    answer({ points });
  });
  $("practice-copy").addEventListener("click", async () => {
    const field = $("practice-share");
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
    }
    say(texts.copied);
  });
  $("practice-reset").addEventListener("click", () => {
    try {
      window.localStorage.removeItem(STORE);
    } catch {
      // nothing was kept
    }
    state = emptyState();
    renderSkills();
    say(texts.cleared);
  });
}

start();
