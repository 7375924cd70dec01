// The move list in literature notation: one button per turn, the viewed one marked. A long
// Tatarstan transformation list is shown as its counts, the full notation one click away.
import { summarised } from "../cascade/summary.js";

export class MoveList {
  /** @param {HTMLOListElement} host  @param {(ply: number) => void} onPick */
  constructor(host, onPick) {
    this.host = host;
    host.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-ply]");
      if (button) onPick(Number(button.dataset.ply));
    });
  }

  /** @param {{notation: string, code: string, moveNumber: number, color: string}[]} history
   *  (the wasm Game's, each turn with its move number and side)  @param {number} viewPly */
  render(history, viewPly) {
    const rows = [];
    let row = null;
    history.forEach((turn, index) => {
      const ply = index + 1;
      const black = turn.color === "black";
      if (!row || !black) {
        row = document.createElement("li");
        row.value = turn.moveNumber;
        row.className = "move-row";
        const label = document.createElement("span");
        label.className = "move-number";
        label.textContent = `${turn.moveNumber}.`;
        row.append(label);
        if (black) row.append(placeholder());
        rows.push(row);
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = `turn ${black ? "black" : "white"}`;
      button.dataset.ply = String(ply);
      button.dataset.code = turn.code;
      const short = summarised(turn);
      button.textContent = short ?? turn.notation;
      button.dataset.notation = turn.notation;
      // Long chains and transformations get a line each instead of half a row.
      if (turn.notation.length > 24) row.classList.add("long");
      if (ply === viewPly) button.setAttribute("aria-current", "step");
      row.append(button);
      if (short) row.append(fullNotation(turn.notation));
    });
    this.host.replaceChildren(...rows);
    this.host.dataset.empty = history.length ? "false" : "true";
    this.host.querySelector("[aria-current]")?.scrollIntoView({ block: "nearest" });
  }
}

function placeholder() {
  const span = document.createElement("span");
  span.className = "turn placeholder";
  span.textContent = "…";
  return span;
}

/** The whole notation of a summarised turn, folded. */
function fullNotation(notation) {
  const details = document.createElement("details");
  details.className = "full-notation";
  const summary = document.createElement("summary");
  summary.textContent = "every transformation";
  const text = document.createElement("span");
  text.textContent = notation;
  details.append(summary, text);
  return details;
}
