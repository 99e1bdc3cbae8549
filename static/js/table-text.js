// Words for the table's scripts: a catalog template's %(name)s filled in, and the capital a line starts with.

export function fmt(template, params = {}) {
  return template.replace(/%\((\w+)\)s/g, (_match, key) => (key in params ? String(params[key]) : ""));
}

// Mus words are lower case in the catalogs (they sit inside sentences); a button or a line starts with a capital.
export function capitalize(text, lang) {
  return text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text;
}
