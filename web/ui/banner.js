// The game-over banner (the status's outcome, in the reader's language) and the error line
// (rules messages, bad links).
import { outcomeText, side } from "../cascade/text.js";
import { t } from "../i18n/index.js";

export class StatusBanner {
  constructor(host, variantLabel) {
    this.host = host;
    this.variantLabel = variantLabel;
  }

  /** @param {object} status  wasm `status()`  @param {string} name  the variant's display name */
  show(status, name) {
    this.variantLabel.textContent = name;
    document.title = t("page.documentTitle", { variant: name });
    const over = status.state !== "ongoing";
    this.host.hidden = !over && !status.check;
    this.host.className = `status ${over ? "over" : "check"}`;
    this.host.textContent = over ? `${outcomeText(status)} (${status.result})` : status.check ? cap(t("cascade.check", { side: side(status.turn) })) : "";
  }
}

export class ErrorLine {
  constructor(host, text, close) {
    this.host = host;
    this.text = text;
    close.addEventListener("click", () => this.clear());
  }

  show(message) {
    this.text.textContent = message;
    this.host.hidden = false;
  }

  clear() {
    this.host.hidden = true;
    this.text.textContent = "";
  }
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
