// The site's JSON APIs as its pages call them: the page's language goes with every call (the language of the
// answer's words), a body as JSON, a token in the Authorization header; the answer as {status, data}.

/** Call the API: ``{status, data}``, status 0 when the server could not be reached. ``lang`` goes with every call
 * (the language of the answer's words); ``token`` in the Authorization header. */
export async function callApi(method, url, { lang, token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const options = { method, headers, credentials: "same-origin" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    options.body = JSON.stringify({ ...(body ?? {}), lang });
  } else {
    url += `${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;
  }
  try {
    const response = await fetch(url, options);
    const data = await response.json().catch(() => null);
    return { status: response.status, data };
  } catch {
    return { status: 0, data: null };
  }
}
