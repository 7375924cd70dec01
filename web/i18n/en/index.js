// This language's texts that every page needs first: the interface a playable board needs and the
// rules' errors, in one catalog. Its panels.js (the side panels, the element's modes) loads later,
// its lessons.js for the lessons page alone (web/i18n/index.js).
import ui from "./ui.js";
import errors from "./errors.js";

export default { ...ui, ...errors };
