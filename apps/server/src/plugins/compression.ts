import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How answers made per request are compressed (built assets are compressed at build time, a
 * visitor's cached JSON answer once when it is stored, and shared renderings and the visitors'
 * cached pages go out spliced as gzip from pieces compressed once).
 */
const common = {
  threshold: 1024,
  // Answers and pages are whole in memory: each is compressed in one call, with no compression
  // stream (and its native buffers, released only by a later collection) per answer in flight.
  // Measured on the 2-core bench machine, streaming a signed-in page cost more than rendering
  // it: the buffers it held made V8 collect the old generation several times a second.
  // Pages are 40-110 KB; this is the largest compressed in one call.
  syncThreshold: 512 * 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
} satisfies FastifyCompressOptions;

/**
 * API answers: gzip. Measured on the bench (CPU time per request), a signed-in campaign list
 * cost 0.17 ms less and the account's data 0.3-0.6 ms less than with brotli at quality 4, whose
 * encoder is set up anew for every answer; the answers are 2% larger. Level 4 rather than zlib's
 * 6: on an organiser's list of ten whole campaigns (23 KB of JSON) it took 0.29 ms instead of 0.45
 * and gave 7,144 bytes instead of 6,996 (2% more); below 4 the bytes grow faster than the time
 * falls (level 3: 4.6% more).
 */
export const answerCompression = {
  ...common,
  encodings: ['gzip'],
  // A 16 KB window and a smaller hash (zlib's defaults: 32 KB and memLevel 8). Each answer's
  // compressor is made anew; with the defaults its state is four arrays of 64 KB, and blocks of
  // 64 KB and up are mapped from the system on their own and faulted in page by page
  // (`scripts/start.mjs`), for every answer. At these sizes the arrays are 32 KB, taken from and
  // given back to the C heap. Measured on an organiser's list (10 KB of JSON) under the server's
  // memory settings: 90 µs a compression instead of 190, the same bytes; a 96 KB page would
  // come out 2.4% larger, answers here are far smaller.
  zlibOptions: { level: 4, windowBits: 14, memLevel: 7 },
} satisfies FastifyCompressOptions;

/**
 * Pages made per request: brotli, 3-4% smaller than gzip on a page, whose inline scripts count
 * in the pages' JavaScript budget (`e2e/budget.spec.ts`).
 */
export const pageCompression = {
  ...common,
  encodings: ['br', 'gzip'],
} satisfies FastifyCompressOptions;
