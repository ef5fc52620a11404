import { Writable } from 'node:stream';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLimitedServers, incr, manualClock } from './request-limits.test-support.ts';
import { FailOpenStore, MemoryStore } from './request-limits.ts';

afterEach(closeLimitedServers);

describe('MemoryStore', () => {
  it('counts per key within a window and starts again when it ends', async () => {
    const clock = manualClock();
    const store = new MemoryStore(clock.now);
    expect(await incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(20_000);
    expect(await incr(store, 'a')).toEqual({ current: 2, ttl: 40_000 });
    expect(await incr(store, 'b')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(40_001);
    expect(await incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(60_001);
    expect(store.size).toBe(0);
  });

  it('forgets the least recently seen address when full, never counting anyone higher', async () => {
    const store = new MemoryStore(manualClock().now, 2);
    await incr(store, 'a');
    await incr(store, 'a');
    await incr(store, 'b');
    await incr(store, 'c');
    expect(store.size).toBe(2);
    expect((await incr(store, 'a')).current).toBe(1);
  });
});

describe('FailOpenStore', () => {
  /** A store that fails while `down` is true, counting how often it was asked. */
  function flakyStore() {
    const state = { down: true, asked: 0 };
    const store: FastifyRateLimitStore = {
      incr(_key, callback) {
        state.asked += 1;
        if (state.down) callback(new Error('connection refused'));
        else callback(null, { current: 1, ttl: 60_000 });
      },
      child() {
        return store;
      },
    };
    return { state, store };
  }

  it('rests the store for a pause after a failure, then asks again; warns once a minute', async () => {
    const clock = manualClock();
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const { state, store: inner } = flakyStore();
    const store = new FailOpenStore(inner, { log, now: clock.now, pauseMs: 5000 });

    await expect(incr(store, 'a')).rejects.toThrow('connection refused');
    expect(state.asked).toBe(1);
    // Within the pause the store is not asked at all: a hung Redis costs one timeout, not each.
    for (let i = 0; i < 5; i++) await expect(incr(store, 'a')).rejects.toThrow(/resting/);
    expect(state.asked).toBe(1);
    clock.advance(5000);
    await expect(incr(store, 'a')).rejects.toThrow('connection refused');
    expect(state.asked).toBe(2);
    // Still failing: warned once so far, with the requests it let through since.
    expect(lines.filter((line) => line.includes('counting failed'))).toHaveLength(1);
    clock.advance(60_000);
    await expect(incr(store, 'a')).rejects.toThrow('connection refused');
    const warnings = lines.filter((line) => line.includes('counting failed'));
    expect(warnings).toHaveLength(2);
    expect(JSON.parse(warnings[1] ?? '{}').uncountedRequests).toBe(7);
    // Back: counted again after the pause.
    state.down = false;
    clock.advance(5000);
    expect(await incr(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
  });
});
