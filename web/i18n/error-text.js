// The one way an error reaches people. The facade throws a JS Error with `code` and `facts`
// (crates/grolman-wasm/src/fail.rs, docs/wasm-api.md): errorText says it in the current
// language, `error.<code>` of the catalog with the facts filled in. A fact that is itself an
// error (`cause`) is said the same way; the facts `color`, `role`, `outcome` and `wanted` are
// words said through `error.word.<fact>.<value>`; a list is joined with the language's "or".
// The page's own
// errors (no code) and errors from elsewhere show their message.
// The texts are the catalog's errors part (ERRORS): the playground loads it once its board is
// playable, so that an error found while it opens (a bad link, a stored game that no longer reads)
// waits for errorTexts() before it is said.
import { ERRORS, hasTexts, language, load, t, withTexts } from "./index.js";

const WORDS = new Set(["color", "role", "outcome", "wanted"]);

/** The text of `error` for people: a facade error in the current language, else its message. */
export function errorText(error) {
  if (error?.code) return say(error);
  return error?.message ?? String(error);
}

/** Resolves once the current language's error texts are loaded (from now on every language
 *  loads them with its other parts). */
export function errorTexts() {
  withTexts(ERRORS);
  return hasTexts(ERRORS) ? Promise.resolve() : load(language());
}

/** `{ code, facts, message }` of a facade error: what a worker posts, since an Error's own
 *  properties do not survive postMessage. */
export const errorData = (error) => ({ code: error?.code, facts: error?.facts, message: error?.message ?? String(error) });

/** An Error again from `errorData`'s object, for the code that catches it. */
export function errorFrom({ code, facts, message }) {
  return Object.assign(new Error(message), code ? { code, facts } : {});
}

function say({ code, facts, message }) {
  const key = `error.${code}`;
  const params = {};
  for (const [name, value] of Object.entries(facts ?? {})) {
    if (Array.isArray(value)) params[name] = new Intl.ListFormat(language(), { type: "disjunction" }).format(value.map(String));
    else if (value !== null && typeof value === "object") params[name] = say(value);
    else if (WORDS.has(name)) params[name] = t(`error.word.${name}.${value}`);
    else params[name] = value;
  }
  const text = t(key, params);
  return text === key ? message : text;
}
