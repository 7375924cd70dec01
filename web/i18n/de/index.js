// This language's texts that every page needs: the interface and the errors, in one catalog. Its
// lessons.js is the lessons page's alone (web/i18n/index.js loads it for learn.html).
import ui from "./ui.js";
import errors from "./errors.js";

export default { ...ui, ...errors };
