// The explanation component, client side: the same markup and CSS classes as templates/_explain.html.
//
//   import { renderExplanation } from "/static/js/explain.js";
//   renderExplanation(container, described, { hands: true, headingLevel: 2, idPrefix: "explain" });
//
// `described` is what tutorial/checker/words.py describe() returns (POST /api/explain answers it): every word
// in it is already localized, every fact comes from the engine, so this module only draws. Text goes in through
// textContent (never innerHTML): nothing a visitor typed can become markup.

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function labelled(className, label, text) {
  const node = el("p", className);
  node.append(el("span", "explain-label", `${label}:`), ` ${text}`);
  return node;
}

function handItem(described, player, highlight) {
  const marked = highlight[String(player.seat)] || [];
  const item = el("li", "explain-hand" + (marked.length ? " explain-hand--decides" : ""));
  const who = el("span", "explain-hand__who", `${player.label} `);
  who.append(el("span", "explain-hand__team", `· ${player.team_label}`));
  item.append(who);
  const cards = el("ul", "hand");
  cards.setAttribute("aria-label", player.hand_label);
  for (const code of player.cards) {
    const li = el("li");
    const img = el("img", "card card--small" + (marked.includes(code) ? " card--highlight" : ""));
    img.src = described.cards[code].src;
    img.alt = described.cards[code].name + (marked.includes(code) ? ` (${described.labels.decided})` : "");
    img.width = 48;
    img.height = 72;
    li.append(img);
    cards.append(li);
  }
  item.append(cards, el("span", "explain-hand__summary", player.summary));
  return item;
}

function link(href, text) {
  const a = el("a", null, text);
  a.href = href;
  return a;
}

function lanceItem(described, lance, options) {
  const labels = described.labels;
  const item = el("li", `explain-lance explain-lance--${lance.lance}` +
    (lance.played ? "" : " explain-lance--not-played"));
  item.id = `${options.idPrefix}-${lance.anchor}`;
  item.append(el(`h${options.headingLevel + 1}`, "explain-lance__name", lance.name));
  if (lance.played) {
    const winner = el("p", "explain-lance__winner");
    winner.append(el("span", "explain-label", `${labels.winner}:`), " ", el("strong", null, lance.team_label));
    if (lance.result !== "refused" && lance.result !== "ordago_refused") winner.append(` · ${lance.winner_label}`);
    item.append(winner);
  } else {
    item.append(el("p", "explain-lance__winner", labels.not_played));
  }
  if (options.hands) {
    const hands = el("ul", "explain-hands");
    hands.setAttribute("aria-label", labels.hands);
    for (const player of described.players) hands.append(handItem(described, player, lance.highlight || {}));
    item.append(hands);
  }
  item.append(labelled("explain-lance__why", labels.why, lance.why));
  if (lance.cards_why) item.append(el("p", "explain-lance__cards-why", lance.cards_why));
  if (lance.lines.length) {
    const points = el("div", "explain-lance__points");
    points.append(el("span", "explain-label", `${labels.points}:`));
    const list = el("ul", "explain-lines");
    for (const line of lance.lines) list.append(el("li", `explain-line explain-line--${line.code}`, line.text));
    points.append(list);
    item.append(points);
  }
  item.append(el("p", "explain-lance__collects", lance.collects));
  const extra = lance.extra_rule && lance.extra_rule.url ? lance.extra_rule : null;
  if (lance.rule_url || extra) {
    const rules = el("p", "explain-lance__rules");
    if (lance.rule_url) rules.append(link(lance.rule_url, `${labels.rule}: ${lance.name}`));
    if (extra) rules.append(" · ", link(extra.url, extra.text));
    item.append(rules);
  }
  return item;
}

function countSection(described, options) {
  const labels = described.labels;
  const section = el("section", "explain-count");
  section.setAttribute("aria-label", labels.count);
  section.append(el(`h${options.headingLevel + 1}`, null, labels.count));
  const intro = el("p", "explain-count__intro", labels.count_intro);
  if (described.count_rule_url) intro.append(" ", link(described.count_rule_url, labels.rule));
  section.append(intro);
  const table = el("table", "explain-count__table");
  const head = el("thead");
  const headRow = el("tr");
  for (const text of [labels.counted, described.teams[0], described.teams[1]]) {
    const th = el("th", null, text);
    th.scope = "col";
    headRow.append(th);
  }
  head.append(headRow);
  const body = el("tbody");
  const row = (className, text, scores, stop) => {
    const tr = el("tr", className);
    const th = el("th", null, text);
    th.scope = "row";
    if (stop) th.append(" ", el("strong", "explain-stop", labels.stop));
    tr.append(th, el("td", null, String(scores[0])), el("td", null, String(scores[1])));
    return tr;
  };
  body.append(row("explain-step explain-step--start", labels.scores_before, described.scores_before, false));
  for (const step of described.count) {
    const className = `explain-step explain-step--${step.kind}` + (step.counted ? "" : " explain-step--skipped") +
      (step.stop ? " explain-step--stop" : "");
    body.append(row(className, step.text, step.scores_after, step.stop));
  }
  table.append(head, body);
  section.append(table, el("p", "explain-outcome", described.outcome));
  return section;
}

// At a table with señas: the signals the reader saw in the hand (already only those it may know).
function senasSection(senas, options) {
  const section = el("section", "explain-senas");
  section.setAttribute("aria-label", senas.title);
  section.append(el(`h${options.headingLevel + 1}`, null, senas.title));
  if (!senas.lines.length) {
    section.append(el("p", null, senas.none));
    return section;
  }
  const list = el("ul", "explain-senas__lines");
  for (const line of senas.lines) list.append(el("li", null, line));
  section.append(list);
  return section;
}

/** Draw `described` into `container` (its previous content is replaced); returns the component's root. */
export function renderExplanation(container, described, { hands = true, headingLevel = 2, idPrefix = "explain" } = {}) {
  const options = { hands, headingLevel, idPrefix };
  const root = el("section", "explain");
  root.setAttribute("aria-label", described.labels.explanation);
  root.append(el(`h${headingLevel}`, "explain__title", described.labels.explanation));
  const lances = el("ol", "explain__lances");
  for (const lance of described.lances) lances.append(lanceItem(described, lance, options));
  root.append(lances);
  if (described.senas) root.append(senasSection(described.senas, options));
  root.append(countSection(described, options));
  container.replaceChildren(root);
  return root;
}
