// The explanation component, client side: the same markup and CSS classes as templates/_checker.html.
//
//   import { renderCheckerResult } from "/static/js/checker-result.js";
//   renderCheckerResult(container, described, { hands: true, headingLevel: 2, idPrefix: "checker" });
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
  node.append(el("span", "checker-label", `${label}:`), ` ${text}`);
  return node;
}

function handItem(described, player, highlight) {
  const marked = highlight[String(player.seat)] || [];
  const item = el("li", "checker-hand" + (marked.length ? " checker-hand--decides" : ""));
  const who = el("span", "checker-hand__who", `${player.label} `);
  who.append(el("span", "checker-hand__team", `· ${player.team_label}`));
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
  item.append(cards, el("span", "checker-hand__summary", player.summary));
  return item;
}

function link(href, text) {
  const a = el("a", null, text);
  a.href = href;
  return a;
}

function lanceItem(described, lance, options) {
  const labels = described.labels;
  const item = el("li", `checker-lance checker-lance--${lance.lance}` +
    (lance.played ? "" : " checker-lance--not-played"));
  item.id = `${options.idPrefix}-${lance.anchor}`;
  item.append(el(`h${options.headingLevel + 1}`, "checker-lance__name", lance.name));
  if (lance.played) {
    const winner = el("p", "checker-lance__winner");
    winner.append(el("span", "checker-label", `${labels.winner}:`), " ", el("strong", null, lance.team_label));
    if (lance.result !== "refused" && lance.result !== "ordago_refused") winner.append(` · ${lance.winner_label}`);
    item.append(winner);
  } else {
    item.append(el("p", "checker-lance__winner", labels.not_played));
  }
  if (options.hands) {
    const hands = el("ul", "checker-hands");
    hands.setAttribute("aria-label", labels.hands);
    for (const player of described.players) hands.append(handItem(described, player, lance.highlight || {}));
    item.append(hands);
  }
  item.append(labelled("checker-lance__why", labels.why, lance.why));
  if (lance.cards_why) item.append(el("p", "checker-lance__cards-why", lance.cards_why));
  if (lance.lines.length) {
    const points = el("div", "checker-lance__points");
    points.append(el("span", "checker-label", `${labels.points}:`));
    const list = el("ul", "checker-lines");
    for (const line of lance.lines) list.append(el("li", `checker-line checker-line--${line.code}`, line.text));
    points.append(list);
    item.append(points);
  }
  item.append(el("p", "checker-lance__collects", lance.collects));
  const extra = lance.extra_rule && lance.extra_rule.url ? lance.extra_rule : null;
  if (lance.rule_url || extra) {
    const rules = el("p", "checker-lance__rules");
    if (lance.rule_url) rules.append(link(lance.rule_url, `${labels.rule}: ${lance.name}`));
    if (extra) rules.append(" ·\u00a0", link(extra.url, extra.text)); // the dot wraps with the link it introduces
    item.append(rules);
  }
  return item;
}

function countSection(described, options) {
  const labels = described.labels;
  const section = el("section", "checker-count");
  section.setAttribute("aria-label", labels.count);
  section.append(el(`h${options.headingLevel + 1}`, null, labels.count));
  const intro = el("p", "checker-count__intro", labels.count_intro);
  if (described.count_rule_url) intro.append(" ", link(described.count_rule_url, labels.rule));
  section.append(intro);
  const table = el("table", "checker-count__table");
  const head = el("thead");
  const headRow = el("tr");
  const [first, second] = described.team_order ?? [0, 1]; // the reader's own team first
  for (const text of [labels.counted, described.teams[first], described.teams[second]]) {
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
    if (stop) th.append(" ", el("strong", "checker-stop", labels.stop));
    tr.append(th, el("td", null, String(scores[first])), el("td", null, String(scores[second])));
    return tr;
  };
  body.append(row("checker-step checker-step--start", labels.scores_before, described.scores_before, false));
  for (const step of described.count) {
    const className = `checker-step checker-step--${step.kind}` + (step.counted ? "" : " checker-step--skipped") +
      (step.stop ? " checker-step--stop" : "");
    body.append(row(className, step.text, step.scores_after, step.stop));
  }
  table.append(head, body);
  section.append(table, el("p", "checker-outcome", described.outcome));
  return section;
}

// At a table with señas: the signals the reader saw in the hand (already only those it may know).
function senasSection(senas, options) {
  const section = el("section", "checker-senas");
  section.setAttribute("aria-label", senas.title);
  section.append(el(`h${options.headingLevel + 1}`, null, senas.title));
  if (!senas.lines.length) {
    section.append(el("p", null, senas.none));
    return section;
  }
  const list = el("ul", "checker-senas__lines");
  for (const line of senas.lines) list.append(el("li", null, line));
  section.append(list);
  return section;
}

/** Draw `described` into `container` (its previous content is replaced); returns the component's root. */
export function renderCheckerResult(container, described, { hands = true, headingLevel = 2, idPrefix = "checker" } = {}) {
  const options = { hands, headingLevel, idPrefix };
  const root = el("section", "checker");
  root.setAttribute("aria-label", described.labels.explanation);
  root.append(el(`h${headingLevel}`, "checker__title", described.labels.explanation));
  const lances = el("ol", "checker__lances");
  for (const lance of described.lances) lances.append(lanceItem(described, lance, options));
  root.append(lances);
  if (described.senas) root.append(senasSection(described.senas, options));
  root.append(countSection(described, options));
  container.replaceChildren(root);
  return root;
}
