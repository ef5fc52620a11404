// Shared by the benchmarks: a free loopback port and the load generator.
import net from 'node:net';

/** A port nothing listens on, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `connections` loops of fetch (brotli accepted, body read) against one path for `durationMs`:
 * requests, req/s, p50 and p99 latency in ms, and the errors (failed or non-2xx).
 */
export async function measure(base, target, { durationMs, connections }) {
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + durationMs;
  async function worker() {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await fetch(base + target.path, { headers: { 'accept-encoding': 'br' } });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    name: target.name,
    path: target.path,
    requests: latencies.length,
    reqPerSec: Math.round(latencies.length / (durationMs / 1000)),
    p50Ms: Number(at(0.5).toFixed(2)),
    p99Ms: Number(at(0.99).toFixed(2)),
    errors,
  };
}
