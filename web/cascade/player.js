// Walks the steps of one turn: previous / next, play / pause, speed, skip.
// It only keeps time; what a step looks like is the caller's business (onStep).

export const SPEEDS = [0.5, 1, 2, 4];
/** A step's time at speed 1×: long enough to read a follower's sentence, short enough that a
 *  turn of two followers replays in about 3 s. */
const BASE_DELAY_MS = 800;

export class CascadePlayer {
  /** @param {(step: object, index: number, count: number, playing: boolean) => void} onStep */
  constructor(onStep) {
    this.onStep = onStep;
    this.steps = [];
    this.index = 0;
    this.speed = 1;
    this.timer = 0;
    this.waiting = []; // resolvers of idle()
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

  /** Resolves once the replay is not playing (at once when it is not). */
  idle() {
    if (!this.playing) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Wakes idle()'s waiters, after the current task: a load() stops and may start at once. */
  released() {
    queueMicrotask(() => {
      if (this.playing || !this.waiting.length) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
    });
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
      if (!this.playing) this.released();
    }, BASE_DELAY_MS / this.speed);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.released();
  }

  show() {
    if (this.steps.length) this.onStep(this.steps[this.index], this.index, this.steps.length, this.playing);
  }
}
