// Which language a page starts in: the one the visitor chose (the page's preferences), else the
// first of the browser's that we have, else English. Its own module, free of the catalogs, so
// that scripts/build-web.mjs can inline it into the playground's HTML, where it picks the
// catalog to preload before main.js has even arrived: the same choice as the page makes after.
import { loadPrefs } from "../game/storage.js";

/** The languages offered, each named in itself (as a picker lists them). */
export const LANGUAGES = { en: "English", ru: "Русский", es: "Español", de: "Deutsch" };

/** The language of `code` ("de-AT" → "de"), or null when none of ours. */
export function supported(code) {
  const base = String(code ?? "").toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(LANGUAGES, base) ? base : null;
}

/** The first of the browser's languages that we have, else English. */
export function browserLanguage() {
  const wanted = globalThis.navigator?.languages ?? [globalThis.navigator?.language];
  for (const code of wanted) {
    const language = supported(code);
    if (language) return language;
  }
  return "en";
}

/** The language to start in. */
export const startLanguage = () => supported(loadPrefs().language) ?? browserLanguage();
