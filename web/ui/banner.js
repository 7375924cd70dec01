// The game-over banner (status().message) and the error line (rules messages, bad links).

export class StatusBanner {
  constructor(host, variantLabel) {
    this.host = host;
    this.variantLabel = variantLabel;
  }

  /** @param {object} status  wasm `status()`  @param {string} name  the variant's display name */
  show(status, name) {
    this.variantLabel.textContent = name;
    document.title = `${name} · Grolman playground`;
    const over = status.state !== "ongoing";
    this.host.hidden = !over && !status.check;
    this.host.className = `status ${over ? "over" : "check"}`;
    this.host.textContent = over ? `${status.message} (${status.result})` : status.check ? `${cap(status.turn)} is in check.` : "";
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
