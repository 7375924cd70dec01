// The page's languages: `t(key, params)` gives the text of `key` in the chosen language, with
// `{name}` placeholders filled from `params`. Each language is one folder (en/, ru/, es/, de/) of
// parts, each loaded by dynamic import, only for the chosen language: ui.js (the interface a
// playable board needs), which every page loads first; errors.js (the rules' errors: ERRORS),
// which the playground loads once its board is playable (an error before then is said when its
// text is in: web/i18n/error-text.js) and the other pages with their first part; panels.js (the
// side panels, the element's modes, the problems' errors) once the playground's board is playable
// (PANELS); lessons.js is learn.html's (withTexts).
import { supported } from "./choice.js";

export { LANGUAGES, browserLanguage, supported } from "./choice.js";

// Literal paths, so that the service worker's file list and any bundler see every catalog. These
// are the texts every page needs first (each language's ui.js); a page adds the other parts it
// needs with withTexts, so that no page loads a part before it needs it.
const PAGE = {
  en: () => import("./en/ui.js"),
  ru: () => import("./ru/ui.js"),
  es: () => import("./es/ui.js"),
  de: () => import("./de/ui.js"),
};

/** The errors of the rules (each language's errors.js): what the facade's errors say, by code. */
export const ERRORS = {
  en: () => import("./en/errors.js"),
  ru: () => import("./ru/errors.js"),
  es: () => import("./es/errors.js"),
  de: () => import("./de/errors.js"),
};

/** The rest of the interface (each language's panels.js): what the playground's side panels and
 *  dialogs write, <grolman-board>'s modes, and the errors of problem texts and PGN. */
export const PANELS = {
  en: () => import("./en/panels.js"),
  ru: () => import("./ru/panels.js"),
  es: () => import("./es/panels.js"),
  de: () => import("./de/panels.js"),
};

const catalogs = {};
/** The parts every load brings (loaders by language), and the parts each language has loaded. */
const parts = [PAGE];
const loaded = {};
let current = "en";
const listeners = new Set();

/** Makes every load from now on bring one more part of the catalog: `loaders` maps each
 *  language to the import of its texts (learn.html's lessons). */
export function withTexts(loaders) {
  if (!parts.includes(loaders)) parts.push(loaders);
}

/** Whether the current language has the part `loaders` loaded. */
export const hasTexts = (loaders) => Boolean(loaded[current]?.has(loaders));

/** The catalog of `code` with every part, each part loaded once. */
export async function load(code) {
  const language = supported(code) ?? "en";
  const catalog = (catalogs[language] ??= {});
  const have = (loaded[language] ??= new Set());
  await Promise.all(parts.filter((part) => !have.has(part)).map(async (part) => {
    Object.assign(catalog, (await part[language]()).default);
    have.add(part);
  }));
  return catalog;
}

/** Loads `code`'s texts and makes it the current language; listeners hear of the change. */
export async function useLanguage(code) {
  const language = supported(code) ?? "en";
  await load(language);
  const changed = language !== current;
  current = language;
  if (changed) for (const listener of listeners) listener(language);
  return language;
}

/** The current language's code. */
export const language = () => current;

/** Calls `listener(code)` after every change of language; returns the way to stop. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fills `{name}` in `text` from `params`; an unknown name stays as written. */
export const fill = (text, params = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));

/** The text of `key` in the current language (or in `code`, when that one is loaded). */
export function t(key, params, code = current) {
  const text = catalogs[code]?.[key] ?? catalogs.en?.[key];
  if (typeof text !== "string") {
    console.warn(`i18n: no text for ${key}`);
    return key;
  }
  return params ? fill(text, params) : text;
}

// One Intl.PluralRules per language: making one costs far more than asking it.
const pluralRules = new Map();

/** The form of a plural text for `count` (the catalog holds one form per plural category of
 *  the language: English one/other, Russian one/few/many/other), `{count}` filled in. */
export function plural(key, count, params = {}, code = current) {
  const forms = catalogs[code]?.[key] ?? catalogs.en?.[key];
  if (forms === undefined || typeof forms !== "object") return t(key, { count, ...params }, code);
  const rulesOf = catalogs[code]?.[key] ? code : "en";
  if (!pluralRules.has(rulesOf)) pluralRules.set(rulesOf, new Intl.PluralRules(rulesOf));
  const category = pluralRules.get(rulesOf).select(count);
  return fill(forms[category] ?? forms.other, { count, ...params });
}

/** Translates the static texts under `root`: `data-i18n` sets the text, `data-i18n-title`,
 *  `data-i18n-aria-label` and `data-i18n-placeholder` set those attributes. */
export function translate(root = globalThis.document) {
  // A text already right is left alone: writing it again would replace the element's text node
  // and lay it out anew (the English page opens with the texts its HTML has).
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const text = t(node.dataset.i18n);
    if (node.textContent !== text) node.textContent = text;
  }
  for (const [attribute, name] of [["title", "i18nTitle"], ["aria-label", "i18nAriaLabel"], ["placeholder", "i18nPlaceholder"]]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      const text = t(node.dataset[name]);
      if (node.getAttribute(attribute) !== text) node.setAttribute(attribute, text);
    }
  }
}
