import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { takingTurns } from './taking-turns.ts';

describe('takingTurns', () => {
  it('runs at most so many at once, in the order they came', async () => {
    const run = takingTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map((index) =>
        run(async () => {
          started.push(index);
          running += 1;
          most = Math.max(most, running);
          await setImmediate();
          running -= 1;
        }),
      ),
    );
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('starts each task on a later turn of the event loop, even tasks that never wait', async () => {
    // A counter moved once per turn of the event loop.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) globalThis.setImmediate(count);
    };
    globalThis.setImmediate(count);
    const run = takingTurns(1);
    const turnOfEach = await Promise.all([0, 1, 2, 3, 4].map(() => run(async () => turns)));
    counting = false;
    for (let index = 1; index < turnOfEach.length; index += 1) {
      expect(turnOfEach[index]).toBeGreaterThan(turnOfEach[index - 1] as number);
    }
  });

  it('passes on what a task gives back or throws', async () => {
    const run = takingTurns(1);
    await expect(run(async () => 'done')).resolves.toBe('done');
    await expect(run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });
});
