import zlib from 'node:zlib';

/**
 * A gzip answer put together from pieces compressed once and short values stored as they are:
 * how a shared rendering goes out to each reader without compressing the whole page again.
 *
 * Each piece is raw deflate ending on a full flush, so it is byte-aligned and refers to nothing
 * before it; a value between two pieces travels in a stored (uncompressed) block of its own. Laid
 * end to end, with the gzip header, an empty last block and the checksum of all the bytes, they
 * are one valid gzip stream. Per request this costs the values' checksums, not a compression:
 * each piece's checksum is worked out once, and the page's is combined from those (`combine`).
 */

/** gzip's header: deflate, no name or time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block, ending a deflate stream. */
const LAST_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));
/** The most bytes one stored block holds. */
const STORED_BLOCK_MAX = 0xffff;

/** The CRC-32 polynomial, bit-reversed (as gzip's checksum uses it). */
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the polynomial, both bit-reversed. */
function multModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31 (x is 0x40000000 bit-reversed). */
const X_2_POW_K: number[] = [];
for (let k = 0, power = 0x40000000; k < 32; k++) {
  X_2_POW_K.push(power);
  power = multModP(power, power);
}

/** x^(8·length) modulo the polynomial: what moves a checksum past `length` bytes. */
function shiftOf(length: number): number {
  let power = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) power = multModP(X_2_POW_K[k % 32] as number, power);
  }
  return power;
}

/**
 * The checksum of `a` then `b`, from the checksum of `a` and what is known of `b` (zlib's
 * crc32_combine: a's checksum moved past b's length, then b's added).
 */
const combine = (crcA: number, b: PieceCheck) => (multModP(b.shift, crcA) ^ b.crc) >>> 0;

export interface PieceCheck {
  crc: number;
  shift: number;
}

/** Each kept piece's checksum and shift, worked out once (keyed by the kept buffer itself). */
const checks = new WeakMap<Buffer, PieceCheck>();
function checkOf(key: Buffer, bytes: Buffer): PieceCheck {
  let check = checks.get(key);
  if (!check) {
    check = { crc: zlib.crc32(bytes), shift: shiftOf(bytes.length) };
    checks.set(key, check);
  }
  return check;
}

/** A piece compressed once, to be laid between values (see above). */
export function deflatePiece(piece: Buffer): Buffer {
  return zlib.deflateRawSync(piece, { finishFlush: zlib.constants.Z_FULL_FLUSH });
}

/** `value` as stored deflate blocks (not the last), starting and ending on a byte boundary. */
function storedBlocks(value: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < value.length; start += STORED_BLOCK_MAX) {
    const chunk = value.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its one's complement.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * A long value between two pieces, compressed once like a piece (deflatePiece), with its length
 * and checksum: what splicing it needs, so its bytes need not be made again for each answer.
 */
export interface DeflatedValue {
  deflated: Buffer;
  length: number;
  check: PieceCheck;
}

/** A long value compressed once, for gzipSplice. */
export function deflatedValue(raw: Buffer): DeflatedValue {
  return {
    deflated: deflatePiece(raw),
    length: raw.length,
    check: { crc: zlib.crc32(raw), shift: shiftOf(raw.length) },
  };
}

/**
 * Values compressed once, one after another, as one value: their compressed forms laid end to
 * end (each ends on a full flush) and their checksums combined.
 */
export function joinDeflated(values: readonly DeflatedValue[]): DeflatedValue {
  // The empty value: checksum 0, moved by x^0.
  let check: PieceCheck = { crc: 0, shift: 0x80000000 };
  let length = 0;
  for (const value of values) {
    check = {
      crc: combine(check.crc, value.check),
      shift: multModP(check.shift, value.check.shift),
    };
    length += value.length;
  }
  return { deflated: Buffer.concat(values.map((value) => value.deflated)), length, check };
}

/**
 * The gzip form of `pieces[0] + between[0] + pieces[1] + … + pieces[n]`, given `deflated[i]`,
 * the piece `pieces[i]` compressed by deflatePiece. A value between is stored as it is, or sent
 * compressed when it comes compressed once (a long list, `DeflatedValue`).
 */
export function gzipSplice(
  pieces: Buffer[],
  deflated: Buffer[],
  between: (Buffer | DeflatedValue)[],
): Buffer {
  if (deflated.length !== pieces.length || between.length !== pieces.length - 1) {
    throw new Error('gzipSplice needs one value between each two pieces');
  }
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) {
      const entry = between[index - 1] as Buffer | DeflatedValue;
      if (Buffer.isBuffer(entry)) {
        parts.push(...storedBlocks(entry));
        crc = zlib.crc32(entry, crc);
        length += entry.length;
      } else {
        // A list compressed once is kept as it is: its checksum too.
        parts.push(entry.deflated);
        crc = combine(crc, entry.check);
        length += entry.length;
      }
    }
    const compressed = deflated[index] as Buffer;
    parts.push(compressed);
    crc = combine(crc, checkOf(compressed, piece));
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}
