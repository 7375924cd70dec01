// This language's texts: the interface, the errors and the lessons, in one catalog.
import ui from "./ui.js";
import errors from "./errors.js";
import lessons from "./lessons.js";

export default { ...ui, ...errors, ...lessons };
