// Walks the steps of one turn: previous / next, play / pause, speed, skip.
// It only keeps time; what a step looks like is the caller's business (onStep).

export const SPEEDS = [0.5, 1, 2, 4];
const BASE_DELAY_MS = 1100;

export class CascadePlayer {
  /** @param {(step: object, index: number, count: number, playing: boolean) => void} onStep */
  constructor(onStep) {
    this.onStep = onStep;
    this.steps = [];
    this.index = 0;
    this.speed = 1;
    this.timer = 0;
  }

  get playing() {
    return this.timer !== 0;
  }

  get atEnd() {
    return this.index >= this.steps.length - 1;
  }

  /** Loads a turn's steps; starts playing from `start` when `autoplay`, else shows the last. */
  load(steps, { autoplay = true, start = 1 } = {}) {
    this.stop();
    this.steps = steps;
    if (autoplay && steps.length > 1) {
      this.index = Math.min(start, steps.length - 1);
      this.show();
      this.play();
    } else {
      this.index = steps.length - 1;
      this.show();
    }
  }

  clear() {
    this.stop();
    this.steps = [];
    this.index = 0;
  }

  go(index) {
    if (!this.steps.length) return;
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    this.show();
  }

  next() {
    this.pause();
    this.go(this.index + 1);
  }

  previous() {
    this.pause();
    this.go(this.index - 1);
  }

  first() {
    this.pause();
    this.go(0);
  }

  skip() {
    this.pause();
    this.go(this.steps.length - 1);
  }

  play() {
    if (!this.steps.length) return;
    if (this.atEnd) this.index = 0; // play again from the top
    this.stop();
    this.schedule();
    this.show();
  }

  pause() {
    if (this.playing) {
      this.stop();
      this.show();
    }
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(speed) {
    this.speed = speed;
    if (this.playing) {
      this.stop();
      this.schedule();
    }
  }

  schedule() {
    this.timer = setTimeout(() => {
      this.timer = 0;
      this.index += 1;
      if (!this.atEnd) this.schedule();
      this.show();
    }, BASE_DELAY_MS / this.speed);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = 0;
  }

  show() {
    if (this.steps.length) this.onStep(this.steps[this.index], this.index, this.steps.length, this.playing);
  }
}
