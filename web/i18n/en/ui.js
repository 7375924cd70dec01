// The interface in English: the reference that every other language follows key by key.
export default {
  "language.label": "Language",
};
