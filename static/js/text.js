// Words for the pages' scripts: a catalog template's placeholders filled in, and the capital a line starts with.

/** ``template`` (a catalog message, localized on the server) with each ``%(name)s`` or ``%(name)d`` replaced by
 * ``params[name]`` (nothing when missing). The one placeholder syntax of the scripts: the server passes
 * templates with their placeholders as the catalogs write them. */
export function fmt(template, params = {}) {
  return template.replace(/%\((\w+)\)[sd]/g, (_match, key) => (key in params ? String(params[key]) : ""));
}

// Mus words are lower case in the catalogs (they sit inside sentences); a button or a line starts with a capital.
export function capitalize(text, lang) {
  return text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text;
}

/** ``items`` listed as the page's language lists them ("Ana, Bruno y Carla", "Ana eta Bruno"): ``patterns`` are
 * CLDR's ("2", "start", "middle", "end"), sent by the server (tutorial/narrator/words.py ``list_patterns``). Each
 * pattern's ``{0}`` and ``{1}`` are filled in one pass, so a name that holds "{1}" stays as it is. */
export function andList(items, patterns) {
  const fill = (pattern, first, rest) =>
    pattern.replace(/\{([01])\}/g, (_match, which) => (which === "0" ? first : rest));
  const last = items.length - 1;
  if (last < 1) return items.join("");
  if (last === 1) return fill(patterns["2"], items[0], items[1]);
  let text = fill(patterns.end, items[last - 1], items[last]);
  for (let i = last - 2; i >= 0; i -= 1) text = fill(i === 0 ? patterns.start : patterns.middle, items[i], text);
  return text;
}
