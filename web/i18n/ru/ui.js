// The interface in Russian.
export default {
  "language.label": "Язык",
};
