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
