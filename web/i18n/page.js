// The language of a page of ours (the playground, the lessons): the one the visitor chose, kept in
// the page's preferences, else the browser's. Choosing one translates the page's static texts,
// sets <html lang> (screen readers, hyphenation, the element's default) and is remembered.
import { loadPrefs, savePrefs } from "../game/storage.js";
import { browserLanguage, supported, translate, useLanguage } from "./index.js";

/** The language to start in. */
export const startLanguage = () => supported(loadPrefs().language) ?? browserLanguage();

/** Makes `code` the page's language: loads it, translates the document, remembers it. */
export async function choosePageLanguage(code, { remember = true } = {}) {
  const language = await useLanguage(code);
  document.documentElement.lang = language;
  translate(document);
  if (remember) savePrefs({ language });
  return language;
}
