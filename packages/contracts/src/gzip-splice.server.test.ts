import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatePiece, gzipSplice } from './gzip-splice.server.ts';

describe('gzipSplice', () => {
  it('makes one gzip stream of pieces compressed once and values stored between them', () => {
    const pieces = [
      Buffer.from(`<!DOCTYPE html><p class="a">${'repeated text '.repeat(3000)}`),
      Buffer.from('<span>Hello, </span>'),
      Buffer.from(''),
      Buffer.from(`</p>${'tail '.repeat(500)}`),
    ];
    // A long value spans several stored blocks (65,535 bytes each at most).
    const between = [Buffer.from('Adé &amp; O&#x27;Neil'), randomBytes(70_000), Buffer.from('')];
    const gzipped = gzipSplice(pieces, pieces.map(deflatePiece), between);
    const expected = Buffer.concat([
      pieces[0] as Buffer,
      between[0] as Buffer,
      pieces[1] as Buffer,
      between[1] as Buffer,
      pieces[2] as Buffer,
      between[2] as Buffer,
      pieces[3] as Buffer,
    ]);
    // gunzip checks the checksum and the length in the trailer.
    expect(zlib.gunzipSync(gzipped).equals(expected)).toBe(true);
    // The pieces stay compressed: far smaller than the page.
    expect(gzipped.length).toBeLessThan(expected.length / 2 + 70_100);
  });

  it('refuses values that do not match the pieces', () => {
    const pieces = [Buffer.from('a'), Buffer.from('b')];
    expect(() => gzipSplice(pieces, pieces.map(deflatePiece), [])).toThrow();
  });
});
