import type { WorkerClock } from './outbox-worker.ts';

/**
 * A clock for tests: time stands still until `advance()` moves it, and a timer runs only when
 * the time it waits for has been reached. A test then says "two seconds pass" instead of
 * sleeping for them.
 */
export class ManualClock implements WorkerClock {
  #now: number;
  #nextId = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.UTC(2025, 0, 6, 9, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): number {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Timers set and not yet run or cleared. */
  get pendingTimers(): number {
    return this.#timers.size;
  }

  /** Moves the time on by `ms`, running every timer that falls due, earliest first. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.#timers) {
        if (entry[1].at <= until && (!next || entry[1].at < next[1].at)) next = entry;
      }
      if (!next) break;
      this.#timers.delete(next[0]);
      this.#now = next[1].at;
      next[1].callback();
    }
    this.#now = until;
  }
}
