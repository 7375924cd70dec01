// The cascade panel: the sentence of the current step (also read by screen readers through
// the aria-live region), the step counter, and the replay controls.
import { SPEEDS } from "../cascade/player.js";
import { t } from "../i18n/index.js";

const $ = (id) => document.getElementById(id);

export class CascadePanel {
  constructor(player) {
    this.text = $("cascade-text");
    this.counter = $("step-counter");
    this.play = $("step-play");
    this.note = $("cascade-note");
    $("step-first").addEventListener("click", () => player.first());
    $("step-prev").addEventListener("click", () => player.previous());
    this.play.addEventListener("click", () => player.toggle());
    $("step-next").addEventListener("click", () => player.next());
    $("step-skip").addEventListener("click", () => player.skip());
    this.speed = $("speed");
    this.speed.addEventListener("change", () => player.setSpeed(Number(this.speed.value)));
  }

  setSpeed(speed) {
    if (SPEEDS.includes(speed)) this.speed.value = String(speed);
  }

  /** @param {object|null} step */
  show(step, index, count, playing) {
    const text = step ? step.text : t("step.pickLeader");
    if (this.text.textContent !== text) this.text.textContent = text;
    this.text.dataset.step = step ? step.kind : "none";
    this.counter.textContent = count ? t("step.counter", { index: index + 1, count }) : "";
    this.counter.dataset.index = String(index);
    this.play.textContent = t(playing ? "step.pauseButton" : "step.playButton");
    this.play.setAttribute("aria-label", t(playing ? "step.pause" : "step.play"));
    for (const id of ["step-first", "step-prev"]) $(id).disabled = !count || index === 0;
    for (const id of ["step-next", "step-skip"]) $(id).disabled = !count || index === count - 1;
    this.play.disabled = !count;
    if (this.note) this.note.dataset.playing = String(playing);
  }
}
