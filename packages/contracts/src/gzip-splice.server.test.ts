import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedValue, deflatePiece, gzipSplice, joinDeflated } from './gzip-splice.server.ts';

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

  it('gives the checksum of the whole page from pieces of any length, lists compressed once too', () => {
    for (const lengths of [
      [0, 0],
      [1, 0, 7],
      [3, 255, 256, 1023],
      [70_000, 1, 131_071, 5],
    ]) {
      const pieces = lengths.map((length) => randomBytes(length));
      const raw = Buffer.from('<option>Ikeja</option>'.repeat(500));
      const list = deflatedValue(raw);
      const between = pieces.slice(1).map((_piece, i) => (i % 2 ? list : randomBytes(i * 3)));
      const deflated = pieces.map(deflatePiece);
      // Twice: the second time from the checksums worked out the first time.
      for (let round = 0; round < 2; round++) {
        const gzipped = gzipSplice(pieces, deflated, between);
        const whole = Buffer.concat(
          pieces.flatMap((piece, i) => {
            const value = between[i - 1];
            return i === 0 || !value ? [piece] : [Buffer.isBuffer(value) ? value : raw, piece];
          }),
        );
        expect(gzipped.readUInt32LE(gzipped.length - 8)).toBe(zlib.crc32(whole));
        expect(zlib.gunzipSync(gzipped).equals(whole)).toBe(true);
      }
    }
  });

  it('joins values compressed once into one, as if compressed whole', () => {
    const parts = [0, 5, 2048, 70_000, 1].map((length) => randomBytes(length));
    const joined = joinDeflated(parts.map((part) => deflatedValue(part)));
    const whole = deflatedValue(Buffer.concat(parts));
    expect(joined.length).toBe(whole.length);
    expect(joined.check).toEqual(whole.check);
    const pieces = [Buffer.from('<select>'), Buffer.from('</select>')];
    const gzipped = gzipSplice(pieces, pieces.map(deflatePiece), [joined]);
    expect(
      zlib
        .gunzipSync(gzipped)
        .equals(Buffer.concat([pieces[0] as Buffer, ...parts, pieces[1] as Buffer])),
    ).toBe(true);
    expect(joinDeflated([]).length).toBe(0);
  });

  it('refuses values that do not match the pieces', () => {
    const pieces = [Buffer.from('a'), Buffer.from('b')];
    expect(() => gzipSplice(pieces, pieces.map(deflatePiece), [])).toThrow();
  });
});
