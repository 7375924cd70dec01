// The interface in German.
export default {
  "language.label": "Sprache",
};
