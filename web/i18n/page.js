// The language of a page of ours (the playground, the lessons): choice.js says which to start in.
// Choosing one translates the page's static texts, sets <html lang> (screen readers, hyphenation,
// the element's default) and is remembered in the page's preferences.
import { savePrefs } from "../game/storage.js";
import { translate, useLanguage } from "./index.js";

/** Makes `code` the page's language: loads it, translates the document, remembers it. */
export async function choosePageLanguage(code, { remember = true } = {}) {
  const language = await useLanguage(code);
  document.documentElement.lang = language;
  translate(document);
  if (remember) savePrefs({ language });
  return language;
}
