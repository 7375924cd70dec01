// The interface in Spanish.
export default {
  "language.label": "Idioma",
};
