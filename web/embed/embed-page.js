// embed.html: one <grolman-board> whose attributes are the page's URL parameters (for iframes).
// setAttribute keeps every value data: the element shows bad values as text inside itself.
import "./grolman-board.js";
import { ATTRIBUTES } from "./settings.js";

const params = new URLSearchParams(location.search);
const board = document.createElement("grolman-board");
for (const name of ATTRIBUTES) {
  const value = params.get(name);
  if (value !== null) board.setAttribute(name, value);
}
const title = params.get("title");
if (title) document.title = `${title} · Grolman board`;
document.getElementById("embed").append(board);
