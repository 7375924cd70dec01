// A small chooser over the board: promotion kinds, the owner's kind in Tatarstan chess,
// or which of a tied unit's options. Resolves with the chosen value, or null (Escape).
import { t } from "../i18n/index.js";

export class Picker {
  /** @param {HTMLElement} host */
  constructor(host) {
    this.host = host;
    this.resolve = null;
    host.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        this.cancel();
      }
    });
  }

  /** @param {{title: string, options: {role: string, color: string, label: string, value: any}[]}} request */
  pick({ title, options }) {
    this.cancel();
    const heading = document.createElement("p");
    heading.className = "picker-title";
    heading.id = "picker-title";
    heading.textContent = title;
    const buttons = options.map((option) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "picker-option";
      button.dataset.role = option.role;
      button.setAttribute("aria-label", option.label);
      button.title = option.label;
      button.innerHTML =
        `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#piece-${option.role}" class="piece ${option.color}"/></svg>` +
        `<span>${option.label}</span>`;
      button.addEventListener("click", () => this.finish(option.value));
      return button;
    });
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "picker-cancel";
    cancel.textContent = t("cancel");
    cancel.addEventListener("click", () => this.cancel());
    const row = document.createElement("div");
    row.className = "picker-options";
    row.append(...buttons);
    this.host.replaceChildren(heading, row, cancel);
    this.host.setAttribute("role", "dialog");
    this.host.setAttribute("aria-labelledby", "picker-title");
    this.host.hidden = false;
    buttons[0]?.focus();
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  finish(value) {
    const resolve = this.resolve;
    this.resolve = null;
    this.host.hidden = true;
    this.host.replaceChildren();
    resolve?.(value);
  }

  cancel() {
    if (this.resolve) this.finish(null);
  }
}
